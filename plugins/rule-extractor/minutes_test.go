package main

import "testing"

// TestExtractMinutesAttendance reads the posts in brackets of a list of
// those present as posts at the body whose minutes these are, named
// after "the board of"; and "the committee" as that body.
func TestExtractMinutesAttendance(t *testing.T) {
	runConstructions(t, []construction{
		{name: "an office and a job in brackets",
			content: "Minutes of the board of Garrick Haulage, 28 April 2023. Present: Sigvald Brekke (chair), Oddny Holm (finance director).",
			want:    []wf{{"HAS_CHAIR", "Garrick Haulage", "Sigvald Brekke", "ref", ""}, {"WORKS_AT", "Oddny Holm", "Garrick Haulage", "ref", ""}}},
		{name: "a guest holds no job",
			content: "Minutes of the board of Garrick Haulage, 28 April 2023. Present: Sigvald Brekke (chair), Brannoc Hale (guest).",
			absent:  []wf{{"WORKS_AT", "Brannoc Hale", "*", "", ""}}},
		{name: "the committee stands for the club",
			content: "FENLOW ROWING CLUB — Minutes. The committee co-opted Anouk de Graaf as treasurer.",
			want:    []wf{{"HAS_TREASURER", "FENLOW ROWING CLUB", "Anouk de Graaf", "ref", ""}},
			absent:  []wf{{"HAS_TREASURER", "committee", "*", "", ""}}},
		{name: "an age in brackets before the verb",
			content: "Ingunn Dahl (34) lives in Fenlow.",
			want:    []wf{{"LIVES_IN", "Ingunn Dahl", "Fenlow", "ref", ""}}},
	})
}
