package storetest

import (
	"testing"

	"github.com/mnemohq/mnemo/core"
)

// Deletions: the narrow reads the engine plans a delete from, and the
// deletions of a Change. What a delete takes with it and restores is the
// engine's rule, tested in core; a store only answers and removes.

func testFactsInvalidatedBy(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, b := seedBoth(t, s)
	// f5 was ended by an episode stating its end: e2 invalidated it.
	f5 := core.Fact{UUID: a.g + "-f5", GroupID: groupA, Relation: "WORKS_AT", Text: "Bob works at Acme", SourceUUID: a.bob, TargetUUID: a.acme,
		ValidAt: y2019, InvalidAt: y2021, CreatedAt: c1, ExpiredAt: c2, InvalidatedBy: a.e2, Episodes: []string{a.e1}}
	must(t, "Apply", s.Apply(ctx, core.Change{Facts: []core.Fact{f5}}))
	got, err := s.FactsInvalidatedBy(ctx, groupA, []string{a.f4})
	must(t, "FactsInvalidatedBy", err)
	check(t, "FactsInvalidatedBy(A, f4)", factIDs(got), []string{a.f1})
	if len(got) == 1 {
		check(t, "FactsInvalidatedBy(A, f4)[0]", normFact(got[0]), normFact(a.facts[0]))
	}
	for _, c := range []struct {
		name  string
		group string
		by    []string
		want  []string
	}{
		{"a fact and an episode, in uuid order", groupA, []string{a.e2, "nope", a.f4}, []string{a.f1, f5.UUID}},
		{"a fact that invalidated nothing", groupA, []string{a.f2}, nil},
		{"nothing", groupA, nil, nil},
		{"another group's invalidator", groupA, []string{b.f4}, nil},
		{"group B's own", groupB, []string{b.f4, a.f4, a.e2}, []string{b.f1}},
	} {
		got, err := s.FactsInvalidatedBy(ctx, c.group, c.by)
		must(t, "FactsInvalidatedBy", err)
		check(t, "FactsInvalidatedBy: "+c.name, nilIfEmpty(factIDs(got)), c.want)
	}
	_, err = s.FactsInvalidatedBy(ctx, "a b", []string{a.f4})
	wantErr(t, "FactsInvalidatedBy of a malformed group", err, core.ErrInvalid)
}

func testEntityReferences(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, b := seedBoth(t, s)
	loner := core.Entity{UUID: a.g + "-n6", GroupID: groupA, Name: "Zed", CreatedAt: c3}
	must(t, "Apply", s.Apply(ctx, core.Change{Entities: []core.Entity{loner}}))
	got, err := s.EntityReferences(ctx, groupA, []string{a.alice, a.acme, a.paris, a.bob, a.beta, loner.UUID, "nope", b.alice})
	must(t, "EntityReferences", err)
	// Mentions: e1 Alice, Acme, Paris; e2 Alice, Bob, Paris; e3 Alice,
	// Beta. Facts: f1 Alice–Acme (expired, counted), f2 Alice–Paris, f3
	// Bob–Alice, f4 Alice–Beta.
	check(t, "EntityReferences(A)", got, map[string]core.References{
		a.alice: {Mentions: 3, Facts: 4}, a.acme: {Mentions: 1, Facts: 1}, a.paris: {Mentions: 2, Facts: 1},
		a.bob: {Mentions: 1, Facts: 1}, a.beta: {Mentions: 1, Facts: 1}, loner.UUID: {},
	})
	got, err = s.EntityReferences(ctx, groupB, []string{a.alice, a.acme})
	must(t, "EntityReferences", err)
	check(t, "EntityReferences(B) of group A's entities", len(got), 0)
	got, err = s.EntityReferences(ctx, groupA, nil)
	must(t, "EntityReferences", err)
	check(t, "EntityReferences of nothing", len(got), 0)
	_, err = s.EntityReferences(ctx, "", []string{a.alice})
	wantErr(t, "EntityReferences of the empty group", err, core.ErrInvalid)
}

// searchHits returns what a vector search with v (an object's own vector,
// cosine 1 with it) and a text search for text find in group A, all facts
// included.
func searchHits(t *testing.T, s core.Store, sc core.Scope, v []float32, text string) (vector, textual []string) {
	t.Helper()
	ctx := t.Context()
	f := core.Filter{IncludeInvalid: true}
	hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: sc, Groups: []string{groupA}, Vector: v, Limit: 10, MinScore: 0.99, Filter: f})
	must(t, "VectorSearch", err)
	vector = hitIDs(hits)
	hits, err = s.TextSearch(ctx, core.SearchQuery{Scope: sc, Groups: []string{groupA}, Text: text, Limit: 10, Filter: f})
	must(t, "TextSearch", err)
	return vector, hitIDs(hits)
}

