package main

import "testing"

// TestExtractUnknownNameOpening holds a name no gazetteer knows, opening
// the sentence before a verb in the past and a preposition, as the
// verb's subject, as a known name is.
func TestExtractUnknownNameOpening(t *testing.T) {
	runConstructions(t, []construction{
		{name: "graduated from", source: "message",
			content: "Vesna: Ysolde graduated from Fenlow University with a degree in geology in 2019.",
			want:    []wf{{"GRADUATED_FROM", "Ysolde", "Fenlow University", "2019-01-01", ""}}},
		{name: "moved to", source: "message",
			content: "Vesna: Ysolde moved to Tarnwell in May.",
			want:    []wf{{"LIVES_IN", "Ysolde", "Tarnwell", "2024-05-01", ""}}},
		{name: "a headline's passive stays one", source: "text",
			content: "Quillary acquired by Brackley Freight.",
			want:    []wf{{"ACQUIRED", "Brackley Freight", "Quillary", "", ""}}},
	})
}
