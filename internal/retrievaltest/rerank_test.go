package retrievaltest

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
)

// scores lists the scores of a scope's results, in order.
func scores(res retrieval.Results, sc core.Scope) []float64 {
	var out []float64
	switch sc {
	case core.ScopeFacts:
		for _, r := range res.Facts {
			out = append(out, r.Score)
		}
	case core.ScopeEntities:
		for _, r := range res.Entities {
			out = append(out, r.Score)
		}
	}
	return out
}

func TestRRF(t *testing.T) {
	e := newEnv(t)
	e.people("g")
	res := e.search(t, retrieval.Request{Groups: []string{"g"}, Query: "where does Alice live, Berlin?", Recipe: "facts"})
	if got := names(res, core.ScopeFacts); len(got) == 0 || got[0] != "f-lives" {
		t.Errorf("Search(rrf) facts = %v, want f-lives first", got)
	}
	// Both methods found it at rank 1: score 2/(60+1).
	if got, want := res.Facts[0].Score, 2.0/61; math.Abs(got-want) > 1e-12 {
		t.Errorf("Search(rrf) top score = %v, want %v", got, want)
	}
	if res.Facts[0].SourceName != "Alice" || res.Facts[0].TargetName != "Berlin" {
		t.Errorf("Search(rrf) top fact endpoints = %q, %q, want Alice, Berlin", res.Facts[0].SourceName, res.Facts[0].TargetName)
	}
}

func TestLinearFusion(t *testing.T) {
	e := newEnv(t)
	e.people("g")
	r := only(core.ScopeFacts, retrieval.RerankLinear, 3, retrieval.MethodCosine, retrieval.MethodBM25)
	res := e.search(t, retrieval.Request{Groups: []string{"g"}, Query: "where does Alice live, Berlin?", Custom: r})
	if got := names(res, core.ScopeFacts); len(got) == 0 || got[0] != "f-lives" {
		t.Fatalf("Search(linear) = %v, want f-lives first", got)
	}
	// Best under both methods: 1 + 1.
	if got := res.Facts[0].Score; math.Abs(got-2) > 1e-12 {
		t.Errorf("Search(linear) top score = %v, want 2", got)
	}
	for i := 1; i < len(res.Facts); i++ {
		if res.Facts[i].Score > res.Facts[i-1].Score {
			t.Errorf("Search(linear) scores %v are not decreasing", scores(res, core.ScopeFacts))
		}
	}
}

// TestMMRDiversity stores four near-identical facts and two different
// ones: plain relevance takes the duplicates, MMR with λ < 1 spreads them.
func TestMMRDiversity(t *testing.T) {
	e := newEnv(t)
	g := e.graph("g")
	g.entity("alice", "Alice", "")
	g.entity("berlin", "Berlin", "")
	g.entity("acme", "Acme", "")
	g.entity("lyon", "Lyon", "")
	t0 := date(2024, 1, 1)
	g.episode("e1", "notes", t0)
	dups := []string{
		"Alice lives in Berlin",
		"Alice lives in Berlin, Germany",
		"Alice lives in Berlin now",
		"Alice now lives in Berlin",
	}
	for i, text := range dups {
		g.fact(fmt.Sprintf("dup%d", i), "alice", "LIVES_IN", "berlin", text, t0, t0, "e1")
	}
	g.fact("work", "alice", "WORKS_AT", "acme", "Alice works at Acme in Berlin", t0, t0, "e1")
	g.fact("born", "alice", "BORN_IN", "lyon", "Alice was born in Lyon and lived there", t0, t0, "e1")
	g.write()
	count := func(ids []string) int {
		n := 0
		for _, id := range ids {
			if strings.HasPrefix(id, "dup") {
				n++
			}
		}
		return n
	}
	tests := []struct {
		lambda float64
		want   int // duplicates among the top three
	}{
		{1, 3},
		{0.5, 1},
		{0.3, 1},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.lambda), func(t *testing.T) {
			r := only(core.ScopeFacts, retrieval.RerankMMR, 3, retrieval.MethodCosine, retrieval.MethodBM25)
			c := r.Scopes[core.ScopeFacts]
			c.MMRLambda = tt.lambda
			r.Scopes[core.ScopeFacts] = c
			res := e.search(t, retrieval.Request{Groups: []string{"g"}, Query: "where does Alice live", Custom: r})
			got := names(res, core.ScopeFacts)
			if len(got) != 3 || count(got) != tt.want {
				t.Errorf("Search(mmr λ=%v) = %v, want 3 results with %d near-duplicates", tt.lambda, got, tt.want)
			}
			if !strings.HasPrefix(got[0], "dup") {
				t.Errorf("Search(mmr λ=%v) = %v, want the most relevant first", tt.lambda, got)
			}
		})
	}
}

// chain writes ann - ben - cy - dee - eve, each fact mentioning "knows"
// more often the farther it is from Ann, so text relevance and distance
// disagree.
func chain(e *env, group string) *graph {
	g := e.graph(group)
	people := []string{"ann", "ben", "cy", "dee", "eve"}
	for i, p := range people {
		g.entity(p, strings.ToUpper(p[:1])+p[1:], strings.Repeat("knows ", i+1)+"people")
	}
	t0 := date(2024, 1, 1)
	g.episode("e1", "notes", t0)
	for i := range 4 {
		text := fmt.Sprintf("%s knows %s%s", people[i], people[i+1], strings.Repeat(" and knows", i))
		g.fact(fmt.Sprintf("f%d%d", i, i+1), people[i], "KNOWS", people[i+1], text, t0, t0, "e1")
	}
	g.write()
	return g
}

