package retrieval

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestExpansionTerms(t *testing.T) {
	texts := []string{
		"user: I had a doctor visit with Dr. Okafor, my dermatologist, about the rash on my arm. I'm fine.",
		"assistant: A rash like that often needs a cream; your dermatologist will know.",
	}
	got := expansionTerms("How many doctors did I visit?", texts, []float64{1, 0.5})
	// The name counts twice, and the words both texts share gain from
	// the second.
	if want := []string{"okafor", "dermatologist", "rash"}; len(got) < 3 || !slices.Equal(got[:3], want) {
		t.Errorf("expansionTerms = %v, want it to begin with %v", got, want)
	}
	for _, w := range []string{"user", "assistant", "visit", "i'm", "my", "the", "like", "a"} {
		if slices.Contains(got, w) {
			t.Errorf("expansionTerms = %v, has %q", got, w)
		}
	}
	if len(got) > expansionWords {
		t.Errorf("expansionTerms gave %d words, want at most %d", len(got), expansionWords)
	}
	if again := expansionTerms("How many doctors did I visit?", texts, []float64{1, 0.5}); !slices.Equal(again, got) {
		t.Errorf("expansionTerms is not deterministic: %v, then %v", got, again)
	}
	if got := expansionTerms("anything", nil, nil); len(got) != 0 {
		t.Errorf("expansionTerms of no text = %v, want none", got)
	}
}

func TestFirstPerson(t *testing.T) {
	for _, tt := range []struct {
		text      string
		mine, all int
	}{
		{"I baked a rye bread for my sister.", 2, 8},
		{"Maria: I’m sure it was mine.", 2, 5},
		{"user: The plumber fixed the sink.", 0, 5},
		{"", 0, 0},
	} {
		if mine, all := firstPersonShare(tt.text); mine != tt.mine || all != tt.all {
			t.Errorf("firstPersonShare(%q) = %d, %d; want %d, %d", tt.text, mine, all, tt.mine, tt.all)
		}
	}
	for q, want := range map[string]bool{
		"How many doctors did I visit?": true,
		"What's my sister's name?":      true,
		"Which bread should one bake?":  false,
		"Is Imogen in Iowa?":            false,
	} {
		if got := inFirstPerson(q); got != want {
			t.Errorf("inFirstPerson(%q) = %v, want %v", q, got, want)
		}
	}
}

func TestReadLimit(t *testing.T) {
	short := "I baked bread."
	if got := readLimit(short); got != short {
		t.Errorf("readLimit(short) = %q, want it whole", got)
	}
	long := strings.Repeat("a", textReadLimit-1) + "é and more"
	got := readLimit(long)
	if len(got) > textReadLimit || !utf8.ValidString(got) || !strings.HasPrefix(long, got) {
		t.Errorf("readLimit(long) = %d bytes ending %q, want at most %d bytes of valid UTF-8 from its start", len(got), got[len(got)-4:], textReadLimit)
	}
	if len(got) != textReadLimit-1 {
		t.Errorf("readLimit(long) kept %d bytes, want %d: the cut falls inside é and goes back to before it", len(got), textReadLimit-1)
	}
}
