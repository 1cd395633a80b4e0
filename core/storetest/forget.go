package storetest

import (
	"slices"
	"testing"

	"github.com/mnemohq/mnemo/core"
)

// testForgetChange applies, in one Change, what engine.Engine.ForgetEntity
// writes to forget Bob: his episode e2 goes, with f3 (his only fact);
// f2, which e1 stated too, stays without e2; Alice's summary is
// rewritten with her stored vector kept; the community c1 goes. Then no
// read or search of group A finds what was forgotten, and group B is
// as it was.
func testForgetChange(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, b := seedBoth(t, s)
	A := []string{groupA}
	beforeB, err := s.Stats(ctx, groupB)
	must(t, "Stats", err)
	if x := textHits(t, s, core.ScopeEpisodes, "friends"); len(x) != 1 {
		t.Fatalf("before the forget, text search finds e2 by \"friends\" (%v): the checks below would prove nothing", x)
	}
	alice := a.ents[0]
	alice.Summary, alice.NameEmbedding = "Alice lives in Paris.", nil
	must(t, "Apply", s.Apply(ctx, core.Change{Group: groupA, Entities: []core.Entity{alice},
		DeleteCommunities: []string{a.c1}, DeleteEpisodes: []string{a.e2}, DeleteFacts: []string{a.f3}, DeleteEntities: []string{a.bob}}))

	for _, sc := range core.Scopes {
		x := textHits(t, s, sc, "friends")
		check(t, "text search of "+string(sc)+" for \"friends\" after the forget", x, []string(nil))
	}
	x := textHits(t, s, core.ScopeEntities, "tenant")
	if slices.Contains(x, a.alice) || slices.Contains(x, a.bob) {
		t.Errorf("text search of entities for Alice's and Bob's old summaries = %v", x)
	}
	v, _ := searchHits(t, s, core.ScopeEntities, a.entVec[a.alice], "Alice")
	check(t, "vector search for Alice after her summary changed", v, []string{a.alice})
	x = textHits(t, s, core.ScopeCommunities, "Alice Paris")
	check(t, "text search of communities after the forget", x, []string(nil))
	ents, err := s.Entities(ctx, A, []string{a.alice, a.bob}, core.GetOptions{Embeddings: true})
	must(t, "Entities", err)
	check(t, "entities after the forget", entIDs(ents), []string{a.alice})
	if len(ents) == 1 {
		check(t, "Alice's summary", ents[0].Summary, "Alice lives in Paris.")
		if !sameVec(ents[0].NameEmbedding, a.entVec[a.alice]) {
			t.Errorf("Alice's vector changed with her summary")
		}
	}
	fs, err := s.Facts(ctx, A, []string{a.f2, a.f3}, core.GetOptions{})
	must(t, "Facts", err)
	check(t, "facts after the forget", factIDs(fs), []string{a.f2})
	if len(fs) == 1 {
		check(t, "f2.Episodes", fs[0].Episodes, []string{a.e1})
	}
	cms, err := s.Communities(ctx, A, []string{a.c1}, core.GetOptions{})
	must(t, "Communities", err)
	check(t, "communities after the forget", commIDs(cms), []string(nil))
	st, err := s.Stats(ctx, groupA)
	must(t, "Stats", err)
	check(t, "Stats(A) after the forget", st, core.Stats{Episodes: 2, PendingEpisodes: 1, Entities: 4, Facts: 3, CurrentFacts: 2})
	afterB, err := s.Stats(ctx, groupB)
	must(t, "Stats", err)
	check(t, "Stats(B)", afterB, beforeB)
	if _, err := s.EpisodeLinks(ctx, []string{groupB}, b.e2); err != nil {
		t.Errorf("group B's e2 after forgetting A's: %v", err)
	}
}

// textHits returns the hits of a text search of group A, invalid facts
// included.
func textHits(t *testing.T, s core.Store, sc core.Scope, text string) []string {
	t.Helper()
	hits, err := s.TextSearch(t.Context(), core.SearchQuery{Scope: sc, Groups: []string{groupA}, Text: text, Limit: 10, Filter: core.Filter{IncludeInvalid: true}})
	must(t, "TextSearch", err)
	return hitIDs(hits)
}
