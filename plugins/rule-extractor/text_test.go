package main

import "testing"

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
