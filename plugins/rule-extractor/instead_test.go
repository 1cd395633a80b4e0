package main

import "testing"

// TestExtractInsteadOf holds a tie said to hold "instead of" or "rather
// than" another as ending the other when the new one holds; a tie said
// to begin, an event or a name of another kind ends nothing.
func TestExtractInsteadOf(t *testing.T) {
	runConstructions(t, []construction{
		{name: "report to one instead of another", source: "message",
			content: "Vesna: From Monday I report to Sigvald instead of Ingunn.",
			want: []wf{{"REPORTS_TO", "Vesna", "Sigvald", "2024-05-13", ""},
				{"REPORTS_TO", "Vesna", "Ingunn", "", "2024-05-13"}}},
		{name: "a club rather than a town's club", source: "message",
			content: "Vesna: Oddny plays for Garrick Athletic now rather than Fenlow Town.",
			want: []wf{{"PLAYS_FOR", "Oddny", "Garrick Athletic", "ref", ""},
				{"PLAYS_FOR", "Oddny", "Fenlow Town", "", "ref"}}},
		{name: "a marriage begun instead of another never held", source: "message",
			content: "Vesna: Sigvald married Ingunn instead of Oddny.",
			absent:  []wf{{"*", "Sigvald", "Oddny", "", ""}}},
		{name: "an event", source: "message",
			content: "Vesna: I invited Sigvald instead of Ingunn.",
			absent:  []wf{{"*", "Vesna", "Ingunn", "", ""}}},
		{name: "a person is no place", source: "message",
			content: "Vesna: I live in Oslo with Sigvald now instead of Ingunn.",
			absent:  []wf{{"LIVES_IN", "Vesna", "Ingunn", "", ""}}},
	})
}

// TestExtractMembershipCommonNoun holds leaving, joining or dropping out
// of "the choir" or "the band" as membership, as of a named choir; a
// team stays a team.
func TestExtractMembershipCommonNoun(t *testing.T) {
	runConstructions(t, []construction{
		{name: "left the choir", source: "message",
			content: "Vesna: Ingunn left the choir in May.",
			want:    []wf{{"MEMBER_OF", "Ingunn", "choir", "", "2024-05-01"}},
			absent:  []wf{{"WORKS_AT", "*", "*", "", ""}}},
		{name: "dropped out of the choir", source: "message",
			content: "Vesna: I dropped out of the choir in March.",
			want:    []wf{{"MEMBER_OF", "Vesna", "choir", "", "2024-03-01"}},
			absent:  []wf{{"STUDIES_AT", "*", "*", "", ""}}},
		{name: "joined the band", source: "message",
			content: "Vesna: I joined the band in March.",
			want:    []wf{{"MEMBER_OF", "Vesna", "band", "2024-03-01", ""}}},
	})
}
