package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// ent and fact build answer items tersely.
func ent(name, typ string) map[string]any {
	e := map[string]any{"name": name, "summary": ""}
	if typ != "" {
		e["type"] = typ
	} else {
		e["type"] = nil
	}
	return e
}

func fact(src, rel, tgt, text string, validAt, invalidAt any) map[string]any {
	return map[string]any{"source": src, "relation": rel, "target": tgt, "fact": text, "valid_at": validAt, "invalid_at": invalidAt}
}

func answer(ents []any, facts ...any) map[string]any {
	if facts == nil {
		facts = []any{}
	}
	return map[string]any{"entities": ents, "facts": facts}
}

func TestExtractCleansTheAnswer(t *testing.T) {
	alice := abi.ExtractedEntity{Name: "alice", Type: "Person"}
	lisbon := abi.ExtractedEntity{Name: "Lisbon", Type: "City"}
	tests := []struct {
		name         string
		content      string // a message episode; default "alice: ..."
		answer       map[string]any
		wantEntities []abi.ExtractedEntity
		wantFacts    []abi.ExtractedFact
		wantWarnings []string
	}{
		{
			name:         "a clean answer passes unchanged",
			answer:       answer([]any{ent("alice", "Person"), ent("Lisbon", "City")}, fact("alice", "LIVES_IN", "Lisbon", "alice lives in Lisbon.", "2025-02-01T00:00:00+01:00", nil)),
			wantEntities: []abi.ExtractedEntity{alice, lisbon},
			wantFacts:    []abi.ExtractedFact{{Source: "alice", Target: "Lisbon", Relation: "LIVES_IN", Fact: "alice lives in Lisbon.", ValidAt: "2025-02-01T00:00:00+01:00"}},
		},
		{
			name:         "a missing speaker is added first",
			answer:       answer([]any{ent("Lisbon", "City")}),
			wantEntities: []abi.ExtractedEntity{alice, lisbon},
		},
		{
			name:         "the speaker moves to the front, found by a fuller name",
			answer:       answer([]any{ent("Lisbon", "City"), ent("Alice Smith", "Person")}),
			wantEntities: []abi.ExtractedEntity{{Name: "Alice Smith", Type: "Person"}, lisbon},
		},
		{
			name:         "a role speaker left out is not added",
			content:      "assistant: Lisbon is lovely in spring.",
			answer:       answer([]any{ent("Lisbon", "City")}),
			wantEntities: []abi.ExtractedEntity{lisbon},
		},
		{
			name:         "first-person endpoints are the speaker; other pronouns are dropped",
			answer:       answer([]any{ent("I", "Person"), ent("Lisbon", "City"), ent("she", "Person")}, fact("I", "LIVES_IN", "Lisbon", "alice lives in Lisbon", nil, nil), fact("she", "LIVES_IN", "Lisbon", "she lives in Lisbon", nil, nil)),
			wantEntities: []abi.ExtractedEntity{alice, lisbon},
			wantFacts:    []abi.ExtractedFact{{Source: "alice", Target: "Lisbon", Relation: "LIVES_IN", Fact: "alice lives in Lisbon"}},
			wantWarnings: []string{`entity "she" was dropped: a pronoun is not an entity`, `fact "she lives in Lisbon" was dropped: "she" is not among the extracted entities`},
		},
		{
			name:         "empty names are dropped",
			answer:       answer([]any{ent("alice", "Person"), ent("  ", "City"), ent(`"Lisbon"`, "City")}),
			wantEntities: []abi.ExtractedEntity{alice, lisbon},
			wantWarnings: []string{"an entity without a name was dropped"},
		},
		{
			name:         "excluded types are dropped with their facts",
			answer:       answer([]any{ent("alice", "Person"), ent("March 2025", "Date")}, fact("alice", "MOVED_IN", "March 2025", "alice moved in March 2025", nil, nil)),
			wantEntities: []abi.ExtractedEntity{alice},
			wantWarnings: []string{`entity "March 2025" was dropped: of the excluded type Date`, `fact "alice moved in March 2025" was dropped: its entity "March 2025" was dropped (of the excluded type Date)`},
		},
		{
			name:         "types are matched loosely; unknown ones are cleared",
			answer:       answer([]any{ent("alice", "person"), ent("Lisbon", "CITY"), ent("Acme", "Startup"), ent("Bob", "null")}),
			wantEntities: []abi.ExtractedEntity{alice, lisbon, {Name: "Acme"}, {Name: "Bob"}},
			wantWarnings: []string{`entity "Acme": type "Startup" is not in the ontology; left untyped`},
		},
		{
			name: "repeated entities merge, keeping the first name and filling in",
			answer: answer([]any{ent("alice", "Person"), ent("Lisbon", ""), map[string]any{"name": "lisbon", "type": "City", "summary": "Where alice lives now."},
				map[string]any{"name": "ALICE", "type": "Person", "summary": "", "attributes": map[string]any{"role": "engineer"}}}),
			wantEntities: []abi.ExtractedEntity{{Name: "alice", Type: "Person", Attributes: map[string]any{"role": "engineer"}}, {Name: "Lisbon", Type: "City", Summary: "Where alice lives now."}},
		},
		{
			name: "attributes are kept only for the entity's type, null and empty left out",
			answer: answer([]any{
				map[string]any{"name": "alice", "type": "Person", "summary": "", "attributes": map[string]any{"role": "nurse", "since": "2020"}},
				map[string]any{"name": "Bob", "type": "Person", "summary": "", "attributes": map[string]any{"role": nil}},
				map[string]any{"name": "Lisbon", "type": "City", "summary": "", "attributes": map[string]any{"role": "capital"}},
				map[string]any{"name": "Carol", "type": "Person", "summary": "", "attributes": map[string]any{"role": "null"}},
			}),
			wantEntities: []abi.ExtractedEntity{{Name: "alice", Type: "Person", Attributes: map[string]any{"role": "nurse"}}, {Name: "Bob", Type: "Person"}, lisbon, {Name: "Carol", Type: "Person"}},
		},
		{
			name: "relations are normalized and matched to fact types",
			answer: answer([]any{ent("alice", "Person"), ent("Lisbon", "City"), ent("Acme", "Company"), ent("Bob", "Person")},
				fact("alice", "livesIn", "Lisbon", "alice lives in Lisbon", nil, nil),
				fact("alice", "works at", "Acme", "alice works at Acme", nil, nil),
				fact("alice", "Sister-of", "Bob", "alice is Bob's sister", nil, nil),
				fact("Bob", "", "alice", "Bob knows alice", nil, nil)),
			wantEntities: []abi.ExtractedEntity{alice, lisbon, {Name: "Acme", Type: "Company"}, {Name: "Bob", Type: "Person"}},
			wantFacts: []abi.ExtractedFact{
				{Source: "alice", Target: "Lisbon", Relation: "LIVES_IN", Fact: "alice lives in Lisbon"},
				{Source: "alice", Target: "Acme", Relation: "WORKS_AT", Fact: "alice works at Acme"},
				{Source: "alice", Target: "Bob", Relation: "SISTER_OF", Fact: "alice is Bob's sister"},
				{Source: "Bob", Target: "alice", Relation: "RELATES_TO", Fact: "Bob knows alice"},
			},
		},
		{
			name: "unknown endpoints and self-loops are dropped",
			answer: answer([]any{ent("alice", "Person"), ent("Lisbon", "City")},
				fact("alice", "LIVES_IN", "Porto", "alice lives in Porto", nil, nil),
				fact("alice", "KNOWS", "alice", "alice knows herself", nil, nil)),
			wantEntities: []abi.ExtractedEntity{alice, lisbon},
			wantWarnings: []string{`fact "alice lives in Porto" was dropped: "Porto" is not among the extracted entities`, `fact "alice knows herself" was dropped: its source and target are the same entity`},
		},
		{
			name: "endpoints named by the first words of one entity's name",
			answer: answer([]any{ent("alice", "Person"), ent("Bob Stone", "Person"), ent("Bob Marley", "Person"), ent("Lisbon Airport", "")},
				fact("alice", "MET_AT", "Lisbon", "alice met Bob Stone at Lisbon Airport", nil, nil),
				fact("alice", "KNOWS", "Bob", "alice knows Bob", nil, nil)),
			wantEntities: []abi.ExtractedEntity{alice, {Name: "Bob Stone", Type: "Person"}, {Name: "Bob Marley", Type: "Person"}, {Name: "Lisbon Airport"}},
			wantFacts:    []abi.ExtractedFact{{Source: "alice", Target: "Lisbon Airport", Relation: "MET_AT", Fact: "alice met Bob Stone at Lisbon Airport"}},
			wantWarnings: []string{`fact "alice knows Bob" was dropped: "Bob" could be several entities`},
		},
		{
			name: "repeated facts merge, filling in dates",
			answer: answer([]any{ent("alice", "Person"), ent("Lisbon", "City")},
				fact("alice", "LIVES_IN", "Lisbon", "alice lives in Lisbon", nil, nil),
				fact("Alice", "lives_in", "lisbon", "Alice lives in Lisbon!", "2025-02-01T00:00:00+01:00", nil)),
			wantEntities: []abi.ExtractedEntity{alice, lisbon},
			wantFacts:    []abi.ExtractedFact{{Source: "alice", Target: "Lisbon", Relation: "LIVES_IN", Fact: "alice lives in Lisbon", ValidAt: "2025-02-01T00:00:00+01:00"}},
		},
		{
			name: "dates are normalized; unreadable ones dropped, never the fact",
			answer: answer([]any{ent("alice", "Person"), ent("Lisbon", "City"), ent("Acme", "Company"), ent("Porto", "City")},
				fact("alice", "LIVES_IN", "Lisbon", "alice lives in Lisbon", "2025-02", "present"),
				fact("alice", "WORKS_AT", "Acme", "alice works at Acme", "next week", "null"),
				fact("alice", "VISITED", "Porto", "alice visited Porto", "0001-01-01T00:00:00Z", "2024-06-01 12:30"),
			),
			wantEntities: []abi.ExtractedEntity{alice, lisbon, {Name: "Acme", Type: "Company"}, {Name: "Porto", Type: "City"}},
			wantFacts: []abi.ExtractedFact{
				{Source: "alice", Target: "Lisbon", Relation: "LIVES_IN", Fact: "alice lives in Lisbon", ValidAt: "2025-02-01T00:00:00+01:00"},
				{Source: "alice", Target: "Acme", Relation: "WORKS_AT", Fact: "alice works at Acme"},
				{Source: "alice", Target: "Porto", Relation: "VISITED", Fact: "alice visited Porto", InvalidAt: "2024-06-01T12:30:00+01:00"},
			},
			wantWarnings: []string{`fact "alice works at Acme": valid_at "next week" is not a date; dropped the date, kept the fact`, `fact "alice visited Porto": valid_at "0001-01-01T00:00:00Z" is a placeholder, not a date; dropped the date, kept the fact`},
		},
		{
			name: "a start after the end loses the start",
			answer: answer([]any{ent("alice", "Person"), ent("Acme", "Company")},
				fact("alice", "WORKS_AT", "Acme", "alice left Acme", "2025-03-14T09:26:53+01:00", "2025-02-01T00:00:00+01:00")),
			wantEntities: []abi.ExtractedEntity{alice, {Name: "Acme", Type: "Company"}},
			wantFacts:    []abi.ExtractedFact{{Source: "alice", Target: "Acme", Relation: "WORKS_AT", Fact: "alice left Acme", InvalidAt: "2025-02-01T00:00:00+01:00"}},
			wantWarnings: []string{`fact "alice left Acme": valid_at 2025-03-14T09:26:53+01:00 is after invalid_at 2025-02-01T00:00:00+01:00; dropped valid_at`},
		},
		{
			name: "fact type signatures: swapped ends are put right, others kept without attributes",
			answer: answer([]any{ent("alice", "Person"), ent("Lisbon", "City"), ent("Acme", "Company")},
				map[string]any{"source": "Lisbon", "relation": "LIVES_IN", "target": "alice", "fact": "alice lives in Lisbon", "valid_at": nil, "invalid_at": nil, "attributes": map[string]any{"since": "2025"}},
				map[string]any{"source": "Acme", "relation": "LIVES_IN", "target": "Lisbon", "fact": "Acme is based in Lisbon", "valid_at": nil, "invalid_at": nil, "attributes": map[string]any{"since": "1999"}}),
			wantEntities: []abi.ExtractedEntity{alice, lisbon, {Name: "Acme", Type: "Company"}},
			wantFacts: []abi.ExtractedFact{
				{Source: "alice", Target: "Lisbon", Relation: "LIVES_IN", Fact: "alice lives in Lisbon", Attributes: map[string]any{"since": "2025"}},
				{Source: "Acme", Target: "Lisbon", Relation: "LIVES_IN", Fact: "Acme is based in Lisbon"},
			},
			wantWarnings: []string{`fact "alice lives in Lisbon": source and target swapped to fit LIVES_IN (from Person to City)`, `fact "Acme is based in Lisbon": LIVES_IN does not allow a Company source and a City target; kept without its attributes`},
		},
		{
			name:         "a fact without a sentence gets one from its relation",
			answer:       answer([]any{ent("alice", "Person"), ent("Acme", "Company")}, fact("alice", "WORKS_AT", "Acme", " ", nil, nil)),
			wantEntities: []abi.ExtractedEntity{alice, {Name: "Acme", Type: "Company"}},
			wantFacts:    []abi.ExtractedFact{{Source: "alice", Target: "Acme", Relation: "WORKS_AT", Fact: "alice works at Acme"}},
			wantWarnings: []string{`fact "alice works at Acme" had no sentence; wrote one from its relation`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			content := tt.content
			if content == "" {
				content = "alice: I moved to Lisbon last month."
			}
			x, _, _ := newTest(t, "", map[string][]any{promptExtract: {tt.answer}})
			var out abi.ExtractResponse
			mustCall(t, x, abi.CapExtract, abi.ExtractRequest{Episode: messageEpisode(content), Ontology: testOntology}, &out)
			if diff := cmp.Diff(tt.wantEntities, out.Entities, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Extract() entities mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantFacts, out.Facts, cmpopts.EquateEmpty(), cmpopts.IgnoreFields(abi.ExtractedFact{}, "Rule")); diff != "" {
				t.Errorf("Extract() facts mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantWarnings, out.Warnings, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Extract() warnings mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestExtractLimits(t *testing.T) {
	ents := []any{ent("alice", "Person")}
	var facts []any
	for _, n := range []string{"Bob", "Carol", "Dan", "Erin"} {
		ents = append(ents, ent(n, "Person"))
		facts = append(facts, fact("alice", "KNOWS", n, "alice knows "+n, nil, nil))
	}
	x, _, _ := newTest(t, `{"max_entities": 3, "max_facts": 1}`, map[string][]any{promptExtract: {answer(ents, facts...)}})
	var out abi.ExtractResponse
	mustCall(t, x, abi.CapExtract, abi.ExtractRequest{Episode: messageEpisode("alice: I know Bob, Carol, Dan and Erin."), Ontology: testOntology}, &out)
	var names []string
	for _, e := range out.Entities {
		names = append(names, e.Name)
	}
	wantFacts := []abi.ExtractedFact{{Source: "alice", Target: "Bob", Relation: "KNOWS", Fact: "alice knows Bob"}}
	wantWarnings := []string{
		"the answer has 5 entities; kept the first 3",
		`fact "alice knows Dan" was dropped: its entity "Dan" was dropped (over the entity limit)`,
		`fact "alice knows Erin" was dropped: its entity "Erin" was dropped (over the entity limit)`,
		"the answer has 2 facts; kept the first 1",
	}
	if diff := cmp.Diff([]string{"alice", "Bob", "Carol"}, names); diff != "" {
		t.Errorf("Extract() entities mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(wantFacts, out.Facts, cmpopts.EquateEmpty(), cmpopts.IgnoreFields(abi.ExtractedFact{}, "Rule")); diff != "" {
		t.Errorf("Extract() facts mismatch (-want +got):\n%s", diff)
	}
	// Each fact names the model that extracted it, for "why".
	for _, f := range out.Facts {
		if f.Rule != "model main" {
			t.Errorf("Extract() fact %q rule = %q, want model main", f.Fact, f.Rule)
		}
	}
	if diff := cmp.Diff(wantWarnings, out.Warnings); diff != "" {
		t.Errorf("Extract() warnings mismatch (-want +got):\n%s", diff)
	}
}

func TestRelationName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"WORKS_AT", "WORKS_AT"},
		{"works at", "WORKS_AT"},
		{"worksAt", "WORKS_AT"},
		{"LivesIn", "LIVES_IN"},
		{"HTTPServerOf", "HTTP_SERVER_OF"},
		{"is-sister-of", "IS_SISTER_OF"},
		{"  has__pet ", "HAS_PET"},
		{"visited2024", "VISITED2024"},
		{"trabaja en Café", "TRABAJA_EN_CAF"},
		{"", "RELATES_TO"},
		{"—", "RELATES_TO"},
	}
	for _, tt := range tests {
		if got := relationName(tt.in); got != tt.want {
			t.Errorf("relationName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestMessageSpeaker(t *testing.T) {
	tests := []struct{ in, want string }{
		{"alice: hi", "alice"},
		{"  Alice Smith:\tI moved.", "Alice Smith"},
		{"bob:\nsecond line", "bob"},
		{"no speaker here", ""},
		{"https://example.com is down", ""},
		{"first line\nbob: hi", ""},
		{": hi", ""},
		{"a very long prefix that goes on and on past the limit: hi", ""},
		{"alice:", ""},
	}
	for _, tt := range tests {
		if got := messageSpeaker(tt.in); got != tt.want {
			t.Errorf("messageSpeaker(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestNameKey(t *testing.T) {
	tests := []struct{ in, want string }{
		{"  Alice  SMITH. ", "alice smith"},
		{`"Acme"`, "acme"},
		{"AT&T", "at&t"},
		{"C++", "c++"},
		{"...", ""},
	}
	for _, tt := range tests {
		if got := nameKey(tt.in); got != tt.want {
			t.Errorf("nameKey(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
