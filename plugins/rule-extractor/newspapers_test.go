package main

import "testing"

// TestExtractNewspaperJoined: a newspaper one joins as a sub-editor is
// an employer, never the one who holds the job.
func TestExtractNewspaperJoined(t *testing.T) {
	runConstructions(t, []construction{
		{name: "joins a gazette as",
			content: "Welcome aboard! Ysolde Marsh joins the Fenlow Gazette today as a sub-editor.",
			want:    []wf{{"WORKS_AT", "Ysolde Marsh", "Fenlow Gazette", "2024-05-15", ""}},
			absent:  []wf{{"WORKS_AT", "Fenlow Gazette", "*", "", ""}, {"HAS_JOB_TITLE", "Fenlow Gazette", "*", "", ""}}},
	})
}
