package main

import "testing"

// TestExtractFirmNamedAfter reads a firm named after its noun and a
// comma ("a small logistics firm, Quillary,") as the firm.
func TestExtractFirmNamedAfter(t *testing.T) {
	runConstructions(t, []construction{
		{name: "works for a firm, its name", source: "message",
			content: "Vesna: I work for a small logistics firm, Quillary, in Fenlow.",
			want:    []wf{{"WORKS_AT", "Vesna", "Quillary", "ref", ""}},
			absent:  []wf{{"WORKS_AT", "Vesna", "small logistics firm", "", ""}}},
	})
}
