package main

import "testing"

// TestExtractPlanMoves reads a move between plans said with a verb of
// going up or down ("dropped down to", "went up to") as a change of plan.
func TestExtractPlanMoves(t *testing.T) {
	runConstructions(t, []construction{
		{name: "dropped down to", source: "message",
			content: "I dropped down to the Solo plan with Telvo last week.",
			want:    []wf{{"ON_PLAN", "User", "Solo plan", "2024-05-08", ""}}},
		{name: "went up to, dated", source: "message",
			content: "I went up to the Premium plan in February.",
			want:    []wf{{"ON_PLAN", "User", "Premium plan", "2024-02-01", ""}}},
		{name: "dropped from one to another", source: "message",
			content: "I dropped from the Premium plan to the Basic plan.",
			want: []wf{
				{"ON_PLAN", "User", "Premium plan", "", "ref"},
				{"ON_PLAN", "User", "Basic plan", "ref", ""},
			}},
		{name: "went to a lounge", source: "message",
			content: "We went to the Premium Lounge at the airport.",
			absent:  []wf{{"ON_PLAN", "*", "*", "", ""}}},
	})
}
