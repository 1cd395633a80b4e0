package main

import "testing"

// TestExtractSeasonsAt holds seasons as years of a tie: "after three
// seasons at Tarnwell Rovers" ends the tie with the club the new one
// replaces, begun three years before.
func TestExtractSeasonsAt(t *testing.T) {
	runConstructions(t, []construction{
		{name: "signed after seasons at another club", source: "message",
			content: "Vesna: Sigvald signed with Garrick Athletic after three seasons at Tarnwell Rovers.",
			want: []wf{{"PLAYS_FOR", "Sigvald", "Garrick Athletic", "ref", ""},
				{"PLAYS_FOR", "Sigvald", "Tarnwell Rovers", "2021-05-15", "ref"}}},
	})
}
