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

// TestExtractQuotedGroupName reads a group named in quotes after
// "called" as an organisation one joins, and a pet named in quotes.
func TestExtractQuotedGroupName(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a book club group in quotes", source: "message",
			content: `I just joined a new book club group called "Page Turners" last week.`,
			want:    []wf{{"MEMBER_OF", "User", "Page Turners", "2024-05-08", ""}}},
		{name: "a puppy in quotes", source: "message",
			content: `We adopted a puppy named "Biscuit".`,
			want:    []wf{{"HAS_PET", "User", "Biscuit", "ref", ""}}},
	})
}
