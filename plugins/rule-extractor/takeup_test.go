package main

import "testing"

// TestExtractTakesUpPost holds the day a person takes up a post, said in
// a sentence that names no place, as the start of the post the episode
// named them to, and the end of the work they move from; a start at a
// place of its own leaves other work alone.
func TestExtractTakesUpPost(t *testing.T) {
	runConstructions(t, []construction{
		{name: "takes up the chair, moving from another university",
			content: "Fenlow University has named Dr. Vesna Holm as Professor of Hydrology. She takes up the chair in January 2025, moving from Tarnwell University.",
			want: []wf{{"WORKS_AT", "Dr. Vesna Holm", "Fenlow University", "2025-01-01", ""},
				{"HAS_JOB_TITLE", "Dr. Vesna Holm", "professor of hydrology", "2025-01-01", ""},
				{"WORKS_AT", "Dr. Vesna Holm", "Tarnwell University", "", "2025-01-01"}}},
		{name: "appointed last week, takes up the role later", source: "message",
			content: "Oddny: Sigvald Aune was appointed CEO of Brackley Freight last week. He takes up the role on 1 June.",
			want:    []wf{{"HAS_CEO", "Brackley Freight", "Sigvald Aune", "2024-06-01", ""}}},
		{name: "hired, then started", source: "message",
			content: "Oddny: Brackley Freight hired Sigvald as head of logistics. He started on 3 April.",
			want:    []wf{{"HAS_JOB_TITLE", "Sigvald", "head of logistics", "2024-04-03", ""}}},
		{name: "a post taken up elsewhere", source: "message",
			content: "Oddny: Sigvald is head coach of Garrick Athletic. He will leave at the end of March to take up a post with the national squad.",
			want:    []wf{{"COACHES", "Sigvald", "Garrick Athletic", "ref", ""}}},
		{name: "a start at a place of its own", source: "message",
			content: "Oddny: Sigvald works at Brackley Freight. He starts at Garrick Haulage on 1 June.",
			want: []wf{{"WORKS_AT", "Sigvald", "Garrick Haulage", "2024-06-01", ""},
				{"WORKS_AT", "Sigvald", "Brackley Freight", "ref", "2024-06-01"}}},
	})
}
