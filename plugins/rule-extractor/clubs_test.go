package main

import "testing"

// TestExtractClubCalled reads a club the text calls by a name as one to
// belong to unless a sport names it, whatever its name's shape.
func TestExtractClubCalled(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a book club with a plural name", source: "message",
			content: "I just joined a new book club called Page Turners last week.",
			want:    []wf{{"MEMBER_OF", "User", "Page Turners", "2024-05-08", ""}},
			absent:  []wf{{"PLAYS_FOR", "*", "*", "", ""}, {"WORKS_AT", "*", "*", "", ""}}},
		{name: "a football club", source: "message",
			content: "I joined a football club called Garrick Athletic.",
			want:    []wf{{"PLAYS_FOR", "User", "Garrick Athletic", "ref", ""}}},
		{name: "an employer joined", source: "message",
			content: "I joined Quillary in March.",
			want:    []wf{{"WORKS_AT", "User", "Quillary", "2024-03-01", ""}}},
	})
}
