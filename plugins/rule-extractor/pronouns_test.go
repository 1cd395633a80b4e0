package main

import "testing"

// TestExtractTheyAndTags: "they" as the people of a plural subject or
// of the couple told last, and statements with a tail that asks for
// assent or only gives a tone (reference time: 15 May 2024).
func TestExtractTheyAndTags(t *testing.T) {
	runConstructions(t, []construction{
		{name: "they after a wedding told in the same sentence",
			source:  "message",
			content: "Rui: Oh and my brother Duarte married Beatriz last summer, the wedding was in Braga, and they live in Guimarães now.",
			want:    []wf{{"LIVES_IN", "Duarte", "Guimarães", "ref", ""}, {"LIVES_IN", "Beatriz", "Guimarães", "ref", ""}},
			absent:  []wf{{"LIVES_IN", "Rui", "*", "", ""}}},
		{name: "they after a plural subject",
			source:  "message",
			content: "Rui: Duarte and Beatriz got engaged. They live in Braga.",
			want:    []wf{{"LIVES_IN", "Duarte", "Braga", "ref", ""}, {"LIVES_IN", "Beatriz", "Braga", "ref", ""}}},
		{name: "they with no one to mean",
			source:  "message",
			content: "Rui: They live in Braga.",
			absent:  []wf{{"LIVES_IN", "*", "*", "", ""}}},
		{name: "is that right asks for assent to a statement",
			source:  "message",
			content: "Hollis: Naledi, you coach the under-16 girls at Stellenbosch FC, is that right?\nNaledi: That's right.",
			want:    []wf{{"COACHES", "Naledi", "Stellenbosch FC", "ref", ""}}},
	})
}
