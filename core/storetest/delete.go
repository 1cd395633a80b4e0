package storetest

import (
	"testing"

	"mnemo/core"
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
