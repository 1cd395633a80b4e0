package main

import "testing"

// TestExtractDateAfterRelative dates a clause by the date after a
// relative clause set off by commas; a date inside the relative clause
// is its own.
func TestExtractDateAfterRelative(t *testing.T) {
	runConstructions(t, []construction{
		{name: "married, then whom, then the date", source: "message",
			content: "Vesna: Ingunn married Thorfinn, whom she met at Fenlow University, in 2018.",
			want:    []wf{{"MARRIED_TO", "Ingunn", "Thorfinn", "2018-01-01", ""}}},
		{name: "dates on both sides", source: "message",
			content: "Vesna: Ingunn married Thorfinn, whom she met in 2015, in 2018.",
			want:    []wf{{"MARRIED_TO", "Ingunn", "Thorfinn", "2018-01-01", ""}, {"MET", "Ingunn", "Thorfinn", "2015-01-01", ""}}},
		{name: "joined, which, then the date", source: "message",
			content: "Vesna: Ingunn joined Quillary, which Oddny founded, in 2018.",
			want:    []wf{{"WORKS_AT", "Ingunn", "Quillary", "2018-01-01", ""}}},
	})
}
