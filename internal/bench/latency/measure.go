package latency

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/retrieval"
)

// Stats are the latencies of a run and its throughput.
type Stats struct {
	N                   int
	P50, P95, P99, Mean time.Duration
	// QPS is operations per second of wall time over all clients.
	QPS float64
}

func (s Stats) String() string {
	return fmt.Sprintf("p50 %s  p95 %s  p99 %s  mean %s  %.0f/s", ms(s.P50), ms(s.P95), ms(s.P99), ms(s.Mean), s.QPS)
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d)/float64(time.Millisecond)) }

// Op is one measured operation on query i. It returns the latency to
// count, which may leave out part of the call (the query's embedding).
type Op func(ctx context.Context, i int) (time.Duration, error)

// Measure runs op for i = 0..n-1 on clients goroutines and returns the
// latency distribution and the throughput.
func Measure(ctx context.Context, clients, n int, op Op) (Stats, error) {
	lat, wall, err := run(ctx, clients, n, op)
	if err != nil {
		return Stats{}, err
	}
	s := stats(lat)
	s.QPS = float64(n) / wall.Seconds()
	return s, nil
}

// MeasurePair runs a and b in alternation on clients goroutines, a on the
// even queries 0, 2, ... 2n-2 and b on the odd ones, and returns the
// latency distribution of each (without throughput: the two shared the
// wall time). Comparing two operations this way is fair: both meet the
// same machine, the same cache warmth and the same concurrency, and
// neither reuses what the other just brought into a cache for the same
// query.
func MeasurePair(ctx context.Context, clients, n int, a, b Op) (Stats, Stats, error) {
	lat, _, err := run(ctx, clients, 2*n, func(ctx context.Context, j int) (time.Duration, error) {
		if j%2 == 0 {
			return a(ctx, j)
		}
		return b(ctx, j)
	})
	if err != nil {
		return Stats{}, Stats{}, err
	}
	la, lb := make([]time.Duration, n), make([]time.Duration, n)
	for i := range n {
		la[i], lb[i] = lat[2*i], lat[2*i+1]
	}
	return stats(la), stats(lb), nil
}

// Shift returns op on queries off+i: a warm-up on queries no measurement
// uses.
func Shift(op Op, off int) Op {
	return func(ctx context.Context, i int) (time.Duration, error) { return op(ctx, off+i) }
}

// run runs op for i = 0..n-1 on clients goroutines and returns each
// latency, by i, and the wall time.
func run(ctx context.Context, clients, n int, op Op) ([]time.Duration, time.Duration, error) {
	lat := make([]time.Duration, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	var once sync.Once
	var firstErr error
	start := time.Now()
	for range clients {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				d, err := op(ctx, i)
				if err != nil {
					once.Do(func() { firstErr = err })
					return
				}
				lat[i] = d
			}
		})
	}
	wg.Wait()
	return lat, time.Since(start), firstErr
}

// stats sorts lat and returns its distribution.
func stats(lat []time.Duration) Stats {
	n := len(lat)
	slices.Sort(lat)
	var sum time.Duration
	for _, d := range lat {
		sum += d
	}
	pct := func(p float64) time.Duration { return lat[min(n-1, int(p*float64(n)))] }
	return Stats{N: n, P50: pct(0.50), P95: pct(0.95), P99: pct(0.99), Mean: sum / time.Duration(n)}
}

// SearchOp times Engine.Search on the graph's queries with a recipe, less
// the query's embedding, whose time is added to embed.
func SearchOp(e *engine.Engine, g *Graph, recipe string, embed *atomic.Int64) Op {
	return func(ctx context.Context, i int) (time.Duration, error) {
		res, err := e.Search(ctx, retrieval.Request{Groups: []string{g.Group}, Query: g.Query(i), Recipe: recipe})
		if err != nil {
			return 0, err
		}
		embed.Add(int64(res.Timing.Embed))
		return res.Timing.Total - res.Timing.Embed, nil
	}
}

// BareOp times the store calls a search with recipe makes, one after the
// other, with the query vectors computed beforehand: for each scope and
// method (cosine and BM25 only), the call with the same query, limit and
// filter.
func BareOp(st core.Store, recipe retrieval.Recipe, g *Graph, vecs [][]float32, now time.Time) Op {
	return func(ctx context.Context, i int) (time.Duration, error) {
		start := time.Now()
		for _, sc := range core.Scopes {
			c, ok := recipe.Scopes[sc]
			if !ok {
				continue
			}
			limit := c.Candidates
			if limit == 0 {
				limit = 2 * cmp.Or(c.Limit, 10)
			}
			q := core.SearchQuery{Scope: sc, Groups: []string{g.Group}, Vector: vecs[i], Text: g.Query(i), Limit: limit, Filter: core.Filter{Now: now}}
			for _, m := range c.Methods {
				var err error
				switch m {
				case retrieval.MethodCosine:
					_, err = st.VectorSearch(ctx, q)
				case retrieval.MethodBM25:
					_, err = st.TextSearch(ctx, q)
				}
				if err != nil {
					return 0, err
				}
			}
		}
		return time.Since(start), nil
	}
}

// PeakRSS returns the process's peak resident set size in bytes, from
// /proc/self/status (Linux); 0 elsewhere.
func PeakRSS() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			f := strings.Fields(rest)
			if len(f) > 0 {
				kb, _ := strconv.ParseInt(f[0], 10, 64)
				return kb << 10
			}
		}
	}
	return 0
}
