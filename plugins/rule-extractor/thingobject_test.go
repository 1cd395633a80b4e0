package main

import "testing"

// TestExtractThingAsRole reads a role after a thing one uses or walks as
// no one's post, and a person hired as one still takes it.
func TestExtractThingAsRole(t *testing.T) {
	runConstructions(t, []construction{
		{name: "down the aisle as a bridesmaid", source: "message",
			content: "I just walked down the aisle as a bridesmaid at my cousin's wedding today.",
			absent:  []wf{{"HAS_JOB_TITLE", "*", "*", "", ""}}},
		{name: "a room as an office", source: "message",
			content: "We use the spare room as an office.",
			absent:  []wf{{"HAS_JOB_TITLE", "*", "*", "", ""}}},
		{name: "a new engineer hired as team lead",
			content: "Quillary hired a new engineer as team lead.",
			want:    []wf{{"HAS_JOB_TITLE", "new engineer", "team lead", "ref", ""}}},
	})
}
