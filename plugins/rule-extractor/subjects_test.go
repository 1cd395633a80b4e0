package main

import "testing"

// TestExtractSharedSubjects: each of two subjects gets the fact, whatever
// the first one's fact registered of the object, and a plural kinship
// noun before them names no one.
func TestExtractSharedSubjects(t *testing.T) {
	runConstructions(t, []construction{
		{name: "both take over a business named by a common noun",
			content: "Oskar Lind and Petra Lind took over the bakery in March.",
			want: []wf{{"ACQUIRED", "Oskar Lind", "bakery", "2024-03-01", ""},
				{"ACQUIRED", "Petra Lind", "bakery", "2024-03-01", ""}}},
		{name: "siblings named after their kinship noun, with an aside",
			content: "Sisters Maren and Tove Aasen, who run a flower stall, bought the bakery.",
			want: []wf{{"OWNS", "Maren Aasen", "bakery", "ref", ""},
				{"OWNS", "Tove Aasen", "bakery", "ref", ""}},
			absent: []wf{{"*", "Sisters Maren", "*", "", ""}}},
		{name: "a verb the tagger takes for a preposition in a sentence with no verb",
			content: "Oskar Lind and Petra Lind own the bakery.",
			want: []wf{{"OWNS", "Oskar Lind", "bakery", "ref", ""},
				{"OWNS", "Petra Lind", "bakery", "ref", ""}}},
	})
}
