package storetest

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// ---- errors ----

func testNotFound(t *testing.T, s core.Store) {
	ctx := t.Context()
	_, b := seedBoth(t, s)
	A := []string{groupA}
	for _, id := range []string{"nope", b.e1} {
		_, err := episode(ctx, s, A, id)
		wantErr(t, "Episode("+id+")", err, core.ErrNotFound)
		_, err = s.EpisodeLinks(ctx, A, id)
		wantErr(t, "EpisodeLinks("+id+")", err, core.ErrNotFound)
	}
	for _, id := range []string{"nope", b.alice} {
		_, err := s.EntityEpisodes(ctx, A, id)
		wantErr(t, "EntityEpisodes("+id+")", err, core.ErrNotFound)
	}
	// Deleting unknown uuids and group B's from group A deletes nothing.
	must(t, "Apply", s.Apply(ctx, core.Change{Group: groupA, DeleteEpisodes: []string{"nope", b.e1},
		DeleteFacts: []string{"nope", b.f2}, DeleteEntities: []string{"nope", b.bob}}))
	st, err := s.Stats(ctx, groupB)
	must(t, "Stats", err)
	check(t, "group B after group A's deletes of its uuids", st, core.Stats{Episodes: 3, PendingEpisodes: 1, FailedEpisodes: 1, Entities: 5, Facts: 4, CurrentFacts: 3, Communities: 1})
	// Malformed group ids are invalid input.
	_, err = episode(ctx, s, []string{"a b"}, b.e1)
	wantErr(t, "Episode in a malformed group", err, core.ErrInvalid)
	_, err = s.Stats(ctx, "")
	wantErr(t, "Stats of the empty group", err, core.ErrInvalid)
	_, err = s.ListFacts(ctx, "a/b", core.ListOptions{})
	wantErr(t, "ListFacts of a malformed group", err, core.ErrInvalid)
	_, err = s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: A, Vector: make([]float32, s.Dimension()+1)})
	wantErr(t, "VectorSearch with a vector of the wrong dimension", err, core.ErrInvalid)
	_, err = s.VectorSearch(ctx, core.SearchQuery{Scope: "widgets", Groups: A, Vector: axis(s.Dimension(), 0, 0)})
	wantErr(t, "VectorSearch of an unknown scope", err, core.ErrInvalid)
	_, err = s.ListEntities(ctx, groupA, core.ListOptions{Filter: core.Filter{Labels: []string{"not a label"}}})
	wantErr(t, "ListEntities with a malformed label", err, core.ErrInvalid)
	_, err = s.ListFacts(ctx, groupA, core.ListOptions{Filter: core.Filter{Time: [][]core.TimeCondition{{{Field: core.FieldValidAt, Op: core.OpLt}}}}})
	wantErr(t, "ListFacts with a time condition without value", err, core.ErrInvalid)
}

// ---- graph reads ----

func testFactsBetween(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	// A second, current fact between Alice and Acme, and one between Bob
	// and Acme that is not between Alice and Acme.
	extra := []core.Fact{
		{UUID: a.g + "-f5", GroupID: groupA, Relation: "VISITED", Text: "Acme hosted Alice", SourceUUID: a.acme, TargetUUID: a.alice, CreatedAt: c3},
		{UUID: a.g + "-f6", GroupID: groupA, Relation: "VISITED", Text: "Bob visited Acme", SourceUUID: a.bob, TargetUUID: a.acme, CreatedAt: c3},
	}
	must(t, "Apply", s.Apply(ctx, core.Change{Facts: extra}))
	for _, pair := range [][2]string{{a.alice, a.acme}, {a.acme, a.alice}} {
		got, err := s.FactsBetween(ctx, groupA, pair[0], pair[1])
		must(t, "FactsBetween", err)
		check(t, "FactsBetween "+pair[0]+" "+pair[1]+" (expired f1 included)", sorted(factIDs(got)), []string{a.f1, a.g + "-f5"})
	}
	got, err := s.FactsBetween(ctx, groupA, a.bob, a.alice)
	must(t, "FactsBetween", err)
	check(t, "FactsBetween Bob and Alice (ended f3 included)", factIDs(got), []string{a.f3})
	if len(got) == 1 {
		check(t, "FactsBetween fills Episodes", got[0].Episodes, []string{a.e2})
	}
	got, err = s.FactsBetween(ctx, groupA, a.paris, a.bob)
	must(t, "FactsBetween", err)
	check(t, "FactsBetween unconnected", factIDs(got), []string(nil))
	got, err = s.FactsBetween(ctx, groupA, "nope", a.bob)
	must(t, "FactsBetween", err)
	check(t, "FactsBetween an unknown entity", factIDs(got), []string(nil))
}

