package main

import "testing"

// TestExtractMoreEndings ends a club's tie when the club releases the
// player, studies when a course is finished, a plan come off; "her own
// Solo plan" is the Solo plan.
func TestExtractMoreEndings(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a club releases a player", source: "text",
			content: "Garrick Athletic released Brannoc Hale in May.",
			want:    []wf{{"PLAYS_FOR", "Brannoc Hale", "Garrick Athletic", "", "2024-05-01"}}},
		{name: "released by a club", source: "text",
			content: "Brannoc Hale was released by Garrick Athletic in May.",
			want:    []wf{{"PLAYS_FOR", "Brannoc Hale", "Garrick Athletic", "", "2024-05-01"}}},
		{name: "a statement released is no player", source: "text",
			content: "Garrick Athletic released a statement in May.",
			absent:  []wf{{"PLAYS_FOR", "*", "*", "", ""}}},
		{name: "made redundant", source: "message",
			content: "Vesna: Oddny was made redundant by Quillary in March.",
			want:    []wf{{"WORKS_AT", "Oddny", "Quillary", "", "2024-03-01"}}},
		{name: "a course finished", source: "message",
			content: "Vesna: Ysolde finished her course at Tarnwell College in December.",
			want:    []wf{{"STUDIES_AT", "Ysolde", "Tarnwell College", "", "2023-12-01"}}},
		{name: "a plan come off, and one's own", source: "message",
			content: "Vesna: Oddny has come off the Family plan and is now on her own Solo plan.",
			want:    []wf{{"ON_PLAN", "Oddny", "Family plan", "", "ref"}, {"ON_PLAN", "Oddny", "Solo plan", "ref", ""}}},
	})
}
