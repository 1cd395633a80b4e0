package retrievaltest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/retrieval"
)

// trips writes three facts of Alice's travels, valid at different times and
// stated by different numbers of episodes.
func trips(e *env, group string) *graph {
	g := e.graph(group)
	g.entity("alice", "Alice", "")
	g.entity("rome", "Rome", "")
	g.entity("oslo", "Oslo", "")
	g.entity("kyoto", "Kyoto", "")
	g.episode("e1", "trip notes", date(2024, 1, 1), "alice")
	g.episode("e2", "more trip notes", date(2024, 1, 2), "alice")
	g.fact("rome", "alice", "VISITED", "rome", "Alice visited Rome", date(2020, 5, 1), date(2024, 1, 1), "e1")
	g.fact("oslo", "alice", "VISITED", "oslo", "Alice visited Oslo", date(2022, 5, 1), date(2024, 1, 1), "e1", "e2")
	g.fact("kyoto", "alice", "VISITED", "kyoto", "Alice visited Kyoto", date(2021, 5, 1), date(2024, 1, 1), "e2")
	g.write()
	return g
}

func TestPluginReranker(t *testing.T) {
	rec := &recorder{score: func(c core.RerankCandidate) float64 { return float64(c.ValidAt.Unix()) }}
	e := newEnv(t, func(o *engine.Options) { o.Plugins = plugins{reranker: rec} })
	g := trips(e, "g")
	r := only(core.ScopeFacts, retrieval.RerankPlugin, 2, retrieval.MethodCosine, retrieval.MethodBM25)
	c := r.Scopes[core.ScopeFacts]
	c.Candidates = 5
	c.PluginEmbeddings = true
	r.Scopes[core.ScopeFacts] = c
	res := e.search(t, retrieval.Request{Groups: []string{"g"}, Query: "Alice visited", Center: g.id("alice"), Custom: r})
	// The plugin orders by recency; the limit keeps two.
	if got, want := names(res, core.ScopeFacts), []string{"oslo", "kyoto"}; !cmp.Equal(got, want) {
		t.Errorf("Search(plugin) = %v, want %v", got, want)
	}
	if got, want := res.Facts[0].Score, float64(date(2022, 5, 1).Unix()); got != want {
		t.Errorf("Search(plugin) top score = %v, want the plugin's %v", got, want)
	}
	if len(rec.reqs) != 1 {
		t.Fatalf("plugin called %d times, want 1", len(rec.reqs))
	}
	req := rec.reqs[0]
	if req.Query != "Alice visited" || req.Scope != core.ScopeFacts || req.Limit != 2 || !req.Now.Equal(now) {
		t.Errorf("RerankRequest = {%q %s limit %d now %v}, want the query, facts, 2, the engine's clock", req.Query, req.Scope, req.Limit, req.Now)
	}
	if len(req.Candidates) != 3 {
		t.Fatalf("RerankRequest has %d candidates, want 3", len(req.Candidates))
	}
	byID := map[string]core.RerankCandidate{}
	for _, c := range req.Candidates {
		byID[strings.TrimPrefix(c.UUID, "g-")] = c
	}
	oslo := byID["oslo"]
	if oslo.Text != "Alice visited Oslo" || oslo.Mentions != 2 || oslo.Distance != 0 {
		t.Errorf("oslo candidate = text %q, mentions %d, distance %d; want its text, 2, 0", oslo.Text, oslo.Mentions, oslo.Distance)
	}
	if !oslo.ValidAt.Equal(date(2022, 5, 1)) || !oslo.CreatedAt.Equal(date(2024, 1, 1)) || !oslo.InvalidAt.IsZero() || !oslo.ExpiredAt.IsZero() {
		t.Errorf("oslo timestamps = %v %v %v %v", oslo.ValidAt, oslo.InvalidAt, oslo.CreatedAt, oslo.ExpiredAt)
	}
	for _, m := range []string{retrieval.MethodCosine, retrieval.MethodBM25} {
		if _, ok := oslo.Scores[m]; !ok || oslo.Ranks[m] < 1 {
			t.Errorf("oslo %s score and rank = %v, %v; want both", m, oslo.Scores, oslo.Ranks)
		}
	}
	if len(oslo.Embedding) != dim {
		t.Errorf("oslo embedding has %d values, want %d", len(oslo.Embedding), dim)
	}
}

