package storetest

import (
	"slices"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// quarantineAt is when the suite quarantines a fact, releaseAt when it
// releases it.
var (
	quarantineAt = now.Add(2 * time.Hour)
	releaseAt    = now.Add(3 * time.Hour)
)

// quarantine stamps the fact f2 of w with class trust, quarantined at at
// (zero: released at releaseAt).
func quarantine(t *testing.T, s core.Store, w world, trust string, at time.Time) {
	t.Helper()
	ctx := t.Context()
	facts, err := s.Facts(ctx, []string{w.g}, []string{w.f2}, core.GetOptions{})
	must(t, "Facts", err)
	if len(facts) != 1 {
		t.Fatalf("read %d facts to quarantine, want 1", len(facts))
	}
	facts[0].Trust, facts[0].QuarantinedAt, facts[0].ReleasedAt, facts[0].Episodes = trust, at, time.Time{}, nil
	if at.IsZero() {
		facts[0].ReleasedAt = releaseAt
	}
	must(t, "Apply quarantine", s.Apply(ctx, core.Change{Group: w.g, Facts: facts}))
}

// testQuarantine checks source classes and quarantine (Episode.Trust,
// Fact.Trust, Fact.QuarantinedAt): they round-trip, default reads and
// searches leave a quarantined fact out whatever the time travel, only
// IncludeQuarantined brings it back, another group is untouched, and
// clearing the stamp releases the fact: from its release on, and not for
// a query known at a moment before it (Fact.ReleasedAt).
func testQuarantine(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, b := seedBoth(t, s)
	ep := core.Episode{UUID: "trusted-ep", GroupID: groupA, Source: core.SourceText, Content: "Alice reads the web.",
		ValidAt: now, CreatedAt: now, Trust: "web"}
	_, err := s.AddEpisodes(ctx, []core.Episode{ep})
	must(t, "AddEpisodes", err)
	eps, err := s.Episodes(ctx, []string{groupA}, []string{ep.UUID}, core.GetOptions{})
	must(t, "Episodes", err)
	if len(eps) != 1 || eps[0].Trust != "web" {
		t.Fatalf("episode read back = %+v, want its trust web", eps)
	}
	// An update of the episode's processing fields keeps its class.
	eps[0].Status = core.EpisodeDone
	eps[0].Trust = ""
	must(t, "Apply episode", s.Apply(ctx, core.Change{Episodes: eps}))
	if page, err := s.ListEpisodes(ctx, groupA, core.ListOptions{Limit: 100}); err != nil {
		t.Fatalf("ListEpisodes: %v", err)
	} else if i := slices.IndexFunc(page.Items, func(e core.Episode) bool { return e.UUID == ep.UUID }); i < 0 || page.Items[i].Trust != "web" {
		t.Errorf("episode after an update = %+v, want its trust kept", page.Items)
	}

	quarantine(t, s, a, "web", quarantineAt)
	facts, err := s.Facts(ctx, []string{groupA}, []string{a.f2}, core.GetOptions{})
	must(t, "Facts", err)
	if len(facts) != 1 || facts[0].Trust != "web" || !facts[0].QuarantinedAt.Equal(quarantineAt) {
		t.Fatalf("quarantined fact read back = %+v, want trust web, quarantined at %v", facts, quarantineAt)
	}
	for _, c := range []struct {
		name string
		f    core.Filter
		kept bool
	}{
		{"default", core.Filter{Now: now}, false},
		{"include quarantined", core.Filter{Now: now, IncludeQuarantined: true}, true},
		{"known after", core.Filter{KnownAt: quarantineAt.Add(time.Minute)}, false},
		{"history", core.Filter{IncludeInvalid: true}, false},
		{"history with quarantine", core.Filter{IncludeInvalid: true, IncludeQuarantined: true}, true},
		{"include archived", core.Filter{Now: now, IncludeArchived: true}, false},
	} {
		if got := slices.Contains(listFacts(t, s, groupA, c.f), a.f2); got != c.kept {
			t.Errorf("ListFacts %s keeps the quarantined fact = %v, want %v", c.name, got, c.kept)
		}
		hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{groupA}, Vector: a.factVec[a.f2], Limit: 1, MinScore: -1, Filter: c.f})
		must(t, "VectorSearch", err)
		if got := slices.Contains(hitIDs(hits), a.f2); got != c.kept {
			t.Errorf("VectorSearch (top 1) of facts %s finds the quarantined fact = %v, want %v", c.name, got, c.kept)
		}
		if !c.kept && len(hits) == 0 {
			t.Errorf("VectorSearch (top 1) of facts %s found nothing: the quarantined fact took the only place", c.name)
		}
		hits, err = s.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{groupA}, Text: "lives Paris", Limit: 10, Filter: c.f})
		must(t, "TextSearch", err)
		if got := slices.Contains(hitIDs(hits), a.f2); got != c.kept {
			t.Errorf("TextSearch of facts %s finds the quarantined fact = %v, want %v", c.name, got, c.kept)
		}
	}
	// Only the quarantined facts: the time condition on quarantined_at.
	only := core.Filter{Now: now, IncludeQuarantined: true, Time: [][]core.TimeCondition{{{Field: core.FieldQuarantinedAt, Op: core.OpNotNull}}}}
	must(t, "Validate", only.Validate(core.ScopeFacts))
	if got := listFacts(t, s, groupA, only); !slices.Equal(got, []string{a.f2}) {
		t.Errorf("ListFacts of the quarantined facts only = %v, want [%s]", got, a.f2)
	}
	hits, err := s.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{groupA}, Text: "Alice", Limit: 10, Filter: only})
	must(t, "TextSearch", err)
	if got := hitIDs(hits); !slices.Equal(got, []string{a.f2}) {
		t.Errorf("TextSearch of the quarantined facts only = %v, want [%s]", got, a.f2)
	}
	if !slices.Contains(listFacts(t, s, groupB, core.Filter{Now: now}), b.f2) {
		t.Errorf("quarantine in %s hid a fact of %s", groupA, groupB)
	}
	// Released (corroborated or approved): visible again, its class kept.
	quarantine(t, s, a, "user", time.Time{})
	facts, err = s.Facts(ctx, []string{groupA}, []string{a.f2}, core.GetOptions{})
	must(t, "Facts", err)
	if len(facts) != 1 || facts[0].Trust != "user" || !facts[0].QuarantinedAt.IsZero() || !facts[0].ReleasedAt.Equal(releaseAt) {
		t.Errorf("released fact read back = %+v, want trust user, not quarantined, released at %v", facts, releaseAt)
	}
	for _, c := range []struct {
		name string
		f    core.Filter
		kept bool
	}{
		{"default", core.Filter{Now: now}, true},
		{"history", core.Filter{IncludeInvalid: true}, true},
		{"known after the release", core.Filter{KnownAt: releaseAt.Add(time.Minute)}, true},
		{"known at the release", core.Filter{KnownAt: releaseAt}, true},
		{"known before the release", core.Filter{KnownAt: releaseAt.Add(-time.Minute)}, false},
		{"known before the release, valid at", core.Filter{KnownAt: releaseAt.Add(-time.Minute), ValidAt: now}, false},
		{"known before the release, history", core.Filter{KnownAt: releaseAt.Add(-time.Minute), IncludeInvalid: true}, false},
		{"known before the release, with quarantine", core.Filter{KnownAt: releaseAt.Add(-time.Minute), IncludeQuarantined: true}, true},
	} {
		if got := slices.Contains(listFacts(t, s, groupA, c.f), a.f2); got != c.kept {
			t.Errorf("ListFacts %s keeps the released fact = %v, want %v", c.name, got, c.kept)
		}
		hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{groupA}, Vector: a.factVec[a.f2], Limit: 1, MinScore: -1, Filter: c.f})
		must(t, "VectorSearch", err)
		if got := slices.Contains(hitIDs(hits), a.f2); got != c.kept {
			t.Errorf("VectorSearch (top 1) of facts %s finds the released fact = %v, want %v", c.name, got, c.kept)
		}
		hits, err = s.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{groupA}, Text: "lives Paris", Limit: 10, Filter: c.f})
		must(t, "TextSearch", err)
		if got := slices.Contains(hitIDs(hits), a.f2); got != c.kept {
			t.Errorf("TextSearch of facts %s finds the released fact = %v, want %v", c.name, got, c.kept)
		}
	}
}
