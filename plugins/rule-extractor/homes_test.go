package main

import "testing"

// TestExtractHomes: a care home named by its appositive is a home, not a
// club, and "'d" before a participle is the "had" of the past perfect
// (reference time: 15 May 2024).
func TestExtractHomes(t *testing.T) {
	runConstructions(t, []construction{
		{name: "moving into a care home",
			content: "Shirin moved into Golden Oaks, a care home in Cupertino.",
			want:    []wf{{"LIVES_IN", "Shirin", "Golden Oaks", "ref", ""}},
			absent:  []wf{{"PLAYS_FOR", "*", "*", "", ""}}},
		{name: "'d before a participle is had",
			content: "Shirin moved to Cupertino. She'd lived in San Jose.",
			want:    []wf{{"LIVES_IN", "Shirin", "San Jose", "", "ref"}}},
		{name: "'d before a base form is would",
			content: "I'd love to live in Paris.",
			absent:  []wf{{"LIVES_IN", "*", "*", "", ""}}},
	})
}
