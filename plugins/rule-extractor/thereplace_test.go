package main

import "testing"

// TestExtractThereAsPlace reads "there" after a verb as the place or
// organisation named before it in the sentence.
func TestExtractThereAsPlace(t *testing.T) {
	runConstructions(t, []construction{
		{name: "teaches there", source: "message",
			content: "Vesna: Ysolde finished her degree at Fenlow University and now teaches there.",
			want:    []wf{{"WORKS_AT", "Ysolde", "Fenlow University", "ref", ""}}},
		{name: "lives there", source: "message",
			content: "Vesna: Sigvald grew up in Tarnwell and still lives there.",
			want:    []wf{{"LIVES_IN", "Sigvald", "Tarnwell", "", ""}}},
		{name: "no one", source: "message",
			content: "Vesna: Sigvald visited Tarnwell but nobody lives there.",
			absent:  []wf{{"LIVES_IN", "*", "Tarnwell", "", ""}}},
	})
}
