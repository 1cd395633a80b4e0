package storetest

import (
	"slices"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// archiveAt is when the suite archives objects: after the fixture's last
// system time.
var archiveAt = now.Add(time.Hour)

// archive stamps the entity paris and the fact f2 of w as archived at
// archiveAt (zero: restores them).
func archive(t *testing.T, s core.Store, w world, at time.Time) {
	t.Helper()
	ctx := t.Context()
	ents, err := s.Entities(ctx, []string{w.g}, []string{w.paris}, core.GetOptions{})
	must(t, "Entities", err)
	facts, err := s.Facts(ctx, []string{w.g}, []string{w.f2}, core.GetOptions{})
	must(t, "Facts", err)
	if len(ents) != 1 || len(facts) != 1 {
		t.Fatalf("read %d entities and %d facts to archive, want 1 and 1", len(ents), len(facts))
	}
	ents[0].ArchivedAt, facts[0].ArchivedAt, facts[0].Episodes = at, at, nil
	must(t, "Apply archive", s.Apply(ctx, core.Change{Group: w.g, Entities: ents, Facts: facts}))
}

// testArchive checks archiving (Entity.ArchivedAt, Fact.ArchivedAt): it
// round-trips, default reads and searches leave archived objects out,
// IncludeArchived brings them back, a query known at a moment before the
// archiving sees them active, another group is untouched, and clearing the
// stamp restores them.
func testArchive(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, b := seedBoth(t, s)
	archive(t, s, a, archiveAt)

	ents, err := s.Entities(ctx, []string{groupA}, []string{a.paris}, core.GetOptions{})
	must(t, "Entities", err)
	facts, err := s.Facts(ctx, []string{groupA}, []string{a.f2}, core.GetOptions{})
	must(t, "Facts", err)
	if len(ents) != 1 || !ents[0].ArchivedAt.Equal(archiveAt) || len(facts) != 1 || !facts[0].ArchivedAt.Equal(archiveAt) {
		t.Fatalf("archived objects read back = %v, %v, want both archived at %v", ents, facts, archiveAt)
	}
	if len(facts[0].Episodes) != 2 {
		t.Errorf("archived fact's episodes = %v, want its provenance kept", facts[0].Episodes)
	}

	listEnts := func(g string, f core.Filter) []string {
		return entIDs(listAll(t, 10, func(o core.ListOptions) (core.Page[core.Entity], error) { return s.ListEntities(ctx, g, o) }, core.ListOptions{Filter: f}))
	}
	before := archiveAt.Add(-time.Minute)
	for _, c := range []struct {
		name     string
		f        core.Filter
		entity   bool
		factKept bool
	}{
		{"default", core.Filter{Now: archiveAt}, false, false},
		{"include archived", core.Filter{Now: archiveAt, IncludeArchived: true}, true, true},
		{"known before archiving", core.Filter{KnownAt: before}, true, true},
		{"known after archiving", core.Filter{KnownAt: archiveAt.Add(time.Minute)}, false, false},
		{"history", core.Filter{IncludeInvalid: true}, false, false},
	} {
		if got := slices.Contains(listEnts(groupA, c.f), a.paris); got != c.entity {
			t.Errorf("ListEntities %s keeps the archived entity = %v, want %v", c.name, got, c.entity)
		}
		if got := slices.Contains(listFacts(t, s, groupA, c.f), a.f2); got != c.factKept {
			t.Errorf("ListFacts %s keeps the archived fact = %v, want %v", c.name, got, c.factKept)
		}
		hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{groupA}, Vector: a.factVec[a.f2], Limit: 10, MinScore: -1, Filter: c.f})
		must(t, "VectorSearch", err)
		if got := slices.Contains(hitIDs(hits), a.f2); got != c.factKept {
			t.Errorf("VectorSearch of facts %s finds the archived fact = %v, want %v", c.name, got, c.factKept)
		}
		hits, err = s.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{groupA}, Text: "Paris", Limit: 10, Filter: c.f})
		must(t, "TextSearch", err)
		if got := slices.Contains(hitIDs(hits), a.paris); got != c.entity {
			t.Errorf("TextSearch of entities %s finds the archived entity = %v, want %v", c.name, got, c.entity)
		}
		hits, err = s.Traverse(ctx, core.TraverseQuery{Scope: core.ScopeEntities, Groups: []string{groupA}, Seeds: []string{a.alice}, Depth: 1, Limit: 10, Filter: c.f})
		must(t, "Traverse", err)
		if slices.Contains(hitIDs(hits), a.paris) && !c.entity {
			t.Errorf("Traverse %s reaches the archived entity", c.name)
		}
	}
	// The other group's objects with the same names are untouched.
	if !slices.Contains(listEnts(groupB, core.Filter{}), b.paris) || !slices.Contains(listFacts(t, s, groupB, core.Filter{Now: now}), b.f2) {
		t.Errorf("archiving in %s hid objects of %s", groupA, groupB)
	}
	// Clearing the stamp restores.
	archive(t, s, a, time.Time{})
	if !slices.Contains(listEnts(groupA, core.Filter{}), a.paris) || !slices.Contains(listFacts(t, s, groupA, core.Filter{Now: now}), a.f2) {
		t.Errorf("restored objects are still left out of default listings")
	}
}