func testFactsOfEntities(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	got, err := s.FactsOfEntities(ctx, groupA, []string{a.alice}, 0)
	must(t, "FactsOfEntities", err)
	// Not expired (f1 is), ended ones included (f3), newest (greatest
	// uuid) first.
	check(t, "FactsOfEntities(alice)", factIDs(got), []string{a.f4, a.f3, a.f2})
	got, err = s.FactsOfEntities(ctx, groupA, []string{a.alice}, 2)
	must(t, "FactsOfEntities", err)
	check(t, "FactsOfEntities(alice, 2)", factIDs(got), []string{a.f4, a.f3})
	got, err = s.FactsOfEntities(ctx, groupA, []string{a.paris, a.bob, a.paris, "nope"}, 0)
	must(t, "FactsOfEntities", err)
	check(t, "FactsOfEntities(paris, bob): each fact once", factIDs(got), []string{a.f3, a.f2})
	got, err = s.FactsOfEntities(ctx, groupA, []string{a.acme}, 0)
	must(t, "FactsOfEntities", err)
	check(t, "FactsOfEntities(acme): only expired facts", factIDs(got), []string(nil))
	got, err = s.FactsOfEntities(ctx, groupA, []string{a.bob}, 0)
	must(t, "FactsOfEntities", err)
	if len(got) == 1 {
		check(t, "FactsOfEntities fills Episodes", got[0].Episodes, []string{a.e2})
	}
}

// testFactHistoryOfEntities checks the read of a view of the past: every
// fact of the entities, expired, ended, invalidated and archived ones
// included, each once, newest first, and never another group's.
func testFactHistoryOfEntities(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, b := seedBoth(t, s)
	archive(t, s, a, archiveAt) // f2 archived
	for _, c := range []struct {
		name  string
		group string
		ids   []string
		want  []string
	}{
		{"alice: expired (f1), ended (f3) and archived (f2) facts, newest first", groupA, []string{a.alice}, []string{a.f4, a.f3, a.f2, a.f1}},
		{"acme: its only fact is expired", groupA, []string{a.acme}, []string{a.f1}},
		{"each fact once, unknown uuids skipped", groupA, []string{a.paris, a.bob, a.paris, "nope", a.alice}, []string{a.f4, a.f3, a.f2, a.f1}},
		{"an entity without facts", groupA, []string{a.beta + "-missing"}, nil},
		{"nothing", groupA, nil, nil},
		{"another group's entity", groupA, []string{b.alice, b.acme}, nil},
		{"group A's entities read in group B", groupB, []string{a.alice, a.bob}, nil},
		{"group B's own", groupB, []string{b.acme, a.acme}, []string{b.f1}},
	} {
		got, err := s.FactHistoryOfEntities(ctx, c.group, c.ids)
		must(t, "FactHistoryOfEntities", err)
		check(t, "FactHistoryOfEntities: "+c.name, nilIfEmpty(factIDs(got)), c.want)
		allOfGroup(t, "FactHistoryOfEntities: "+c.name, c.group, factIDs(got))
	}
	got, err := s.FactHistoryOfEntities(ctx, groupA, []string{a.acme})
	must(t, "FactHistoryOfEntities", err)
	if len(got) == 1 {
		check(t, "FactHistoryOfEntities(acme)[0], provenance included", normFact(got[0]), normFact(a.facts[0]))
	}
	_, err = s.FactHistoryOfEntities(ctx, "a b", []string{a.alice})
	wantErr(t, "FactHistoryOfEntities of a malformed group", err, core.ErrInvalid)
}

func testEntitiesByName(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	ibm := core.Entity{UUID: a.g + "-n6", GroupID: groupA, Name: "International Business Machines Corp.", CreatedAt: c3}
	must(t, "Apply", s.Apply(ctx, core.Change{Entities: []core.Entity{ibm}}))
	for _, c := range []struct {
		keys []string
		want []string
	}{
		{[]string{core.NormalizeName("  ALICE   smith. ")}, []string{a.alice}},
		{[]string{"paris", "bob"}, []string{a.paris, a.bob}},
		{[]string{"ibm", "ac"}, []string{ibm.UUID}},
		{[]string{core.NormalizeName(ibm.Name)}, []string{ibm.UUID}},
		{[]string{"bi"}, []string{a.beta}},
		{[]string{"alice"}, nil},
		{[]string{"Paris"}, nil}, // keys are normalized already
	} {
		got, err := s.EntitiesByName(ctx, groupA, c.keys)
		must(t, "EntitiesByName", err)
		check(t, fmt.Sprintf("EntitiesByName(%q)", c.keys), sorted(entIDs(got)), sorted(c.want))
	}
}

