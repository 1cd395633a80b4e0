package retrievaltest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/retrieval"
)

// TestMethods runs each search method alone on each scope of the people
// graph and checks the known best answers.
func TestMethods(t *testing.T) {
	e := newEnv(t)
	g := e.people("g")
	tests := []struct {
		name   string
		sc     core.Scope
		method string
		query  string
		seeds  []string
		depth  int
		limit  int
		want   []string // a prefix of the results
		all    bool     // want is all the results
	}{
		{name: "cosine facts", sc: core.ScopeFacts, method: retrieval.MethodCosine, query: "where does Alice live", limit: 3, want: []string{"f-lives"}},
		{name: "bm25 facts", sc: core.ScopeFacts, method: retrieval.MethodBM25, query: "tennis", limit: 5, want: []string{"f-tennis"}, all: true},
		{name: "bfs facts, 1 hop", sc: core.ScopeFacts, method: retrieval.MethodBFS, seeds: []string{"dan"}, depth: 1, limit: 10, want: []string{"f-tennis"}, all: true},
		{name: "bfs facts, 2 hops", sc: core.ScopeFacts, method: retrieval.MethodBFS, seeds: []string{"dan"}, depth: 2, limit: 10, want: []string{"f-tennis", "f-married"}, all: true},
		{name: "cosine entities", sc: core.ScopeEntities, method: retrieval.MethodCosine, query: "Acme Corp", limit: 3, want: []string{"acme"}},
		{name: "bm25 entities on summary", sc: core.ScopeEntities, method: retrieval.MethodBM25, query: "chef", limit: 5, want: []string{"bob"}, all: true},
		{name: "bfs entities, 2 hops", sc: core.ScopeEntities, method: retrieval.MethodBFS, seeds: []string{"dan"}, depth: 2, limit: 10, want: []string{"carol", "bob"}, all: true},
		{name: "cosine episodes", sc: core.ScopeEpisodes, method: retrieval.MethodCosine, query: "started building robots at Acme", limit: 2, want: []string{"e1"}},
		{name: "bm25 episodes", sc: core.ScopeEpisodes, method: retrieval.MethodBM25, query: "tennis Sunday", limit: 5, want: []string{"e3"}, all: true},
		{name: "bfs episodes from an episode seed", sc: core.ScopeEpisodes, method: retrieval.MethodBFS, seeds: []string{"e3"}, depth: 1, limit: 10, want: []string{"e3", "e4"}, all: true},
		{name: "cosine communities", sc: core.ScopeCommunities, method: retrieval.MethodCosine, query: "robotics at Acme", limit: 1, want: []string{"c-robots"}, all: true},
		{name: "bm25 communities", sc: core.ScopeCommunities, method: retrieval.MethodBM25, query: "tennis", limit: 5, want: []string{"c-tennis"}, all: true},
		{name: "bfs communities", sc: core.ScopeCommunities, method: retrieval.MethodBFS, seeds: []string{"dan"}, depth: 1, limit: 5, want: []string{"c-tennis"}, all: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := only(tt.sc, retrieval.RerankRRF, tt.limit, tt.method)
			c := r.Scopes[tt.sc]
			c.BFSDepth = tt.depth
			r.Scopes[tt.sc] = c
			res := e.search(t, retrieval.Request{Groups: []string{"g"}, Query: tt.query, Seeds: g.ids(tt.seeds...), Custom: r})
			got := names(res, tt.sc)
			if !tt.all && len(got) > len(tt.want) {
				got = got[:len(tt.want)]
			}
			if !cmp.Equal(got, tt.want) {
				t.Errorf("Search(%s %s %q) = %v, want %v", tt.sc, tt.method, tt.query, got, tt.want)
			}
		})
	}
}

// TestBFSSeeding checks where BFS starts without seeds: from the scope's
// other results, or else from the group's latest episodes.
func TestBFSSeeding(t *testing.T) {
	e := newEnv(t)
	e.people("g")
	// BM25 finds only Dan's fact; BFS from its endpoints reaches Carol's
	// in one hop, Bob's in two.
	for depth, want := range map[int][]string{1: {"f-tennis", "f-married"}, 2: {"f-tennis", "f-married", "f-cook", "f-sibling"}} {
		r := only(core.ScopeFacts, retrieval.RerankRRF, 10, retrieval.MethodBM25, retrieval.MethodBFS)
		c := r.Scopes[core.ScopeFacts]
		c.BFSDepth = depth
		r.Scopes[core.ScopeFacts] = c
		res := e.search(t, retrieval.Request{Groups: []string{"g"}, Query: "tennis", Custom: r})
		if got := names(res, core.ScopeFacts); !cmp.Equal(got, want) {
			t.Errorf("BM25+BFS(depth %d) facts for %q = %v, want %v", depth, "tennis", got, want)
		}
	}
	// BFS alone starts from the latest episodes: with RecentEpisodes 1,
	// e4 (Bob, the bistro, Carol) is the seed.
	e2 := newEnv(t, func(o *engine.Options) { o.Search.RecentEpisodes = 1 })
	e2.people("g")
	res := e2.search(t, retrieval.Request{Groups: []string{"g"}, Query: "anything", Custom: only(core.ScopeEntities, retrieval.RerankRRF, 10, retrieval.MethodBFS)})
	got := names(res, core.ScopeEntities)
	want := []string{"bistro", "bob", "carol"} // 1 hop from the episode
	if len(got) < 3 || !cmp.Equal(got[:3], want) {
		t.Errorf("BFS from the latest episode = %v, want %v first", got, want)
	}
}

