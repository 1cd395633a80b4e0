package main

import "testing"

// TestExtractReciprocal reads "each other" and "one another" as each of
// the clause's subjects, both ways, and never as an entity.
func TestExtractReciprocal(t *testing.T) {
	runConstructions(t, []construction{
		{name: "each other", source: "message",
			content: "Vesna: Sigvald and Ingunn love each other.",
			want:    []wf{{"LOVES", "Sigvald", "Ingunn", "ref", ""}, {"LOVES", "Ingunn", "Sigvald", "ref", ""}},
			absent:  []wf{{"*", "*", "each other", "", ""}}},
		{name: "one another", source: "message",
			content: "Vesna: Sigvald and Ingunn hate one another.",
			want:    []wf{{"HATES", "Sigvald", "Ingunn", "ref", ""}, {"HATES", "Ingunn", "Sigvald", "ref", ""}},
			absent:  []wf{{"*", "*", "one", "", ""}}},
		{name: "with the speaker", source: "message",
			content: "Vesna: Sigvald and I love each other.",
			want:    []wf{{"LOVES", "Vesna", "Sigvald", "ref", ""}, {"LOVES", "Sigvald", "Vesna", "ref", ""}}},
		{name: "each of them is no reciprocal", source: "message",
			content: "Vesna: Sigvald and Ingunn each love one.",
			absent:  []wf{{"*", "Sigvald", "Ingunn", "", ""}, {"*", "Ingunn", "Sigvald", "", ""}}},
	})
}
