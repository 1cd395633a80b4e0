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
