package storetest

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"testing"

	"github.com/mnemohq/mnemo/core"
)

// ---- searches ----

// vectorWorld writes n entities in group A with pseudo-random vectors and,
// in group B, n entities closer to every query than any of A's, so that a
// search that cut before restricting to the groups would lose A's results.
func vectorWorld(t *testing.T, s core.Store, n int, queries [][]float32) map[string][]float32 {
	t.Helper()
	d := s.Dimension()
	r := rng(42)
	vecs := map[string][]float32{}
	var as, bs []core.Entity
	for i := range n {
		id := fmt.Sprintf("%s-v%03d", groupA, i)
		v := r.vec(d)
		vecs[id] = v
		as = append(as, core.Entity{UUID: id, GroupID: groupA, Name: id, NameEmbedding: v, CreatedAt: c1})
		q := queries[i%len(queries)]
		w := make([]float32, d)
		noise := r.vec(d)
		for j := range w {
			w[j] = q[j] + 0.01*noise[j]
		}
		bs = append(bs, core.Entity{UUID: fmt.Sprintf("%s-v%03d", groupB, i), GroupID: groupB, Name: "b", NameEmbedding: w, CreatedAt: c1})
	}
	must(t, "Apply", s.Apply(t.Context(), core.Change{Entities: as}))
	must(t, "Apply", s.Apply(t.Context(), core.Change{Entities: bs}))
	return vecs
}

type scored struct {
	id    string
	score float64
}

func exact(vecs map[string][]float32, q []float32) []scored {
	var out []scored
	for id, v := range vecs {
		out = append(out, scored{id, core.Cosine(v, q)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].score > out[j].score })
	return out
}

// checkHits checks hits against the exact ranking: the groups, the limit,
// the scores (cosine), best first, and returns how many of the exact top
// len(want) were found.
func checkHits(t *testing.T, what string, hits []core.Hit, ranking []scored, want int, minScore float64) int {
	t.Helper()
	score := map[string]float64{}
	for _, s := range ranking {
		score[s.id] = s.score
	}
	if len(hits) > want {
		t.Errorf("%s: %d hits, want at most %d", what, len(hits), want)
	}
	seen := map[string]bool{}
	for i, h := range hits {
		sc, ok := score[h.UUID]
		if !ok {
			t.Errorf("%s: hit %s is not an object of the searched group", what, h.UUID)
			continue
		}
		if seen[h.UUID] {
			t.Errorf("%s: hit %s twice", what, h.UUID)
		}
		seen[h.UUID] = true
		if math.Abs(h.Score-sc) > 1e-3 {
			t.Errorf("%s: hit %s scores %.5f, its cosine is %.5f", what, h.UUID, h.Score, sc)
		}
		if h.Score < minScore-1e-6 {
			t.Errorf("%s: hit %s scores %.5f under MinScore %.5f", what, h.UUID, h.Score, minScore)
		}
		if i > 0 && h.Score > hits[i-1].Score+1e-6 {
			t.Errorf("%s: hits not best first: %.5f after %.5f", what, h.Score, hits[i-1].Score)
		}
	}
	found := 0
	for _, s := range ranking[:min(want, len(ranking))] {
		if seen[s.id] {
			found++
		}
	}
	return found
}

func testVectorRecall(t *testing.T, s core.Store) {
	ctx := t.Context()
	d := s.Dimension()
	r := rng(7)
	queries := [][]float32{r.vec(d), r.vec(d), r.vec(d), r.vec(d)}
	vecs := vectorWorld(t, s, 60, queries)
	const limit = 10
	found, total := 0, 0
	for i, q := range queries {
		hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{groupA}, Vector: q, Limit: limit, MinScore: -1})
		must(t, "VectorSearch", err)
		if len(hits) != limit {
			t.Errorf("query %d: %d hits, want %d: group B's nearer vectors took group A's places", i, len(hits), limit)
		}
		found += checkHits(t, fmt.Sprintf("query %d", i), hits, exact(vecs, q), limit, -1)
		total += limit
	}
	if recall := float64(found) / float64(total); recall < 0.9 {
		t.Errorf("recall %.2f against an exact scan, want at least 0.9", recall)
	}
	// Limit larger than the group: every vector once.
	hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{groupA}, Vector: queries[0], Limit: 100, MinScore: -1})
	must(t, "VectorSearch", err)
	if n := checkHits(t, "limit 100", hits, exact(vecs, queries[0]), 100, -1); n < 54 {
		t.Errorf("limit 100 over 60 vectors found %d", n)
	}
}

func testVectorMinScore(t *testing.T, s core.Store) {
	ctx := t.Context()
	d := s.Dimension()
	r := rng(11)
	queries := [][]float32{r.vec(d), r.vec(d)}
	vecs := vectorWorld(t, s, 40, queries)
	for i, q := range queries {
		ranking := exact(vecs, q)
		// A threshold between the 6th and 7th best.
		minScore := (ranking[5].score + ranking[6].score) / 2
		hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{groupA}, Vector: q, Limit: 20, MinScore: minScore})
		must(t, "VectorSearch", err)
		n := checkHits(t, fmt.Sprintf("query %d, MinScore", i), hits, ranking, 6, minScore)
		if n < 5 {
			t.Errorf("query %d: MinScore %.4f found %d of the 6 vectors above it", i, minScore, n)
		}
	}
}

