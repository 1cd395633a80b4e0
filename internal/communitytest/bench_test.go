package communitytest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/community"
	"github.com/mnemohq/mnemo/host/llm"
	"github.com/mnemohq/mnemo/host/llm/llmtest"
	"github.com/mnemohq/mnemo/kuzu"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

// The community benchmarks (make bench runs them once each):
//
//	go test -run '^$' -bench . -benchtime 1x -timeout 60m ./internal/communitytest/
//
// BenchmarkBuild measures a full offline build (projection read, label
// propagation, summary reads, embedding and the write replacing the
// previous communities) on planted graphs of 10k and 100k entities written
// straight to a store; the propagation-ms metric is label propagation
// alone. BenchmarkLLMCalls counts LLM calls per community through the
// real client and the test server.

// plantedGraph is a graph of communities of 5 to 30 entities: inside one,
// every entity has facts with about four others (one or two facts a
// pair), and one fact in ten joins two random communities.
type plantedGraph struct {
	entities []core.Entity
	facts    []core.Fact
	truth    map[string]int // entity uuid → planted community
	sizes    []int
}

func planted(group string, n int, seed uint64) *plantedGraph {
	rng := rand.New(rand.NewPCG(seed, 7))
	g := &plantedGraph{truth: map[string]int{}}
	var comms [][]string
	for len(g.entities) < n {
		size := min(5+rng.IntN(26), n-len(g.entities))
		c := len(comms)
		var ms []string
		for range size {
			id := fmt.Sprintf("%s-e%06d", group, len(g.entities))
			g.entities = append(g.entities, core.Entity{UUID: id, GroupID: group, Name: fmt.Sprintf("Entity %d", len(g.entities)), Summary: "A planted entity.", CreatedAt: t0})
			g.truth[id] = c
			ms = append(ms, id)
		}
		comms = append(comms, ms)
		g.sizes = append(g.sizes, size)
	}
	fact := func(a, b string) {
		g.facts = append(g.facts, core.Fact{
			UUID: fmt.Sprintf("%s-f%07d", group, len(g.facts)), GroupID: group, Relation: "RELATES_TO",
			Text: fmt.Sprintf("%s relates to %s", a, b), SourceUUID: a, TargetUUID: b, ValidAt: t0, CreatedAt: t0,
		})
	}
	for _, ms := range comms {
		if len(ms) < 2 {
			continue
		}
		for i, a := range ms {
			// A ring keeps the community connected; two more random ties
			// give each entity about four neighbours.
			fact(a, ms[(i+1)%len(ms)])
			for range 2 {
				b := ms[rng.IntN(len(ms))]
				if b == a {
					continue
				}
				fact(a, b)
				if rng.IntN(3) == 0 {
					fact(b, a)
				}
			}
		}
	}
	for range len(g.facts) / 10 {
		a, b := comms[rng.IntN(len(comms))], comms[rng.IntN(len(comms))]
		fact(a[rng.IntN(len(a))], b[rng.IntN(len(b))])
	}
	return g
}

// write stores the graph in batches.
func (g *plantedGraph) write(tb testing.TB, s *kuzu.Store, group string) {
	tb.Helper()
	ctx := context.Background()
	const batch = 5000
	for lo := 0; lo < len(g.entities); lo += batch {
		if err := s.Apply(ctx, core.Change{Group: group, Entities: g.entities[lo:min(lo+batch, len(g.entities))]}); err != nil {
			tb.Fatalf("write entities: %v", err)
		}
	}
	for lo := 0; lo < len(g.facts); lo += batch {
		if err := s.Apply(ctx, core.Change{Group: group, Facts: g.facts[lo:min(lo+batch, len(g.facts))]}); err != nil {
			tb.Fatalf("write facts: %v", err)
		}
	}
}

// recovered returns the share of planted communities found exactly.
func (g *plantedGraph) recovered(tb testing.TB, s *kuzu.Store, group string) float64 {
	tb.Helper()
	exact := 0
	opts := core.ListOptions{Limit: 1000}
	for {
		page, err := s.ListCommunities(context.Background(), group, opts)
		if err != nil {
			tb.Fatalf("ListCommunities: %v", err)
		}
		for _, c := range page.Items {
			t := g.truth[c.Members[0]]
			ok := len(c.Members) == g.sizes[t]
			for _, m := range c.Members {
				ok = ok && g.truth[m] == t
			}
			if ok {
				exact++
			}
		}
		if page.Next == "" {
			break
		}
		opts.Cursor = page.Next
	}
	return float64(exact) / float64(len(g.sizes))
}