func testEntityNames(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	got, err := s.EntityNames(ctx, []string{groupA}, []string{a.alice, a.beta, "nope", a.f1})
	must(t, "EntityNames", err)
	check(t, "EntityNames", got, map[string]string{a.alice: "Alice Smith", a.beta: "Beta Industries"})
	got, err = s.EntityNames(ctx, []string{groupA}, nil)
	must(t, "EntityNames", err)
	if len(got) != 0 {
		t.Errorf("EntityNames(nil) = %v", got)
	}
}

func testProvenance(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	A := []string{groupA}
	eps, err := s.EntityEpisodes(ctx, A, a.alice)
	must(t, "EntityEpisodes", err)
	check(t, "EntityEpisodes(alice), oldest first", eps, []string{a.e1, a.e2, a.e3})
	eps, err = s.EntityEpisodes(ctx, A, a.paris)
	must(t, "EntityEpisodes", err)
	check(t, "EntityEpisodes(paris)", eps, []string{a.e1, a.e2})
	// An older episode, added later, comes first.
	old := core.Episode{UUID: a.g + "-e0", GroupID: groupA, Source: core.SourceText, Content: "Paris in 2010", ValidAt: time.Date(2010, 1, 1, 0, 0, 0, 0, time.UTC), CreatedAt: c3}
	_, err = s.AddEpisodes(ctx, []core.Episode{old})
	must(t, "AddEpisodes", err)
	f2 := a.facts[1]
	f2.Episodes = []string{old.UUID}
	f2.Embedding = nil
	must(t, "Apply", s.Apply(ctx, core.Change{Facts: []core.Fact{f2}, Mentions: []core.Mention{{Episode: old.UUID, Entity: a.paris}}}))
	eps, err = s.EntityEpisodes(ctx, A, a.paris)
	must(t, "EntityEpisodes", err)
	check(t, "EntityEpisodes(paris) with an older episode", eps, []string{old.UUID, a.e1, a.e2})
	check(t, "f2.Episodes, oldest first", getFact(t, s, groupA, a.f2).Episodes, []string{old.UUID, a.e1, a.e2})
	// Every read of facts fills Episodes.
	for _, f := range listAll(t, 10, func(o core.ListOptions) (core.Page[core.Fact], error) { return s.ListFacts(ctx, groupA, o) }, core.ListOptions{Filter: core.Filter{IncludeInvalid: true}}) {
		if len(f.Episodes) == 0 {
			t.Errorf("ListFacts: fact %s without Episodes", f.UUID)
		}
	}
	counts, err := s.MentionCounts(ctx, core.ScopeFacts, A, []string{a.f1, a.f2, a.f3, "nope"})
	must(t, "MentionCounts", err)
	for id, want := range map[string]int{a.f1: 1, a.f2: 3, a.f3: 1} {
		if counts[id] != want {
			t.Errorf("MentionCounts(facts)[%s] = %d, want %d", id, counts[id], want)
		}
	}
	counts, err = s.MentionCounts(ctx, core.ScopeEntities, A, []string{a.alice, a.paris, a.beta})
	must(t, "MentionCounts", err)
	check(t, "MentionCounts(entities)", counts, map[string]int{a.alice: 3, a.paris: 3, a.beta: 1})
	// Newer episodes go at the end, ties by uuid, however they are sent;
	// a batch with an older and a newer one orders the list again.
	at := func(id string, y int) core.Episode {
		return core.Episode{UUID: a.g + id, GroupID: groupA, Source: core.SourceText, Content: "Paris again", ValidAt: time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC), CreatedAt: c3}
	}
	later := []core.Episode{at("-e9", 2030), at("-e8b", 2031), at("-e8a", 2031), at("-e7", 2009), at("-e6", 2032)}
	_, err = s.AddEpisodes(ctx, later)
	must(t, "AddEpisodes", err)
	for _, batch := range [][]string{{a.g + "-e9"}, {a.g + "-e8b", a.g + "-e8a"}, {a.g + "-e6", a.g + "-e7"}} {
		f2.Episodes = batch
		must(t, "Apply", s.Apply(ctx, core.Change{Facts: []core.Fact{f2}}))
	}
	check(t, "f2.Episodes after newer, tied and mixed batches", getFact(t, s, groupA, a.f2).Episodes,
		[]string{a.g + "-e7", old.UUID, a.e1, a.e2, a.g + "-e9", a.g + "-e8a", a.g + "-e8b", a.g + "-e6"})
}

