package main

import "testing"

// TestExtractElectedInPlace gives the post someone left to the one
// elected or appointed "in her place" or "in place of" them, in the same
// sentence or the next.
func TestExtractElectedInPlace(t *testing.T) {
	runConstructions(t, []construction{
		{name: "in her place, same sentence", source: "text",
			content: "Ingunn Dahl stood down as treasurer of Fenlow Rowing Club; Oddny Brekke was elected in her place.",
			want:    []wf{{"HAS_TREASURER", "Fenlow Rowing Club", "Oddny Brekke", "ref", ""}}},
		{name: "in her place, next sentence", source: "text",
			content: "Ingunn Dahl stood down as treasurer of Fenlow Rowing Club. Oddny Brekke was elected in her place.",
			want:    []wf{{"HAS_TREASURER", "Fenlow Rowing Club", "Oddny Brekke", "ref", ""}},
			absent:  []wf{{"HAS_TREASURER", "Fenlow Rowing Club", "Oddny Brekke", "", "ref"}}},
		{name: "in place of a name", source: "text",
			content: "Ingunn Dahl stood down as treasurer of Fenlow Rowing Club. The members elected Oddny Brekke in place of Ingunn Dahl.",
			want:    []wf{{"HAS_TREASURER", "Fenlow Rowing Club", "Oddny Brekke", "ref", ""}}},
	})
}
