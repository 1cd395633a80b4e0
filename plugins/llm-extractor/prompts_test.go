package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/wasm/abi"
)

func TestCut(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		// A line, sentence or word end in the last fifth is preferred.
		{"a line of text\nmore", 16, "a line of text"},
		{"A sentence here. Next one.", 20, "A sentence here."},
		{"word word word word", 17, "word word word"},
		// An earlier one is not worth the loss.
		{"one line\nsecondlineislong", 15, "one line\nsecond"},
		{"abcdefghijklmnopqrstuvwxyz", 10, "abcdefghij"},
		{"ééééé", 5, "éé"}, // two-byte runes are never split
	}
	for _, tt := range tests {
		if got := cut(tt.in, tt.n); got != tt.want {
			t.Errorf("cut(%q, %d) = %q, want %q", tt.in, tt.n, got, tt.want)
		}
	}
}

func TestPrepareOntology(t *testing.T) {
	o := prepareOntology(&abi.Ontology{
		EntityTypes: []abi.EntityType{
			{Name: "Person", Attributes: []abi.Attribute{{Name: "role"}, {Name: " "}}},
			{Name: "person"},
			{Name: "!!"},
			{Name: "Place", Attributes: []abi.Attribute{{Name: "role"}, {Name: "country"}}},
			{Name: "Date"},
		},
		FactTypes: []abi.FactType{
			{Name: "worksAt", SourceTypes: []string{"Person"}},
			{Name: "WORKS_AT"},
			{Name: "--"},
		},
		ExcludedEntityTypes: []string{"date"},
	})
	var names []string
	for _, t := range o.entityTypes {
		names = append(names, t.Name)
	}
	if diff := cmp.Diff([]string{"Person", "Place"}, names); diff != "" {
		t.Errorf("prepareOntology() entity types mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"role", "country"}, o.entityAttrs); diff != "" {
		t.Errorf("prepareOntology() entity attributes mismatch (-want +got):\n%s", diff)
	}
	if len(o.factTypes) != 1 || o.factTypes[0].Name != "WORKS_AT" {
		t.Errorf("prepareOntology() fact types = %+v, want WORKS_AT once", o.factTypes)
	}
	wantWarnings := []string{
		`ontology: entity type "person" repeats "Person"; ignored`,
		`ontology: entity type "!!" has no usable name; ignored`,
		`ontology: fact type "WORKS_AT" repeats "WORKS_AT"; ignored`,
		`ontology: fact type "--" has no usable name; ignored`,
	}
	if diff := cmp.Diff(wantWarnings, o.warnings); diff != "" {
		t.Errorf("prepareOntology() warnings mismatch (-want +got):\n%s", diff)
	}
	if !o.isExcluded("DATE") || o.isExcluded("Person") {
		t.Errorf("prepareOntology() exclusions wrong: Date %v, Person %v", o.isExcluded("DATE"), o.isExcluded("Person"))
	}
	ft := o.factType("works at")
	if ft == nil || !o.allows(ft, "Person", "") || o.allows(ft, "Place", "") || !o.allows(ft, "", "Place") {
		t.Errorf("prepareOntology() signature of WORKS_AT wrong: %+v", ft)
	}
}
