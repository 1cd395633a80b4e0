package kuzu

import (
	"context"
	"testing"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/internal/bench/latency"
)

// TestMentionsWithVectorIndexes writes a generated graph in batches, with
// HNSW indexes built after the first, and checks after each change that
// every mention and every statement it carries exists exactly once, and
// again after the same change is applied a second time. With MERGE, Kuzu
// 0.11.3 lost 3 of the 150 mentions of the second batch (see link).
func TestMentionsWithVectorIndexes(t *testing.T) {
	ctx := context.Background()
	emb := hashembed.New(64)
	g := latency.NewGraph("bench", 400, 3)
	s, err := Open(ctx, Options{Dir: t.TempDir(), Dimension: 64, BufferPoolBytes: 128 << 20, VectorIndexAt: 60, ExactSearchBelow: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(ctx)
	check := func(ch core.Change, step string) {
		t.Helper()
		err := s.read(ctx, func(c *conn) error {
			count := func(stmt, e, x string) {
				rows, err := c.query(ctx, stmt, map[string]any{"e": e, "x": x})
				if err != nil {
					t.Fatal(err)
				}
				if n := i64(rows[0][0]); n != 1 {
					t.Errorf("%s: %s → %s exists %d times, want once", step, e, x, n)
				}
			}
			for _, m := range ch.Mentions {
				count("MATCH (e:Episode {uuid: $e})-[:MENTIONS]->(n:Entity {uuid: $x}) RETURN count(*)", m.Episode, m.Entity)
			}
			for _, f := range ch.Facts {
				for _, ep := range f.Episodes {
					count("MATCH (e:Episode {uuid: $e})-[:STATES]->(f:Fact {uuid: $x}) RETURN count(*)", ep, f.UUID)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	batches := 0
	write := func(ctx context.Context, ch core.Change) error {
		if err := s.Apply(ctx, ch); err != nil {
			return err
		}
		check(ch, "applied")
		if len(ch.Facts) > 0 {
			batches++
			if err := s.Apply(ctx, ch); err != nil {
				return err
			}
			check(ch, "applied again")
		}
		return nil
	}
	if err := g.WriteWith(ctx, s, write, emb, 100, nil); err != nil {
		t.Fatal(err)
	}
	if batches != 4 || !s.indexedForTest(core.ScopeFacts) {
		t.Fatalf("%d fact batches, fact index %v: want 4 batches written over an index", batches, s.indexedForTest(core.ScopeFacts))
	}
}