func testDeleteFacts(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, b := seedBoth(t, s)
	err := s.Apply(ctx, core.Change{DeleteFacts: []string{a.f4}})
	wantErr(t, "Apply of a deletion without a group", err, core.ErrInvalid)
	if v, x := searchHits(t, s, core.ScopeFacts, a.factVec[a.f4], "Beta Industries"); len(v) != 1 || len(x) != 1 {
		t.Fatalf("before the delete, f4 is found by vector (%v) and text (%v) search: the checks below would prove nothing", v, x)
	}
	// Another group's fact and an unknown uuid are skipped.
	must(t, "Apply", s.Apply(ctx, core.Change{Group: groupA, DeleteFacts: []string{a.f4, b.f2, "nope"}}))
	got, err := s.Facts(ctx, []string{groupA}, []string{a.f4}, core.GetOptions{})
	must(t, "Facts", err)
	check(t, "Facts(f4) after deleting it", factIDs(got), []string(nil))
	// The store restores nothing: f1, retired by f4, stays retired (the
	// engine decides restorations).
	check(t, "f1 after deleting f4", normFact(getFact(t, s, groupA, a.f1)), normFact(a.facts[0]))
	l, err := s.EpisodeLinks(ctx, []string{groupA}, a.e3)
	must(t, "EpisodeLinks", err)
	check(t, "e3's facts after deleting f4", l.Facts, []string(nil))
	check(t, "e3's entities after deleting f4", sorted(l.Entities), sorted([]string{a.alice, a.beta}))
	between, err := s.FactsBetween(ctx, groupA, a.alice, a.beta)
	must(t, "FactsBetween", err)
	check(t, "FactsBetween(alice, beta) after deleting f4", factIDs(between), []string(nil))
	refs, err := s.EntityReferences(ctx, groupA, []string{a.beta})
	must(t, "EntityReferences", err)
	check(t, "EntityReferences(beta) after deleting f4", refs, map[string]core.References{a.beta: {Mentions: 1}})
	v, x := searchHits(t, s, core.ScopeFacts, a.factVec[a.f4], "Beta Industries")
	check(t, "vector search for f4 after deleting it", v, []string(nil))
	check(t, "text search for f4 after deleting it", x, []string(nil))
	st, err := s.Stats(ctx, groupA)
	must(t, "Stats", err)
	check(t, "Stats(A) after deleting f4", st, core.Stats{Episodes: 3, PendingEpisodes: 1, FailedEpisodes: 1, Entities: 5, Facts: 3, CurrentFacts: 2, Communities: 1})
	bf2 := normFact(b.facts[1])
	bf2.Episodes = []string{b.e1, b.e2} // oldest first
	check(t, "group B's f2", normFact(getFact(t, s, groupB, b.f2)), bf2)
	st, err = s.Stats(ctx, groupB)
	must(t, "Stats", err)
	check(t, "Stats(B)", st, core.Stats{Episodes: 3, PendingEpisodes: 1, FailedEpisodes: 1, Entities: 5, Facts: 4, CurrentFacts: 3, Communities: 1})
}

