package main

import "testing"

// TestExtractSomeoneDashed holds a person said as "someone" and named
// behind a dash at the end of the sentence as that person; a name
// between commas, or no name after the dash, is not.
func TestExtractSomeoneDashed(t *testing.T) {
	runConstructions(t, []construction{
		{name: "named behind a dash", source: "message",
			content: "Oddny: And I've been seeing someone since February — Sigvald. He's lovely.",
			want:    []wf{{"IS_DATING", "Oddny", "Sigvald", "2024-02-01", ""}}},
		{name: "a name between commas is a call", source: "message",
			content: "Oddny: I told someone, Sigvald, that I'd be late.",
			absent:  []wf{{"*", "Oddny", "Sigvald", "", ""}}},
		{name: "no name after the dash", source: "message",
			content: "Oddny: I've been seeing someone — it's complicated.",
			absent:  []wf{{"IS_DATING", "*", "*", "", ""}}},
	})
}
