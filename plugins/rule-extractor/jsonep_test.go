package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/wasm/abi"
)

func TestExtractJSON(t *testing.T) {
	type we struct {
		Name, Type string
		Attrs      map[string]any
	}
	tests := []struct {
		name, epName, content string
		wantEntities          []we
		wantFacts             []wf
	}{
		{
			name:    "anonymous order",
			content: `{"customer": {"name": "Ann"}, "product": "Widget", "status": "shipped", "ordered_at": "2024-05-01"}`,
			wantEntities: []we{
				{"Ann", "Person", nil},
				{"Widget", "Product", nil},
				{"shipped", "", nil},
			},
			wantFacts: []wf{
				{"PRODUCT", "Ann", "Widget", "2024-05-01", ""},
				{"STATUS", "Ann", "shipped", "2024-05-01", ""},
			},
		},
		{
			name:    "named root with list and attributes",
			content: `{"name": "Acme Corp", "type": "company", "city": "Berlin", "employees": [{"name": "Bob", "role": "CTO"}], "founded": 1999, "public": false}`,
			wantEntities: []we{
				{"Acme Corp", "Organization", map[string]any{"founded": float64(1999), "public": false}},
				{"Berlin", "Location", nil},
				{"Bob", "Person", nil},
				{"CTO", "Occupation", nil},
			},
			wantFacts: []wf{
				{"CITY", "Acme Corp", "Berlin", "ref", ""},
				{"EMPLOYEE", "Acme Corp", "Bob", "ref", ""},
				{"HAS_JOB_TITLE", "Bob", "CTO", "ref", ""},
			},
		},
		{
			name:    "id names the object, end dates",
			content: `{"order_id": "A17", "shippingAddress": "Lyon", "start_date": "2023-01-10", "end_date": "2023-02-01"}`,
			wantEntities: []we{
				{"order A17", "Identifier", nil},
				{"Lyon", "Location", nil},
			},
			wantFacts: []wf{{"SHIPPING_ADDRESS", "order A17", "Lyon", "2023-01-10", "2023-02-01"}},
		},
		{
			name:    "episode name for an anonymous root",
			epName:  "profile",
			content: `{"interests": ["chess", "climbing"]}`,
			wantEntities: []we{
				{"profile", "", nil},
				{"chess", "", nil},
				{"climbing", "", nil},
			},
			wantFacts: []wf{{"INTEREST", "profile", "chess", "ref", ""}, {"INTEREST", "profile", "climbing", "ref", ""}},
		},
		{
			name:    "the engine's made-up name is no entity",
			epName:  "json 2024-05-15T10:00:00Z",
			content: `{"member": {"name": "Oona Virtanen"}, "tier": "Gold"}`,
			wantEntities: []we{
				{"Oona Virtanen", "Person", nil},
				{"Gold", "", nil},
			},
			wantFacts: []wf{{"ON_PLAN", "Oona Virtanen", "Gold", "ref", ""}},
		},
		{
			name:    "the value decides the kind before the key",
			content: `{"ticket_id": "SR-88", "customer": "Lindqvist Bygg AB", "contact": "Per Lindqvist", "opened": "2024-04-30"}`,
			wantEntities: []we{
				{"ticket SR-88", "Identifier", nil},
				{"Lindqvist Bygg AB", "Organization", nil},
				{"Per Lindqvist", "Person", nil},
			},
			wantFacts: []wf{
				{"CONTACT", "ticket SR-88", "Per Lindqvist", "2024-04-30", ""},
				{"CUSTOMER", "ticket SR-88", "Lindqvist Bygg AB", "2024-04-30", ""},
			},
		},
		{
			name:    "an effective date dates the record, a birth date does not",
			content: `{"patient": {"name": "Rui Costa", "born_on": "1970-02-03"}, "insurer": "Medis", "effective_date": "2024-02-01"}`,
			wantEntities: []we{
				{"Rui Costa", "Person", nil},
				{"1970-02-03", "Date", nil},
				{"Medis", "", nil},
			},
			wantFacts: []wf{
				{"BORN_ON", "Rui Costa", "1970-02-03", "ref", ""},
				{"INSURER", "Rui Costa", "Medis", "2024-02-01", ""},
			},
		},
		{
			name:    "long text field is read as text",
			content: `{"name": "Ann", "bio": "Ann Lee works at Globex and she has lived in Oslo since 2020, which she loves."}`,
			wantEntities: []we{
				{"Ann Lee", "Person", map[string]any{"aliases": []any{"Ann"}}},
				{"Globex", "Organization", nil},
				{"Oslo", "Location", nil},
			},
			wantFacts: []wf{
				{"LIVES_IN", "Ann Lee", "Oslo", "2020-01-01", ""},
				{"WORKS_AT", "Ann Lee", "Globex", "ref", ""},
			},
		},
		{
			name:    "a code names a record with no name or id field",
			content: `{"case": "CLM-30912", "insurer": "Halvard Mutual", "status": "approved"}`,
			wantEntities: []we{
				{"CLM-30912", "Identifier", nil},
				{"Halvard Mutual", "", nil},
				{"approved", "", nil},
			},
			wantFacts: []wf{
				{"INSURER", "CLM-30912", "Halvard Mutual", "ref", ""},
				{"STATUS", "CLM-30912", "approved", "ref", ""},
			},
		},
		{
			name:    "a reference is an id; from and to holding places are no dates",
			content: `{"trip_ref": "TR5521", "from": "Bergen", "to": "Tromsø", "start_date": "2024-06-01"}`,
			wantEntities: []we{
				{"trip TR5521", "", nil},
				{"Bergen", "Location", nil}, // a city WordNet knows
				{"Tromsø", "", nil},
			},
			wantFacts: []wf{
				{"FROM", "trip TR5521", "Bergen", "2024-06-01", ""},
				{"TO", "trip TR5521", "Tromsø", "2024-06-01", ""},
			},
		},
		{
			name:    "the id of a named subject stays on it",
			content: `{"school": "Hollinsbrook College", "school_code": "HB-220", "principal": "Aurelie Dumas"}`,
			wantEntities: []we{
				{"Hollinsbrook College", "Organization", map[string]any{"school_code": "HB-220"}},
				{"Aurelie Dumas", "", nil},
			},
			wantFacts: []wf{{"PRINCIPAL", "Hollinsbrook College", "Aurelie Dumas", "ref", ""}},
		},
		{
			name:    "a member's own dates bound its membership",
			content: `{"name": "Kestrel Rowing Club", "committee": [{"name": "Bram Olsen", "role": "treasurer", "elected": "2020-04-01", "removed": "2023-04-01"}]}`,
			wantEntities: []we{
				{"Kestrel Rowing Club", "Organization", nil},
				{"Bram Olsen", "Person", nil},
				{"treasurer", "Occupation", nil},
			},
			wantFacts: []wf{
				{"COMMITTEE", "Kestrel Rowing Club", "Bram Olsen", "2020-04-01", "2023-04-01"},
				{"HAS_JOB_TITLE", "Bram Olsen", "treasurer", "2020-04-01", "2023-04-01"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var resp abi.ExtractResponse
			req := abi.ExtractRequest{Episode: abi.Episode{Name: tt.epName, Source: "json", Content: tt.content, ReferenceTime: refTime}}
			roundTrip(t, abi.CapExtract, req, &resp)
			got := []we{}
			for _, e := range resp.Entities {
				got = append(got, we{e.Name, e.Type, e.Attributes})
			}
			if diff := cmp.Diff(tt.wantEntities, got); diff != "" {
				t.Errorf("extract(%s) entities mismatch (-want +got):\n%s", tt.content, diff)
			}
			want := make([]wf, len(tt.wantFacts))
			for i, w := range tt.wantFacts {
				want[i] = wf{w.Rel, w.Src, w.Dst, rfc(w.ValidAt), rfc(w.InvalidAt)}
			}
			sortFacts(want)
			if diff := cmp.Diff(want, gotFacts(resp.Facts)); diff != "" {
				t.Errorf("extract(%s) facts mismatch (-want +got):\n%s", tt.content, diff)
			}
		})
	}
}

func TestExtractJSONMalformed(t *testing.T) {
	for _, content := range []string{`{"name": `, `{"a": 1} {"b": 2}`} {
		_, err := extract(abi.ExtractRequest{Episode: abi.Episode{Source: "json", Content: content, ReferenceTime: refTime}})
		if err == nil {
			t.Errorf("extract(%s) = nil error, want a decode error", content)
		}
	}
}

func TestExtractOntology(t *testing.T) {
	type we struct{ Name, Type string }
	people := abi.EntityType{Name: "Person"}
	tests := []struct {
		name, content string
		ont           *abi.Ontology
		wantEntities  []we
		wantRels      []string
		wantWarnings  int
	}{
		{
			name:         "types by name and synonym",
			content:      "Alice: I work at Acme Corp.",
			ont:          &abi.Ontology{EntityTypes: []abi.EntityType{people, {Name: "Company"}}},
			wantEntities: []we{{"Alice", "Person"}, {"Acme Corp", "Company"}},
			wantRels:     []string{"WORKS_AT"},
		},
		{
			name:         "unknown kinds get no type",
			content:      "Alice: I have a dog named Rex.",
			ont:          &abi.Ontology{EntityTypes: []abi.EntityType{people}},
			wantEntities: []we{{"Alice", "Person"}, {"Rex", ""}},
			wantRels:     []string{"HAS_PET"},
		},
		{
			name:         "excluded type drops entities and their facts",
			content:      "Alice: I live in Paris and I work at Acme Corp.",
			ont:          &abi.Ontology{EntityTypes: []abi.EntityType{people, {Name: "Location"}, {Name: "Organization"}}, ExcludedEntityTypes: []string{"Location"}},
			wantEntities: []we{{"Alice", "Person"}, {"Acme Corp", "Organization"}},
			wantRels:     []string{"WORKS_AT"},
		},
		{
			name:    "relation mapped to the ontology's name",
			content: "Alice: I work at Acme Corp.",
			ont: &abi.Ontology{
				EntityTypes: []abi.EntityType{people, {Name: "Organization"}},
				FactTypes:   []abi.FactType{{Name: "EMPLOYED_BY", SourceTypes: []string{"Person"}, TargetTypes: []string{"Organization"}}},
			},
			wantEntities: []we{{"Alice", "Person"}, {"Acme Corp", "Organization"}},
			wantRels:     []string{"EMPLOYED_BY"},
		},
		{
			name:    "a new relation mapped to the ontology's synonym",
			content: "Alice: I suffer from migraines.",
			ont: &abi.Ontology{
				EntityTypes: []abi.EntityType{people},
				FactTypes:   []abi.FactType{{Name: "SUFFERS_FROM"}},
			},
			wantEntities: []we{{"Alice", "Person"}, {"migraines", ""}},
			wantRels:     []string{"SUFFERS_FROM"},
		},
		{
			name:    "endpoint types violating the fact type drop the fact",
			content: "Alice: I work at Paris.",
			ont: &abi.Ontology{
				EntityTypes: []abi.EntityType{people, {Name: "Organization"}, {Name: "Location"}},
				FactTypes:   []abi.FactType{{Name: "WORKS_AT", TargetTypes: []string{"Organization"}}},
			},
			wantEntities: []we{{"Alice", "Person"}, {"Paris", "Location"}},
			wantRels:     []string{},
			wantWarnings: 1,
		},
		{
			name:         "JSON key names a type",
			content:      "",
			ont:          &abi.Ontology{EntityTypes: []abi.EntityType{{Name: "Customer"}, {Name: "Product"}}},
			wantEntities: []we{{"Ann", "Customer"}, {"Widget", "Product"}},
			wantRels:     []string{"PRODUCT"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ep := abi.Episode{Source: "message", Content: tt.content, ReferenceTime: refTime}
			if tt.content == "" {
				ep = abi.Episode{Source: "json", Content: `{"customer": {"name": "Ann"}, "product": "Widget"}`, ReferenceTime: refTime}
			}
			var resp abi.ExtractResponse
			roundTrip(t, abi.CapExtract, abi.ExtractRequest{Episode: ep, Ontology: tt.ont}, &resp)
			got := []we{}
			for _, e := range resp.Entities {
				got = append(got, we{e.Name, e.Type})
			}
			if diff := cmp.Diff(tt.wantEntities, got); diff != "" {
				t.Errorf("extract(%q) entities mismatch (-want +got):\n%s", ep.Content, diff)
			}
			rels := []string{}
			for _, f := range resp.Facts {
				rels = append(rels, f.Relation)
			}
			if diff := cmp.Diff(tt.wantRels, rels); diff != "" {
				t.Errorf("extract(%q) relations mismatch (-want +got):\n%s", ep.Content, diff)
			}
			if len(resp.Warnings) != tt.wantWarnings {
				t.Errorf("extract(%q) warnings = %q, want %d", ep.Content, resp.Warnings, tt.wantWarnings)
			}
		})
	}
}