func testEntityGraph(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	extra := core.Fact{UUID: a.g + "-f5", GroupID: groupA, Relation: "VISITED", Text: "Paris welcomed Alice", SourceUUID: a.paris, TargetUUID: a.alice, CreatedAt: c3}
	must(t, "Apply", s.Apply(ctx, core.Change{Facts: []core.Fact{extra}}))
	g, err := s.EntityGraph(ctx, groupA)
	must(t, "EntityGraph", err)
	check(t, "EntityGraph nodes", sorted(g.Nodes), []string{a.alice, a.acme, a.paris, a.bob, a.beta})
	weight := map[[2]string]int{}
	for _, e := range g.Edges {
		k := [2]string{e.A, e.B}
		if e.B < e.A {
			k = [2]string{e.B, e.A}
		}
		if _, dup := weight[k]; dup {
			t.Errorf("EntityGraph lists the pair %v twice", k)
		}
		weight[k] = e.Weight
	}
	check(t, "weight alice-paris (two current facts)", weight[[2]string{a.alice, a.paris}], 2)
	check(t, "weight alice-beta", weight[[2]string{a.alice, a.beta}], 1)
	if w, ok := weight[[2]string{a.alice, a.acme}]; ok {
		t.Errorf("EntityGraph joins alice and acme (weight %d) by an expired fact only", w)
	}
}

// ---- paging ----

func testPagingEntities(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	want := []string{a.alice, a.acme, a.paris, a.bob, a.beta}
	for _, limit := range []int{1, 2, 3, 5, 7} {
		got := listAll(t, limit, func(o core.ListOptions) (core.Page[core.Entity], error) { return s.ListEntities(ctx, groupA, o) }, core.ListOptions{})
		check(t, fmt.Sprintf("ListEntities pages of %d", limit), entIDs(got), want)
	}
	p, err := s.ListEntities(ctx, groupA, core.ListOptions{Limit: 5})
	must(t, "ListEntities", err)
	check(t, "a full last page has no cursor", p.Next, "")
}

func testPagingFacts(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	for _, limit := range []int{1, 3} {
		got := listAll(t, limit, func(o core.ListOptions) (core.Page[core.Fact], error) { return s.ListFacts(ctx, groupA, o) }, core.ListOptions{Filter: core.Filter{IncludeInvalid: true}})
		check(t, fmt.Sprintf("ListFacts pages of %d", limit), factIDs(got), []string{a.f1, a.f2, a.f3, a.f4})
		got = listAll(t, limit, func(o core.ListOptions) (core.Page[core.Fact], error) { return s.ListFacts(ctx, groupA, o) }, core.ListOptions{Filter: core.Filter{Now: now}})
		check(t, fmt.Sprintf("ListFacts valid now, pages of %d", limit), factIDs(got), []string{a.f2, a.f4})
	}
	p, err := s.ListFacts(ctx, groupA, core.ListOptions{Filter: core.Filter{IncludeInvalid: true}, Embeddings: true, Limit: 10})
	must(t, "ListFacts", err)
	for _, f := range p.Items {
		if !sameVec(f.Embedding, a.factVec[f.UUID]) {
			t.Errorf("ListFacts with Embeddings: %s has %v", f.UUID, f.Embedding)
		}
	}
	// Episodes: by reference time, then uuid; ties in reference time and
	// uuids out of insertion order.
	eps := []core.Episode{
		{UUID: "pg-3", ValidAt: y2022}, {UUID: "pg-1", ValidAt: y2022}, {UUID: "pg-0", ValidAt: y2023},
		{UUID: "pg-2", ValidAt: y2021}, {UUID: "pg-4", ValidAt: y2023m},
	}
	for i := range eps {
		eps[i].GroupID, eps[i].Source, eps[i].Content, eps[i].CreatedAt = groupB+"x", core.SourceText, "episode "+eps[i].UUID, c1
	}
	_, err = s.AddEpisodes(ctx, eps)
	must(t, "AddEpisodes", err)
	for _, limit := range []int{1, 2, 5} {
		got := listAll(t, limit, func(o core.ListOptions) (core.Page[core.Episode], error) { return s.ListEpisodes(ctx, groupB+"x", o) }, core.ListOptions{})
		check(t, fmt.Sprintf("ListEpisodes pages of %d", limit), epIDs(got), []string{"pg-2", "pg-1", "pg-3", "pg-0", "pg-4"})
	}
	done := eps[1]
	done.Status = core.EpisodeDone
	must(t, "Apply", s.Apply(ctx, core.Change{Episodes: []core.Episode{done}}))
	got := listAll(t, 2, func(o core.ListOptions) (core.Page[core.Episode], error) { return s.ListEpisodes(ctx, groupB+"x", o) }, core.ListOptions{Status: core.EpisodePending})
	check(t, "ListEpisodes pending", epIDs(got), []string{"pg-2", "pg-3", "pg-0", "pg-4"})
	got = listAll(t, 2, func(o core.ListOptions) (core.Page[core.Episode], error) { return s.ListEpisodes(ctx, groupB+"x", o) }, core.ListOptions{Status: core.EpisodeDone})
	check(t, "ListEpisodes done", epIDs(got), []string{"pg-1"})
}

