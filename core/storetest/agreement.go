package storetest

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// The agreement cases check that a store keeps exactly what core's rule
// (core/visibility.go) keeps, on every read that takes a Filter. A store is
// free to evaluate the rule itself or to translate a Filter into its own
// query language; either way its answers must match core.Filter.MatchFact
// and its siblings evaluated on the stored objects. The graph and the
// filters are generated so that timestamps fall on, before and after each
// other's boundaries, with unknown times, retired facts whose stated end
// differs from their current one, and every field and operator of the
// time conditions.

// agreementWorld is a generated group: its objects as stored and the
// labels of its entities.
type agreementWorld struct {
	facts       []core.Fact
	ents        []core.Entity
	eps         []core.Episode
	comms       []core.Community
	labels      map[string][]string
	sysT, evtT  []time.Time
	factsByUUID map[string]core.Fact
}

// agreementSeed writes the generated graph of g. Every text holds the word
// "alpha", so that a text search for it reaches every object.
func agreementSeed(t *testing.T, s core.Store, g string) agreementWorld {
	t.Helper()
	ctx := t.Context()
	r := rng(17)
	pick := func(n int) int { return int(r.next() % uint64(n)) }
	// System times: c1 plus whole minutes; event times: years.
	var w agreementWorld
	for i := range 8 {
		w.sysT = append(w.sysT, c1.Add(time.Duration(i)*time.Minute))
	}
	for y := 2018; y <= 2025; y++ {
		w.evtT = append(w.evtT, time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC))
	}
	maybe := func(ts []time.Time) time.Time {
		if pick(4) == 0 {
			return time.Time{}
		}
		return ts[pick(len(ts))]
	}
	after := func(ts []time.Time, from time.Time) time.Time {
		var later []time.Time
		for _, x := range ts {
			if x.After(from) {
				later = append(later, x)
			}
		}
		if len(later) == 0 {
			return time.Time{}
		}
		return later[pick(len(later))]
	}
	d := s.Dimension()
	labelSets := [][]string{nil, {"Person"}, {"Org"}, {"Org", "Company"}, {"Place"}}
	w.labels = map[string][]string{}
	for i := range 10 {
		e := core.Entity{UUID: fmt.Sprintf("%s-ag-n%02d", g, i), GroupID: g, Name: fmt.Sprintf("Alpha %c", 'A'+i),
			Labels: labelSets[pick(len(labelSets))], Summary: "alpha entity", CreatedAt: w.sysT[pick(len(w.sysT))], NameEmbedding: r.vec(d)}
		w.ents = append(w.ents, e)
		w.labels[e.UUID] = e.Labels
	}
	for i := range 6 {
		w.eps = append(w.eps, core.Episode{UUID: fmt.Sprintf("%s-ag-e%02d", g, i), GroupID: g, Source: core.SourceText,
			Content: "alpha episode", ValidAt: w.evtT[pick(len(w.evtT))], CreatedAt: w.sysT[pick(len(w.sysT))], Embedding: r.vec(d)})
	}
	rels := []string{"KNOWS", "WORKS_AT", "LIVES_IN"}
	for i := range 48 {
		f := core.Fact{UUID: fmt.Sprintf("%s-ag-f%02d", g, i), GroupID: g, Relation: rels[pick(len(rels))],
			Text: fmt.Sprintf("alpha fact %d", i), Embedding: r.vec(d), CreatedAt: w.sysT[pick(len(w.sysT))]}
		a := pick(len(w.ents))
		b := (a + 1 + pick(len(w.ents)-1)) % len(w.ents)
		f.SourceUUID, f.TargetUUID = w.ents[a].UUID, w.ents[b].UUID
		f.ValidAt = maybe(w.evtT)
		if pick(2) == 0 {
			f.InvalidAt = after(w.evtT, f.ValidAt)
		}
		switch pick(3) {
		case 0: // retired by a later fact, which set its end
			f.ExpiredAt = after(w.sysT, f.CreatedAt)
			if !f.ExpiredAt.IsZero() {
				f.StatedInvalidAt = f.InvalidAt
				f.InvalidAt = after(w.evtT, f.ValidAt)
				f.InvalidatedBy = fmt.Sprintf("%s-ag-f%02d", g, (i+1)%48)
			}
		case 1: // retired, stated end kept
			f.ExpiredAt = after(w.sysT, f.CreatedAt)
		}
		w.facts = append(w.facts, f)
	}
	for i := range 3 {
		w.comms = append(w.comms, core.Community{UUID: fmt.Sprintf("%s-ag-c%d", g, i), GroupID: g, Name: "alpha",
			Summary: "alpha community", Members: []string{w.ents[i].UUID}, CreatedAt: w.sysT[pick(len(w.sysT))], NameEmbedding: r.vec(d)})
	}
	if _, err := s.AddEpisodes(ctx, w.eps); err != nil {
		t.Fatalf("AddEpisodes: %v", err)
	}
	must(t, "Apply", s.Apply(ctx, core.Change{Entities: w.ents, Facts: w.facts, Communities: w.comms}))
	// The rule is evaluated on the facts as stored: a store may fill in
	// what the model defines (the stated end).
	ids := factIDs(w.facts)
	stored, err := s.Facts(ctx, []string{g}, ids, core.GetOptions{})
	must(t, "Facts", err)
	check(t, "stored facts", sorted(factIDs(stored)), sorted(ids))
	w.facts = stored
	return w
}

