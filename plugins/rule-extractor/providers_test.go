package main

import "testing"

// TestExtractFirmAppointed reads a firm appointed as another's
// solicitors, auditors or accountants, and the firm it replaces; a
// board's decision recorded in minutes as done, one person's agreeing
// not.
func TestExtractFirmAppointed(t *testing.T) {
	runConstructions(t, []construction{
		{name: "as its solicitors",
			content: "Garrick Haulage has appointed Tarnwell Legal as its solicitors.",
			want:    []wf{{"LAWYER_OF", "Tarnwell Legal", "Garrick Haulage", "ref", ""}},
			absent:  []wf{{"HAS_JOB_TITLE", "Garrick Haulage", "*", "", ""}}},
		{name: "auditors, dated",
			content: "Quillary appointed Fenlow & Co as auditors in 2021.",
			want:    []wf{{"AUDITOR_OF", "Fenlow & Co", "Quillary", "2021-01-01", ""}}},
		{name: "the board agreed, in place of another",
			content: "Minutes of the board of Garrick Haulage, 29 April 2024. The board agreed to appoint Tarnwell Legal as the company's solicitors in place of Fenlow & Co.",
			want:    []wf{{"LAWYER_OF", "Tarnwell Legal", "Garrick Haulage", "ref", ""}, {"LAWYER_OF", "Fenlow & Co", "Garrick Haulage", "", "ref"}}},
		{name: "one person agreeing is a promise", source: "message",
			content: "Vesna: Ingunn agreed to marry Sigvald.",
			absent:  []wf{{"MARRIED_TO", "*", "*", "", ""}}},
	})
}
