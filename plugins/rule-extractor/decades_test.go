package main

import "testing"

// TestExtractDecade reads "in the late 1990s" as a time, never as a
// place, and dates the state by it.
func TestExtractDecade(t *testing.T) {
	runConstructions(t, []construction{
		{name: "the late 1990s", source: "message",
			content: "Vesna: Brannoc lived in Bergen in the late 1990s.",
			want:    []wf{{"LIVES_IN", "Brannoc", "Bergen", "1997-01-01", "ref"}},
			absent:  []wf{{"LIVES_IN", "Brannoc", "late 1990s", "", ""}}},
		{name: "the 2000s", source: "message",
			content: "Vesna: Brannoc worked at Quillary in the 2000s.",
			want:    []wf{{"WORKS_AT", "Brannoc", "Quillary", "2000-01-01", "ref"}}},
	})
}