func testPagingCommunities(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	more := []core.Community{
		{UUID: a.g + "-c2", GroupID: groupA, Name: "Work", Members: []string{a.alice, a.beta}, CreatedAt: c3},
		{UUID: a.g + "-c3", GroupID: groupA, Name: "Friends", Members: []string{a.bob}, CreatedAt: c3},
	}
	must(t, "Apply", s.Apply(ctx, core.Change{Communities: more}))
	for _, limit := range []int{1, 2} {
		got := listAll(t, limit, func(o core.ListOptions) (core.Page[core.Community], error) { return s.ListCommunities(ctx, groupA, o) }, core.ListOptions{})
		check(t, fmt.Sprintf("ListCommunities pages of %d", limit), commIDs(got), []string{a.c1, a.g + "-c2", a.g + "-c3"})
		for _, c := range got {
			if len(c.Members) == 0 {
				t.Errorf("ListCommunities: %s without members", c.UUID)
			}
		}
	}
}

func testPagingDefaultLimit(t *testing.T, s core.Store) {
	ctx := t.Context()
	var ents []core.Entity
	for i := range 101 {
		ents = append(ents, core.Entity{UUID: fmt.Sprintf("dl-%03d", i), GroupID: groupA, Name: fmt.Sprintf("Entity %d", i), CreatedAt: c1.Add(time.Duration(i) * time.Second)})
	}
	must(t, "Apply", s.Apply(ctx, core.Change{Entities: ents}))
	p, err := s.ListEntities(ctx, groupA, core.ListOptions{})
	must(t, "ListEntities", err)
	if len(p.Items) != 100 || p.Next == "" {
		t.Fatalf("ListEntities with Limit 0: %d items, cursor %q; want 100 and a cursor", len(p.Items), p.Next)
	}
	p2, err := s.ListEntities(ctx, groupA, core.ListOptions{Cursor: p.Next})
	must(t, "ListEntities", err)
	check(t, "second page", entIDs(p2.Items), []string{"dl-100"})
	check(t, "second page cursor", p2.Next, "")
	check(t, "first page", entIDs(p.Items), entIDs(ents[:100]))
	// More than 1000 is cut to 1000.
	ents = ents[:0]
	for i := range 1000 {
		ents = append(ents, core.Entity{UUID: fmt.Sprintf("dl-x%04d", i), GroupID: groupA, Name: fmt.Sprintf("More %d", i), CreatedAt: c2})
	}
	must(t, "Apply", s.Apply(ctx, core.Change{Entities: ents}))
	p, err = s.ListEntities(ctx, groupA, core.ListOptions{Limit: 5000})
	must(t, "ListEntities", err)
	if len(p.Items) != 1000 || p.Next == "" {
		t.Errorf("ListEntities with Limit 5000 over 1101 entities: %d items, cursor %q; want 1000 and a cursor", len(p.Items), p.Next)
	}
}

// ---- queue ----

func testQueueOrder(t *testing.T, s core.Store) {
	ctx := t.Context()
	mk := func(g, id string, at time.Time) core.Episode {
		return core.Episode{UUID: id, GroupID: g, Source: core.SourceText, Content: "episode " + id, ValidAt: at, CreatedAt: c1}
	}
	eps := []core.Episode{
		mk(groupA, "q-3", c1), mk(groupA, "q-1", c1), mk(groupA, "q-2", c1.Add(-time.Hour)),
		mk(groupA, "q-0", c1.Add(time.Hour)), mk(groupA, "q-4", c1.Add(2*time.Hour)),
		mk(groupB, "q-b", c1.Add(-30*time.Minute)),
	}
	_, err := s.AddEpisodes(ctx, eps)
	must(t, "AddEpisodes", err)
	groups, err := s.PendingGroups(ctx)
	must(t, "PendingGroups", err)
	check(t, "PendingGroups", sorted(groups), []string{groupA, groupB})
	pend, err := s.PendingEpisodes(ctx, groupA, 3)
	must(t, "PendingEpisodes", err)
	check(t, "PendingEpisodes(3)", epIDs(pend), []string{"q-2", "q-1", "q-3"})
	done := eps[1]
	done.Status = core.EpisodeDone
	failed := mk(groupB, "q-b", c1.Add(-30*time.Minute))
	failed.Status, failed.Attempts, failed.Error = core.EpisodeFailed, 5, "gave up"
	must(t, "Apply", s.Apply(ctx, core.Change{Episodes: []core.Episode{done}}))
	must(t, "Apply", s.Apply(ctx, core.Change{Episodes: []core.Episode{failed}}))
	pend, err = s.PendingEpisodes(ctx, groupA, 10)
	must(t, "PendingEpisodes", err)
	check(t, "PendingEpisodes after one is done", epIDs(pend), []string{"q-2", "q-3", "q-0", "q-4"})
	groups, err = s.PendingGroups(ctx)
	must(t, "PendingGroups", err)
	check(t, "PendingGroups after B's only episode failed", groups, []string{groupA})
	pend, err = s.PendingEpisodes(ctx, groupB, 10)
	must(t, "PendingEpisodes", err)
	check(t, "PendingEpisodes(B)", epIDs(pend), []string(nil))
	for _, c := range []struct {
		ep   core.Episode
		n    int
		want []string
	}{
		{eps[3], 2, []string{"q-1", "q-3"}},
		{eps[3], 10, []string{"q-2", "q-1", "q-3"}},
		{eps[0], 10, []string{"q-2", "q-1"}},
		{eps[1], 10, []string{"q-2"}},
		{eps[2], 10, nil},
		{eps[4], 0, nil},
	} {
		prev, err := s.PreviousEpisodes(ctx, c.ep, c.n)
		must(t, "PreviousEpisodes", err)
		check(t, fmt.Sprintf("PreviousEpisodes(%s, %d)", c.ep.UUID, c.n), nilIfEmpty(epIDs(prev)), c.want)
	}
}

