package storetest

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/mnemohq/mnemo/core"
)

// ---- tenancy ----

func testTenancyReads(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, b := seedBoth(t, s)
	A, AB := []string{groupA}, []string{groupA, groupB}
	allB := []string{b.e1, b.e2, b.e3, b.alice, b.acme, b.paris, b.bob, b.beta, b.f1, b.f2, b.f3, b.f4, b.c1}
	mixed := append(slices.Clone(allB), a.e1, a.alice, a.f2, a.c1)

	eps, err := s.Episodes(ctx, A, mixed, core.GetOptions{Embeddings: true})
	must(t, "Episodes", err)
	check(t, "Episodes of group A", epIDs(eps), []string{a.e1})
	ents, err := s.Entities(ctx, A, mixed, core.GetOptions{Embeddings: true})
	must(t, "Entities", err)
	check(t, "Entities of group A", entIDs(ents), []string{a.alice})
	facts, err := s.Facts(ctx, A, mixed, core.GetOptions{Embeddings: true})
	must(t, "Facts", err)
	check(t, "Facts of group A", factIDs(facts), []string{a.f2})
	cms, err := s.Communities(ctx, A, mixed, core.GetOptions{Embeddings: true})
	must(t, "Communities", err)
	check(t, "Communities of group A", commIDs(cms), []string{a.c1})
	names, err := s.EntityNames(ctx, A, mixed)
	must(t, "EntityNames", err)
	check(t, "EntityNames of group A", names, map[string]string{a.alice: "Alice Smith"})
	for _, sc := range []core.Scope{core.ScopeFacts, core.ScopeEntities} {
		counts, err := s.MentionCounts(ctx, sc, A, allB)
		must(t, "MentionCounts", err)
		for id, n := range counts {
			if n != 0 {
				t.Errorf("MentionCounts(%s) in group A counts %s of group B: %d", sc, id, n)
			}
		}
	}
	// The same reads over both groups see both: the checks above can fail.
	eps, err = s.Episodes(ctx, AB, []string{b.e1, a.e1}, core.GetOptions{})
	must(t, "Episodes", err)
	check(t, "Episodes of both groups", epIDs(eps), []string{b.e1, a.e1})
	names, err = s.EntityNames(ctx, AB, []string{b.alice, a.alice})
	must(t, "EntityNames", err)
	check(t, "EntityNames of both groups", len(names), 2)

	// Listings.
	allOfGroup(t, "ListEpisodes", groupA, epIDs(listAll(t, 2, func(o core.ListOptions) (core.Page[core.Episode], error) { return s.ListEpisodes(ctx, groupA, o) }, core.ListOptions{})))
	allOfGroup(t, "ListEntities", groupA, entIDs(listAll(t, 2, func(o core.ListOptions) (core.Page[core.Entity], error) { return s.ListEntities(ctx, groupA, o) }, core.ListOptions{})))
	allOfGroup(t, "ListFacts", groupA, listFacts(t, s, groupA, core.Filter{IncludeInvalid: true}))
	allOfGroup(t, "ListCommunities", groupA, commIDs(listAll(t, 2, func(o core.ListOptions) (core.Page[core.Community], error) { return s.ListCommunities(ctx, groupA, o) }, core.ListOptions{})))
	pend, err := s.PendingEpisodes(ctx, groupA, 100)
	must(t, "PendingEpisodes", err)
	check(t, "PendingEpisodes of group A", epIDs(pend), []string{a.e3})
	prev, err := s.PreviousEpisodes(ctx, a.eps[2], 10)
	must(t, "PreviousEpisodes", err)
	check(t, "PreviousEpisodes in group A", epIDs(prev), []string{a.e1, a.e2})

	// Graph reads of group A naming group B's entities.
	between, err := s.FactsBetween(ctx, groupA, b.alice, b.paris)
	must(t, "FactsBetween", err)
	check(t, "FactsBetween B's entities in group A", factIDs(between), []string(nil))
	between, err = s.FactsBetween(ctx, groupA, a.alice, b.paris)
	must(t, "FactsBetween", err)
	check(t, "FactsBetween across groups", factIDs(between), []string(nil))
	of, err := s.FactsOfEntities(ctx, groupA, []string{b.alice, b.bob}, 0)
	must(t, "FactsOfEntities", err)
	check(t, "FactsOfEntities of B's entities in group A", factIDs(of), []string(nil))
	byName, err := s.EntitiesByName(ctx, groupA, []string{"alice smith", "paris", "bi"})
	must(t, "EntitiesByName", err)
	check(t, "EntitiesByName in group A", sorted(entIDs(byName)), []string{a.alice, a.paris, a.beta})
	cof, err := s.CommunitiesOf(ctx, groupA, []string{b.alice, b.paris})
	must(t, "CommunitiesOf", err)
	if len(cof) != 0 {
		t.Errorf("CommunitiesOf B's entities in group A = %v", cof)
	}
	g, err := s.EntityGraph(ctx, groupA)
	must(t, "EntityGraph", err)
	allOfGroup(t, "EntityGraph nodes", groupA, g.Nodes)
	for _, e := range g.Edges {
		allOfGroup(t, "EntityGraph edges", groupA, []string{e.A, e.B})
	}
	if _, err := s.EntityEpisodes(ctx, A, b.alice); !errors.Is(err, core.ErrNotFound) {
		t.Errorf("EntityEpisodes of B's entity in group A: %v, want not found", err)
	}
	eeps, err := s.EntityEpisodes(ctx, A, a.alice)
	must(t, "EntityEpisodes", err)
	allOfGroup(t, "EntityEpisodes", groupA, eeps)
	links, err := s.EpisodeLinks(ctx, A, a.e2)
	must(t, "EpisodeLinks", err)
	allOfGroup(t, "EpisodeLinks", groupA, append(links.Entities, links.Facts...))
	for _, f := range facts {
		allOfGroup(t, "Fact.Episodes", groupA, f.Episodes)
	}
	for _, c := range cms {
		allOfGroup(t, "Community.Members", groupA, c.Members)
	}
	dist, err := s.Distances(ctx, A, a.alice, []string{b.alice, b.paris, a.paris}, 3)
	must(t, "Distances", err)
	allOfGroup(t, "Distances", groupA, keys(dist))
	if d, err := s.Distances(ctx, A, b.alice, []string{b.paris}, 3); err == nil && len(d) > 0 {
		t.Errorf("Distances from B's entity in group A = %v", d)
	} else if err != nil && !errors.Is(err, core.ErrNotFound) {
		t.Errorf("Distances from B's entity in group A: %v, want not found or nothing", err)
	}
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func testTenancySearches(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, b := seedBoth(t, s)
	A := []string{groupA}
	d := s.Dimension()
	all := core.Filter{IncludeInvalid: true}
	for _, sc := range core.Scopes {
		// The same vectors and texts in both groups: a store that forgot
		// the groups would return both copies.
		for i := 0; i < d; i++ {
			hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: sc, Groups: A, Vector: axis(d, i, 0.1), Limit: 50, MinScore: -1, Filter: all})
			must(t, "VectorSearch", err)
			allOfGroup(t, fmt.Sprintf("VectorSearch(%s, axis %d)", sc, i), groupA, hitIDs(hits))
		}
		for _, text := range []string{"Alice", "Paris", "Acme", "Beta Industries", "friends"} {
			hits, err := s.TextSearch(ctx, core.SearchQuery{Scope: sc, Groups: A, Text: text, Limit: 50, Filter: all})
			must(t, "TextSearch", err)
			allOfGroup(t, fmt.Sprintf("TextSearch(%s, %q)", sc, text), groupA, hitIDs(hits))
		}
		for _, seeds := range [][]string{{a.alice}, {a.e2}, {b.alice, b.e1}} {
			hits, err := s.Traverse(ctx, core.TraverseQuery{Scope: sc, Groups: A, Seeds: seeds, Depth: 3, Limit: 50, Filter: all})
			if err != nil && !errors.Is(err, core.ErrNotFound) {
				t.Errorf("Traverse(%s, %v): %v", sc, seeds, err)
			}
			allOfGroup(t, fmt.Sprintf("Traverse(%s, %v)", sc, seeds), groupA, hitIDs(hits))
		}
	}
	// Over both groups both copies come back: the checks above can fail.
	hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{groupA, groupB}, Vector: a.entVec[a.alice], Limit: 2})
	must(t, "VectorSearch", err)
	check(t, "VectorSearch over both groups", sorted(hitIDs(hits)), []string{a.alice, b.alice})
	hits, err = s.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{groupA, groupB}, Text: "Bob", Limit: 10})
	must(t, "TextSearch", err)
	check(t, "TextSearch over both groups", sorted(hitIDs(hits)), []string{a.bob, b.bob})
}
