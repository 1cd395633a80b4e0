package main

import "testing"

// TestExtractTownAfterStreet reads a home on a street "in" a town as a
// home in the town.
func TestExtractTownAfterStreet(t *testing.T) {
	runConstructions(t, []construction{
		{name: "moved to a street in a town", source: "message",
			content: "We moved to Garrick Lane in Fenlow in October.",
			want:    []wf{{"LIVES_IN", "User", "Fenlow", "2023-10-01", ""}},
			absent:  []wf{{"LIVES_IN", "User", "Garrick Lane", "", ""}}},
		{name: "a flat on a street in a town", source: "message",
			content: "We moved into a flat on Garrick Lane in Fenlow last month.",
			want:    []wf{{"LIVES_IN", "User", "Fenlow", "2024-04-01", ""}},
			absent:  []wf{{"LIVES_IN", "User", "flat", "", ""}}},
		{name: "a street alone", source: "message",
			content: "We moved to Garrick Lane last month.",
			want:    []wf{{"LIVES_IN", "User", "Garrick Lane", "2024-04-01", ""}}},
	})
}
