package main

import "testing"

// TestExtractPossessiveAside reads an aside that names an organisation
// or a person with "'s" before a post or a relative ("Ingunn Dahl,
// Quillary's chief executive, resigned", "Sigvald, Ingunn's brother,
// moved to Oslo") as standing between the name and its verb.
func TestExtractPossessiveAside(t *testing.T) {
	runConstructions(t, []construction{
		{name: "an organisation's post", source: "text",
			content: "Ingunn Dahl, Quillary's chief executive, resigned on 2 May.",
			want:    []wf{{"HAS_CEO", "Quillary", "Ingunn Dahl", "", "2024-05-02"}}},
		{name: "a person's relative", source: "message",
			content: "Vesna: Sigvald, Ingunn's brother, moved to Oslo.",
			want:    []wf{{"BROTHER_OF", "Sigvald", "Ingunn", "ref", ""}, {"LIVES_IN", "Sigvald", "Oslo", "ref", ""}}},
	})
}