// agreementFilters generates filters over the world's times, all valid for
// scope.
func agreementFilters(w agreementWorld, scope core.Scope, n int) []core.Filter {
	r := rng(uint64(len(scope)) * 7919)
	pick := func(n int) int { return int(r.next() % uint64(n)) }
	// Boundaries and the moments between them.
	instant := func(ts []time.Time) time.Time {
		x := ts[pick(len(ts))]
		switch pick(3) {
		case 0:
			return x.Add(-time.Second)
		case 1:
			return x.Add(time.Second)
		}
		return x
	}
	fields := map[core.Scope][]core.TimeField{
		core.ScopeFacts:       {core.FieldValidAt, core.FieldInvalidAt, core.FieldCreatedAt, core.FieldExpiredAt},
		core.ScopeEpisodes:    {core.FieldValidAt, core.FieldCreatedAt},
		core.ScopeEntities:    {core.FieldCreatedAt},
		core.ScopeCommunities: {core.FieldCreatedAt},
	}[scope]
	ops := []core.CompareOp{core.OpEq, core.OpNe, core.OpLt, core.OpLe, core.OpGt, core.OpGe, core.OpIsNull, core.OpNotNull}
	var out []core.Filter
	for range n {
		var f core.Filter
		if pick(3) == 0 {
			f.KnownAt = instant(w.sysT)
		}
		if pick(3) == 0 && scope != core.ScopeEntities && scope != core.ScopeCommunities {
			f.ValidAt = instant(w.evtT)
		}
		if scope == core.ScopeFacts {
			f.IncludeInvalid = pick(4) == 0
			if pick(2) == 0 {
				f.Now = instant(w.evtT)
			}
			if pick(3) == 0 {
				f.Relations = [][]string{{"KNOWS"}, {"WORKS_AT", "LIVES_IN"}}[pick(2)]
			}
		}
		if (scope == core.ScopeFacts || scope == core.ScopeEntities) && pick(3) == 0 {
			f.Labels = [][]string{{"Person"}, {"Org"}, {"Org", "Company"}}[pick(3)]
		}
		for range pick(3) {
			var and []core.TimeCondition
			for range 1 + pick(2) {
				c := core.TimeCondition{Field: fields[pick(len(fields))], Op: ops[pick(len(ops))]}
				if c.Op != core.OpIsNull && c.Op != core.OpNotNull {
					if c.Field == core.FieldCreatedAt || c.Field == core.FieldExpiredAt {
						c.Value = instant(w.sysT)
					} else {
						c.Value = instant(w.evtT)
					}
				}
				and = append(and, c)
			}
			f.Time = append(f.Time, and)
		}
		out = append(out, f)
	}
	return out
}

