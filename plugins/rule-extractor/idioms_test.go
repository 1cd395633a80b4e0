package main

import "testing"

// TestExtractIdioms reads a verb and its fixed object as the verb they
// stand for, with the partner after the idiom's preposition.
func TestExtractIdioms(t *testing.T) {
	runConstructions(t, []construction{
		{name: "tied the knot, both named", source: "message",
			content: "Vesna: Thorfinn and Ysolde tied the knot last summer!",
			want:    []wf{{"MARRIED_TO", "Ysolde", "Thorfinn", "2023-06-01", ""}}},
		{name: "tied the knot with", source: "message",
			content: "Vesna: Thorfinn tied the knot with Ysolde in 2015.",
			want:    []wf{{"MARRIED_TO", "Thorfinn", "Ysolde", "2015-01-01", ""}}},
		{name: "called it quits", source: "message",
			content: "Vesna: Thorfinn and Ysolde called it quits in March.",
			want:    []wf{{"IS_DATING", "Ysolde", "Thorfinn", "", "2024-03-01"}}},
		{name: "a knot tied is no marriage", source: "message",
			content: "Vesna: Thorfinn tied a knot in the rope.",
			absent:  []wf{{"MARRIED_TO", "*", "*", "", ""}}},
	})
}
