package main

import "testing"

// TestExtractPupilStart reads a child starting at a school as its pupil
// from then; a teacher starting there has a job.
func TestExtractPupilStart(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a daughter at a primary", source: "message",
			content: "Thorfinn: Our daughter Ysolde started at Fenlow Primary in September.",
			want:    []wf{{"STUDIES_AT", "Ysolde", "Fenlow Primary", "2023-09-01", ""}},
			absent:  []wf{{"WORKS_AT", "Ysolde", "*", "", ""}}},
		{name: "a son at an academy", source: "message",
			content: "Thorfinn: My son Brannoc started at Tarnwell Academy last week.",
			want:    []wf{{"STUDIES_AT", "Brannoc", "Tarnwell Academy", "2024-05-08", ""}}},
		{name: "a teacher", source: "message",
			content: "Thorfinn: Ms Holm started at Fenlow Primary in September as a teacher.",
			want:    []wf{{"WORKS_AT", "Ms Holm", "Fenlow Primary", "2023-09-01", ""}},
			absent:  []wf{{"STUDIES_AT", "*", "*", "", ""}}},
	})
}
