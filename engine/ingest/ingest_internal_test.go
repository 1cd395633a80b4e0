package ingest

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mnemohq/mnemo/core"
)

func day(d int) time.Time { return time.Date(2024, 1, d, 0, 0, 0, 0, time.UTC) }

func TestSanitize(t *testing.T) {
	x := core.Extraction{
		Entities: []core.ExtractedEntity{
			{Name: "Alice", Type: "Person"},
			{Name: "  alice. ", Summary: "a longer summary of alice"},
			{Name: "Acme", Type: "Organization"},
			{Name: "Rex", Type: "Pet"},
			{Name: "", Type: "Person"},
			{Name: "Bob", Type: "not a label"},
		},
		Facts: []core.ExtractedFact{
			{Source: "alice", Target: "Acme", Relation: "works at", Text: "Alice works at Acme"},
			{Source: "Alice", Target: "ACME", Relation: "WORKS_AT", Text: "Alice works at Acme!"},
			{Source: "Alice", Target: "Alice", Relation: "IS", Text: "Alice is Alice"},
			{Source: "Alice", Target: "Rex", Relation: "owns", Text: "Alice has a dog named Rex"},
			{Source: "Alice", Target: "Ghost", Relation: "knows", Text: "Alice knows a ghost"},
			{Source: "Alice", Target: "Bob", Relation: "knows", Text: "   "},
		},
	}
	ents, facts, warnings := sanitize(x, &core.Ontology{ExcludedEntityTypes: []string{"pet"}}, 100, 100, nil)
	wantEnts := []core.ExtractedEntity{
		{Name: "Alice", Type: "Person", Summary: "a longer summary of alice"},
		{Name: "Acme", Type: "Organization"},
		{Name: "Bob"},
	}
	if diff := cmp.Diff(wantEnts, ents); diff != "" {
		t.Errorf("entities (-want +got):\n%s", diff)
	}
	wantFacts := []core.ExtractedFact{{Source: "Alice", Target: "Acme", Relation: "WORKS_AT", Text: "Alice works at Acme"}}
	if diff := cmp.Diff(wantFacts, facts); diff != "" {
		t.Errorf("facts (-want +got):\n%s", diff)
	}
	if len(warnings) < 2 {
		t.Errorf("warnings = %v, want the bad type and the unknown endpoints reported", warnings)
	}
}

