package kuzu_test

import (
	"context"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

func uuids(hits []core.Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.UUID
	}
	return out
}

// checkRanking compares the uuids of a search with the exact answer want:
// in order on the exact path; on the index path, which is approximate, as
// recall (at least all but one of want).
func checkRanking(t *testing.T, what string, exact bool, hits []core.Hit, want []string) {
	t.Helper()
	got := uuids(hits)
	if exact {
		if !cmp.Equal(got, want) {
			t.Errorf("%s = %v, want %v", what, got, want)
		}
		return
	}
	have := map[string]bool{}
	for _, id := range got {
		have[id] = true
	}
	n := 0
	for _, id := range want {
		if have[id] {
			n++
		}
	}
	if n < len(want)-1 {
		t.Errorf("%s = %v: %d of the exact %v, want %d or more", what, got, n, want, len(want)-1)
	}
}

func TestVectorAndTextSearch(t *testing.T) {
	ctx := context.Background()
	s := kuzutest.MustOpen(t)
	seed(t, s, "g1")
	g := []string{"g1"}
	tests := []struct {
		name string
		q    core.SearchQuery
		text bool
		want []string
	}{
		{"cosine entities", core.SearchQuery{Scope: core.ScopeEntities, Vector: axis(4, 0.1), Limit: 1}, false, []string{"g1-paris"}},
		{"cosine facts ordered", core.SearchQuery{Scope: core.ScopeFacts, Vector: axis(10, 0.3), Limit: 2}, false, []string{"g1-f2", "g1-f3"}},
		{"cosine min score", core.SearchQuery{Scope: core.ScopeFacts, Vector: axis(10, 0.3), Limit: 5, MinScore: 0.5}, false, []string{"g1-f2"}},
		{"bm25 facts", core.SearchQuery{Scope: core.ScopeFacts, Text: "Paris", Limit: 5}, true, []string{"g1-f2"}},
		{"bm25 entities on summary", core.SearchQuery{Scope: core.ScopeEntities, Text: "acme summary", Limit: 1}, true, []string{"g1-acme"}},
		{"bm25 episodes", core.SearchQuery{Scope: core.ScopeEpisodes, Text: "friends years", Limit: 5}, true, []string{"g1-e2"}},
		{"bm25 no match", core.SearchQuery{Scope: core.ScopeFacts, Text: "zeppelin", Limit: 5}, true, []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.q.Groups = g
			var hits []core.Hit
			var err error
			if tt.text {
				hits, err = s.TextSearch(ctx, tt.q)
			} else {
				hits, err = s.VectorSearch(ctx, tt.q)
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := uuids(hits); !cmp.Equal(got, tt.want) {
				t.Errorf("search = %v, want %v", got, tt.want)
			}
		})
	}
}

// searchPaths are the two ways a vector search can go: an exact scan of
// the group's vectors, or the HNSW index (built from the first vector)
// with over-fetching.
var searchPaths = []struct {
	name         string
	exact, index int
}{
	{"exact path", 0, 0},
	{"index path", 1, 1},
}

