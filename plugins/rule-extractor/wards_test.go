package main

import "testing"

// TestExtractPlacements holds a patient placed on a ward or in a bed, and
// moved to another.
func TestExtractPlacements(t *testing.T) {
	const dad = "Oonagh: My dad Cathal Brennock is in St Ives Hospital."
	runConstructions(t, []construction{
		{name: "on a ward, by a copula with a pronoun",
			source: "message", previous: []string{dad},
			content: "Oonagh: He's on Ward 7 under Dr. Marsh.",
			want:    []wf{{"PLACED_IN", "Cathal Brennock", "Ward 7", "ref", ""}}},
		{name: "moved by no one named, on a day",
			source: "message", previous: []string{dad},
			content: "Oonagh: They moved Dad up to Ward 12 on Monday.",
			want:    []wf{{"PLACED_IN", "Cathal Brennock", "Ward 12", "2024-05-13", ""}}},
		{name: "in a bed with a code, moved in the passive",
			content: "Ingrid Solvang is in bed 4B-07. Kofi Adjei was transferred to bed 4B-09 overnight.",
			want: []wf{{"PLACED_IN", "Ingrid Solvang", "bed 4B-07", "ref", ""},
				{"PLACED_IN", "Kofi Adjei", "bed 4B-09", "ref", ""}},
			absent: []wf{{"LIVES_IN", "*", "*", "", ""}}},
		{name: "a flat is no ward",
			content: "Ingrid Solvang is in Flat 3.",
			absent:  []wf{{"PLACED_IN", "*", "*", "", ""}}},
	})
}
