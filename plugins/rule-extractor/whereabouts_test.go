package main

import "testing"

// TestExtractWhereabouts reads where a named thing is shown, lent or
// kept, and nothing for a thing not named or a person; and a present
// state "until" a month as ending at the coming one.
func TestExtractWhereabouts(t *testing.T) {
	runConstructions(t, []construction{
		{name: "on display, until a month to come",
			content: "The Quiet Harbour is on display at Galerie Roux until September.",
			want:    []wf{{"LOCATED_AT", "Quiet Harbour", "Galerie Roux", "ref", "2024-09-01"}}},
		{name: "on loan",
			content: "The Quiet Harbour is now on loan to the Fenlow Museum.",
			want:    []wf{{"LOCATED_AT", "Quiet Harbour", "Fenlow Museum", "ref", ""}}},
		{name: "a thing not named",
			content: "The van is parked at the Tarnwell Depot.",
			absent:  []wf{{"LOCATED_AT", "*", "*", "", ""}}},
		{name: "a person on loan is no thing",
			content: "Vesna Holt is on loan to Fenlow Rovers.",
			absent:  []wf{{"LOCATED_AT", "*", "*", "", ""}}},
		{name: "a present state until a month to come",
			content: "Vesna works at Quillary until February.",
			want:    []wf{{"WORKS_AT", "Vesna", "Quillary", "ref", "2025-02-01"}}},
		{name: "a past state until a month gone",
			content: "Vesna lived in Brackley until February.",
			want:    []wf{{"LIVES_IN", "Vesna", "Brackley", "", "2024-02-01"}}},
	})
}
