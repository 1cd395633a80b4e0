package main

import "testing"

// TestExtractAlmost reads what "almost" or "nearly" happened as not
// having happened, and as taking nothing for granted.
func TestExtractAlmost(t *testing.T) {
	runConstructions(t, []construction{
		{name: "almost got married", source: "message",
			content: "Vesna: Ingunn and Sigvald almost got married.",
			absent:  []wf{{"MARRIED_TO", "*", "*", "", ""}}},
		{name: "nearly joined", source: "message",
			content: "Vesna: Sigvald nearly joined Quillary in 2019.",
			absent:  []wf{{"WORKS_AT", "*", "*", "", ""}}},
		{name: "got married", source: "message",
			content: "Vesna: Ingunn and Sigvald got married.",
			want:    []wf{{"MARRIED_TO", "Sigvald", "Ingunn", "ref", ""}}},
	})
}
