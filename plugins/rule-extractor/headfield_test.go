package main

import "testing"

// TestExtractTitleFieldAndPlace reads a title with its field and the
// organisation after it, in either order of the copula, a department in
// capitals ("IT", "HR") a field as a word in lower case is.
func TestExtractTitleFieldAndPlace(t *testing.T) {
	runConstructions(t, []construction{
		{name: "the post first", source: "text",
			content: "The new head of IT at Garrick Haulage is Ysolde Varga.",
			want:    []wf{{"HAS_JOB_TITLE", "Ysolde Varga", "head of IT", "ref", ""}, {"WORKS_AT", "Ysolde Varga", "Garrick Haulage", "ref", ""}}},
		{name: "the post first, a field in lower case", source: "text",
			content: "The head of sales at Quillary is Ysolde Varga.",
			want:    []wf{{"WORKS_AT", "Ysolde Varga", "Quillary", "ref", ""}}},
		{name: "the name first", source: "text",
			content: "Ysolde Varga became director of HR at Quillary in May.",
			want:    []wf{{"HAS_JOB_TITLE", "Ysolde Varga", "director of HR", "2024-05-01", ""}, {"WORKS_AT", "Ysolde Varga", "Quillary", "2024-05-01", ""}}},
	})
}