// TestGroupIsolation fills group "big" with vectors and texts nearer to
// the query than anything of group "small", then checks that searches of
// "small" still return its own best results, through the exact path and
// through the index path with over-fetching.
func TestGroupIsolation(t *testing.T) {
	for _, tc := range searchPaths {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			s := kuzutest.MustOpen(t, kuzu.Options{ExactSearchBelow: tc.exact, VectorIndexAt: tc.index})
			write := func(g string, n int, tilt float64) {
				var eps []core.Episode
				var ents []core.Entity
				var facts []core.Fact
				for i := range n {
					e := ep(g, fmt.Sprintf("%s-e%d", g, i), fmt.Sprintf("Zelda met the ferryman number %d", i), t0)
					e.Embedding = axis(0, tilt+float64(i)*0.001)
					eps = append(eps, e)
					a := ent(g, fmt.Sprintf("%s-a%d", g, i), fmt.Sprintf("Zelda %d", i))
					a.NameEmbedding = axis(0, tilt+float64(i)*0.001)
					b := ent(g, fmt.Sprintf("%s-b%d", g, i), fmt.Sprintf("Ferryman %d", i))
					ents = append(ents, a, b)
					f := fact(g, fmt.Sprintf("%s-f%d", g, i), a.UUID, "MET", b.UUID, fmt.Sprintf("Zelda met the ferryman %d", i), e.UUID)
					f.Embedding = axis(0, tilt+float64(i)*0.001)
					facts = append(facts, f)
				}
				if _, err := s.AddEpisodes(ctx, eps); err != nil {
					t.Fatal(err)
				}
				if err := s.Apply(ctx, core.Change{Entities: ents, Facts: facts}); err != nil {
					t.Fatal(err)
				}
			}
			write("big", 60, 0)     // closest to the query
			write("small", 20, 0.5) // farther
			write("tiny", 1, 0.02)  // a third group, also close
			for _, sc := range []core.Scope{core.ScopeFacts, core.ScopeEntities, core.ScopeEpisodes} {
				q := core.SearchQuery{Scope: sc, Groups: []string{"small"}, Vector: axis(0, 0), Text: "Zelda ferryman", Limit: 5}
				vh, err := s.VectorSearch(ctx, q)
				if err != nil {
					t.Fatal(err)
				}
				th, err := s.TextSearch(ctx, q)
				if err != nil {
					t.Fatal(err)
				}
				for name, hits := range map[string][]core.Hit{"vector": vh, "text": th} {
					if len(hits) != 5 {
						t.Errorf("%s %s search of small: %d hits, want 5 (top-k lost to other groups)", sc, name, len(hits))
					}
					for _, h := range hits {
						if got := h.UUID[:6]; got != "small-" {
							t.Errorf("%s %s search of small returned %s", sc, name, h.UUID)
						}
					}
				}
				if sc != core.ScopeEpisodes {
					// The closest of small are its first items, in order.
					prefix := map[core.Scope]string{core.ScopeFacts: "small-f", core.ScopeEntities: "small-a"}[sc]
					want := []string{prefix + "0", prefix + "1", prefix + "2", prefix + "3", prefix + "4"}
					checkRanking(t, string(sc)+" vector search of small", tc.exact == 0, vh, want)
				}
			}
			// Two groups together see both, and nothing of the third.
			hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{"small", "tiny"}, Vector: axis(0, 0), Limit: 3})
			if err != nil {
				t.Fatal(err)
			}
			checkRanking(t, "two-group search", tc.exact == 0, hits, []string{"tiny-f0", "small-f0", "small-f1"})
			// Reads by uuid return only the groups' own objects.
			facts, err := s.Facts(ctx, []string{"small"}, []string{"big-f0", "small-f0", "tiny-f0"}, core.GetOptions{Embeddings: true})
			if err != nil || len(facts) != 1 || facts[0].UUID != "small-f0" {
				t.Errorf("Facts of small by uuid = %v, %v; want small-f0 alone", facts, err)
			}
			ents, err := s.Entities(ctx, []string{"small"}, []string{"big-a0", "small-a0", "tiny-b0"}, core.GetOptions{})
			if err != nil || len(ents) != 1 || ents[0].UUID != "small-a0" {
				t.Errorf("Entities of small by uuid = %v, %v; want small-a0 alone", ents, err)
			}
			if names, err := s.EntityNames(ctx, []string{"small"}, []string{"big-a0", "small-a0"}); err != nil || len(names) != 1 {
				t.Errorf("EntityNames of small = %v, %v; want small-a0's alone", names, err)
			}
			// Traversal from a seed of another group finds nothing.
			th, err := s.Traverse(ctx, core.TraverseQuery{Scope: core.ScopeEntities, Groups: []string{"small"}, Seeds: []string{"big-a0"}, Depth: 2})
			if err != nil || len(th) != 0 {
				t.Errorf("Traverse from another group's seed = %v, %v; want nothing", th, err)
			}
		})
	}
}

