package main

import "testing"

// TestExtractCorrections: what a speaker denies of themself and says of
// another ("I'm not …, that's my brother") is the other's (reference
// time: 15 May 2024).
func TestExtractCorrections(t *testing.T) {
	runConstructions(t, []construction{
		{name: "denied and given to a relative", source: "message",
			content: "Oddny: And I'm not allergic to penicillin, that's my brother Eilif.",
			want:    []wf{{"ALLERGIC_TO", "Eilif", "penicillin", "ref", ""}},
			absent:  []wf{{"ALLERGIC_TO", "Oddny", "*", "", ""}}},
		{name: "denied and given to a name", source: "message",
			content: "Oddny: I'm not the nurse, it's Tamsin.",
			want:    []wf{{"HAS_JOB_TITLE", "Tamsin", "nurse", "ref", ""}}},
		{name: "no one named after it", source: "message",
			content: "Oddny: I'm not angry, that's just how I talk.",
			absent:  []wf{{"*", "*", "*", "", ""}}},
	})
}
