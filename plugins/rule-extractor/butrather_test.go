package main

import "testing"

// TestExtractNotButCorrection reads "not X but Y" after a copula as
// saying the subject is Y, and not X.
func TestExtractNotButCorrection(t *testing.T) {
	runConstructions(t, []construction{
		{name: "not my brother but my cousin", source: "message",
			content: "Vesna: Thorfinn is not my brother but my cousin.",
			want:    []wf{{"COUSIN_OF", "Thorfinn", "Vesna", "ref", ""}},
			absent:  []wf{{"BROTHER_OF", "*", "*", "", ""}}},
		{name: "not a nurse but a doctor", source: "message",
			content: "Vesna: Ingunn is not a nurse but a doctor.",
			want:    []wf{{"HAS_JOB_TITLE", "Ingunn", "doctor", "ref", ""}},
			absent:  []wf{{"HAS_JOB_TITLE", "Ingunn", "nurse", "", ""}}},
	})
}