// TestBFSFromNamedEntities checks that BFS starts from the entities the
// query names, whatever its other methods found: "Dan's" names Dan, "acme
// corp" names Acme Corp (case aside), "robots" names nobody.
func TestBFSFromNamedEntities(t *testing.T) {
	e := newEnv(t, func(o *engine.Options) { o.Search.RecentEpisodes = 1 })
	e.people("g")
	tests := []struct {
		sc    core.Scope
		query string
		want  []string
	}{
		// One hop from Dan: his one fact, the one episode that mentions him.
		{core.ScopeFacts, "What does Dan's week look like?", []string{"f-tennis"}},
		{core.ScopeEpisodes, "What does Dan's week look like?", []string{"e3"}},
		{core.ScopeFacts, "who is at acme corp", []string{"f-works"}},
		// Nobody named: BFS starts from the latest episode, e4 (Bob, the
		// bistro, Carol), as TestBFSSeeding checks.
		{core.ScopeFacts, "robots", []string{"f-cook", "f-married", "f-sibling", "f-tennis"}},
	}
	for _, tt := range tests {
		r := only(tt.sc, retrieval.RerankRRF, 10, retrieval.MethodBFS)
		c := r.Scopes[tt.sc]
		c.BFSDepth = 1
		r.Scopes[tt.sc] = c
		res := e.search(t, retrieval.Request{Groups: []string{"g"}, Query: tt.query, Custom: r})
		got := names(res, tt.sc)
		slices.Sort(got)
		if !cmp.Equal(got, tt.want) {
			t.Errorf("BFS %s for %q = %v, want %v", tt.sc, tt.query, got, tt.want)
		}
	}
}

// TestSearchErrors checks the errors a bad request gets.
func TestSearchErrors(t *testing.T) {
	e := newEnv(t)
	e.people("g")
	e.people("other")
	tests := []struct {
		name string
		req  retrieval.Request
		want error
	}{
		{"no group", retrieval.Request{Query: "x"}, core.ErrInvalid},
		{"bad group", retrieval.Request{Groups: []string{"a b"}, Query: "x"}, core.ErrInvalid},
		{"unknown reranker", retrieval.Request{Groups: []string{"g"}, Query: "x", Reranker: "magic"}, core.ErrInvalid},
		{"unknown recipe", retrieval.Request{Groups: []string{"g"}, Query: "x", Recipe: "magic"}, core.ErrInvalid},
		{"empty query", retrieval.Request{Groups: []string{"g"}}, core.ErrInvalid},
		{"node distance without centre", retrieval.Request{Groups: []string{"g"}, Query: "x", Recipe: "node_distance"}, core.ErrInvalid},
		{"centre of another group", retrieval.Request{Groups: []string{"g"}, Query: "Alice", Recipe: "node_distance", Center: "other-alice"}, core.ErrNotFound},
		{"time field the scope lacks", retrieval.Request{Groups: []string{"g"}, Query: "x", Recipe: "facts", Filter: core.Filter{Time: [][]core.TimeCondition{{{Field: "born_at", Op: core.OpIsNull}}}}}, core.ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := e.eng.Search(context.Background(), tt.req)
			if !errors.Is(err, tt.want) {
				t.Errorf("Search(%+v) error = %v, want %v", tt.req, err, tt.want)
			}
		})
	}
}

