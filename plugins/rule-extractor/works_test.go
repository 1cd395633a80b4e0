package main

import "testing"

// TestExtractWorksBy reads a work and its maker: "TITLE by NAME" in a
// noun phrase, the passive of a verb of making and its active, and
// nothing for "by" before a date, a place or a body of people.
func TestExtractWorksBy(t *testing.T) {
	runConstructions(t, []construction{
		{name: "quoted title by a name", source: "message",
			content: `I just finished "The Quiet Harbour" by Ottoline Marsh, which my book club picked.`,
			want:    []wf{{"CREATED", "Ottoline Marsh", "The Quiet Harbour", "ref", ""}}},
		{name: "a print of a title by a name", source: "message",
			content: `I have a digital print of "Moonlit Fjord" by Sigvald Rask in my hallway.`,
			want:    []wf{{"CREATED", "Sigvald Rask", "Moonlit Fjord", "ref", ""}}},
		{name: "a title before its work noun", source: "message",
			content: `I moved the "Ethereal Fog" painting by Ysolde Brannoc above the fireplace.`,
			want:    []wf{{"CREATED", "Ysolde Brannoc", "Ethereal Fog", "ref", ""}}},
		{name: "passive of writing",
			content: "The Silent Orchard was written by Ingunn Lade.",
			want:    []wf{{"CREATED", "Ingunn Lade", "Silent Orchard", "", ""}}},
		{name: "active of writing, dated",
			content: "Ingunn Lade wrote The Silent Orchard in 2019.",
			want:    []wf{{"CREATED", "Ingunn Lade", "The Silent Orchard", "2019-01-01", ""}}},
		{name: "by a day", source: "message",
			content: "I need to finish the novel by Friday.",
			absent:  []wf{{"CREATED", "*", "*", "", ""}}},
		{name: "by a body of people",
			content: "The report was written by the board.",
			absent:  []wf{{"CREATED", "*", "*", "", ""}}},
		{name: "a letter written to a firm",
			content: "Vesna wrote a letter to Quillary.",
			absent:  []wf{{"CREATED", "*", "*", "", ""}}},
	})
}

// TestExtractQuotedObject reads a title in quotes after a verb as its
// object, whatever the tagger made of the marks.
func TestExtractQuotedObject(t *testing.T) {
	runConstructions(t, []construction{
		{name: "reading a quoted title", source: "message",
			content: `I've been reading "The Quiet Harbour".`,
			want:    []wf{{"READS", "User", "The Quiet Harbour", "ref", ""}}},
		{name: "finished a quoted title, dated", source: "message",
			content: `I finished "The Quiet Harbour" last night.`,
			want:    []wf{{"FINISHES", "User", "The Quiet Harbour", "2024-05-14", ""}}},
		{name: "finished a quoted title by its maker", source: "message",
			content: `I just finished "The Quiet Harbour" by Ottoline Marsh.`,
			want:    []wf{{"CREATED", "Ottoline Marsh", "The Quiet Harbour", "ref", ""}, {"FINISHES", "User", "The Quiet Harbour", "", ""}}},
	})
}
