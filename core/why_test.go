package core_test

import (
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// TestRecordsStatement checks which statements a fact's record keeps: the
// first core.MaxStatedSteps, and after them one of a source class the
// record has not seen; steps of other kinds do not count.
func TestRecordsStatement(t *testing.T) {
	at := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	record := func(classes ...string) map[string]any {
		var attrs map[string]any
		for i, c := range classes {
			kind := core.WhyStated
			if c == "" {
				kind = core.WhyCorroborated
			}
			attrs = core.WithWhy(attrs, core.WhyStep{Step: kind, At: at.Add(time.Duration(i) * time.Hour), Episode: "e", Class: c})
		}
		return attrs
	}
	full := make([]string, core.MaxStatedSteps)
	for i := range full {
		full[i] = "user"
	}
	tests := []struct {
		name  string
		attrs map[string]any
		class string
		want  bool
	}{
		{"no record", nil, "user", true},
		{"one statement", record("user"), "user", true},
		{"one short of the bound", record(full[1:]...), "user", true},
		{"the bound reached", record(full...), "user", false},
		{"the bound reached, a new class", record(full...), "web", true},
		{"other steps do not count", record(append(full[1:], "", "")...), "user", true},
	}
	for _, tt := range tests {
		if got := core.RecordsStatement(tt.attrs, tt.class); got != tt.want {
			t.Errorf("%s: RecordsStatement(%v, %q) = %v, want %v", tt.name, tt.attrs, tt.class, got, tt.want)
		}
	}
}
