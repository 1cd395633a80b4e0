package main

import "testing"

// TestExtractFundingRounds holds an investor's part in a round of
// funding: an investment in the company the round is for.
func TestExtractFundingRounds(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a round led, for a company",
			content: "Brekke Capital is leading the £1.8m seed round for Varde Robotics.",
			want:    []wf{{"INVESTS_IN", "Brekke Capital", "Varde Robotics", "ref", ""}},
			absent:  []wf{{"LEADS", "*", "*", "", ""}}},
		{name: "a company's round led, dated",
			content: "Brekke Capital led Varde Robotics's Series A round in 2022.",
			want:    []wf{{"INVESTS_IN", "Brekke Capital", "Varde Robotics", "2022-01-01", ""}}},
		{name: "a round led by an investor, in a participle",
			content: "Varde Robotics raised $4m in a seed round led by Brekke Capital.",
			want:    []wf{{"INVESTS_IN", "Brekke Capital", "Varde Robotics", "ref", ""}}},
		{name: "a round that is no funding is none",
			content: "Linda Aasen leads the second round of interviews for Varde Robotics.",
			absent:  []wf{{"INVESTS_IN", "*", "*", "", ""}}},
	})
}
