package main

import "testing"

// TestExtractElectedSeats holds the seats of a council: an honorific of
// office ("Cllr."), a seat won, held by election, resigned or lost
// (reference time: 15 May 2024).
func TestExtractElectedSeats(t *testing.T) {
	runConstructions(t, []construction{
		{name: "an abbreviated honorific of office, its period no sentence's end", source: "text",
			content: "Present: Cllr. Wilhelmina Ashdown, Cllr. Tobias Renn.",
			want: []wf{{"HAS_PROFESSIONAL_TITLE", "Cllr. Wilhelmina Ashdown", "councillor", "ref", ""},
				{"HAS_PROFESSIONAL_TITLE", "Cllr. Tobias Renn", "councillor", "ref", ""}}},
		{name: "elected for a ward", source: "text",
			content: "Tobias Renn was elected for Marshfield ward at the by-election on 5 December.",
			want:    []wf{{"REPRESENTS", "Tobias Renn", "Marshfield", "2023-12-05", ""}}},
		{name: "elected to a council", source: "text",
			content: "Tobias Renn was elected to the Harrowgate Parish Council in 2019.",
			want:    []wf{{"MEMBER_OF", "Tobias Renn", "Harrowgate Parish Council", "2019-01-01", ""}}},
		{name: "a seat resigned ends it", source: "text",
			content: "Wilhelmina Ashdown resigned her seat for Marshfield ward on 30 April.",
			want:    []wf{{"REPRESENTS", "Wilhelmina Ashdown", "Marshfield", "", "2024-04-30"}}},
		{name: "a seat on a council lost", source: "text",
			content: "Wilhelmina Ashdown lost her seat on the Harrowgate Parish Council in May.",
			want:    []wf{{"MEMBER_OF", "Wilhelmina Ashdown", "Harrowgate Parish Council", "", "2024-05-01"}}},
	})
}