func TestNodeDistance(t *testing.T) {
	e := newEnv(t)
	g := chain(e, "g")
	tests := []struct {
		name    string
		sc      core.Scope
		maxHops int
		want    []string
		scores  []float64
	}{
		{"facts by the nearer endpoint", core.ScopeFacts, 3, []string{"f01", "f12", "f23", "f34"}, []float64{1, 1.0 / 2, 1.0 / 3, 1.0 / 4}},
		{"entities at 0 to 3 hops, then unreachable", core.ScopeEntities, 3, []string{"ann", "ben", "cy", "dee", "eve"}, []float64{1, 1.0 / 2, 1.0 / 3, 1.0 / 4, 0}},
		{"entities within 4 hops", core.ScopeEntities, 4, []string{"ann", "ben", "cy", "dee", "eve"}, []float64{1, 1.0 / 2, 1.0 / 3, 1.0 / 4, 1.0 / 5}},
		{"entities within 1 hop", core.ScopeEntities, 1, []string{"ann", "ben", "eve", "dee", "cy"}, []float64{1, 1.0 / 2, 0, 0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := only(tt.sc, retrieval.RerankNodeDistance, 10, retrieval.MethodBM25)
			c := r.Scopes[tt.sc]
			c.MaxHops = tt.maxHops
			r.Scopes[tt.sc] = c
			res := e.search(t, retrieval.Request{Groups: []string{"g"}, Query: "knows", Center: g.id("ann"), Custom: r})
			if got := names(res, tt.sc); !cmp.Equal(got, tt.want) {
				t.Errorf("Search(node_distance from ann, %d hops) = %v, want %v", tt.maxHops, got, tt.want)
			}
			if got := scores(res, tt.sc); !cmp.Equal(got, tt.scores, cmpopts.EquateApprox(0, 1e-12)) {
				t.Errorf("Search(node_distance from ann, %d hops) scores = %v, want %v", tt.maxHops, got, tt.scores)
			}
		})
	}
	// Without node distance, BM25 puts the farthest first.
	res := e.search(t, retrieval.Request{Groups: []string{"g"}, Query: "knows", Custom: only(core.ScopeFacts, retrieval.RerankRRF, 1, retrieval.MethodBM25)})
	if got := names(res, core.ScopeFacts); !cmp.Equal(got, []string{"f34"}) {
		t.Errorf("Search(rrf) = %v, want [f34]", got)
	}
}

func TestEpisodeMentions(t *testing.T) {
	e := newEnv(t)
	g := e.graph("g")
	t0 := date(2024, 1, 1)
	g.entity("alice", "Alice", "likes jazz jazz jazz")
	g.entity("bob", "Bob", "likes jazz jazz")
	g.entity("carol", "Carol", "likes jazz")
	g.entity("club", "Jazz club", "")
	g.episode("e1", "one", t0, "alice", "bob", "carol")
	g.episode("e2", "two", t0.Add(1), "bob", "carol")
	g.episode("e3", "three", t0.Add(2), "carol")
	g.fact("fa", "alice", "LIKES", "club", "Alice likes jazz jazz jazz", t0, t0, "e1")
	g.fact("fb", "bob", "LIKES", "club", "Bob likes jazz jazz", t0, t0, "e1", "e2")
	g.fact("fc", "carol", "LIKES", "club", "Carol likes jazz", t0, t0, "e1", "e2", "e3")
	g.write()
	tests := []struct {
		sc     core.Scope
		want   []string
		scores []float64
	}{
		{core.ScopeFacts, []string{"fc", "fb", "fa"}, []float64{3, 2, 1}},
		{core.ScopeEntities, []string{"carol", "bob", "alice"}, []float64{3, 2, 1}},
	}
	for _, tt := range tests {
		t.Run(string(tt.sc), func(t *testing.T) {
			res := e.search(t, retrieval.Request{Groups: []string{"g"}, Query: "likes jazz", Custom: only(tt.sc, retrieval.RerankEpisodeMentions, 3, retrieval.MethodBM25)})
			if got := names(res, tt.sc); !cmp.Equal(got, tt.want) {
				t.Errorf("Search(episode_mentions) %s = %v, want %v", tt.sc, got, tt.want)
			}
			if got := scores(res, tt.sc); !cmp.Equal(got, tt.scores) {
				t.Errorf("Search(episode_mentions) %s scores = %v, want %v", tt.sc, got, tt.scores)
			}
		})
	}
}

func TestMinScoreAndLimit(t *testing.T) {
	e := newEnv(t)
	chain(e, "g")
	r := only(core.ScopeEntities, retrieval.RerankNodeDistance, 10, retrieval.MethodBM25)
	c := r.Scopes[core.ScopeEntities]
	c.MinScore = 0.3  // keeps 0, 1 and 2 hops
	c.Candidates = 10 // so that a smaller limit still reranks all five
	r.Scopes[core.ScopeEntities] = c
	res := e.search(t, retrieval.Request{Groups: []string{"g"}, Query: "knows", Center: "g-ann", Custom: r})
	if got, want := names(res, core.ScopeEntities), []string{"ann", "ben", "cy"}; !cmp.Equal(got, want) {
		t.Errorf("Search(min score 0.3) = %v, want %v", got, want)
	}
	res = e.search(t, retrieval.Request{Groups: []string{"g"}, Query: "knows", Center: "g-ann", Custom: r, Limit: 2})
	if got, want := names(res, core.ScopeEntities), []string{"ann", "ben"}; !cmp.Equal(got, want) {
		t.Errorf("Search(limit 2) = %v, want %v", got, want)
	}
}
