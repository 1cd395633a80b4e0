package main

import "testing"

// TestExtractMembershipsAndProviders: joining a gym or a society is
// membership, no job, and cancelling it ends it, with the "I" left out;
// a thing traded in is owned no longer; an insurance switched from one
// provider to another is insurance with each.
func TestExtractMembershipsAndProviders(t *testing.T) {
	runConstructions(t, []construction{
		{name: "joined a gym", source: "message",
			content: "Brannoc: New year, new me: joined Ironside Gym today.",
			want:    []wf{{"MEMBER_OF", "Brannoc", "Ironside Gym", "2024-05-15", ""}},
			absent:  []wf{{"WORKS_AT", "*", "*", "", ""}}},
		{name: "cancelled, the I left out", source: "message",
			content: "Brannoc: Cancelled my Ironside Gym membership, I never went.",
			want:    []wf{{"MEMBER_OF", "Brannoc", "Ironside Gym", "", "ref"}}},
		{name: "traded in for another", source: "message",
			content: "Ysolde: Traded the Fabia in for an electric Kia Niro last week.",
			want:    []wf{{"OWNS", "Ysolde", "Fabia", "", "2024-05-08"}, {"OWNS", "Ysolde", "Kia Niro", "2024-05-08", ""}}},
		{name: "insurance switched", source: "message",
			content: "Oddny: Switched my car insurance from Brackley Mutual to Garrick Direct.",
			want:    []wf{{"INSURED_WITH", "Oddny", "Brackley Mutual", "", "ref"}, {"INSURED_WITH", "Oddny", "Garrick Direct", "ref", ""}}},
	})
}
