package text

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSummaryHelpers(t *testing.T) {
	if got, want := Sentences("Alice works at Acme. She lives in Paris! Does she? yes"), []string{"Alice works at Acme.", "She lives in Paris!", "Does she?", "yes."}; !cmp.Equal(got, want) {
		t.Errorf("Sentences = %q, want %q", got, want)
	}
	if got, want := JoinCapped([]string{"One.", "one", "Two two.", "Three three three."}, 15), "One. Two two."; got != want {
		t.Errorf("JoinCapped = %q, want %q", got, want)
	}
}
