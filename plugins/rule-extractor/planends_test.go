package main

import "testing"

// TestExtractPlanGivenUp ends a plan dropped, ditched, given up or
// traded, and starts the one it was given up "for".
func TestExtractPlanGivenUp(t *testing.T) {
	runConstructions(t, []construction{
		{name: "ditched for another", source: "message",
			content: "Vesna: Ingunn ditched her Premium subscription for the free tier in July.",
			want: []wf{{"ON_PLAN", "Ingunn", "Premium subscription", "", "2023-07-01"},
				{"ON_PLAN", "Ingunn", "free tier", "2023-07-01", ""}}},
		{name: "dropped", source: "message",
			content: "Vesna: Ingunn dropped the Premium plan in March.",
			want:    []wf{{"ON_PLAN", "Ingunn", "Premium plan", "", "2024-03-01"}}},
		{name: "gave up for another", source: "message",
			content: "Vesna: I gave up my Family plan for the Solo plan.",
			want:    []wf{{"ON_PLAN", "Vesna", "Family plan", "", "ref"}, {"ON_PLAN", "Vesna", "Solo plan", "ref", ""}}},
		{name: "a person dropped off is no plan", source: "message",
			content: "Vesna: Ingunn dropped Sigvald at the station.",
			absent:  []wf{{"ON_PLAN", "*", "*", "", ""}}},
	})
}
