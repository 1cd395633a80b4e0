package main

import "testing"

// TestExtractDegreeBeforeAdjective reads a title whose adjective has an
// adverb of degree ("the most important", "a really good", "our most
// trusted") as the title without either, as it reads "a good pilot".
func TestExtractDegreeBeforeAdjective(t *testing.T) {
	runConstructions(t, []construction{
		{name: "one of the most important", source: "message",
			content: "Vesna: Sigvald is one of the most important scientists in the lab.",
			want:    []wf{{"HAS_JOB_TITLE", "Sigvald", "scientist", "ref", ""}}},
		{name: "one of our most important", source: "message",
			content: "Vesna: Sigvald is one of our most important scientists.",
			want:    []wf{{"HAS_JOB_TITLE", "Sigvald", "scientist", "ref", ""}}},
		{name: "a rank stays", source: "message",
			content: "Vesna: Ingunn is a very senior engineer at Brackley Freight.",
			want:    []wf{{"HAS_JOB_TITLE", "Ingunn", "senior engineer", "ref", ""}, {"WORKS_AT", "Ingunn", "Brackley Freight", "ref", ""}}},
		{name: "really good", source: "message",
			content: "Vesna: Oddny is a really good pilot.",
			want:    []wf{{"HAS_JOB_TITLE", "Oddny", "pilot", "ref", ""}}},
	})
}
