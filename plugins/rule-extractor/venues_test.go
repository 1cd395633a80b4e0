package main

import "testing"

// TestExtractVenues holds where an event is held, and a span of days
// written with a dash.
func TestExtractVenues(t *testing.T) {
	runConstructions(t, []construction{
		{name: "takes place at a venue on a span of days to come: the venue holds from when it is said",
			content: "The Fenwick Data Forum will take place on 17–18 October at the Harbour Congress Centre in Tromsø.",
			want:    []wf{{"HELD_AT", "Fenwick Data Forum", "Harbour Congress Centre", "ref", ""}},
			absent:  []wf{{"HELD_AT", "Fenwick Data Forum", "Tromsø", "", ""}}},
		{name: "held at, in the passive",
			content: "The Lowfield Show will be held at Marram Park.",
			want:    []wf{{"HELD_AT", "Lowfield Show", "Marram Park", "ref", ""}}},
		{name: "a span of days dates a move by its first day",
			source: "message", content: "Ysolde: I moved to Truro on 3–5 March.",
			want: []wf{{"LIVES_IN", "Ysolde", "Truro", "2024-03-03", ""}}},
	})
}
