package main

import "testing"

// TestExtractTalks holds talks given at an event a text is about, a
// speaker who withdraws and one who agrees to stand in (reference time:
// 15 May 2024).
func TestExtractTalks(t *testing.T) {
	const announced = "Subject: Baltic Data Summit 2024\nThe Baltic Data Summit 2024 will take place on 3 October in Riga. We're pleased to announce that Dr. Maris Ozols of Riga Technical University will give the opening keynote."
	runConstructions(t, []construction{
		{name: "a keynote announced in a text about an event",
			content: announced,
			want: []wf{{"SPEAKS_AT", "Dr. Maris Ozols", "Baltic Data Summit 2024", "ref", ""},
				{"WORKS_AT", "Dr. Maris Ozols", "Riga Technical University", "ref", ""}}},
		{name: "a talk at an event named",
			content: "Ieva Kalnina will deliver a talk at the Baltic Data Summit 2024.",
			want:    []wf{{"SPEAKS_AT", "Ieva Kalnina", "Baltic Data Summit 2024", "ref", ""}}},
		{name: "a speaker who had to withdraw, and one who agreed to stand in",
			previous: []string{announced},
			content:  "Subject: Update on the Baltic Data Summit 2024\nDr. Ozols has had to withdraw for family reasons. We're grateful to Ieva Kalnina, who has agreed to give the keynote instead.",
			want: []wf{{"SPEAKS_AT", "Dr. Maris Ozols", "Baltic Data Summit 2024", "", "ref"},
				{"SPEAKS_AT", "Ieva Kalnina", "Baltic Data Summit 2024", "ref", ""}}},
		{name: "a talk one might give is none",
			content: "Subject: Baltic Data Summit 2024\nIeva Kalnina might give a talk.",
			absent:  []wf{{"SPEAKS_AT", "*", "*", "", ""}}},
	})
}
