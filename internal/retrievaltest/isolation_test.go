package retrievaltest

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host/llm"
	"github.com/mnemohq/mnemo/host/llm/llmtest"
)

// TestGroupIsolation stores the same graph in two groups, and in a third
// the same graph with many more objects closer to the query, and searches
// one with every method and every reranker on every scope: each result
// must belong to the searched group, searching the other group must give
// the same results under its own uuids, and a store holding the first
// group alone must give the same results too (no recall lost to the other
// groups).
func TestGroupIsolation(t *testing.T) {
	srv := llmtest.New(t)
	srv.Handle(judge)
	client, err := llm.New(srv.ClientOptions())
	if err != nil {
		t.Fatalf("llm.New: %v", err)
	}
	rec := &recorder{score: func(c core.RerankCandidate) float64 { return -float64(c.Ranks[retrieval.MethodBM25]) }}
	edit := func(o *engine.Options) {
		o.LLM = client
		o.Plugins = plugins{reranker: rec}
	}
	e, alone := newEnv(t, edit), newEnv(t, edit)
	alone.people("ga")
	e.people("ga")
	e.people("gb")
	gc := e.peopleGraph("gc")
	for i := range 40 {
		text := fmt.Sprintf("Alice Bob Carol tennis Berlin robots married %d", i)
		gc.entity(fmt.Sprint("x", i), text, text)
		gc.episode(fmt.Sprint("ex", i), text, date(2024, 2, 1).Add(time.Duration(i)*time.Hour), "alice", fmt.Sprint("x", i))
		gc.fact(fmt.Sprint("fx", i), "alice", "KNOWS", fmt.Sprint("x", i), text, date(2024, 2, 1), date(2024, 2, 1), fmt.Sprint("ex", i))
		gc.community(fmt.Sprint("cx", i), text, text, "alice")
	}
	gc.write()
	rerankers := []string{retrieval.RerankRRF, retrieval.RerankLinear, retrieval.RerankMMR, retrieval.RerankNodeDistance, retrieval.RerankEpisodeMentions, retrieval.RerankCrossEncoder, retrieval.RerankPlugin}
	methods := []string{retrieval.MethodCosine, retrieval.MethodBM25, retrieval.MethodBFS}
	for _, sc := range core.Scopes {
		for _, rr := range rerankers {
			if rr == retrieval.RerankEpisodeMentions && (sc == core.ScopeEpisodes || sc == core.ScopeCommunities) {
				continue
			}
			for _, m := range methods {
				t.Run(fmt.Sprintf("%s/%s/%s", sc, rr, m), func(t *testing.T) {
					rec.reqs = nil
					run := func(group string) retrieval.Results {
						return e.search(t, retrieval.Request{
							Groups: []string{group}, Query: "Alice Bob Carol tennis Berlin robots married",
							Center: group + "-alice", Custom: only(sc, rr, 5, m),
						})
					}
					a, b := run("ga"), run("gb")
					ref, err := alone.eng.Search(context.Background(), retrieval.Request{
						Groups: []string{"ga"}, Query: "Alice Bob Carol tennis Berlin robots married",
						Center: "ga-alice", Custom: only(sc, rr, 5, m),
					})
					if err != nil {
						t.Fatal(err)
					}
					if got, want := names(a, sc), names(ref, sc); !cmp.Equal(got, want) {
						t.Errorf("Search(ga) = %v, want %v as in a store holding ga alone", got, want)
					}
					if len(names(a, sc)) == 0 {
						t.Fatalf("Search(ga) found no %s", sc)
					}
					if got := groupsOf(a); !cmp.Equal(got, map[string]bool{"ga": true}) {
						t.Errorf("Search(ga) returned groups %v", got)
					}
					for _, id := range uuidsOf(a, sc) {
						if !strings.HasPrefix(id, "ga-") {
							t.Errorf("Search(ga) returned %s", id)
						}
					}
					if got, want := names(a, sc), names(b, sc); !cmp.Equal(got, want) {
						t.Errorf("Search(ga) = %v, Search(gb) = %v: want the same", got, want)
					}
					for _, req := range rec.reqs {
						for _, c := range req.Candidates {
							if !strings.HasPrefix(c.UUID, "ga-") && !strings.HasPrefix(c.UUID, "gb-") {
								t.Errorf("rerank plugin saw %s", c.UUID)
							}
						}
					}
				})
			}
		}
	}
	// Two groups together see both and nothing of the third.
	res := e.search(t, retrieval.Request{Groups: []string{"ga", "gb"}, Query: "Alice lives in Berlin", Recipe: "hybrid_rrf"})
	if got := groupsOf(res); !cmp.Equal(got, map[string]bool{"ga": true, "gb": true}) {
		t.Errorf("Search(ga, gb) returned groups %v, want ga and gb", got)
	}
	// Seeds of another group lead nowhere.
	res = e.search(t, retrieval.Request{Groups: []string{"ga"}, Seeds: []string{"gb-dan", "gb-e3"}, Custom: only(core.ScopeFacts, retrieval.RerankRRF, 10, retrieval.MethodBFS)})
	if len(res.Facts) != 0 {
		t.Errorf("Search(ga) from gb's seeds = %v, want nothing", names(res, core.ScopeFacts))
	}
}

// uuidsOf lists the uuids of a scope's results.
func uuidsOf(res retrieval.Results, sc core.Scope) []string {
	var out []string
	switch sc {
	case core.ScopeFacts:
		for _, r := range res.Facts {
			out = append(out, r.UUID)
		}
	case core.ScopeEntities:
		for _, r := range res.Entities {
			out = append(out, r.UUID)
		}
	case core.ScopeEpisodes:
		for _, r := range res.Episodes {
			out = append(out, r.UUID)
		}
	case core.ScopeCommunities:
		for _, r := range res.Communities {
			out = append(out, r.UUID)
		}
	}
	return out
}