func testDeleteEpisodes(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, b := seedBoth(t, s)
	A := []string{groupA}
	if v, x := searchHits(t, s, core.ScopeEpisodes, a.epVec[a.e2], "friends"); len(v) != 1 || len(x) != 1 {
		t.Fatalf("before the delete, e2 is found by vector (%v) and text (%v) search: the checks below would prove nothing", v, x)
	}
	must(t, "Apply", s.Apply(ctx, core.Change{Group: groupA, DeleteEpisodes: []string{a.e2, b.e1, "nope"}}))
	_, err := episode(ctx, s, A, a.e2)
	wantErr(t, "Episode(e2) after deleting it", err, core.ErrNotFound)
	_, err = s.EpisodeLinks(ctx, A, a.e2)
	wantErr(t, "EpisodeLinks(e2) after deleting it", err, core.ErrNotFound)
	// The facts e2 stated stay, without e2 in their provenance, even f3,
	// which e2 alone stated; the entities it mentioned stay too.
	fs, err := s.Facts(ctx, A, []string{a.f2, a.f3}, core.GetOptions{})
	must(t, "Facts", err)
	check(t, "facts e2 stated, after deleting it", factIDs(fs), []string{a.f2, a.f3})
	if len(fs) == 2 {
		check(t, "f2.Episodes", fs[0].Episodes, []string{a.e1})
		check(t, "f3.Episodes", nilIfEmpty(fs[1].Episodes), []string(nil))
	}
	counts, err := s.MentionCounts(ctx, core.ScopeFacts, A, []string{a.f2, a.f3})
	must(t, "MentionCounts", err)
	check(t, "MentionCounts(f2, f3) after deleting e2", counts[a.f2]+10*counts[a.f3], 1)
	refs, err := s.EntityReferences(ctx, groupA, []string{a.alice, a.bob, a.paris})
	must(t, "EntityReferences", err)
	check(t, "EntityReferences after deleting e2", refs, map[string]core.References{
		a.alice: {Mentions: 2, Facts: 4}, a.bob: {Mentions: 0, Facts: 1}, a.paris: {Mentions: 1, Facts: 1},
	})
	eps, err := s.EntityEpisodes(ctx, A, a.alice)
	must(t, "EntityEpisodes", err)
	check(t, "EntityEpisodes(alice) after deleting e2", eps, []string{a.e1, a.e3})
	prev, err := s.PreviousEpisodes(ctx, a.eps[2], 10)
	must(t, "PreviousEpisodes", err)
	check(t, "PreviousEpisodes(e3) after deleting e2", epIDs(prev), []string{a.e1})
	v, x := searchHits(t, s, core.ScopeEpisodes, a.epVec[a.e2], "friends")
	check(t, "vector search for e2 after deleting it", v, []string(nil))
	check(t, "text search for e2 after deleting it", x, []string(nil))
	st, err := s.Stats(ctx, groupA)
	must(t, "Stats", err)
	check(t, "Stats(A) after deleting e2", st, core.Stats{Episodes: 2, PendingEpisodes: 1, Entities: 5, Facts: 4, CurrentFacts: 3, Communities: 1})
	l, err := s.EpisodeLinks(ctx, []string{groupB}, b.e1)
	must(t, "EpisodeLinks", err)
	check(t, "group B's e1", sorted(l.Entities), sorted([]string{b.alice, b.acme, b.paris}))
	st, err = s.Stats(ctx, groupB)
	must(t, "Stats", err)
	check(t, "Stats(B)", st, core.Stats{Episodes: 3, PendingEpisodes: 1, FailedEpisodes: 1, Entities: 5, Facts: 4, CurrentFacts: 3, Communities: 1})
	// A pending episode can be deleted: it leaves the queue.
	must(t, "Apply", s.Apply(ctx, core.Change{Group: groupA, DeleteEpisodes: []string{a.e3}}))
	pending, err := s.PendingEpisodes(ctx, groupA, 10)
	must(t, "PendingEpisodes", err)
	check(t, "PendingEpisodes(A) after deleting e3", epIDs(pending), []string(nil))
}