func BenchmarkBuild(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		b.Run(fmt.Sprintf("entities=%dk", n/1000), func(b *testing.B) {
			store := kuzutest.MustOpen(b, kuzu.Options{BufferPoolBytes: 1 << 30, Threads: 2})
			g := planted("bench", n, 1)
			start := time.Now()
			g.write(b, store, "bench")
			b.Logf("wrote %d entities and %d facts in %s", len(g.entities), len(g.facts), time.Since(start).Round(time.Millisecond))
			eng, err := engine.Open(context.Background(), engine.Options{
				Store: store, Embedder: hashembed.New(kuzutest.Dimension), Plugins: pluginSets{core.Plugins{Extractor: lineExtractor{}}},
				Now: time.Now, Communities: community.Options{DriftThreshold: -1},
			})
			if err != nil {
				b.Fatalf("engine.Open: %v", err)
			}
			defer eng.Close(context.Background())
			var rep community.Report
			b.ResetTimer()
			for b.Loop() {
				if rep, err = eng.BuildCommunities(context.Background(), "bench"); err != nil {
					b.Fatalf("BuildCommunities: %v", err)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(rep.Propagation.Microseconds())/1000, "propagation-ms")
			b.ReportMetric(rep.Summaries.Seconds(), "summaries-s")
			b.ReportMetric(rep.Write.Seconds(), "write-s")
			b.ReportMetric(float64(rep.Communities), "communities")
			b.ReportMetric(float64(rep.Iterations), "sweeps")
			b.ReportMetric(100*g.recovered(b, store, "bench"), "%recovered")
			b.Logf("%d entities, %d pairs, %d planted communities: %d found, %d members, %d unassigned, %d sweeps (converged %v); build %s: read %s, propagation %s, summaries %s, write %s",
				rep.Entities, rep.Pairs, len(g.sizes), rep.Communities, rep.Members, rep.Unassigned, rep.Iterations, rep.Converged,
				rep.Duration, rep.Read, rep.Propagation, rep.Summaries, rep.Write)
		})
	}
}

func BenchmarkLLMCalls(b *testing.B) {
	srv := llmtest.New(b)
	srv.Handle(func(r llmtest.Request) (llmtest.Answer, bool) {
		return answer(fmt.Sprintf("Community %d", r.Seq), "A planted community."), r.Kind == llmtest.KindChat
	})
	client, err := llm.New(srv.ClientOptions())
	if err != nil {
		b.Fatalf("llm.New: %v", err)
	}
	store := kuzutest.MustOpen(b)
	g := planted("bench", 2000, 2)
	g.write(b, store, "bench")
	// Sizes up to 30 with batches of 8: up to 4 map calls and a reduce.
	eng, err := engine.Open(context.Background(), engine.Options{
		Store: store, Embedder: hashembed.New(kuzutest.Dimension), Plugins: pluginSets{core.Plugins{Extractor: lineExtractor{}}},
		LLM: client, Now: time.Now, Communities: community.Options{DriftThreshold: -1, SummaryBatch: 8},
	})
	if err != nil {
		b.Fatalf("engine.Open: %v", err)
	}
	defer eng.Close(context.Background())
	var rep community.Report
	for b.Loop() {
		if rep, err = eng.BuildCommunities(context.Background(), "bench"); err != nil {
			b.Fatalf("BuildCommunities: %v", err)
		}
	}
	b.StopTimer()
	perCommunity := float64(rep.Calls) / float64(rep.Communities)
	b.ReportMetric(perCommunity, "calls/community")
	b.ReportMetric(float64(rep.ByPrompt[community.PromptMap].Calls), "map-calls")
	b.ReportMetric(float64(rep.ByPrompt[community.PromptReduce].Calls), "reduce-calls")
	b.Logf("%d communities of %d members: %d calls (%d map, %d reduce), %.2f per community, %d fallbacks, build %s",
		rep.Communities, rep.Members, rep.Calls, rep.ByPrompt[community.PromptMap].Calls, rep.ByPrompt[community.PromptReduce].Calls, perCommunity, rep.Fallbacks, rep.Duration)
}
