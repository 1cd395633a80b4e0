package main

import "testing"

// TestExtractFromUntilClause ends a state said "from" a date "until" a
// clause with its own date on that date.
func TestExtractFromUntilClause(t *testing.T) {
	runConstructions(t, []construction{
		{name: "an office from a year until a retirement", source: "text",
			content: "Sigvald Dahl was Quillary's CEO from 2010 until he retired in 2020.",
			want:    []wf{{"HAS_CEO", "Quillary", "Sigvald Dahl", "2010-01-01", "2020-01-01"}}},
		{name: "work from a year until a retirement", source: "text",
			content: "Sigvald Dahl worked at Quillary from 2010 until he retired in 2020.",
			want:    []wf{{"WORKS_AT", "Sigvald Dahl", "Quillary", "2010-01-01", "2020-01-01"}}},
	})
}
