package main

import "testing"

// TestExtractOrgAfterName reads a place's name before the noun of an
// organisation or its building as the organisation's whole name, keeps
// a branch or an office standing for the organisation, and a place's
// noun for the place.
func TestExtractOrgAfterName(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a library", source: "message",
			content: "I volunteer at the Tarnwell library. I moved to Tarnwell in May.",
			want:    []wf{{"VOLUNTEERS_AT", "User", "Tarnwell library", "ref", ""}, {"LIVES_IN", "User", "Tarnwell", "2024-05-01", ""}}},
		{name: "a food bank", source: "message",
			content: "I volunteer at the Fenlow food bank.",
			want:    []wf{{"VOLUNTEERS_AT", "User", "Fenlow food bank", "ref", ""}}},
		{name: "an office stands for the firm",
			content: "Vesna works at the Quillary office in Leeds.",
			want:    []wf{{"WORKS_AT", "Vesna", "Quillary", "ref", ""}}},
		{name: "an area is the place", source: "message",
			content: "I love the Fenlow area.",
			want:    []wf{{"LOVES", "User", "Fenlow", "ref", ""}}},
	})
}