func testFilterAgreement(t *testing.T, s core.Store) {
	ctx := t.Context()
	w := agreementSeed(t, s, groupA)
	seed(t, s, groupB)
	A := []string{groupA}
	q := make([]float32, s.Dimension())
	q[0] = 1
	compare := func(what string, f core.Filter, got, want []string) {
		t.Helper()
		if !slices.Equal(sorted(got), sorted(want)) {
			t.Errorf("%s with %+v:\n got  %v\n want %v (core's rule)", what, f, sorted(got), sorted(want))
		}
	}
	reads := func(sc core.Scope, f core.Filter, want []string) {
		t.Helper()
		hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: sc, Groups: A, Vector: q, Limit: 1000, MinScore: -1, Filter: f})
		must(t, "VectorSearch", err)
		compare(fmt.Sprintf("VectorSearch(%s)", sc), f, hitIDs(hits), want)
		hits, err = s.TextSearch(ctx, core.SearchQuery{Scope: sc, Groups: A, Text: "alpha", Limit: 1000, Filter: f})
		must(t, "TextSearch", err)
		compare(fmt.Sprintf("TextSearch(%s)", sc), f, hitIDs(hits), want)
	}
	for _, f := range agreementFilters(w, core.ScopeFacts, 160) {
		if f.Now.IsZero() {
			// ListFacts reads a missing Now as the present; searches get
			// Now from the engine. Give both the same.
			f.Now = now
		}
		var want []string
		for _, x := range w.facts {
			if f.MatchFact(&x) && f.MatchFactEnds(w.labels[x.SourceUUID], w.labels[x.TargetUUID]) {
				want = append(want, x.UUID)
			}
		}
		compare("ListFacts", f, listFacts(t, s, groupA, f), want)
		reads(core.ScopeFacts, f, want)
	}
	agree(t, w, core.ScopeEntities, 60, "ListEntities", w.ents, func(x core.Entity) string { return x.UUID }, (*core.Filter).MatchEntity,
		func(o core.ListOptions) (core.Page[core.Entity], error) { return s.ListEntities(ctx, groupA, o) }, compare, reads)
	agree(t, w, core.ScopeEpisodes, 60, "ListEpisodes", w.eps, func(x core.Episode) string { return x.UUID }, (*core.Filter).MatchEpisode,
		func(o core.ListOptions) (core.Page[core.Episode], error) { return s.ListEpisodes(ctx, groupA, o) }, compare, reads)
	agree(t, w, core.ScopeCommunities, 40, "ListCommunities", w.comms, func(x core.Community) string { return x.UUID }, (*core.Filter).MatchCommunity,
		func(o core.ListOptions) (core.Page[core.Community], error) { return s.ListCommunities(ctx, groupA, o) }, compare, reads)
	// Traverse keeps, of what it reaches, what the rule keeps.
	for _, f := range agreementFilters(w, core.ScopeFacts, 40) {
		if f.Now.IsZero() {
			f.Now = now
		}
		hits, err := s.Traverse(ctx, core.TraverseQuery{Scope: core.ScopeFacts, Groups: A, Seeds: []string{w.ents[0].UUID, w.ents[5].UUID}, Depth: 2, Limit: 1000, Filter: f})
		must(t, "Traverse", err)
		for _, h := range hits {
			x := w.factsByID(h.UUID)
			if x.UUID == "" || !f.MatchFact(&x) || !f.MatchFactEnds(w.labels[x.SourceUUID], w.labels[x.TargetUUID]) {
				t.Errorf("Traverse(facts) with %+v returned %s, which core's rule does not keep", f, h.UUID)
			}
		}
	}
}

// agree checks n generated filters of scope sc: the listing and the
// searches keep exactly the items core's rule (match) keeps.
func agree[T any](t *testing.T, w agreementWorld, sc core.Scope, n int, what string, items []T, id func(T) string,
	match func(*core.Filter, *T) bool, list func(core.ListOptions) (core.Page[T], error),
	compare func(string, core.Filter, []string, []string), reads func(core.Scope, core.Filter, []string)) {
	t.Helper()
	for _, f := range agreementFilters(w, sc, n) {
		var want []string
		for i := range items {
			if match(&f, &items[i]) {
				want = append(want, id(items[i]))
			}
		}
		compare(what, f, uuidsOf(listAll(t, 100, list, core.ListOptions{Filter: f}), id), want)
		reads(sc, f, want)
	}
}

// factsByID returns the stored fact id, or the zero Fact.
func (w *agreementWorld) factsByID(id string) core.Fact {
	if w.factsByUUID == nil {
		w.factsByUUID = map[string]core.Fact{}
		for _, f := range w.facts {
			w.factsByUUID[f.UUID] = f
		}
	}
	return w.factsByUUID[id]
}

// testTraverseEpisodeSeeds checks that the entities an episode seed
// mentions, one hop away, are hits only when they pass the filter, as
// every other hit.
func testTraverseEpisodeSeeds(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	for _, c := range []struct {
		name   string
		filter core.Filter
		want   []string
	}{
		{"no filter", core.Filter{}, []string{a.alice, a.acme, a.paris}},
		{"persons", core.Filter{Labels: []string{"Person"}}, []string{a.alice}},
		{"robots", core.Filter{Labels: []string{"Robot"}}, nil},
		{"known before e1's entities", core.Filter{KnownAt: c1.Add(-time.Second)}, nil},
	} {
		hits, err := s.Traverse(ctx, core.TraverseQuery{Scope: core.ScopeEntities, Groups: []string{groupA}, Seeds: []string{a.e1}, Depth: 1, Limit: 50, Filter: c.filter})
		must(t, "Traverse", err)
		var got []string
		for _, h := range hits {
			if h.Distance == 1 {
				got = append(got, h.UUID)
			}
		}
		check(t, "Traverse from episode e1 at distance 1, "+c.name, sorted(got), sorted(c.want))
	}
}
