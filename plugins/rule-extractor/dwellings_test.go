package main

import "testing"

// TestExtractDwellings reads a home rented on a street, and moving out
// with no place named as leaving that home, not the town; and a firm
// named for its wares ("Tarnwell Books") as no one a "her" stands for.
func TestExtractDwellings(t *testing.T) {
	runConstructions(t, []construction{
		{name: "renting on a street", source: "message",
			content: "Brannoc: I've been renting a flat on Mill Road from Mr Aas since 2021.",
			want:    []wf{{"LIVES_IN", "Brannoc", "Mill Road", "2021-01-01", ""}}},
		{name: "moving out of it", source: "message",
			previous: []string{"Brannoc: I've been renting a flat on Mill Road from Mr Aas since 2021."},
			content:  "Brannoc: Gave notice on the Mill Road flat, I'm moving out at the end of the month.",
			want:     []wf{{"LIVES_IN", "Brannoc", "Mill Road", "", "2024-05-31"}}},
		{name: "moving out leaves no town", source: "message",
			previous: []string{"Brannoc: I live in Fenlow."},
			content:  "Brannoc: I'm moving out at the end of the month.",
			absent:   []wf{{"LIVES_IN", "*", "*", "", "*"}}},
		{name: "the home on a street sold, renting in a town", source: "message",
			previous: []string{"Oddny: We bought a little house on Harrow Lane, moving in next month!"},
			content:  "Oddny: We've sold the Harrow Lane house and we're renting in Tarnwell while we look for somewhere bigger.",
			want:     []wf{{"LIVES_IN", "Oddny", "Harrow Lane", "", "ref"}, {"LIVES_IN", "Oddny", "Tarnwell", "ref", ""}}},
		{name: "a car sold is no home", source: "message",
			previous: []string{"Oddny: We bought a little house on Harrow Lane."},
			content:  "Oddny: We've sold the Volvo.",
			absent:   []wf{{"LIVES_IN", "*", "*", "", "*"}}},
		{name: "run by her son",
			content: "Tarnwell Books was founded in 1998 by Ysolde Kerr and is now run by her son Brannoc.",
			want:    []wf{{"RUNS", "Brannoc", "Tarnwell Books", "ref", ""}, {"SON_OF", "Brannoc", "Ysolde Kerr", "ref", ""}},
			absent:  []wf{{"SON_OF", "Brannoc", "Tarnwell Books", "", ""}}},
	})
}