// testVectorScopes searches each scope with the vector of one of its
// objects: that object comes first, with cosine 1, and every hit is of the
// scope.
func testVectorScopes(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	all := core.Filter{IncludeInvalid: true}
	for _, c := range []struct {
		sc   core.Scope
		vecs map[string][]float32
	}{
		{core.ScopeEpisodes, a.epVec},
		{core.ScopeEntities, a.entVec},
		{core.ScopeFacts, a.factVec},
		{core.ScopeCommunities, map[string][]float32{a.c1: a.comm.NameEmbedding}},
	} {
		for id, v := range c.vecs {
			hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: c.sc, Groups: []string{groupA}, Vector: v, Limit: 3, MinScore: -1, Filter: all})
			must(t, "VectorSearch", err)
			if len(hits) == 0 || hits[0].UUID != id || math.Abs(hits[0].Score-1) > 1e-4 {
				t.Errorf("VectorSearch(%s) with the vector of %s = %+v, want it first with score 1", c.sc, id, hits)
			}
			for _, h := range hits {
				if _, ok := c.vecs[h.UUID]; !ok {
					t.Errorf("VectorSearch(%s) returned %s, not an object of the scope", c.sc, h.UUID)
				}
			}
		}
	}
}

func testTextSearch(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, b := seedBoth(t, s)
	A := []string{groupA}
	search := func(sc core.Scope, text string, limit int, f core.Filter) []string {
		hits, err := s.TextSearch(ctx, core.SearchQuery{Scope: sc, Groups: A, Text: text, Limit: limit, Filter: f})
		must(t, "TextSearch", err)
		for i := 1; i < len(hits); i++ {
			if hits[i].Score > hits[i-1].Score+1e-9 {
				t.Errorf("TextSearch(%s, %q) not best first: %v", sc, text, hits)
			}
		}
		if len(hits) > limit {
			t.Errorf("TextSearch(%s, %q): %d hits over the limit %d", sc, text, len(hits), limit)
		}
		return hitIDs(hits)
	}
	all := core.Filter{IncludeInvalid: true}
	if got := search(core.ScopeFacts, "Acme", 10, all); !slices.Contains(got, a.f1) {
		t.Errorf("TextSearch(facts, Acme) = %v, want %s", got, a.f1)
	}
	if got := search(core.ScopeFacts, "friends", 10, all); !slices.Equal(got, []string{a.f3}) {
		t.Errorf("TextSearch(facts, friends) = %v, want [%s]", got, a.f3)
	}
	if got := search(core.ScopeEntities, "Paris", 10, core.Filter{}); !slices.Contains(got, a.paris) {
		t.Errorf("TextSearch(entities, Paris) = %v, want %s", got, a.paris)
	}
	if got := search(core.ScopeEntities, "Beta", 10, core.Filter{}); !slices.Equal(got, []string{a.beta}) {
		t.Errorf("TextSearch(entities, Beta) = %v, want [%s]", got, a.beta)
	}
	if got := search(core.ScopeEpisodes, "Globex", 10, core.Filter{}); !slices.Equal(got, []string{a.e3}) {
		t.Errorf("TextSearch(episodes, Globex) = %v, want [%s]", got, a.e3)
	}
	if got := search(core.ScopeCommunities, "Paris", 10, core.Filter{}); !slices.Equal(got, []string{a.c1}) {
		t.Errorf("TextSearch(communities, Paris) = %v, want [%s]", got, a.c1)
	}
	if got := search(core.ScopeEntities, "zeppelin", 10, core.Filter{}); len(got) != 0 {
		t.Errorf("TextSearch(entities, zeppelin) = %v, want nothing", got)
	}
	// Group B holds many better matches; group A's two still come back.
	var bs []core.Entity
	for i := range 30 {
		bs = append(bs, core.Entity{UUID: fmt.Sprintf("%s-z%02d", groupB, i), GroupID: groupB, Name: "Zebra", Summary: "zebra zebra zebra", CreatedAt: c3})
	}
	must(t, "Apply", s.Apply(ctx, core.Change{Entities: bs}))
	az := []core.Entity{
		{UUID: a.g + "-z1", GroupID: groupA, Name: "Zoo", Summary: "It keeps one zebra among many animals of the savannah and elsewhere", CreatedAt: c3},
		{UUID: a.g + "-z2", GroupID: groupA, Name: "Stripes", Summary: "A zebra pattern", CreatedAt: c3},
	}
	must(t, "Apply", s.Apply(ctx, core.Change{Entities: az}))
	check(t, "TextSearch(entities, zebra) in group A", sorted(search(core.ScopeEntities, "zebra", 2, core.Filter{})), []string{a.g + "-z1", a.g + "-z2"})
	check(t, "TextSearch(entities, zebra), limit 1", len(search(core.ScopeEntities, "zebra", 1, core.Filter{})), 1)
	hits, err := s.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{groupB}, Text: "zebra", Limit: 50})
	must(t, "TextSearch", err)
	check(t, "TextSearch(entities, zebra) in group B", len(hits), 30)
	// MinScore drops hits scoring below it.
	hits, err = s.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: A, Text: "zebra", Limit: 10})
	must(t, "TextSearch", err)
	if len(hits) == 2 && hits[0].Score > hits[1].Score {
		min := (hits[0].Score + hits[1].Score) / 2
		above, err := s.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: A, Text: "zebra", Limit: 10, MinScore: min})
		must(t, "TextSearch", err)
		check(t, "TextSearch(entities, zebra) with MinScore", hitIDs(above), []string{hits[0].UUID})
	} else {
		t.Errorf("TextSearch(entities, zebra) in group A = %v, want two hits of different scores", hits)
	}
	_ = b
}
