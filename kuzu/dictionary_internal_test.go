package kuzu

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// TestStringDictionaryKeepsReplacedValues pins down a limit of Kuzu
// 0.11.3 that the edge profile runs into (docs/edge.md, issue 38): a
// STRING column keeps, in its node group's dictionary, every value it
// ever held, checkpoints included, and a checkpoint that rewrites the
// column copies the whole dictionary into buffer-pool memory. A fact's
// attributes hold its "why" record, rewritten whole at each restatement,
// so the Fact table's attributes grow with every restatement rather than
// with the facts, until a checkpoint no longer fits the pool. If this
// test fails, Kuzu has started to drop replaced values and the
// workaround described there is no longer needed.
func TestStringDictionaryKeepsReplacedValues(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, Options{Dir: t.TempDir(), Dimension: 4, BufferPoolBytes: 128 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(ctx)
	now := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	vec := []float32{1, 0, 0, 0}
	const size, rewrites = 16 << 10, 50
	for i := range rewrites {
		ch := core.Change{Facts: []core.Fact{{UUID: "f", GroupID: "g", Relation: "R", Text: "a R b", SourceUUID: "a", TargetUUID: "b",
			Embedding: vec, ValidAt: now, CreatedAt: now, Attributes: map[string]any{"note": strings.Repeat(string(rune('a'+i%26)), size)}}}}
		if i == 0 {
			ch.Entities = []core.Entity{{UUID: "a", GroupID: "g", Name: "a", NameEmbedding: vec, CreatedAt: now}, {UUID: "b", GroupID: "g", Name: "b", NameEmbedding: vec, CreatedAt: now}}
		}
		if err := s.Apply(ctx, ch); err != nil {
			t.Fatalf("rewrite %d: %v", i, err)
		}
		if err := s.Checkpoint(ctx); err != nil {
			t.Fatalf("checkpoint after rewrite %d: %v", i, err)
		}
	}
	var stored int64
	err = s.read(ctx, func(c *conn) error {
		rows, err := c.query(ctx, "CALL storage_info('Fact') RETURN column_name, num_values", nil)
		for _, r := range rows {
			if str(r[0]) == "attributes_data" {
				stored += i64(r[1])
			}
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	// One value of size bytes is live; Kuzu keeps all of them.
	if want := int64(rewrites * size * 9 / 10); stored < want {
		t.Errorf("attributes_data holds %d bytes after %d rewrites of a %d-byte value, want at least %d (every value kept)", stored, rewrites, size, want)
	}
	t.Logf("attributes_data: %d bytes stored for %d live", stored, size)
}
