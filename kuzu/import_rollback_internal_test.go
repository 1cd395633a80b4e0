package kuzu

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
)

// TestImportRolledBackKeepsRelationships rolls back an import after its
// rows are written, as a full buffer pool, an interrupt or a failing later
// step would: every relationship the database held before is still there.
// Had the import COPYed into the non-empty relationship tables, Kuzu
// 0.11.3 would have dropped all of them with the rollback (measured: the
// facts reaching four entities went from 30, 24, 26 and 8 to none).
func TestImportRolledBackKeepsRelationships(t *testing.T) {
	ctx := context.Background()
	s, _ := importedGraph(t)
	// What the database holds: facts reaching some entities (RELATES_TO
	// both ways) and the count of each relationship table.
	held := func() map[string]int64 {
		out := map[string]int64{}
		for _, id := range []string{"bench-n0", "bench-n1", "bench-n2", "bench-n50"} {
			fs, err := FactsOfEntitiesFromKuzuForTest(ctx, s, "bench", []string{id}, 0)
			if err != nil {
				t.Fatal(err)
			}
			out["facts reaching "+id] = int64(len(fs))
		}
		for _, rel := range []string{"(:Entity)-[r:RELATES_TO]->(:Fact)", "(:Fact)-[r:RELATES_TO]->(:Entity)", "()-[r:STATES]->()", "()-[r:MENTIONS]->()"} {
			err := s.read(ctx, func(c *conn) error {
				rows, err := c.query(ctx, "MATCH "+rel+" RETURN count(r)", nil)
				if err == nil {
					out[rel] = i64(rows[0][0])
				}
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		return out
	}
	before := held()
	if before["facts reaching bench-n0"] == 0 || before["()-[r:MENTIONS]->()"] == 0 || before["()-[r:STATES]->()"] == 0 {
		t.Fatalf("the graph holds %v; want relationships of every kind to lose", before)
	}
	ch := core.Change{
		Episodes: []core.Episode{{UUID: "bench-ex", GroupID: "bench", Source: core.SourceText, Content: "New knows n0.", Status: core.EpisodeDone,
			ValidAt: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), CreatedAt: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)}},
		Entities: []core.Entity{{UUID: "bench-new", GroupID: "bench", Name: "New"}},
		Facts: []core.Fact{{UUID: "bench-fx", GroupID: "bench", Relation: "KNOWS", Text: "New knows n0",
			SourceUUID: "bench-new", TargetUUID: "bench-n0", Episodes: []string{"bench-ex"}}},
		Mentions: []core.Mention{{Episode: "bench-ex", Entity: "bench-new"}, {Episode: "bench-ex", Entity: "bench-n0"}},
	}
	boom := errors.New("injected failure after the rows were written")
	err := s.exclusive(ctx, func(c *conn) error {
		return s.transactOnce(ctx, c, func(ctx context.Context, c *conn, p *pending) error {
			if err := s.importRows(ctx, c, p, "bench", ch); err != nil {
				return err
			}
			return boom
		})
	})
	if !errors.Is(err, boom) {
		t.Fatalf("transaction = %v, want the injected failure", err)
	}
	if diff := cmp.Diff(before, held()); diff != "" {
		t.Errorf("relationships after the rolled-back import (-before +after):\n%s", diff)
	}
	// The same import, committed, adds its relationships to those.
	if err := s.Import(ctx, ch); err != nil {
		t.Fatalf("Import: %v", err)
	}
	after := held()
	for rel, n := range map[string]int64{"(:Entity)-[r:RELATES_TO]->(:Fact)": 1, "(:Fact)-[r:RELATES_TO]->(:Entity)": 1, "()-[r:STATES]->()": 1, "()-[r:MENTIONS]->()": 2} {
		if after[rel] != before[rel]+n {
			t.Errorf("%s: %d after the import, want %d", rel, after[rel], before[rel]+n)
		}
	}
	if after["facts reaching bench-n0"] != before["facts reaching bench-n0"]+1 {
		t.Errorf("facts reaching bench-n0: %d, want %d", after["facts reaching bench-n0"], before["facts reaching bench-n0"]+1)
	}
}
