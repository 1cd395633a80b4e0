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

// TestSoundsAndOathsNoNames holds a word without a vowel ("Sssh", "Hmm")
// and a spelling of an oath ("oh my Gawd") as no names, so that no
// speaker is named by them; an acronym in capitals stays a name.
func TestSoundsAndOathsNoNames(t *testing.T) {
	checkEntityNames(t, "message", "Speaker 1: Sssh yeah, well, duh! Hmm.\nSpeaker 2: Oh my Gawd, Vesna moved to Oslo.\nSpeaker 1: The NHS paid for it.",
		[]string{"Vesna", "Oslo", "NHS"}, []string{"Sssh", "Hmm", "Gawd"})
}
