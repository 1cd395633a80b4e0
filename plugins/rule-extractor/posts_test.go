package main

import "testing"

// TestExtractRoleOfPost reads a role said of a post ("a job as a nurse")
// by what the verb does to the post: taken, found or accepted, it starts;
// lost, it ends; had, it is held then; applied for, offered or turned
// down, no one holds it. None of these is a role held in the past
// because the verb is in the past tense.
func TestExtractRoleOfPost(t *testing.T) {
	runConstructions(t, []construction{
		{name: "took a job as", source: "message",
			content: "I took a job as a nurse at Brackley General.",
			want: []wf{
				{"HAS_JOB_TITLE", "User", "nurse", "ref", ""},
				{"WORKS_AT", "User", "Brackley General", "ref", ""},
			},
			absent: []wf{{"*", "User", "*", "", "ref"}}},
		{name: "got a new job as, dated", source: "message",
			content: "Vesna got a new job as a data analyst at Quillary in February.",
			want: []wf{
				{"HAS_JOB_TITLE", "Vesna", "data analyst", "2024-02-01", ""},
				{"WORKS_AT", "Vesna", "Quillary", "2024-02-01", ""},
			},
			absent: []wf{{"BOUGHT_FROM", "*", "*", "", ""}, {"OWNS", "*", "*", "", ""}}},
		{name: "found a job as", source: "message",
			content: "I finally found a job as a paramedic.",
			want:    []wf{{"HAS_JOB_TITLE", "User", "paramedic", "ref", ""}}},
		{name: "accepted a position as",
			content: "Sigvald Rask accepted a position as head of research at Fenlow University.",
			want:    []wf{{"HAS_JOB_TITLE", "Sigvald Rask", "head of research", "ref", ""}}},
		{name: "had a job as, then", source: "message",
			content: "I had a job as a courier in 2019.",
			want:    []wf{{"HAS_JOB_TITLE", "User", "courier", "2019-01-01", "ref"}}},
		{name: "applied for a job as", source: "message",
			content: "I applied for a job as a nurse at Brackley General.",
			absent:  []wf{{"HAS_JOB_TITLE", "*", "*", "", ""}, {"WORKS_AT", "*", "*", "", ""}}},
		{name: "was offered a job as", source: "message",
			content: "I was offered a job as a nurse at Brackley General.",
			absent:  []wf{{"HAS_JOB_TITLE", "*", "*", "", ""}, {"WORKS_AT", "*", "*", "", ""}}},
		{name: "turned down a post as",
			content: "Ingunn turned down a post as a lecturer at Fenlow University.",
			absent:  []wf{{"HAS_JOB_TITLE", "*", "*", "", ""}, {"WORKS_AT", "*", "*", "", ""}}},
		{name: "a new thing is still owned", source: "message",
			content: "I got a new phone case at Quillary.",
			want:    []wf{{"BOUGHT_FROM", "User", "Quillary", "", ""}}},
		{name: "a new habit is not", source: "message",
			content: "I got a new habit.",
			absent:  []wf{{"OWNS", "*", "*", "", ""}}},
	})
}
