package kuzu

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
)

// TestImportAfterAKilledImport: a process killed once an import's vectors
// are staged, before the import's transaction, leaves the staging table
// in the database (internal/crashtest's TestKillInImport, crash point
// import-staged). The next import, and the journal's replay of the killed
// one when the database opens, create it again: they did not, and the
// database did not open ("ImportVec already exists in catalog").
func TestImportAfterAKilledImport(t *testing.T) {
	ctx := context.Background()
	emb := hashembed.New(16)
	s, err := Open(ctx, Options{Dir: t.TempDir(), Dimension: 16, BufferPoolBytes: 64 << 20, Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close(context.Background()) })
	if err := s.exclusive(ctx, func(c *conn) error {
		return c.exec(ctx, fmt.Sprintf("CREATE NODE TABLE %s(id INT64 PRIMARY KEY, vec FLOAT[16])", importStage), nil)
	}); err != nil {
		t.Fatal(err)
	}
	ep := core.Episode{UUID: "e1", GroupID: "g", Source: core.SourceText, Content: "Alice works at Acme.",
		ValidAt: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), Embedding: emb.Vector("Alice works at Acme.")}
	if err := s.Import(ctx, core.Change{Episodes: []core.Episode{ep}}); err != nil {
		t.Fatalf("Import with a staging table left by a killed import = %v, want nil", err)
	}
	if _, err := s.Episode(ctx, []string{"g"}, "e1"); err != nil {
		t.Errorf("Episode(e1) after the import = %v", err)
	}
}
