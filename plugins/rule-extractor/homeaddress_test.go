package main

import "testing"

// TestExtractHomeAddress reads one's address, said as what a copula
// names, as one's home; an email address is no place.
func TestExtractHomeAddress(t *testing.T) {
	runConstructions(t, []construction{
		{name: "someone's new address", source: "message",
			content: "Vesna: Ingunn Dahl's new address is 14 Orchard Row, Tarnwell.",
			want:    []wf{{"LIVES_IN", "Ingunn Dahl", "14 Orchard Row", "ref", ""}}},
		{name: "my address", source: "message",
			content: "Vesna: My new address is 14 Orchard Row, Tarnwell.",
			want:    []wf{{"LIVES_IN", "Vesna", "14 Orchard Row", "ref", ""}}},
		{name: "an email address", source: "message",
			content: "Vesna: My email address is vesna@example.com.",
			absent:  []wf{{"LIVES_IN", "*", "*", "", ""}}},
	})
}