func testStats(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	st, err := s.Stats(ctx, groupA)
	must(t, "Stats", err)
	// CurrentFacts counts the facts not expired (Fact.ExpiredAt: "zero:
	// still current").
	check(t, "Stats", st, core.Stats{Episodes: 3, PendingEpisodes: 1, FailedEpisodes: 1, Entities: 5, Facts: 4, CurrentFacts: 3, Communities: 1})
	must(t, "Apply", s.Apply(ctx, core.Change{Group: groupA, DeleteFacts: []string{a.f3}}))
	st, err = s.Stats(ctx, groupA)
	must(t, "Stats", err)
	check(t, "Stats after a delete", st, core.Stats{Episodes: 3, PendingEpisodes: 1, FailedEpisodes: 1, Entities: 5, Facts: 3, CurrentFacts: 2, Communities: 1})
	st, err = s.Stats(ctx, "tenant-empty")
	must(t, "Stats", err)
	check(t, "Stats of an empty group", st, core.Stats{})
}

func testListEmbeddings(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	d := s.Dimension()
	// Episodes carry embeddings when they are given one.
	ep := core.Episode{UUID: a.g + "-e9", GroupID: groupA, Source: core.SourceText, Content: "embedded", ValidAt: now, CreatedAt: now, Embedding: axis(d, 5, 0.4)}
	_, err := s.AddEpisodes(ctx, []core.Episode{ep})
	must(t, "AddEpisodes", err)
	for _, with := range []bool{false, true} {
		o := core.ListOptions{Embeddings: with, Filter: core.Filter{IncludeInvalid: true}}
		eps, err := s.ListEpisodes(ctx, groupA, o)
		must(t, "ListEpisodes", err)
		for _, e := range eps.Items {
			want := []float32(nil)
			if with {
				want = a.epVec[e.UUID]
				if e.UUID == ep.UUID {
					want = ep.Embedding
				}
			}
			if !sameVec(e.Embedding, want) || (want == nil) != (e.Embedding == nil) {
				t.Errorf("ListEpisodes(Embeddings: %v): %s has embedding %v, want %v", with, e.UUID, e.Embedding, want)
			}
		}
		ents, err := s.ListEntities(ctx, groupA, o)
		must(t, "ListEntities", err)
		for _, e := range ents.Items {
			if with && !sameVec(e.NameEmbedding, a.entVec[e.UUID]) || !with && e.NameEmbedding != nil {
				t.Errorf("ListEntities(Embeddings: %v): %s has embedding %v", with, e.UUID, e.NameEmbedding)
			}
		}
		facts, err := s.ListFacts(ctx, groupA, o)
		must(t, "ListFacts", err)
		for _, f := range facts.Items {
			if with && !sameVec(f.Embedding, a.factVec[f.UUID]) || !with && f.Embedding != nil {
				t.Errorf("ListFacts(Embeddings: %v): %s has embedding %v", with, f.UUID, f.Embedding)
			}
		}
		cms, err := s.ListCommunities(ctx, groupA, o)
		must(t, "ListCommunities", err)
		for _, c := range cms.Items {
			if with && !sameVec(c.NameEmbedding, a.comm.NameEmbedding) || !with && c.NameEmbedding != nil {
				t.Errorf("ListCommunities(Embeddings: %v): %s has embedding %v", with, c.UUID, c.NameEmbedding)
			}
		}
		if len(eps.Items) != 4 || len(ents.Items) != 5 || len(facts.Items) != 4 || len(cms.Items) != 1 {
			t.Errorf("listings hold %d episodes, %d entities, %d facts, %d communities; want 4, 5, 4, 1",
				len(eps.Items), len(ents.Items), len(facts.Items), len(cms.Items))
		}
	}
}

