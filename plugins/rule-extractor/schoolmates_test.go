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
