package main

import "testing"

// TestExtractThirdPersonIsNoParticipant checks that "he" and "she" mean
// neither the one speaking nor the one spoken to, under the names the
// conversation gave their voices.
func TestExtractThirdPersonIsNoParticipant(t *testing.T) {
	runConstructions(t, []construction{
		{name: "he is not the voice just called by name", source: "message",
			content: "Speaker 1: Hi, Ragnhild!\nSpeaker 2: Hi.\nSpeaker 1: He moved to Narvik.",
			absent:  []wf{{"LIVES_IN", "Ragnhild", "Narvik", "", ""}}},
		{name: "he is the third person named", source: "message",
			content: "Speaker 1: Hi, Ragnhild! My brother Oskar phoned.\nSpeaker 2: Hi.\nSpeaker 1: He moved to Narvik.",
			want:    []wf{{"LIVES_IN", "Oskar", "Narvik", "ref", ""}}},
	})
}

// TestExtractPronounOfEarlierTurn checks that "he" or "her" may mean the
// one name of no known kind an earlier turn gave, as within a turn.
func TestExtractPronounOfEarlierTurn(t *testing.T) {
	runConstructions(t, []construction{
		{name: "the one name of the turn before", source: "message",
			content: "Speaker 1: Have you met Solrun yet?\nSpeaker 2: Yes. I adore her.",
			want:    []wf{{"LOVES", "Speaker 2", "Solrun", "ref", ""}}},
		{name: "two names of no known kind leave the pronoun open", source: "message",
			content: "Speaker 1: Have you met Solrun and Ingeborg yet?\nSpeaker 2: Yes. I adore her.",
			absent:  []wf{{"LOVES", "Speaker 2", "Solrun", "", ""}, {"LOVES", "Speaker 2", "Ingeborg", "", ""}}},
	})
}