func testClose(t *testing.T, s core.Store) {
	seed(t, s, groupA)
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if err := s.Close(done); err != nil {
		t.Errorf("Close with a done context: %v", err)
	}
	if err := s.Close(context.Background()); err != nil {
		t.Errorf("Close again: %v", err)
	}
	_, err := s.Stats(context.Background(), groupA)
	wantErr(t, "Stats after Close", err, core.ErrClosed)
	_, err = s.AddEpisodes(context.Background(), []core.Episode{{UUID: "late", GroupID: groupA, Source: core.SourceText, Content: "late", ValidAt: now, CreatedAt: now}})
	wantErr(t, "AddEpisodes after Close", err, core.ErrClosed)
}

func testCallerOwnsResults(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	spoil := func() {
		ents, err := s.Entities(ctx, []string{groupA}, []string{a.alice, a.acme}, core.GetOptions{Embeddings: true})
		must(t, "Entities", err)
		for _, e := range ents {
			e.Labels[0] = "Spoiled"
			e.NameEmbedding[0] = 42
			if e.Attributes != nil {
				e.Attributes["age"] = "spoiled"
			}
		}
		byName, err := s.EntitiesByName(ctx, groupA, []string{"acme corp"})
		must(t, "EntitiesByName", err)
		for _, e := range byName {
			e.Labels[0] = "Spoiled"
		}
		facts, err := s.Facts(ctx, []string{groupA}, []string{a.f2}, core.GetOptions{Embeddings: true})
		must(t, "Facts", err)
		for _, f := range facts {
			f.Episodes[0] = "spoiled"
			f.Embedding[0] = 42
		}
		of, err := s.FactsOfEntities(ctx, groupA, []string{a.alice}, 0)
		must(t, "FactsOfEntities", err)
		for _, f := range of {
			f.Episodes[0] = "spoiled"
		}
		cms, err := s.Communities(ctx, []string{groupA}, []string{a.c1}, core.GetOptions{})
		must(t, "Communities", err)
		for _, c := range cms {
			c.Members[0] = "spoiled"
		}
		names, err := s.EntityNames(ctx, []string{groupA}, []string{a.alice})
		must(t, "EntityNames", err)
		names[a.alice] = "spoiled"
	}
	spoil()
	ents, err := s.Entities(ctx, []string{groupA}, []string{a.alice, a.acme}, core.GetOptions{Embeddings: true})
	must(t, "Entities", err)
	for i, e := range ents {
		check(t, "entity after its copy was changed", normEntity(e), normEntity(a.ents[i]))
		if !sameVec(e.NameEmbedding, a.ents[i].NameEmbedding) {
			t.Errorf("entity %s embedding after its copy was changed: %v", e.UUID, e.NameEmbedding)
		}
	}
	f := getFact(t, s, groupA, a.f2)
	check(t, "f2.Episodes after its copy was changed", f.Episodes, []string{a.e1, a.e2})
	for _, f := range listAll(t, 10, func(o core.ListOptions) (core.Page[core.Fact], error) { return s.ListFacts(ctx, groupA, o) }, core.ListOptions{Filter: core.Filter{IncludeInvalid: true}}) {
		if slices.Contains(f.Episodes, "spoiled") {
			t.Errorf("fact %s lists the episodes of a changed copy: %v", f.UUID, f.Episodes)
		}
	}
	cms, err := s.Communities(ctx, []string{groupA}, []string{a.c1}, core.GetOptions{})
	must(t, "Communities", err)
	if len(cms) == 1 {
		check(t, "members after a copy was changed", sorted(cms[0].Members), []string{a.alice, a.paris})
	}
	names, err := s.EntityNames(ctx, []string{groupA}, []string{a.alice})
	must(t, "EntityNames", err)
	check(t, "EntityNames after a copy was changed", names, map[string]string{a.alice: "Alice Smith"})
}

