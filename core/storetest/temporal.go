package storetest

import (
	"slices"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// ---- bi-temporal rules ----

// temporalCases are the fixture's facts that each filter keeps (see
// fixture).
func temporalCases(w world) []struct {
	name string
	f    core.Filter
	want []string
} {
	return []struct {
		name string
		f    core.Filter
		want []string
	}{
		{"valid now", core.Filter{Now: now}, []string{w.f2, w.f4}},
		{"include invalid", core.Filter{IncludeInvalid: true, Now: now}, []string{w.f1, w.f2, w.f3, w.f4}},
		{"valid at 2021", core.Filter{ValidAt: y2021, Now: now}, []string{w.f1, w.f2, w.f3}},
		{"valid at mid 2023", core.Filter{ValidAt: y2023m, Now: now}, []string{w.f2, w.f4}},
		{"valid at 2018", core.Filter{ValidAt: y2019.AddDate(-1, 0, 0), Now: now}, []string{w.f3}},
		{"known at c2", core.Filter{KnownAt: c2, Now: now}, []string{w.f1, w.f2}},
		{"known at c2, valid at mid 2023", core.Filter{KnownAt: c2, ValidAt: y2023m, Now: now}, []string{w.f1, w.f2}},
		{"known at c3, valid at mid 2023", core.Filter{KnownAt: c3, ValidAt: y2023m, Now: now}, []string{w.f2, w.f4}},
		{"known at c2, valid at 2021", core.Filter{KnownAt: c2, ValidAt: y2021, Now: now}, []string{w.f1, w.f2, w.f3}},
		{"known before anything", core.Filter{KnownAt: c1.Add(-time.Second), Now: now}, nil},
		{"known at c2, include invalid", core.Filter{KnownAt: c2, IncludeInvalid: true, Now: now}, []string{w.f1, w.f2, w.f3}},
		{"relation WORKS_AT, include invalid", core.Filter{Relations: []string{"WORKS_AT"}, IncludeInvalid: true}, []string{w.f1, w.f4}},
		{"relations KNOWS or LIVES_IN, valid now", core.Filter{Relations: []string{"KNOWS", "LIVES_IN"}, Now: now}, []string{w.f2}},
		{"now before f3 ended", core.Filter{Now: y2021}, []string{w.f2, w.f3, w.f4}},
	}
}

func testTemporalListFacts(t *testing.T, s core.Store) {
	a, _ := seedBoth(t, s)
	for _, tc := range temporalCases(a) {
		check(t, "ListFacts "+tc.name, sorted(listFacts(t, s, groupA, tc.f)), sorted(tc.want))
	}
	// The zero Filter: the facts valid now. Expired facts never are; the
	// fixture's other facts are valid at any time after 2023.
	got := listFacts(t, s, groupA, core.Filter{})
	if slices.Contains(got, a.f1) || !slices.Contains(got, a.f2) || !slices.Contains(got, a.f4) {
		t.Errorf("ListFacts with the zero Filter = %v, want f2 and f4 and never the expired f1", got)
	}
}

func testTemporalSearches(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	d := s.Dimension()
	q := make([]float32, d)
	for _, v := range a.factVec {
		for i := range v {
			q[i] += v[i]
		}
	}
	for _, tc := range temporalCases(a) {
		hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{groupA}, Vector: q, Limit: 20, MinScore: -1, Filter: tc.f})
		must(t, "VectorSearch", err)
		check(t, "VectorSearch "+tc.name, sorted(hitIDs(hits)), sorted(tc.want))
		hits, err = s.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{groupA}, Text: "Alice", Limit: 20, Filter: tc.f})
		must(t, "TextSearch", err)
		check(t, "TextSearch "+tc.name, sorted(hitIDs(hits)), sorted(tc.want))
	}
	// The zero Filter never returns the expired f1, even as the best match.
	hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{groupA}, Vector: a.factVec[a.f1], Limit: 20, MinScore: -1})
	must(t, "VectorSearch", err)
	if slices.Contains(hitIDs(hits), a.f1) || !slices.Contains(hitIDs(hits), a.f2) {
		t.Errorf("VectorSearch with the zero Filter = %v, want f2 and not the expired f1", hitIDs(hits))
	}
}

