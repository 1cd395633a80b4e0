package latency_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/internal/bench/latency"
	"github.com/mnemohq/mnemo/kuzu"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

type noPlugins struct{}

func (noPlugins) For(context.Context, string) (core.Plugins, error) { return core.Plugins{}, nil }

// TestSmallGraph writes a small generated graph, checks its counts, and
// runs both measured operations on it.
func TestSmallGraph(t *testing.T) {
	ctx := context.Background()
	st := kuzutest.MustOpen(t, kuzu.Options{Dimension: 256})
	emb := hashembed.New(256)
	g := latency.NewGraph("bench", 300, 7)
	if got, want := g.Query(3), latency.NewGraph("bench", 300, 7).Query(3); got != want {
		t.Errorf("Query(3) = %q, then %q: want the same graph for the same seed", got, want)
	}
	if err := g.Write(ctx, st, emb, 100, nil); err != nil {
		t.Fatalf("Write: %v", err)
	}
	s, err := st.Stats(ctx, "bench")
	if err != nil {
		t.Fatal(err)
	}
	if s.Facts != 300 || s.Entities != g.Entities() || s.Episodes != g.Episodes() {
		t.Errorf("Stats = %+v, want 300 facts, %d entities, %d episodes", s, g.Entities(), g.Episodes())
	}
	e, err := engine.Open(ctx, engine.Options{Store: st, Embedder: emb, Plugins: noPlugins{}, Now: time.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close(ctx)
	var embed atomic.Int64
	res, err := latency.Measure(ctx, 2, 20, latency.SearchOp(e, g, "facts", &embed))
	if err != nil {
		t.Fatal(err)
	}
	if res.N != 20 || res.P50 <= 0 || res.P50 > res.P95 || res.P95 > res.P99 || res.QPS <= 0 {
		t.Errorf("Measure(search) = %+v", res)
	}
	vecs := make([][]float32, 40)
	for i := range vecs {
		vecs[i] = emb.Vector(g.Query(i))
	}
	var seen [40]atomic.Int32
	count := func(op latency.Op) latency.Op {
		return func(ctx context.Context, i int) (time.Duration, error) {
			seen[i].Add(1)
			return op(ctx, i)
		}
	}
	sp, bp, err := latency.MeasurePair(ctx, 3, 20, count(latency.SearchOp(e, g, "default", &embed)), count(latency.BareOp(st, e.Recipes()["default"], g, vecs, time.Now())))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []latency.Stats{sp, bp} {
		if s.N != 20 || s.P50 <= 0 || s.P50 > s.P95 || s.P95 > s.P99 {
			t.Errorf("MeasurePair = %+v", s)
		}
	}
	for i := range seen {
		if n := seen[i].Load(); n != 1 {
			t.Errorf("MeasurePair ran query %d %d times, want once", i, n)
		}
	}
	shifted, err := latency.Measure(ctx, 1, 5, latency.Shift(func(_ context.Context, i int) (time.Duration, error) {
		if i < 100 {
			return 0, fmt.Errorf("query %d, want 100 and over", i)
		}
		return time.Millisecond, nil
	}, 100))
	if err != nil || shifted.N != 5 {
		t.Errorf("Shift: %+v, %v", shifted, err)
	}
	if latency.PeakRSS() <= 0 {
		t.Errorf("PeakRSS() = %d, want a size", latency.PeakRSS())
	}
}
