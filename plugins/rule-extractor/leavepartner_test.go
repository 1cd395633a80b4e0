package main

import "testing"

// TestExtractPartnerLeft ends a couple's tie when one leaves the other,
// starts one with the person left "for", and reads leaving a partner
// somewhere as no ending; a given name alone is no employer left.
func TestExtractPartnerLeft(t *testing.T) {
	runConstructions(t, []construction{
		{name: "left her husband for another", source: "message",
			content: "Thorfinn: Ingunn left her husband Sigvald for Brannoc last year.",
			want: []wf{{"MARRIED_TO", "Sigvald", "Ingunn", "", "2023-01-01"},
				{"IS_DATING", "Ingunn", "Brannoc", "2023-01-01", ""}},
			absent: []wf{{"WORKS_AT", "*", "*", "", ""}}},
		{name: "my wife left me", source: "message",
			content: "Thorfinn: My wife Agnes left me in March.",
			want:    []wf{{"MARRIED_TO", "Agnes", "Thorfinn", "", "2024-03-01"}}},
		{name: "left somewhere", source: "message",
			content: "Thorfinn: I left my husband Sigvald at the station.",
			absent:  []wf{{"MARRIED_TO", "*", "*", "", "ref"}}},
		{name: "a given name is no employer", source: "message",
			content: "Thorfinn: Agnes left Priya last year.",
			absent:  []wf{{"WORKS_AT", "*", "*", "", ""}}},
	})
}
