package main

import "testing"

// TestExtractSchoolmates holds the ties of those who went to one school.
func TestExtractSchoolmates(t *testing.T) {
	runConstructions(t, []construction{
		{name: "two subjects went to college together", source: "message",
			content: "Ines: Halvard and I went to college together.",
			want:    []wf{{"CLASSMATE_OF", "Ines", "Halvard", "", ""}}},
		{name: "we went to the same school", source: "message",
			content: "Ines: Did you grow up here?\nMarit: Yes. We went to the same high school.",
			want:    []wf{{"CLASSMATE_OF", "Marit", "Ines", "", ""}}},
		{name: "went to school with someone", source: "message",
			content: "Ines: I went to grad school with Torvald Moe.",
			want:    []wf{{"CLASSMATE_OF", "Ines", "Torvald Moe", "", ""}}},
		{name: "not schoolmates when denied", source: "message",
			content: "Ines: I didn't go to school with Torvald Moe.",
			absent:  []wf{{"CLASSMATE_OF", "Ines", "Torvald Moe", "", ""}}},
		{name: "going to school alone ties no one", source: "message",
			content: "Ines: Halvard and I went to college in Bergen.",
			absent:  []wf{{"CLASSMATE_OF", "Halvard", "Ines", "", ""}, {"CLASSMATE_OF", "Ines", "Halvard", "", ""}}},
		{name: "a name from school is the speaker's schoolmate", source: "message",
			content: "Ines: Oda Lind from college called me today.",
			want:    []wf{{"CLASSMATE_OF", "Ines", "Oda Lind", "", ""}}},
		{name: "a school's noun before another noun is no school", source: "message",
			content: "Ines: Tor from school transport drove us.",
			absent:  []wf{{"CLASSMATE_OF", "Ines", "Tor", "", ""}}},
	})
}

// TestExtractDegreeFinished: a degree finished or completed at a school
// is a graduation, and the end of the study there; a relational noun
// with "there" after it still names the relation (reference time: 15
// May 2024).
func TestExtractDegreeFinished(t *testing.T) {
	runConstructions(t, []construction{
		{name: "finished", source: "text",
			content: "Update from Oddny Lie: I finished my MSc in marine biology at the University of Harstad last June.",
			want: []wf{{"GRADUATED_FROM", "Oddny Lie", "University of Harstad", "2023-06-01", ""},
				{"STUDIES_AT", "Oddny Lie", "University of Harstad", "", "2023-06-01"}}},
		{name: "completed", source: "text",
			content: "Eilif Berg completed his PhD at Arden University in 2019.",
			want:    []wf{{"GRADUATED_FROM", "Eilif Berg", "Arden University", "2019-01-01", ""}}},
		{name: "my supervisor there", source: "text",
			content: "Update from Oddny Lie: I started at the Harstad Ocean Institute in October. My supervisor there is Professor Eilif Berg.",
			want:    []wf{{"MANAGER_OF", "Professor Eilif Berg", "Oddny Lie", "ref", ""}}},
	})
}
