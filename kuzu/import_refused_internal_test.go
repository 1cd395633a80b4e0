package kuzu

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/internal/bench/latency"
)

// TestRefusedImportKeepsRelationships: an import refused for an unknown
// fact end or an existing uuid writes nothing and loses nothing. Left to
// Kuzu, the failed COPY of RELATES_TO rolled back by dropping existing
// Entity→Fact relationships for good.
func TestRefusedImportKeepsRelationships(t *testing.T) {
	ctx := context.Background()
	s, emb := importedGraph(t)
	ids := []string{"bench-n0", "bench-n1", "bench-n2", "bench-n50"}
	reached := func() map[string]int {
		out := map[string]int{}
		for _, id := range ids {
			fs, err := FactsOfEntitiesFromKuzuForTest(ctx, s, "bench", []string{id}, 0)
			if err != nil {
				t.Fatal(err)
			}
			out[id] = len(fs)
		}
		return out
	}
	before := reached()
	fresh := core.Entity{UUID: "bench-new", GroupID: "bench", Name: "New", NameEmbedding: emb.Vector("New")}
	tests := []struct {
		name string
		ch   core.Change
		want error
	}{
		{"existing entity", core.Change{Entities: []core.Entity{fresh, {UUID: "bench-n3", GroupID: "bench", Name: "Again"}}}, core.ErrConflict},
		{"unknown fact end", core.Change{Entities: []core.Entity{fresh}, Facts: []core.Fact{{UUID: "bench-fx", GroupID: "bench", Relation: "KNOWS",
			Text: "x knows y", SourceUUID: "bench-new", TargetUUID: "nobody"}}}, core.ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := s.Import(ctx, tt.ch); !errors.Is(err, tt.want) {
				t.Fatalf("Import = %v, want %v", err, tt.want)
			}
			after := reached()
			for _, id := range ids {
				if after[id] != before[id] {
					t.Errorf("facts reaching %s = %d after the refused import, want %d", id, after[id], before[id])
				}
			}
		})
	}
}

// importedGraph opens a store in a temp dir and imports a generated graph
// of 400 facts into group "bench" in batches of 100; it returns the store
// and the embedder of the graph's vectors.
func importedGraph(t *testing.T) (*Store, *hashembed.Embedder) {
	t.Helper()
	ctx := context.Background()
	emb := hashembed.New(64)
	g := latency.NewGraph("bench", 400, 3)
	s, err := Open(ctx, Options{Dir: t.TempDir(), Dimension: 64, BufferPoolBytes: 128 << 20, VectorIndexAt: 60, ExactSearchBelow: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close(context.Background()) })
	if err := g.WriteWith(ctx, s, s.Import, emb, 100, nil); err != nil {
		t.Fatal(err)
	}
	return s, emb
}

// TestImportWhileReading: imports go through while reads keep coming, as
// the vector index builds' batches and searches do. Kuzu's bulk COPY
// waits for every read transaction to end and gives up after a timeout
// ("Timeout waiting for active transactions to leave the system"), which
// a stream of overlapping reads never lets happen unless the import holds
// the read connections (holdReaders).
func TestImportWhileReading(t *testing.T) {
	ctx := context.Background()
	emb := hashembed.New(64)
	g := latency.NewGraph("bench", 200, 3)
	s, err := Open(ctx, Options{Dir: t.TempDir(), Dimension: 64, BufferPoolBytes: 128 << 20, ReadConns: 3})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(ctx)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var reads atomic.Int64
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				err := s.read(ctx, func(c *conn) error {
					_, err := c.query(ctx, "MATCH (e:Episode) RETURN count(*)", nil)
					return err
				})
				if err != nil {
					t.Error(err)
					return
				}
				reads.Add(1)
			}
		}()
	}
	err = g.WriteWith(ctx, s, s.Import, emb, 50, nil)
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatalf("import while reading: %v", err)
	}
	if reads.Load() == 0 {
		t.Fatal("no read ran beside the imports")
	}
}
