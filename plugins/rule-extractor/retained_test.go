package main

import "testing"

// TestExtractRetainedAs holds retaining, engaging or recruiting someone
// as a post as starting it, as hiring does; the past verb ends nothing.
func TestExtractRetainedAs(t *testing.T) {
	runConstructions(t, []construction{
		{name: "retained as counsel", source: "text",
			content: "Brackley Freight retained Oddny Brekke as outside counsel in 2021.",
			want:    []wf{{"HAS_JOB_TITLE", "Oddny Brekke", "counsel", "2021-01-01", ""}},
			absent:  []wf{{"WORKS_AT", "Oddny Brekke", "Brackley Freight", "2021-01-01", "ref"}}},
		{name: "recruited as head coach", source: "text",
			content: "Garrick Athletic recruited Sigvald Dahl as head coach in 2022.",
			want:    []wf{{"COACHES", "Sigvald Dahl", "Garrick Athletic", "2022-01-01", ""}}},
	})
}
