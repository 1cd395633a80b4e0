package main

import "testing"

// TestExtractSentenceShapes holds readings of the sentence rather than
// of a relation: the subject a pronoun continues, a verb the tagger took
// for a noun, the number of a coordinated subject.
func TestExtractSentenceShapes(t *testing.T) {
	runConstructions(t, []construction{
		{name: "she after a semicolon is the subject before it",
			content: "Mette Lund no longer reports to Oskar Brevik; she now reports to Aivar Tamm.",
			want:    []wf{{"REPORTS_TO", "Mette Lund", "Oskar Brevik", "", "ref"}, {"REPORTS_TO", "Mette Lund", "Aivar Tamm", "ref", ""}},
			absent:  []wf{{"REPORTS_TO", "Oskar Brevik", "Aivar Tamm", "", ""}}},
		{name: "she after and is the subject before it",
			content: "Mette met Oskar in Tartu and she married him in 2020.",
			want:    []wf{{"MARRIED_TO", "Mette", "Oskar", "2020-01-01", ""}}},
		{name: "a pronoun object is no subject",
			content: "Oskar Brevik hired Mette Lund because he liked her work.",
			absent:  []wf{{"LIKES", "Mette Lund", "work", "", ""}}},
		{name: "no longer before a verb the tagger took for a noun",
			content: "Mette Lund no longer reports to Oskar Brevik.",
			want:    []wf{{"REPORTS_TO", "Mette Lund", "Oskar Brevik", "", "ref"}}},
		{name: "a name and a relative of another name are plural",
			content: "Aivar and his sister Mette work for Harlow Tiles.",
			want:    []wf{{"WORKS_AT", "Aivar", "Harlow Tiles", "ref", ""}, {"WORKS_AT", "Mette", "Harlow Tiles", "ref", ""}}},
		{name: "an age reached",
			content: "Mette Lund turned 70 last week.",
			want:    []wf{{"HAS_AGE", "Mette Lund", "70", "2024-05-08", ""}}},
		{name: "a number of things turned is no age",
			content: "Mette Lund turned 3 pages.",
			absent:  []wf{{"HAS_AGE", "Mette Lund", "*", "", ""}}},
		{name: "early, mid and late parts of a year", source: "message",
			content: "Ines: I moved to Narva in early 2019. I moved to Tartu in mid-2020. I moved to Riga in late 2021.",
			want:    []wf{{"LIVES_IN", "Ines", "Narva", "2019-01-01", ""}, {"LIVES_IN", "Ines", "Tartu", "2020-07-01", ""}, {"LIVES_IN", "Ines", "Riga", "2021-10-01", ""}}},
		{name: "late in a month", source: "message",
			content: "Ines: I moved to Narva in late April.",
			want:    []wf{{"LIVES_IN", "Ines", "Narva", "2024-04-21", ""}}},
		{name: "last summer said in the summer is the one before", source: "message",
			content: "Ines: I moved to Narva last summer.",
			want:    []wf{{"LIVES_IN", "Ines", "Narva", "2023-06-01", ""}}},
		{name: "late as an adjective is no date",
			content: "Mette Lund was late for work in April.",
			absent:  []wf{{"WORKS_AT", "Mette Lund", "*", "", ""}}},
	})
}
