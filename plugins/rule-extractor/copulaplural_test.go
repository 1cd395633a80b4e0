package main

import "testing"

// TestExtractNoLongerRoommates reads "are no longer roommates" as a tie
// that ended, where the tagger took the plural for a verb; "is with" a
// firm, said of a name of no known kind, is a job there.
func TestExtractNoLongerRoommates(t *testing.T) {
	runConstructions(t, []construction{
		{name: "no longer roommates", source: "message",
			content: "Vesna: Ysolde and Brannoc are no longer roommates.",
			want:    []wf{{"ROOMMATE_OF", "Brannoc", "Ysolde", "", "ref"}}},
		{name: "is with a firm", source: "message",
			content: "Vesna: Ingunn is with Brackley Freight now.",
			want:    []wf{{"WORKS_AT", "Ingunn", "Brackley Freight", "ref", ""}}},
		{name: "is no longer with a firm", source: "message",
			content: "Vesna: Ingunn is no longer with Brackley Freight.",
			want:    []wf{{"WORKS_AT", "Ingunn", "Brackley Freight", "", "ref"}}},
	})
}
