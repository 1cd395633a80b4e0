package main

import "testing"

// TestExtractHandedTie reads a team, a shop, a business or an office
// handed on: the tie the giver was told to hold is the taker's from then,
// and the giver's no longer; a thing no tie was told of is handed on to
// no one.
func TestExtractHandedTie(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a team handed over", source: "message",
			previous: []string{"Ingunn coaches the Tarnwell Otters, our kids' swim team."},
			content:  "Ingunn handed the Tarnwell Otters over to Brannoc in January.",
			want: []wf{
				{"COACHES", "Ingunn", "Tarnwell Otters", "", "2024-01-01"},
				{"COACHES", "Brannoc", "Tarnwell Otters", "2024-01-01", ""},
			}},
		{name: "a business passed on", source: "message",
			previous: []string{"Oddny runs the Brackley Bakehouse."},
			content:  "Oddny passed the Brackley Bakehouse on to her son Thorfinn last year.",
			want: []wf{
				{"RUNS", "Oddny", "Brackley Bakehouse", "", "2023-01-01"},
				{"RUNS", "Thorfinn", "Brackley Bakehouse", "2023-01-01", ""},
			}},
		{name: "an office handed on", source: "message",
			previous: []string{"Ysolde Berg is captain of the Fenlow Rovers women's team."},
			content:  "Ysolde Berg has handed the captaincy to Oddny Lie for the new season.",
			want: []wf{
				{"HAS_CAPTAIN", "Fenlow Rovers", "Ysolde Berg", "", "ref"},
				{"HAS_CAPTAIN", "Fenlow Rovers", "Oddny Lie", "ref", ""},
			}},
		{name: "no tie told", source: "message",
			content: "Oddny passed the Brackley Bakehouse on to her son Thorfinn last year.",
			absent:  []wf{{"RUNS", "*", "*", "", ""}}},
	})
}
