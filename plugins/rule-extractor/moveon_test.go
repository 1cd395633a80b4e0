package main

import "testing"

// TestExtractMovedOn reads moving on from one firm to another as a
// change of job, no home.
func TestExtractMovedOn(t *testing.T) {
	runConstructions(t, []construction{
		{name: "moved on from and to", source: "message",
			content: "Vesna: Oddny has moved on from Quillary to Garrick Haulage.",
			want:    []wf{{"WORKS_AT", "Oddny", "Quillary", "", "ref"}, {"WORKS_AT", "Oddny", "Garrick Haulage", "ref", ""}},
			absent:  []wf{{"LIVES_IN", "*", "*", "", ""}}},
	})
}