// TestSanitizeDropsNUL: a NUL in what a plugin extracted would end the
// text in the store; it is dropped, and the rest kept.
func TestSanitizeDropsNUL(t *testing.T) {
	x := core.Extraction{
		Entities: []core.ExtractedEntity{{Name: "Ali\x00ce", Summary: "works\x00 at Acme"}, {Name: "Acme"}},
		Facts:    []core.ExtractedFact{{Source: "Alice", Target: "Acme\x00", Relation: "WORKS\x00_AT", Text: "Alice works\x00 at Acme"}},
	}
	ents, facts, _ := sanitize(x, nil, 100, 100, nil)
	if diff := cmp.Diff([]core.ExtractedEntity{{Name: "Alice", Summary: "works at Acme"}, {Name: "Acme"}}, ents); diff != "" {
		t.Errorf("entities (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]core.ExtractedFact{{Source: "Alice", Target: "Acme", Relation: "WORKS_AT", Text: "Alice works at Acme"}}, facts); diff != "" {
		t.Errorf("facts (-want +got):\n%s", diff)
	}
}

func TestRelationName(t *testing.T) {
	for in, want := range map[string]string{"works at": "WORKS_AT", "HAS_PET": "HAS_PET", " lives-in ": "LIVES_IN", "": "RELATES_TO", "é!": "RELATES_TO", "born in 1990": "BORN_IN_1990"} {
		if got := RelationName(in); got != want {
			t.Errorf("RelationName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSanitizeCaps checks that an extraction far over the caps is cut to
// them, with warnings that count what was cut.
func TestSanitizeCaps(t *testing.T) {
	var x core.Extraction
	for i := range 20000 {
		x.Entities = append(x.Entities, core.ExtractedEntity{Name: fmt.Sprintf("Entity %d", i)})
		x.Facts = append(x.Facts, core.ExtractedFact{Source: "Entity 0", Target: fmt.Sprintf("Entity %d", i+1), Relation: "knows", Text: fmt.Sprintf("Entity 0 knows Entity %d", i+1)})
	}
	x.Facts = append(x.Facts, core.ExtractedFact{Source: "Nobody", Target: "Entity 0", Relation: "knows", Text: "Nobody knows"})
	tests := []struct {
		name                  string
		maxEntities, maxFacts int
		wantEntities          int
		wantFacts             int
		wantWarnings          []string
	}{
		{"entity cap", 300, 1000, 300, 299, []string{"19700 more entities and their 19700 facts were not added: over the cap of 300 entities per episode (ingest.max_entities)"}},
		{"fact cap", 20000, 50, 20000, 50, []string{"19949 more facts were not added: over the cap of 50 facts per episode (ingest.max_facts)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ents, facts, warnings := sanitize(x, nil, tt.maxEntities, tt.maxFacts, nil)
			if len(ents) != tt.wantEntities || len(facts) != tt.wantFacts {
				t.Errorf("sanitize = %d entities, %d facts; want %d, %d", len(ents), len(facts), tt.wantEntities, tt.wantFacts)
			}
			for _, w := range tt.wantWarnings {
				if !slices.Contains(warnings, w) {
					t.Errorf("sanitize warnings = %q, want %q among them", warnings, w)
				}
			}
			if len(warnings) > 2*maxItemWarnings {
				t.Errorf("sanitize made %d warnings, want at most %d", len(warnings), 2*maxItemWarnings)
			}
		})
	}
}

func TestCompatible(t *testing.T) {
	person := core.Entity{Labels: []string{"Person"}}
	place := core.Entity{Attributes: map[string]any{"kind": "location"}}
	tests := []struct {
		x    core.ExtractedEntity
		c    core.Entity
		want bool
	}{
		{core.ExtractedEntity{Type: "Person"}, person, true},
		{core.ExtractedEntity{Type: "person"}, person, true},
		{core.ExtractedEntity{Type: "City"}, person, false},
		{core.ExtractedEntity{}, person, true},
		{core.ExtractedEntity{Attributes: map[string]any{"kind": "person"}}, place, false},
		{core.ExtractedEntity{Attributes: map[string]any{"kind": "location"}}, place, true},
	}
	for _, tt := range tests {
		if got := tt.x.CompatibleWith(tt.c); got != tt.want {
			t.Errorf("%+v.CompatibleWith(%+v) = %v, want %v", tt.x, tt.c, got, tt.want)
		}
	}
}

// TestRetire covers the bi-temporal rules on a contradiction.
func TestRetire(t *testing.T) {
	now := day(30)
	tests := []struct {
		name                 string
		n, c                 core.Fact
		wantN, wantC         core.Fact
		wantChanged, retired bool
	}{
		{
			name:  "older fact ends when the new one begins",
			n:     core.Fact{UUID: "n", ValidAt: day(10)},
			c:     core.Fact{UUID: "c", ValidAt: day(1)},
			wantN: core.Fact{UUID: "n", ValidAt: day(10)},
			wantC: core.Fact{UUID: "c", ValidAt: day(1), InvalidAt: day(10), ExpiredAt: now, InvalidatedBy: "n"}, wantChanged: true, retired: true,
		},
		{
			name:  "a late older episode retires the new fact",
			n:     core.Fact{UUID: "n", ValidAt: day(1)},
			c:     core.Fact{UUID: "c", ValidAt: day(10)},
			wantN: core.Fact{UUID: "n", ValidAt: day(1), InvalidAt: day(10), ExpiredAt: now, InvalidatedBy: "c"}, retired: true,
		},
		{
			name:  "no overlap: the old one had ended",
			n:     core.Fact{UUID: "n", ValidAt: day(10)},
			c:     core.Fact{UUID: "c", ValidAt: day(1), InvalidAt: day(5)},
			wantN: core.Fact{UUID: "n", ValidAt: day(10)},
		},
		{
			name:  "no overlap: the new one ended before",
			n:     core.Fact{UUID: "n", ValidAt: day(1), InvalidAt: day(3)},
			c:     core.Fact{UUID: "c", ValidAt: day(10)},
			wantN: core.Fact{UUID: "n", ValidAt: day(1), InvalidAt: day(3)},
		},
		{
			name:  "unknown valid_at uses the episode reference time",
			n:     core.Fact{UUID: "n", Episodes: []string{"ep-new"}},
			c:     core.Fact{UUID: "c", Episodes: []string{"ep-old"}},
			wantN: core.Fact{UUID: "n", Episodes: []string{"ep-new"}},
			wantC: core.Fact{UUID: "c", Episodes: []string{"ep-old"}, InvalidAt: day(20), ExpiredAt: now, InvalidatedBy: "n"}, wantChanged: true, retired: true,
		},
		{
			name:  "already retired facts stay as they are",
			n:     core.Fact{UUID: "n", ValidAt: day(10)},
			c:     core.Fact{UUID: "c", ValidAt: day(1), ExpiredAt: day(2)},
			wantN: core.Fact{UUID: "n", ValidAt: day(10)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := &Pipeline{}
			plan := &factPlan{changed: map[string]*core.Fact{}}
			n := tt.n
			refs := map[string]time.Time{"ep-new": day(20), "ep-old": day(5)}
			if err := e.retire(context.Background(), plan, &n, tt.c, refs, now); err != nil {
				t.Fatal(err)
			}
			noWhy := cmpopts.IgnoreFields(core.Fact{}, "Attributes")
			if diff := cmp.Diff(tt.wantN, n, noWhy); diff != "" {
				t.Errorf("new fact (-want +got):\n%s", diff)
			}
			c, changed := plan.changed["c"]
			if changed != tt.wantChanged {
				t.Fatalf("existing fact changed = %v, want %v", changed, tt.wantChanged)
			}
			if changed {
				if diff := cmp.Diff(tt.wantC, *c, noWhy); diff != "" {
					t.Errorf("existing fact (-want +got):\n%s", diff)
				}
			}
			// The retired fact's record names the fact that retired it.
			for _, f := range []core.Fact{n, tt.c} {
				if x, ok := plan.changed[f.UUID]; ok {
					f = *x
				}
				if f.InvalidatedBy == "" || f.ExpiredAt.Equal(tt.c.ExpiredAt) && f.UUID == "c" {
					continue
				}
				steps := core.WhyOf(f.Attributes)
				if len(steps) == 0 || steps[len(steps)-1].Step != core.WhyInvalidated || steps[len(steps)-1].Fact != f.InvalidatedBy {
					t.Errorf("record of retired fact %s = %+v, want an invalidated step naming %s", f.UUID, steps, f.InvalidatedBy)
				}
			}
			if got := plan.invalidated > 0; got != tt.retired {
				t.Errorf("invalidated = %d, want retired %v", plan.invalidated, tt.retired)
			}
		})
	}
}

func TestAcronym(t *testing.T) {
	for in, want := range map[string]string{
		"International Business Machines":       "ibm",
		"International Business Machines Corp.": "ibm",
		"Bank of America":                       "ba",
		"IBM":                                   "",
		"New York City":                         "nyc",
		"AT&T":                                  "",
		"Alice":                                 "",
	} {
		if got := core.Acronym(in); got != want {
			t.Errorf("Acronym(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestMergeRecordsAliases(t *testing.T) {
	// A merge keeps the extracted name, and the names the extractor
	// merged within the episode, as aliases of the stored entity.
	stored := core.Entity{UUID: "e1", Name: "Chidi Okafor", Attributes: map[string]any{core.AliasesAttribute: []any{"Dr. Chidi Okafor"}}}
	r := &resolvedEntity{x: core.ExtractedEntity{Name: "Dr. Okafor", Attributes: map[string]any{core.AliasesAttribute: []any{"Okafor"}}}}
	r.merge(stored)
	if diff := cmp.Diff([]string{"Dr. Chidi Okafor", "Dr. Okafor", "Okafor"}, r.entity.Aliases()); diff != "" {
		t.Errorf("aliases after merge (-want +got):\n%s", diff)
	}
	if !r.dirty {
		t.Errorf("merge with a new alias: dirty = false, want true")
	}
	if diff := cmp.Diff([]string{"Dr. Chidi Okafor"}, stored.Aliases()); diff != "" {
		t.Errorf("stored entity changed by merge (-want +got):\n%s", diff)
	}
	same := &resolvedEntity{x: core.ExtractedEntity{Name: "chidi okafor"}}
	same.merge(core.Entity{UUID: "e1", Name: "Chidi Okafor"})
	if got := same.entity.Aliases(); len(got) != 0 || same.dirty {
		t.Errorf("merge under the same name: aliases %v, dirty %v; want none, false", got, same.dirty)
	}
}
