package main

import "testing"

// TestExtractLetterNames holds a capital letter after a common noun as
// part of its name ("hepatitis B"), and its period as the end of the
// sentence when a closed-class word or nothing follows; an initial
// before a name keeps its period.
func TestExtractLetterNames(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a vaccine named by a letter, the sentence ends after it",
			content: "Vesna Holm was vaccinated against hepatitis B. She moved to Oslo in March.",
			want: []wf{{"RECEIVED_VACCINE", "Vesna Holm", "hepatitis B", "", ""},
				{"LIVES_IN", "Vesna Holm", "Oslo", "2024-03-01", ""}}},
		{name: "an initial keeps its period",
			content: "Vesna Holm met the author J. Sigvald in Oslo.",
			absent:  []wf{{"*", "*", "J", "", ""}, {"*", "*", "Sigvald", "", ""}}},
	})
}
