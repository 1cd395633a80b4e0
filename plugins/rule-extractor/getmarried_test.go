package main

import "testing"

// TestExtractGotMarriedInWhen reads "when we got married" as a marriage,
// as "we got married" is read.
func TestExtractGotMarriedInWhen(t *testing.T) {
	runConstructions(t, []construction{
		{name: "when two got married", source: "message",
			content: "Vesna: When Sigvald and I got married, I was broke.",
			want:    []wf{{"MARRIED_TO", "Vesna", "Sigvald", "ref", ""}}},
	})
}