func testTimeConditions(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	tc := func(f core.TimeField, op core.CompareOp, v time.Time) core.TimeCondition {
		return core.TimeCondition{Field: f, Op: op, Value: v}
	}
	for _, c := range []struct {
		name string
		time [][]core.TimeCondition
		want []string
	}{
		{"created at or after c2", [][]core.TimeCondition{{tc(core.FieldCreatedAt, core.OpGe, c2)}}, []string{a.f3, a.f4}},
		{"created before c2", [][]core.TimeCondition{{tc(core.FieldCreatedAt, core.OpLt, c2)}}, []string{a.f1, a.f2}},
		{"created at c1", [][]core.TimeCondition{{tc(core.FieldCreatedAt, core.OpEq, c1)}}, []string{a.f1, a.f2}},
		{"created not at c1", [][]core.TimeCondition{{tc(core.FieldCreatedAt, core.OpNe, c1)}}, []string{a.f3, a.f4}},
		{"no start or expired", [][]core.TimeCondition{{tc(core.FieldValidAt, core.OpIsNull, time.Time{})}, {tc(core.FieldExpiredAt, core.OpNotNull, time.Time{})}}, []string{a.f1, a.f3}},
		{"ended and started after 2019", [][]core.TimeCondition{{tc(core.FieldInvalidAt, core.OpNotNull, time.Time{}), tc(core.FieldValidAt, core.OpGt, y2019)}}, []string{a.f1}},
		{"started by 2020", [][]core.TimeCondition{{tc(core.FieldValidAt, core.OpLe, y2020)}}, []string{a.f1, a.f2}},
	} {
		check(t, "ListFacts "+c.name, sorted(listFacts(t, s, groupA, core.Filter{IncludeInvalid: true, Time: c.time})), sorted(c.want))
	}
	// Episodes by reference time, entities by creation time.
	eps := listAll(t, 10, func(o core.ListOptions) (core.Page[core.Episode], error) { return s.ListEpisodes(ctx, groupA, o) },
		core.ListOptions{Filter: core.Filter{Time: [][]core.TimeCondition{{tc(core.FieldValidAt, core.OpGt, c2.Add(-time.Hour))}}}})
	check(t, "ListEpisodes by reference time", epIDs(eps), []string{a.e2, a.e3})
	ents := listAll(t, 10, func(o core.ListOptions) (core.Page[core.Entity], error) { return s.ListEntities(ctx, groupA, o) },
		core.ListOptions{Filter: core.Filter{Time: [][]core.TimeCondition{{tc(core.FieldCreatedAt, core.OpGe, c2)}}}})
	check(t, "ListEntities by creation time", entIDs(ents), []string{a.bob, a.beta})
	_, err := s.ListEntities(ctx, groupA, core.ListOptions{Filter: core.Filter{Time: [][]core.TimeCondition{{tc(core.FieldValidAt, core.OpGe, c2)}}}})
	wantErr(t, "ListEntities on valid_at", err, core.ErrInvalid)
	// KnownAt sees the graph as mnemo knew it then, whatever the scope.
	known := core.ListOptions{Filter: core.Filter{KnownAt: c1.Add(90 * time.Second)}}
	ents = listAll(t, 10, func(o core.ListOptions) (core.Page[core.Entity], error) { return s.ListEntities(ctx, groupA, o) }, known)
	check(t, "ListEntities known at c1+90s", entIDs(ents), []string{a.alice, a.acme})
	eps = listAll(t, 10, func(o core.ListOptions) (core.Page[core.Episode], error) { return s.ListEpisodes(ctx, groupA, o) }, known)
	check(t, "ListEpisodes known at c1+90s", epIDs(eps), []string{a.e1})
	cms := listAll(t, 10, func(o core.ListOptions) (core.Page[core.Community], error) { return s.ListCommunities(ctx, groupA, o) }, core.ListOptions{Filter: core.Filter{KnownAt: c2}})
	check(t, "ListCommunities known at c2", commIDs(cms), []string(nil))
	hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{groupA}, Vector: a.entVec[a.beta], Limit: 10, MinScore: -1, Filter: core.Filter{KnownAt: c2}})
	must(t, "VectorSearch", err)
	check(t, "VectorSearch of entities known at c2", sorted(hitIDs(hits)), []string{a.alice, a.acme, a.paris, a.bob})
}

func testFilterLabels(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	list := func(labels ...string) []string {
		return entIDs(listAll(t, 10, func(o core.ListOptions) (core.Page[core.Entity], error) { return s.ListEntities(ctx, groupA, o) },
			core.ListOptions{Filter: core.Filter{Labels: labels}}))
	}
	check(t, "entities labelled Person", list("Person"), []string{a.alice, a.bob})
	check(t, "entities labelled Org", list("Org"), []string{a.acme, a.beta})
	check(t, "entities labelled Org and Company", list("Org", "Company"), []string{a.acme})
	check(t, "entities labelled Robot", list("Robot"), []string(nil))
	check(t, "facts touching an Org", sorted(listFacts(t, s, groupA, core.Filter{Labels: []string{"Org"}, IncludeInvalid: true})), []string{a.f1, a.f4})
	check(t, "facts touching a Place, valid now", sorted(listFacts(t, s, groupA, core.Filter{Labels: []string{"Place"}, Now: now})), []string{a.f2})
	hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{groupA}, Vector: a.entVec[a.alice], Limit: 10, MinScore: -1, Filter: core.Filter{Labels: []string{"Org"}}})
	must(t, "VectorSearch", err)
	check(t, "VectorSearch of Orgs", sorted(hitIDs(hits)), []string{a.acme, a.beta})
}
