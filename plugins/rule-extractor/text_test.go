package main

import (
	"strings"
	"testing"
)

func TestUnstutter(t *testing.T) {
	for w, want := range map[string]string{
		"I-I'm": "I'm", "th-th-that": "that", "my-my": "my", "Ross-Ross": "Ross", "Ingrid-Ingrid": "Ingrid",
		"bye-bye": "bye-bye", "so-so": "so-so", "Bora-Bora": "Bora-Bora", "Jean-Paul": "Jean-Paul",
	} {
		if got := unstutter(w); got != want {
			t.Errorf("unstutter(%q) = %q, want %q", w, got, want)
		}
	}
}

func TestClippedBecause(t *testing.T) {
	for text, want := range map[string]string{
		"'Cause Carol's a lesbian.":       "because Carol 's a lesbian .",
		"Coz Tamsin said so.":             "because Tamsin said so .",
		"I left 'cause Tamsin was there.": "I left because Tamsin was there .",
		"The cause is unknown.":           "The cause is unknown .",
		"Cause of death: unknown.":        "Cause of death : unknown .",
	} {
		var got []string
		for _, tok := range tokenize(text) {
			got = append(got, tok.text)
		}
		if g := strings.Join(got, " "); g != want {
			t.Errorf("tokenize(%q) = %q, want %q", text, g, want)
		}
	}
}
