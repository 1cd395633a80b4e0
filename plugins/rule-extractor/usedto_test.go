package main

import "testing"

// TestExtractUsedTo holds a past tie said with "used to" and a verb the
// tagger first reads as a noun.
func TestExtractUsedTo(t *testing.T) {
	runConstructions(t, []construction{
		{name: "two subjects used to date", source: "message",
			content: "Ines: Halvard and I used to date.",
			want:    []wf{{"IS_DATING", "Ines", "Halvard", "", "ref"}}},
		{name: "used to date someone", source: "message",
			content: "Ines: I used to date Torvald Moe.",
			want:    []wf{{"IS_DATING", "Ines", "Torvald Moe", "", "ref"}}},
		{name: "a wish to date is no tie", source: "message",
			content: "Ines: I wanted to date Torvald Moe.",
			absent:  []wf{{"IS_DATING", "Ines", "Torvald Moe", "", ""}}},
	})
}
