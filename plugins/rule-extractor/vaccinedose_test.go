package main

import "testing"

// TestExtractVaccineDoseNoun reads "their second MMR shot", "his second
// MMR jab" as the vaccine received, where the tagger had taken the noun
// for a verb of its own ("MMR shot at the clinic").
func TestExtractVaccineDoseNoun(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a shot after a name and an ordinal", source: "message",
			content: "Vesna: Sigvald got his second MMR shot at the clinic yesterday.",
			want:    []wf{{"RECEIVED_VACCINE", "Sigvald", "second MMR shot", "2024-05-14", ""}},
			absent:  []wf{{"*", "MMR", "*", "", ""}}},
		{name: "a jab", source: "message",
			content: "Vesna: Ingunn had her second MMR jab in May.",
			want:    []wf{{"RECEIVED_VACCINE", "Ingunn", "second MMR jab", "2024-05-01", ""}}},
	})
}