func testDeleteEntities(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, b := seedBoth(t, s)
	A := []string{groupA}
	before, err := s.Stats(ctx, groupA)
	must(t, "Stats", err)
	// Acme is an endpoint of f1, expired but there: it cannot go.
	err = s.Apply(ctx, core.Change{Group: groupA, DeleteEntities: []string{a.acme}})
	wantErr(t, "deleting an endpoint of a stored fact", err, core.ErrConflict)
	// Deletions come after the change's writes: a fact the change writes
	// keeps its endpoint, and the refused change writes nothing.
	f6 := core.Fact{UUID: a.g + "-f6", GroupID: groupA, Relation: "OWNS", Text: "Bob owns Beta", SourceUUID: a.bob, TargetUUID: a.beta, CreatedAt: now}
	err = s.Apply(ctx, core.Change{Facts: []core.Fact{f6}, DeleteFacts: []string{a.f4}, DeleteEntities: []string{a.beta}})
	wantErr(t, "deleting an endpoint of a fact the change writes", err, core.ErrConflict)
	after, err := s.Stats(ctx, groupA)
	must(t, "Stats", err)
	check(t, "Stats(A) after refused deletions", after, before)
	if v, x := searchHits(t, s, core.ScopeEntities, a.entVec[a.paris], "Paris"); len(v) != 1 || len(x) == 0 {
		t.Fatalf("before the delete, Paris is found by vector (%v) and text (%v) search: the checks below would prove nothing", v, x)
	}
	// With the facts that touch them, Acme and Paris go; group B's Bob is
	// skipped.
	must(t, "Apply", s.Apply(ctx, core.Change{Group: groupA, DeleteFacts: []string{a.f1, a.f2}, DeleteEntities: []string{a.acme, a.paris, b.bob, "nope"}}))
	ents, err := s.Entities(ctx, A, []string{a.alice, a.acme, a.paris, a.bob, a.beta}, core.GetOptions{})
	must(t, "Entities", err)
	check(t, "entities after deleting Acme and Paris", entIDs(ents), []string{a.alice, a.bob, a.beta})
	l, err := s.EpisodeLinks(ctx, A, a.e1)
	must(t, "EpisodeLinks", err)
	check(t, "e1's entities after deleting Acme and Paris", l.Entities, []string{a.alice})
	cms, err := s.Communities(ctx, A, []string{a.c1}, core.GetOptions{})
	must(t, "Communities", err)
	if len(cms) != 1 {
		t.Fatalf("Communities(c1) = %d communities, want 1", len(cms))
	}
	check(t, "c1's members after deleting Paris", cms[0].Members, []string{a.alice})
	byName, err := s.EntitiesByName(ctx, groupA, []string{"paris"})
	must(t, "EntitiesByName", err)
	check(t, "EntitiesByName(paris) after deleting Paris", entIDs(byName), []string(nil))
	v, x := searchHits(t, s, core.ScopeEntities, a.entVec[a.paris], "Paris")
	check(t, "vector search for Paris after deleting it", v, []string(nil))
	check(t, "text search for Paris after deleting it", x, []string(nil))
	st, err := s.Stats(ctx, groupA)
	must(t, "Stats", err)
	check(t, "Stats(A) after deleting Acme and Paris", st, core.Stats{Episodes: 3, PendingEpisodes: 1, FailedEpisodes: 1, Entities: 3, Facts: 2, CurrentFacts: 2, Communities: 1})
	ents, err = s.Entities(ctx, []string{groupB}, []string{b.bob, b.paris}, core.GetOptions{})
	must(t, "Entities", err)
	check(t, "group B's entities", entIDs(ents), []string{b.bob, b.paris})
}

func testDeleteGroup(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, b := seedBoth(t, s)
	del, err := s.DeleteGroup(ctx, groupA)
	must(t, "DeleteGroup", err)
	check(t, "DeleteGroup(A)", del, core.Deleted{Episodes: 3, Entities: 5, Facts: 4, Communities: 1})
	st, err := s.Stats(ctx, groupA)
	must(t, "Stats", err)
	check(t, "Stats(A) after DeleteGroup", st, core.Stats{})
	p, err := s.ListEntities(ctx, groupA, core.ListOptions{})
	must(t, "ListEntities", err)
	check(t, "ListEntities(A) after DeleteGroup", entIDs(p.Items), []string(nil))
	hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{groupA}, Vector: a.entVec[a.alice], MinScore: -1})
	must(t, "VectorSearch", err)
	check(t, "VectorSearch(A) after DeleteGroup", hitIDs(hits), []string(nil))
	hits, err = s.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{groupA}, Text: "Alice", Filter: core.Filter{IncludeInvalid: true}})
	must(t, "TextSearch", err)
	check(t, "TextSearch(A) after DeleteGroup", hitIDs(hits), []string(nil))
	groups, err := s.PendingGroups(ctx)
	must(t, "PendingGroups", err)
	check(t, "PendingGroups after DeleteGroup(A)", groups, []string{groupB})
	st, err = s.Stats(ctx, groupB)
	must(t, "Stats", err)
	check(t, "Stats(B)", st, core.Stats{Episodes: 3, PendingEpisodes: 1, FailedEpisodes: 1, Entities: 5, Facts: 4, CurrentFacts: 3, Communities: 1})
	hits, err = s.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{groupB}, Text: "Alice", Filter: core.Filter{IncludeInvalid: true}})
	must(t, "TextSearch", err)
	check(t, "TextSearch(B)", sorted(hitIDs(hits)), []string{b.f1, b.f2, b.f3, b.f4})
	// The uuids are free again.
	_, err = s.AddEpisodes(ctx, a.eps)
	must(t, "AddEpisodes after DeleteGroup", err)
}