// chain writes a path a0 - a1 - a2 - a3 - a4 of KNOWS facts in group g and
// an episode mentioning a0.
func chain(t *testing.T, s *kuzu.Store, g string) {
	t.Helper()
	ctx := context.Background()
	if _, err := s.AddEpisodes(ctx, []core.Episode{ep(g, g+"-e", "a0 and friends", t0)}); err != nil {
		t.Fatal(err)
	}
	var ents []core.Entity
	var facts []core.Fact
	for i := range 5 {
		ents = append(ents, ent(g, fmt.Sprintf("%s-a%d", g, i), fmt.Sprintf("Person %d", i), "Person"))
		if i > 0 {
			facts = append(facts, fact(g, fmt.Sprintf("%s-f%d", g, i), fmt.Sprintf("%s-a%d", g, i-1), "KNOWS", fmt.Sprintf("%s-a%d", g, i), "knows", g+"-e"))
		}
	}
	if err := s.Apply(ctx, core.Change{Entities: ents, Facts: facts, Mentions: []core.Mention{{Episode: g + "-e", Entity: g + "-a0"}}}); err != nil {
		t.Fatal(err)
	}
}

func TestTraverseAndDistances(t *testing.T) {
	ctx := context.Background()
	s := kuzutest.MustOpen(t)
	chain(t, s, "g1")
	chain(t, s, "g2")
	g := []string{"g1"}
	dist := func(hits []core.Hit) map[string]int {
		m := map[string]int{}
		for _, h := range hits {
			m[h.UUID] = h.Distance
		}
		return m
	}
	tests := []struct {
		name string
		q    core.TraverseQuery
		want map[string]int
	}{
		{"entities 1 hop", core.TraverseQuery{Scope: core.ScopeEntities, Seeds: []string{"g1-a0"}, Depth: 1}, map[string]int{"g1-a1": 1}},
		{"entities 3 hops", core.TraverseQuery{Scope: core.ScopeEntities, Seeds: []string{"g1-a0"}, Depth: 3}, map[string]int{"g1-a1": 1, "g1-a2": 2, "g1-a3": 3}},
		{"facts 2 hops", core.TraverseQuery{Scope: core.ScopeFacts, Seeds: []string{"g1-a0"}, Depth: 2}, map[string]int{"g1-f1": 1, "g1-f2": 2}},
		{"episode seed", core.TraverseQuery{Scope: core.ScopeEntities, Seeds: []string{"g1-e"}, Depth: 1}, map[string]int{"g1-a0": 1, "g1-a1": 2}},
		{"episodes scope", core.TraverseQuery{Scope: core.ScopeEpisodes, Seeds: []string{"g1-a1"}, Depth: 2}, map[string]int{"g1-e": 2}},
		{"two seeds take the nearer", core.TraverseQuery{Scope: core.ScopeEntities, Seeds: []string{"g1-a0", "g1-a4"}, Depth: 1}, map[string]int{"g1-a1": 1, "g1-a3": 1}},
		{"facts with an endpoint label", core.TraverseQuery{Scope: core.ScopeFacts, Seeds: []string{"g1-a0"}, Depth: 2, Filter: core.Filter{Labels: []string{"Person"}}}, map[string]int{"g1-f1": 1, "g1-f2": 2}},
		{"facts with a label no endpoint has", core.TraverseQuery{Scope: core.ScopeFacts, Seeds: []string{"g1-a0"}, Depth: 2, Filter: core.Filter{Labels: []string{"City"}}}, map[string]int{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.q.Groups = g
			tt.q.Limit = 50
			hits, err := s.Traverse(ctx, tt.q)
			if err != nil {
				t.Fatal(err)
			}
			if got := dist(hits); !cmp.Equal(got, tt.want) {
				t.Errorf("Traverse = %v, want %v", got, tt.want)
			}
		})
	}
	d, err := s.Distances(ctx, g, "g1-a0", []string{"g1-a0", "g1-a1", "g1-a2", "g1-a3", "g1-a4", "g2-a1"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]int{"g1-a0": 0, "g1-a1": 1, "g1-a2": 2, "g1-a3": 3}; !cmp.Equal(d, want) {
		t.Errorf("Distances = %v, want %v", d, want)
	}
}

// TestFiltersAndTimeTravel checks every filter on ListFacts, and checks
// that cosine and BM25 searches keep exactly the facts ListFacts keeps,
// both when Kuzu decides the filter and when the store's catalog does
// (index path, "valid now" and history).
func TestFiltersAndTimeTravel(t *testing.T) {
	for _, tc := range searchPaths {
		t.Run(tc.name, func(t *testing.T) {
			filtersAndTimeTravel(t, kuzutest.MustOpen(t, kuzu.Options{ExactSearchBelow: tc.exact, VectorIndexAt: tc.index}))
		})
	}
}

func filtersAndTimeTravel(t *testing.T, s *kuzu.Store) {
	ctx := context.Background()
	g := "g1"
	jun := time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC)
	jan, mar, may, jul := time.Date(2024, 1, 10, 0, 0, 0, 0, time.UTC), time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC), time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC), time.Date(2024, 7, 1, 0, 0, 0, 0, time.UTC)
	if _, err := s.AddEpisodes(ctx, []core.Episode{ep(g, "e1", "Alice lives in Paris", jan), ep(g, "e2", "Alice moved to Berlin", may)}); err != nil {
		t.Fatal(err)
	}
	ents := []core.Entity{ent(g, "alice", "Alice", "Person"), ent(g, "paris", "Paris", "City"), ent(g, "berlin", "Berlin", "City")}
	// Learned in January: Alice lives in Paris since 2020.
	paris := fact(g, "f-paris", "alice", "LIVES_IN", "paris", "Alice lives in Paris", "e1")
	paris.ValidAt, paris.CreatedAt = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC), jan
	// Learned in May: she moved to Berlin in April, which retired Paris.
	berlin := fact(g, "f-berlin", "alice", "LIVES_IN", "berlin", "Alice lives in Berlin", "e2")
	berlin.ValidAt, berlin.CreatedAt = time.Date(2024, 4, 15, 0, 0, 0, 0, time.UTC), may
	retired := paris
	retired.InvalidAt, retired.ExpiredAt, retired.InvalidatedBy = berlin.ValidAt, may, "f-berlin"
	likes := fact(g, "f-likes", "alice", "LIKES", "berlin", "Alice likes Berlin", "e2")
	likes.ValidAt, likes.CreatedAt = may, may
	// Learned in May too: she rents a flat in Paris until mid-June.
	lease := fact(g, "f-lease", "alice", "RENTS", "paris", "Alice rents a flat in Paris", "e2")
	lease.ValidAt, lease.InvalidAt, lease.CreatedAt = may, time.Date(2024, 6, 15, 0, 0, 0, 0, time.UTC), may
	for i, f := range []*core.Fact{&paris, &berlin, &likes, &lease} {
		f.Embedding = axis(0, 0.1*float64(i))
	}
	retired.Embedding = nil
	if err := s.Apply(ctx, core.Change{Entities: ents, Facts: []core.Fact{paris}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(ctx, core.Change{Facts: []core.Fact{berlin, retired, likes, lease}}); err != nil {
		t.Fatal(err)
	}
	list := func(t *testing.T, f core.Filter) []string {
		t.Helper()
		p, err := s.ListFacts(ctx, g, core.ListOptions{Filter: f})
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, x := range p.Items {
			ids = append(ids, x.UUID)
		}
		sort.Strings(ids)
		return ids
	}
	tests := []struct {
		name string
		f    core.Filter
		want []string
	}{
		{"valid now (default)", core.Filter{Now: jul}, []string{"f-berlin", "f-likes"}},
		{"valid now, before the lease ends", core.Filter{Now: jun}, []string{"f-berlin", "f-lease", "f-likes"}},
		{"not retired, whatever the end", core.Filter{}, []string{"f-berlin", "f-lease", "f-likes"}},
		{"history", core.Filter{IncludeInvalid: true}, []string{"f-berlin", "f-lease", "f-likes", "f-paris"}},
		{"as of event time February", core.Filter{ValidAt: time.Date(2024, 2, 1, 0, 0, 0, 0, time.UTC)}, []string{"f-paris"}},
		{"as of event time June", core.Filter{ValidAt: jun}, []string{"f-berlin", "f-lease", "f-likes"}},
		{"known in March", core.Filter{KnownAt: mar}, []string{"f-paris"}},
		{"known in March about June: still Paris", core.Filter{KnownAt: mar, ValidAt: time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC)}, []string{"f-paris"}},
		{"known in July about January: Paris", core.Filter{KnownAt: jul, ValidAt: jan}, []string{"f-paris"}},
		{"known in December 2023: nothing", core.Filter{KnownAt: time.Date(2023, 12, 1, 0, 0, 0, 0, time.UTC)}, nil},
		{"relation", core.Filter{Now: jul, Relations: []string{"LIKES"}}, []string{"f-likes"}},
		{"labels of an endpoint", core.Filter{IncludeInvalid: true, Labels: []string{"City"}}, []string{"f-berlin", "f-lease", "f-likes", "f-paris"}},
		{"labels nobody has", core.Filter{IncludeInvalid: true, Labels: []string{"Pet"}}, nil},
		{"time OR groups", core.Filter{IncludeInvalid: true, Time: [][]core.TimeCondition{
			{{Field: core.FieldInvalidAt, Op: core.OpNotNull}},
			{{Field: core.FieldValidAt, Op: core.OpGe, Value: may}, {Field: core.FieldExpiredAt, Op: core.OpIsNull}},
		}}, []string{"f-lease", "f-likes", "f-paris"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := list(t, tt.f); !cmp.Equal(got, tt.want) {
				t.Errorf("ListFacts(%+v) = %v, want %v", tt.f, got, tt.want)
			}
			q := core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{g}, Vector: axis(0, 0.05), Text: "Alice", Limit: 10, Filter: tt.f}
			for _, search := range []struct {
				name string
				f    func(context.Context, core.SearchQuery) ([]core.Hit, error)
			}{{"VectorSearch", s.VectorSearch}, {"TextSearch", s.TextSearch}} {
				hits, err := search.f(ctx, q)
				if err != nil {
					t.Fatal(err)
				}
				got := uuids(hits)
				sort.Strings(got)
				if len(got) == 0 {
					got = nil
				}
				if !cmp.Equal(got, tt.want) {
					t.Errorf("%s = %v, want %v", search.name, got, tt.want)
				}
			}
		})
	}
	// Search applies the same filter before its cut.
	hits, err := s.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{g}, Text: "Alice lives Paris Berlin", Limit: 10, Filter: core.Filter{Now: jul}})
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hits {
		if h.UUID == "f-paris" {
			t.Errorf("TextSearch valid now returned the retired fact f-paris")
		}
	}
	if _, err := s.ListFacts(ctx, g, core.ListOptions{Filter: core.Filter{Time: [][]core.TimeCondition{{{Field: "colour", Op: core.OpEq, Value: jul}}}}}); err == nil {
		t.Errorf("unknown time field: want an error")
	}
}

