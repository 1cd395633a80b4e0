package main

import "testing"

// TestExtractTeamStandIn reads "the team" and "the club" as the team
// named before, and "took charge of" a team as coaching it.
func TestExtractTeamStandIn(t *testing.T) {
	runConstructions(t, []construction{
		{name: "the team",
			content: "Brackley Rovers sacked their manager on Monday. Ottoline Marsh will lead the team until the end of the season.",
			want:    []wf{{"RUNS", "Ottoline Marsh", "Brackley Rovers", "ref", ""}}},
		{name: "the club",
			content: "Sigvald Aune signed for Garrick Rovers in 2019. He left the club in 2022.",
			want:    []wf{{"PLAYS_FOR", "Sigvald Aune", "Garrick Rovers", "2019-01-01", "2022-01-01"}}},
		{name: "took charge of a team",
			content: "Thorfinn Vale took charge of Brackley Rovers in August 2021.",
			want:    []wf{{"COACHES", "Thorfinn Vale", "Brackley Rovers", "2021-08-01", ""}}},
		{name: "took charge of a firm",
			content: "Ysolde Penhallow took charge of Tarnwell Textiles in 2019.",
			want:    []wf{{"RUNS", "Ysolde Penhallow", "Tarnwell Textiles", "2019-01-01", ""}}},
	})
}
