package main

import "testing"

// TestExtractParaphrase holds the cases of issue 36's eighth round: the
// same facts said in other constructions.
func TestExtractParaphrase(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a quantifier floating after coordinated subjects",
			content: "Oskar Brevik and Mette Lund both work at Harlow Tiles.",
			want:    []wf{{"WORKS_AT", "Oskar Brevik", "Harlow Tiles", "ref", ""}, {"WORKS_AT", "Mette Lund", "Harlow Tiles", "ref", ""}}},
		{name: "an aspectual verb before a gerund the tagger took for a noun", source: "message",
			content: "Ines: Teodor and I started dating in March.",
			want:    []wf{{"IS_DATING", "Ines", "Teodor", "2024-03-01", ""}}},
		{name: "a title in apposition without an article",
			content: "Petra Novak, chief operating officer of Stellan Foods, opened the meeting.",
			want:    []wf{{"HAS_COO", "Stellan Foods", "Petra Novak", "ref", ""}}},
		{name: "a title without an article needs its organisation",
			content: "Lena Berg, head of sales, opened the meeting.",
			absent:  []wf{{"HAS_HEAD", "sales", "Lena Berg", "", ""}}},
	})
}
