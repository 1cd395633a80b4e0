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
		{name: "an event noun with a possessor", source: "message",
			content: "Ines: My move to Tartu happened in April, and the flat is lovely.",
			want:    []wf{{"LIVES_IN", "Ines", "Tartu", "2024-04-01", ""}}},
		{name: "an event noun as a light verb's object", source: "message",
			content: "Ines: In February I made the move to Tartu.",
			want:    []wf{{"LIVES_IN", "Ines", "Tartu", "2024-02-01", ""}}},
		{name: "an event noun of a role",
			content: "Olga Sand's appointment as chief financial officer of Marrow Bank came in 2021.",
			want:    []wf{{"HAS_CFO", "Marrow Bank", "Olga Sand", "2021-01-01", ""}}},
		{name: "an event noun still to come took no place", source: "message",
			content: "Ines: My move to Tartu is planned for June.",
			absent:  []wf{{"LIVES_IN", "Ines", "Tartu", "", ""}}},
		{name: "a copula whose complement is a clause of where", source: "message",
			content: "Ines: Pärnu is where I live now. Kelder Tools is where my brother Aivar works.",
			want:    []wf{{"LIVES_IN", "Ines", "Pärnu", "ref", ""}, {"WORKS_AT", "Aivar", "Kelder Tools", "ref", ""}}},
		{name: "an -ing clause after while states what it says", source: "message",
			content: "Ines: I lived in Tallinn while working for Kelder Tools.",
			want:    []wf{{"WORKS_AT", "Ines", "Kelder Tools", "", "ref"}}},
		{name: "an -ing clause after of states nothing", source: "message",
			content: "Ines: I dream of working for Kelder Tools.",
			absent:  []wf{{"WORKS_AT", "Ines", "Kelder Tools", "", ""}}},
		{name: "a place that is someone's home, in either order", source: "message",
			content: "Ines: Tartu has been my home since 2019. My brother's home is Narva.",
			want:    []wf{{"LIVES_IN", "Ines", "Tartu", "2019-01-01", ""}}},
	})
}
