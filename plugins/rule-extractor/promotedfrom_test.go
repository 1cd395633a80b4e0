package main

import "testing"

// TestExtractPromotedFrom ends the title a promotion leaves on the day
// the new one starts, and keeps the employer; "from within" names no
// post.
func TestExtractPromotedFrom(t *testing.T) {
	runConstructions(t, []construction{
		{name: "from one title to another", source: "message",
			content: "Vesna: Ysolde was promoted from analyst to senior analyst in January.",
			want: []wf{{"HAS_JOB_TITLE", "Ysolde", "senior analyst", "2024-01-01", ""},
				{"HAS_JOB_TITLE", "Ysolde", "analyst", "", "2024-01-01"}}},
		{name: "the employer stays", source: "message",
			content: "Vesna: Oddny was promoted from account manager to sales director at Quillary last March.",
			want: []wf{{"HAS_JOB_TITLE", "Oddny", "account manager", "", "2024-03-01"},
				{"WORKS_AT", "Oddny", "Quillary", "2024-03-01", ""}},
			absent: []wf{{"WORKS_AT", "Oddny", "Quillary", "", "2024-03-01"}}},
		{name: "from within", source: "message",
			content: "Vesna: Ingunn was promoted from within to head of sales.",
			absent:  []wf{{"HAS_JOB_TITLE", "Ingunn", "within", "", ""}}},
	})
}
