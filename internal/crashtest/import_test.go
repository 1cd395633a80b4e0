package crashtest

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestKillInImport kills mnemo import of a group's export into a new
// database: with the vectors staged, before the import's transaction
// (import-staged); after the journal's sync, before Kuzu's commit
// (journaled:1); after the commit, before the command returns
// (committed:1). The database opens by itself with the group absent or
// whole, never partial; importing the file again completes, with the
// graph of an uninterrupted import.
func TestKillInImport(t *testing.T) {
	c := smallCorpus(t)
	src := ingested(c).wait(t)
	// The export is taken from a copy: opening the reference's database
	// may write to it.
	from := filepath.Join(t.TempDir(), "src")
	copyDir(t, src.db, from)
	file := filepath.Join(t.TempDir(), "g.jsonl")
	must(t, nil, from, "export", "--group", "g", "-o", file)
	ref := cached("import", func(db string) (graph, error) {
		ctx := context.Background()
		r, err := runQuiet(ctx, env(), db, "import", file)
		if err == nil && r.code != 0 {
			err = fmt.Errorf("mnemo import = %s", r)
		}
		if err != nil {
			return graph{}, err
		}
		return exportQuiet(ctx, db)
	}).wait(t)
	wantGraph(t, "an uninterrupted import", src.g, ref.g)
	for _, point := range []string{"import-staged", "journaled:1", "committed:1"} {
		t.Run(strings.ReplaceAll(point, ":", "-"), func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "db")
			crashed(t, point, nil, db, "import", file)
			g, how := reopen(t, "after the kill", db, nil)
			switch d := diffGraphs(ref.g, g); {
			case d == "":
				t.Logf("killed at %s; reopened with the group whole: %s", point, how)
			case len(g.lines) == 0:
				t.Logf("killed at %s; reopened with the group absent: %s", point, how)
			default:
				t.Errorf("after the kill at %s the group is partial (%s, want all of %s or nothing):\n%s", point, g.summary(), ref.g.summary(), d)
			}
			must(t, nil, db, "import", file)
			g, _ = exportGraph(t, nil, db)
			wantGraph(t, "imported again after the kill", ref.g, g)
		})
	}
}