// TestWhen checks that the default recipe favours what happened in the
// period a query names (retrieval.FeatureWhen), read relative to the engine's
// clock or to the filter's KnownAt, and that without that ranking the
// better match for the words alone would come first.
func TestWhen(t *testing.T) {
	e := newEnv(t)
	g := e.graph("g")
	// now is 2024-06-01 12:00: ten days ago is 22 May.
	g.episode("blender", "I got a new kitchen gadget, a blender. The best kitchen gadget I own, this kitchen gadget.", date(2024, 4, 20))
	g.episode("toaster", "I got a toaster, a kitchen gadget for breakfast.", date(2024, 5, 1))
	g.episode("fryer", "Yesterday I got an air fryer, a handy kitchen gadget.", date(2024, 5, 22))
	g.episode("hike", "I went hiking with Sam on the ridge trail.", date(2024, 5, 22))
	g.episode("light", "The kitchen light flickers again.", date(2024, 3, 2))
	g.episode("job", "Sam got a new job at the bakery.", date(2024, 3, 9))
	g.episode("gift", "My sister turns forty in March.", date(2024, 2, 11))
	g.write()
	const q = "Which kitchen gadget did I get 10 days ago?"
	tests := []struct {
		name   string
		custom *retrieval.Recipe
		query  string
		known  time.Time
		want   string
	}{
		{name: "default recipe", query: q, want: "fryer"},
		{name: "without the period's ranking", custom: without(retrieval.FeatureWhen), query: q, want: "blender"},
		{name: "no period named", query: "Which kitchen gadget did I get?", want: "blender"},
		// Asked on 11 May, as mnemo knew it then: ten days before is 1 May.
		{name: "asked in the past", query: q, known: time.Date(2024, 5, 11, 12, 0, 0, 0, time.UTC), want: "toaster"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := retrieval.Request{Groups: []string{"g"}, Query: tt.query, Scopes: []core.Scope{core.ScopeEpisodes}, Custom: tt.custom}
			req.Filter.KnownAt = tt.known
			got := names(e.search(t, req), core.ScopeEpisodes)
			if len(got) == 0 || got[0] != tt.want {
				t.Errorf("Search(%q) episodes = %v, want %s first", tt.query, got, tt.want)
			}
		})
	}
}

// without returns the default recipe without the given rankings.
func without(rankings ...string) *retrieval.Recipe {
	r := retrieval.BuiltinRecipes()["default"].Without(rankings...)
	return &r
}

// TestExpansion checks that the default recipe finds an episode that
// shares no word with the query but names what its best hit names
// (retrieval.FeatureExpansion), and that without the expansion the episodes
// that share the query's words alone fill the results.
func TestExpansion(t *testing.T) {
	e := newEnv(t)
	g := e.graph("g")
	at := date(2024, 5, 1)
	g.episode("visit", "I had a doctor visit with Dr. Okafor, my dermatologist, about the rash on my arm.", at)
	g.episode("cream", "My dermatologist, Dr. Okafor, switched my rash cream to a stronger one.", at.Add(time.Hour))
	for i, text := range []string{
		"Doctors say a yearly visit helps.",
		"The museum visit was crowded.",
		"We planned a visit to the coast.",
		"Her visit to the doctors went fine.",
		"A visit from the plumber fixed the sink.",
		"The bakery sells rye bread.",
	} {
		g.episode(fmt.Sprintf("other%d", i), text, at.Add(time.Duration(i+2)*time.Hour))
	}
	g.write()
	const q = "How many doctors did I visit?"
	for _, tt := range []struct {
		name   string
		custom *retrieval.Recipe
		found  bool
	}{
		{name: "default recipe", found: true},
		{name: "without expansion", custom: without(retrieval.FeatureExpansion), found: false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := names(e.search(t, retrieval.Request{Groups: []string{"g"}, Query: q, Scopes: []core.Scope{core.ScopeEpisodes}, Custom: tt.custom}), core.ScopeEpisodes)
			if tt.found && (len(got) == 0 || got[0] != "visit") {
				t.Errorf("Search(%q) episodes = %v, want visit first", q, got)
			}
			if slices.Contains(got, "cream") != tt.found {
				t.Errorf("Search(%q) episodes = %v, want cream among them: %v", q, got, tt.found)
			}
		})
	}
}

// TestPersonal checks that a question in the first person is answered
// first by what the asker said of themselves (retrieval.FeaturePersonal), and
// that a question not in the first person, or the recipe without that
// ranking, puts the better match for the words first.
func TestPersonal(t *testing.T) {
	e := newEnv(t)
	g := e.graph("g")
	at := date(2024, 5, 1)
	g.episode("guide", "How to bake bread: sourdough bread wants a starter; bake the bread in a hot oven.", at)
	g.episode("mine", "I baked a rye bread for my sister on Sunday.", at.Add(time.Hour))
	g.episode("other", "The plumber fixed the sink.", at.Add(2*time.Hour))
	g.write()
	for _, tt := range []struct {
		name, query string
		custom      *retrieval.Recipe
		want        string
	}{
		{name: "default recipe", query: "Which bread did I bake?", want: "mine"},
		{name: "without the ranking", query: "Which bread did I bake?", custom: without(retrieval.FeaturePersonal, retrieval.FeatureExpansion), want: "guide"},
		{name: "not in the first person", query: "Which bread should one bake?", want: "guide"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := names(e.search(t, retrieval.Request{Groups: []string{"g"}, Query: tt.query, Scopes: []core.Scope{core.ScopeEpisodes}, Custom: tt.custom}), core.ScopeEpisodes)
			if len(got) == 0 || got[0] != tt.want {
				t.Errorf("Search(%q) episodes = %v, want %s first", tt.query, got, tt.want)
			}
		})
	}
}
