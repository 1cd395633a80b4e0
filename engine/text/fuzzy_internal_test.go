package text

import (
	"testing"

	"github.com/mnemohq/mnemo/core"
)

func TestFuzzyMatch(t *testing.T) {
	cands := []core.Entity{{UUID: "1", Name: "Acme Corporation"}, {UUID: "2", Name: "Initech"}, {UUID: "3", Name: "Al"},
		{UUID: "4", Name: "INV-2024-000417"}}
	tests := []struct {
		name  string
		want  string
		found bool
	}{
		{"ACME  corporation.", "1", true},
		{"Acme Corporations", "1", true},
		{"Acme Corp", "", false},
		{"Al", "", false},
		{"al.", "", false},
		{"Initek", "", false},
		{"inv 2024 000417", "4", true},
		{"INV-2024-000418", "", false},
		{"INV-2024-000471", "", false},
	}
	for _, tt := range tests {
		c, found := FuzzyMatch(tt.name, cands)
		if found != tt.found || c.UUID != tt.want {
			t.Errorf("FuzzyMatch(%q) = %q, %v; want %q, %v", tt.name, c.UUID, found, tt.want, tt.found)
		}
	}
	if informative("aaaaaaa") {
		t.Errorf("informative(aaaaaaa) = true, want false")
	}
}
