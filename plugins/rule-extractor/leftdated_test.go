package main

import "testing"

// TestExtractLeftDated reads "I left in June" as leaving the one place
// of work the episodes told, and nothing when there is a place after the
// verb or no place told.
func TestExtractLeftDated(t *testing.T) {
	runConstructions(t, []construction{
		{name: "left in June, asked in a chat", source: "message",
			previous: []string{"Vesna: Just started a new job at Quillary, fingers crossed!"},
			content:  "Oddny: Vesna, are you still at Quillary?\nVesna: Nope, I left in June. I'm freelancing now.",
			want:     []wf{{"WORKS_AT", "Vesna", "Quillary", "", "2023-06-01"}}},
		{name: "left for a place", source: "message",
			previous: []string{"Vesna: I work at Quillary."},
			content:  "Vesna: I left for Oslo in June.",
			absent:   []wf{{"WORKS_AT", "*", "*", "", "*"}}},
		{name: "no place told", source: "message",
			content: "Vesna: I left in June.",
			absent:  []wf{{"WORKS_AT", "*", "*", "", "*"}}},
	})
}
