package main

import "testing"

// TestExtractReplacedHere gives a post left in a sentence to the one
// who "replaced" or "succeeded" its holder in the same sentence, from
// the day it was left; the organisation's "'s" before the post is no
// part of it.
func TestExtractReplacedHere(t *testing.T) {
	runConstructions(t, []construction{
		{name: "an organisation's post before the name", source: "text",
			content: "Quillary's chief executive, Ingunn Dahl, resigned on 2 May.",
			want:    []wf{{"HAS_CEO", "Quillary", "Ingunn Dahl", "", "2024-05-02"}}},
		{name: "resigned and was replaced", source: "text",
			content: "Quillary's chief executive, Ingunn Dahl, resigned on 2 May and was replaced by Sigvald Brekke.",
			want: []wf{{"HAS_CEO", "Quillary", "Ingunn Dahl", "", "2024-05-02"},
				{"HAS_CEO", "Quillary", "Sigvald Brekke", "2024-05-02", ""}}},
		{name: "stepped down and was succeeded", source: "text",
			content: "Ingunn Dahl stepped down as treasurer of Fenlow Rowing Club in March and was succeeded by Oddny Brekke.",
			want:    []wf{{"HAS_TREASURER", "Fenlow Rowing Club", "Oddny Brekke", "2024-03-01", ""}}},
	})
}
