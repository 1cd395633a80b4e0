package main

import "testing"

// TestExtractTownClubs reads a club named for its town as a team in a
// sentence about sport, and as the town elsewhere.
func TestExtractTownClubs(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a goalkeeper joins",
			content: "Goalkeeper Oddny Berg has joined Fenlow Town on a three-year contract.",
			want:    []wf{{"PLAYS_FOR", "Oddny Berg", "Fenlow Town", "ref", ""}}},
		{name: "signed from",
			content: "Garrick Athletic have signed goalkeeper Oddny Berg from Fenlow Town for an undisclosed fee.",
			want:    []wf{{"PLAYS_FOR", "Oddny Berg", "Fenlow Town", "", "ref"}}},
		{name: "a town to live in", source: "message",
			content: "Vesna: Oddny lives in Fenlow Town.",
			want:    []wf{{"LIVES_IN", "Oddny", "Fenlow Town", "ref", ""}}},
	})
}