func TestPluginDropsAndFallbacks(t *testing.T) {
	tests := []struct {
		name    string
		rr      core.Reranker
		want    []string
		warning bool
	}{
		{
			name: "candidates left out, repeated or unknown are dropped",
			rr:   dropper{},
			want: []string{"kyoto", "rome"},
		},
		{
			name:    "a failing plugin falls back to rrf",
			rr:      &recorder{err: errors.New("plugin trapped")},
			warning: true,
		},
		{
			// The wasm adapter's error for a plugin past its call timeout
			// matches context.DeadlineExceeded; the search's own context is
			// fine, so this is a plugin failure like any other, not a 503.
			name:    "a plugin past its own deadline falls back to rrf",
			rr:      &recorder{err: fmt.Errorf("wasm: plugin slow: mnemo_rerank: call ran past its 10s limit: %w", context.DeadlineExceeded)},
			warning: true,
		},
		{
			name:    "no plugin falls back to rrf",
			warning: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, func(o *engine.Options) { o.Plugins = plugins{reranker: tt.rr} })
			trips(e, "g")
			res := e.search(t, retrieval.Request{Groups: []string{"g"}, Query: "Alice visited", Custom: only(core.ScopeFacts, retrieval.RerankPlugin, 5, retrieval.MethodBM25)})
			want := tt.want
			if tt.warning {
				rrf := e.search(t, retrieval.Request{Groups: []string{"g"}, Query: "Alice visited", Custom: only(core.ScopeFacts, retrieval.RerankRRF, 5, retrieval.MethodBM25)})
				want = names(rrf, core.ScopeFacts)
			}
			if got := names(res, core.ScopeFacts); !cmp.Equal(got, want) {
				t.Errorf("Search(plugin) = %v, want %v", got, want)
			}
			if got := len(res.Warnings) == 1; got != tt.warning {
				t.Errorf("Search(plugin) warnings = %q, want a warning: %v", res.Warnings, tt.warning)
			}
		})
	}
}

// dropper keeps only Kyoto and Rome, in that order, and invents a uuid.
type dropper struct{}

func (dropper) Rerank(_ context.Context, req core.RerankRequest) ([]core.Scored, error) {
	var out []core.Scored
	for _, want := range []string{"g-kyoto", "g-invented", "g-rome", "g-kyoto"} {
		for _, c := range req.Candidates {
			if c.UUID == want || want == "g-invented" {
				out = append(out, core.Scored{UUID: want, Score: 1})
				break
			}
		}
	}
	return out, nil
}

// namedPlugins gives the group its own reranker and others by name.
type namedPlugins struct {
	own   core.Reranker
	named map[string]core.Reranker
}

func (p namedPlugins) For(context.Context, string) (core.Plugins, error) {
	return core.Plugins{Reranker: p.own, Rerankers: p.named}, nil
}

// TestRequestNamesPlugin checks retrieval.Request.Plugin: a search asks for one
// of the group's rerank plugins by name, whatever its recipe's reranker.
func TestRequestNamesPlugin(t *testing.T) {
	own := &recorder{score: func(core.RerankCandidate) float64 { return 1 }}
	recent := &recorder{score: func(c core.RerankCandidate) float64 { return float64(c.ValidAt.Unix()) }}
	e := newEnv(t, func(o *engine.Options) {
		o.Plugins = namedPlugins{own: own, named: map[string]core.Reranker{"recent": recent}}
	})
	trips(e, "g")
	base := retrieval.Request{Groups: []string{"g"}, Query: "Alice visited", Scopes: []core.Scope{core.ScopeFacts}, Limit: 5}

	req := base
	req.Plugin = "recent"
	res := e.search(t, req)
	if got, want := names(res, core.ScopeFacts), []string{"oslo", "kyoto", "rome"}; !cmp.Equal(got, want) {
		t.Errorf("Search(plugin recent) = %v, want %v, newest first as the plugin scores", got, want)
	}
	if len(recent.reqs) != 1 || len(own.reqs) != 0 || len(res.Warnings) != 0 {
		t.Errorf("Search(plugin recent) called recent %d times and the group's own %d times, warnings %q; want 1, 0, none", len(recent.reqs), len(own.reqs), res.Warnings)
	}

	// A name the group has no plugin for degrades to rrf, with a warning.
	req.Plugin = "missing"
	res = e.search(t, req)
	rrf := e.search(t, base)
	if got, want := names(res, core.ScopeFacts), names(rrf, core.ScopeFacts); !cmp.Equal(got, want) {
		t.Errorf("Search(plugin missing) = %v, want the rrf order %v", got, want)
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "missing") {
		t.Errorf("Search(plugin missing) warnings = %q, want one naming the plugin", res.Warnings)
	}

	// With a reranker other than plugin, the request contradicts itself.
	req.Plugin, req.Reranker = "recent", retrieval.RerankMMR
	if _, err := e.eng.Search(context.Background(), req); !errors.Is(err, core.ErrInvalid) {
		t.Errorf("Search(plugin recent, reranker mmr) error = %v, want ErrInvalid", err)
	}
}