// TestVectorIndexLifecycle: no index below VectorIndexAt; the write that
// crosses it builds the index; a search through it finds the exact best;
// a store opened with VectorIndexAt < 0 builds none until
// BuildVectorIndexes.
func TestVectorIndexLifecycle(t *testing.T) {
	ctx := context.Background()
	s := kuzutest.MustOpen(t, kuzu.Options{VectorIndexAt: 40, ExactSearchBelow: 1})
	q := core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{"g"}, Vector: axis(0, 0.01), Limit: 3}
	write := func(from, n int) {
		var ents []core.Entity
		var facts []core.Fact
		for i := from; i < from+n; i++ {
			a, b := ent("g", fmt.Sprintf("a%d", i), fmt.Sprintf("A %d", i)), ent("g", fmt.Sprintf("b%d", i), fmt.Sprintf("B %d", i))
			f := fact("g", fmt.Sprintf("f%03d", i), a.UUID, "R", b.UUID, fmt.Sprintf("fact %d", i))
			f.Embedding = axis(i%kuzutest.Dimension, float64(i)/1000)
			ents, facts = append(ents, a, b), append(facts, f)
		}
		if err := s.Apply(ctx, core.Change{Entities: ents, Facts: facts}); err != nil {
			t.Fatal(err)
		}
	}
	indexes := func() int {
		t.Helper()
		n := 0
		for _, sc := range core.Scopes {
			if kuzu.HasIndexForTest(s, sc) {
				n++
			}
		}
		return n
	}
	write(0, 30)
	if n := indexes(); n != 0 {
		t.Errorf("indexes below the threshold = %d, want 0", n)
	}
	before, err := s.VectorSearch(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	write(30, 20)
	if !kuzu.HasIndexForTest(s, core.ScopeFacts) {
		t.Errorf("the fact index was not built when 50 facts passed 40")
	}
	after, err := s.VectorSearch(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	// The 20 new facts are farther from q than the exact best of the 30.
	if !slices.Contains(uuids(after), before[0].UUID) {
		t.Errorf("search through the index = %v, want the exact best %s among them", uuids(after), before[0].UUID)
	}
	bulk := kuzutest.MustOpen(t, kuzu.Options{VectorIndexAt: -1})
	s = bulk
	write(0, 50)
	if n := indexes(); n != 0 {
		t.Errorf("indexes with VectorIndexAt -1 = %d, want 0", n)
	}
	if err := s.BuildVectorIndexes(ctx); err != nil {
		t.Fatal(err)
	}
	// Three: no community was written, so there is no community table
	// to index (lazytables.go).
	if n := indexes(); n != 3 {
		t.Errorf("indexes after BuildVectorIndexes = %d, want 3", n)
	}
	// Exact: 50 vectors are under the default ExactSearchBelow.
	got, err := s.VectorSearch(ctx, q)
	if err != nil || len(got) != 3 || got[0].UUID != before[0].UUID {
		t.Errorf("search after rebuild = %v, %v", uuids(got), err)
	}
}

// TestIndexRecall holds the HNSW path to the exact answer as recall, not
// order: 2,000 loosely clustered 64-dimension fact vectors behind Kuzu's
// index, 60 queries drawn alike, and the mean share of the exact top 10
// (scored here in Go) that the index path returns must be 0.9 or more.
// The beam the store asks of the index (searchBreadth) sets this recall:
// 0.987 with it, 0.860 with a beam of the neighbours asked for alone.
func TestIndexRecall(t *testing.T) {
	ctx := context.Background()
	const n, dim, k = 2000, 64, 10
	s := kuzutest.MustOpen(t, kuzu.Options{Dimension: dim, VectorIndexAt: -1, ExactSearchBelow: 1})
	rng := rand.New(rand.NewPCG(7, 38))
	centres := make([][]float32, 40)
	for i := range centres {
		centres[i] = make([]float32, dim)
		for j := range centres[i] {
			centres[i][j] = float32(rng.NormFloat64())
		}
	}
	near := func() []float32 {
		c := centres[rng.IntN(len(centres))]
		v := make([]float32, dim)
		var norm float64
		for j := range v {
			v[j] = c[j] + float32(rng.NormFloat64()*3)
			norm += float64(v[j]) * float64(v[j])
		}
		for j := range v {
			v[j] /= float32(math.Sqrt(norm))
		}
		return v
	}
	vecs := map[string][]float32{}
	for b := 0; b < n; b += 500 {
		var ents []core.Entity
		var facts []core.Fact
		for i := b; i < b+500; i++ {
			a, c := ent("g", fmt.Sprintf("a%04d", i), fmt.Sprintf("A %d", i)), ent("g", fmt.Sprintf("b%04d", i), fmt.Sprintf("B %d", i))
			f := fact("g", fmt.Sprintf("f%04d", i), a.UUID, "R", c.UUID, fmt.Sprintf("fact %d", i))
			f.Embedding = near()
			vecs[f.UUID] = f.Embedding
			ents, facts = append(ents, a, c), append(facts, f)
		}
		if err := s.Apply(ctx, core.Change{Entities: ents, Facts: facts}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.BuildVectorIndexes(ctx); err != nil {
		t.Fatal(err)
	}
	const queries = 60
	found := 0
	for range queries {
		q := near()
		ids := slices.Collect(maps.Keys(vecs))
		score := func(id string) float64 {
			var d float64
			for j, x := range vecs[id] {
				d += float64(x) * float64(q[j])
			}
			return d
		}
		sort.Slice(ids, func(i, j int) bool { return score(ids[i]) > score(ids[j]) })
		hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{"g"}, Vector: q, Limit: k, MinScore: -1})
		if err != nil {
			t.Fatal(err)
		}
		got := uuids(hits)
		for _, id := range ids[:k] {
			if slices.Contains(got, id) {
				found++
			}
		}
	}
	if recall := float64(found) / (queries * k); recall < 0.9 {
		t.Errorf("recall@%d of the index path = %.3f, want 0.9 or more", k, recall)
	} else {
		t.Logf("recall@%d of the index path = %.3f", k, recall)
	}
}
