package kuzu_test

import (
	"context"
	"fmt"
	"math/rand"
	"sort"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/kuzu"
)

// The store benchmarks build graphs of generated facts with 256-dimension
// vectors from the local embedder (the offline default), then measure
// batched writes and query latency. Run them with
//
//	go test -run '^$' -bench Store -benchtime 1x -timeout 60m ./kuzu/
//
// (make bench). Latencies are reported as p50/p95 over many queries in one
// run; compare them as ratios, the machine is shared.

var (
	benchPeople = []string{"Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy", "Mallory", "Niaj", "Olivia", "Peggy", "Rupert", "Sybil", "Trent", "Uma", "Victor", "Wendy"}
	benchRels   = []struct{ rel, verb string }{{"WORKS_AT", "works at"}, {"LIVES_IN", "lives in"}, {"LIKES", "likes"}, {"VISITED", "visited"}, {"OWNS", "owns"}, {"KNOWS", "knows"}, {"STUDIES_AT", "studies at"}, {"HAS_PET", "has a pet named"}}
	benchThings = []string{"Acme", "Initech", "Globex", "Paris", "Berlin", "Lisbon", "tennis", "coffee", "jazz", "Rex", "Tesla", "Oxford", "Kyoto", "chess", "sushi", "Umbrella", "Hooli", "Stark", "Wayne", "Oslo"}
)

type benchGraph struct {
	s     *kuzu.Store
	emb   *hashembed.Embedder
	facts int
}

// buildGraph writes n facts among n/5 entities into one group, in batches
// of 500, into a store opened with the given vector index threshold.
func buildGraph(b *testing.B, n, indexAt int) (*benchGraph, time.Duration) {
	b.Helper()
	ctx := context.Background()
	emb := hashembed.New(256)
	s, err := kuzu.Open(ctx, kuzu.Options{Dir: b.TempDir(), Dimension: 256, BufferPoolBytes: 1 << 30, VectorIndexAt: indexAt})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close(ctx) })
	rng := rand.New(rand.NewSource(1))
	now := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	nEnt := max(n/5, 20)
	names := make([]string, nEnt)
	for i := range names {
		names[i] = fmt.Sprintf("%s %s %d", benchPeople[i%len(benchPeople)], benchThings[(i/len(benchPeople))%len(benchThings)], i)
	}
	var took time.Duration
	const batch = 500
	entDone := 0
	for done := 0; done < n; done += batch {
		var ch core.Change
		for entDone < nEnt && entDone < (done+batch)/5+batch {
			v, _ := emb.Embed(ctx, []string{names[entDone]})
			ch.Entities = append(ch.Entities, core.Entity{UUID: fmt.Sprintf("e%07d", entDone), GroupID: "bench", Name: names[entDone], NameEmbedding: v[0], CreatedAt: now})
			entDone++
		}
		for i := done; i < min(done+batch, n); i++ {
			a, c := rng.Intn(entDone), rng.Intn(entDone)
			if a == c {
				c = (c + 1) % entDone
			}
			r := benchRels[rng.Intn(len(benchRels))]
			text := fmt.Sprintf("%s %s %s", names[a], r.verb, benchThings[rng.Intn(len(benchThings))])
			v, _ := emb.Embed(ctx, []string{text})
			ch.Facts = append(ch.Facts, core.Fact{UUID: fmt.Sprintf("f%08d", i), GroupID: "bench", Relation: r.rel, Text: text,
				SourceUUID: fmt.Sprintf("e%07d", a), TargetUUID: fmt.Sprintf("e%07d", c), Embedding: v[0], ValidAt: now, CreatedAt: now})
		}
		start := time.Now()
		if err := s.Apply(ctx, ch); err != nil {
			b.Fatal(err)
		}
		took += time.Since(start)
	}
	return &benchGraph{s: s, emb: emb, facts: n}, took
}

func percentiles(ds []time.Duration) (p50, p95 time.Duration) {
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return ds[len(ds)/2], ds[len(ds)*95/100]
}

// BenchmarkStoreWrite measures batched fact writes (500 facts per
// transaction, with their vectors) into a table below the vector index
// threshold (no HNSW index to maintain) and into one with the index.
func BenchmarkStoreWrite(b *testing.B) {
	for _, tc := range []struct {
		name    string
		indexAt int
	}{{"index=none", -1}, {"index=maintained", 1}} {
		b.Run(tc.name, func(b *testing.B) {
			for range b.N {
				_, took := buildGraph(b, 10000, tc.indexAt)
				b.ReportMetric(10000/took.Seconds(), "facts/s")
			}
		})
	}
}

// BenchmarkStoreSearch measures vector and BM25 query latency. The 10k
// graph stays below the index threshold (exact search); the 100k graph is
// loaded the way a bulk import is (no index while loading, then one build)
// and searched through its HNSW index.
func BenchmarkStoreSearch(b *testing.B) {
	ctx := context.Background()
	for _, n := range []int{10000, 100000} {
		b.Run(fmt.Sprintf("facts=%d", n), func(b *testing.B) {
			g, took := buildGraph(b, n, -1)
			b.ReportMetric(float64(n)/took.Seconds(), "load-facts/s")
			if n > 20000 {
				start := time.Now()
				if err := g.s.BuildVectorIndexes(ctx); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(time.Since(start).Seconds(), "index-build-s")
			}
			rng := rand.New(rand.NewSource(2))
			queries := make([]string, 200)
			for i := range queries {
				queries[i] = fmt.Sprintf("where does %s %s", benchPeople[rng.Intn(len(benchPeople))], benchRels[rng.Intn(len(benchRels))].verb)
			}
			vecs, _ := g.emb.Embed(ctx, queries)
			for range b.N {
				var vd, td []time.Duration
				for i, q := range queries {
					start := time.Now()
					if _, err := g.s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{"bench"}, Vector: vecs[i], Limit: 10, Filter: core.Filter{Now: time.Now()}}); err != nil {
						b.Fatal(err)
					}
					vd = append(vd, time.Since(start))
					start = time.Now()
					if _, err := g.s.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{"bench"}, Text: q, Limit: 10, Filter: core.Filter{Now: time.Now()}}); err != nil {
						b.Fatal(err)
					}
					td = append(td, time.Since(start))
				}
				p50, p95 := percentiles(vd)
				b.ReportMetric(float64(p50.Microseconds())/1000, "vector-p50-ms")
				b.ReportMetric(float64(p95.Microseconds())/1000, "vector-p95-ms")
				p50, p95 = percentiles(td)
				b.ReportMetric(float64(p50.Microseconds())/1000, "bm25-p50-ms")
				b.ReportMetric(float64(p95.Microseconds())/1000, "bm25-p95-ms")
			}
		})
	}
}