// testTraverse walks a chain p0 - p1 - p2 - p3 of current facts, with an
// episode that mentions p0.
func testTraverse(t *testing.T, s core.Store) {
	ctx := t.Context()
	g := groupA
	id := func(kind string, i int) string { return fmt.Sprintf("%s-%s%d", g, kind, i) }
	var ents []core.Entity
	var facts []core.Fact
	for i := range 4 {
		ents = append(ents, core.Entity{UUID: id("p", i), GroupID: g, Name: fmt.Sprintf("P%d", i), CreatedAt: c1})
		if i > 0 {
			facts = append(facts, core.Fact{UUID: id("l", i), GroupID: g, Relation: "NEXT_TO", Text: fmt.Sprintf("P%d is next to P%d", i-1, i),
				SourceUUID: id("p", i-1), TargetUUID: id("p", i), CreatedAt: c1})
		}
	}
	ep := core.Episode{UUID: id("ep", 0), GroupID: g, Source: core.SourceText, Content: "P0", ValidAt: c1, CreatedAt: c1}
	_, err := s.AddEpisodes(ctx, []core.Episode{ep})
	must(t, "AddEpisodes", err)
	must(t, "Apply", s.Apply(ctx, core.Change{Entities: ents, Facts: facts, Mentions: []core.Mention{{Episode: ep.UUID, Entity: id("p", 0)}}}))
	seed(t, s, groupB)
	walk := func(sc core.Scope, seed string, depth int) map[string]int {
		t.Helper()
		hits, err := s.Traverse(ctx, core.TraverseQuery{Scope: sc, Groups: []string{g}, Seeds: []string{seed}, Depth: depth, Limit: 50, Filter: core.Filter{Now: now}})
		must(t, "Traverse", err)
		out := map[string]int{}
		for i, h := range hits {
			if i > 0 && h.Distance < hits[i-1].Distance {
				t.Errorf("Traverse(%s, %s, %d): not nearest first: %v", sc, seed, depth, hits)
			}
			if h.Distance > 0 && math.Abs(h.Score-1/float64(h.Distance)) > 1e-9 {
				t.Errorf("Traverse: hit %s at distance %d scores %v, want 1/distance", h.UUID, h.Distance, h.Score)
			}
			if h.UUID != seed {
				out[h.UUID] = h.Distance
			}
		}
		return out
	}
	check(t, "entities within 2 hops of p0", walk(core.ScopeEntities, id("p", 0), 2), map[string]int{id("p", 1): 1, id("p", 2): 2})
	check(t, "entities within 1 hop of p1 (depth 0 means 1)", walk(core.ScopeEntities, id("p", 1), 0), map[string]int{id("p", 0): 1, id("p", 2): 1})
	// The mention is one hop of Distance but not a fact hop: Depth 1 from
	// the episode reaches p0 and, one fact further, p1.
	check(t, "entities within 1 fact hop of what the episode mentions", walk(core.ScopeEntities, ep.UUID, 1), map[string]int{id("p", 0): 1, id("p", 1): 2})
	check(t, "facts within 2 hops of p0", walk(core.ScopeFacts, id("p", 0), 2), map[string]int{id("l", 1): 1, id("l", 2): 2})
	dist, err := s.Distances(ctx, []string{g}, id("p", 0), []string{id("p", 0), id("p", 1), id("p", 2), id("p", 3), "nope"}, 2)
	must(t, "Distances", err)
	check(t, "Distances from p0 up to 2 hops", dist, map[string]int{id("p", 0): 0, id("p", 1): 1, id("p", 2): 2})
}

// testConcurrent runs writers of two groups and readers at once; each
// group ends with exactly what its writer wrote.
func testConcurrent(t *testing.T, s core.Store) {
	ctx := t.Context()
	const rounds = 6
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for _, g := range []string{groupA, groupB} {
		wg.Add(2)
		go func() {
			defer wg.Done()
			for i := range rounds {
				ep := core.Episode{UUID: fmt.Sprintf("%s-c%d", g, i), GroupID: g, Source: core.SourceText, Content: fmt.Sprintf("round %d", i), ValidAt: c1.Add(time.Duration(i) * time.Minute), CreatedAt: c1}
				if _, err := s.AddEpisodes(ctx, []core.Episode{ep}); err != nil {
					errs <- err
					return
				}
				ent := core.Entity{UUID: fmt.Sprintf("%s-cn%d", g, i), GroupID: g, Name: fmt.Sprintf("E%d", i), CreatedAt: c1, NameEmbedding: axis(s.Dimension(), i, 0)}
				ep.Status = core.EpisodeDone
				if err := s.Apply(ctx, core.Change{Episodes: []core.Episode{ep}, Entities: []core.Entity{ent}, Mentions: []core.Mention{{Episode: ep.UUID, Entity: ent.UUID}}}); err != nil {
					errs <- err
					return
				}
			}
		}()
		go func() {
			defer wg.Done()
			for i := range rounds * 2 {
				hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{g}, Vector: axis(s.Dimension(), i, 0), MinScore: -1})
				if err != nil {
					errs <- err
					return
				}
				for _, h := range hits {
					if !strings.HasPrefix(h.UUID, g+"-") {
						errs <- fmt.Errorf("VectorSearch in %s returned %s", g, h.UUID)
					}
				}
				if _, err := s.ListEpisodes(ctx, g, core.ListOptions{}); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for _, g := range []string{groupA, groupB} {
		st, err := s.Stats(ctx, g)
		must(t, "Stats", err)
		check(t, "Stats of "+g, st, core.Stats{Episodes: rounds, Entities: rounds})
	}
}
