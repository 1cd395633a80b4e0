package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestExtractShouted holds sentences written all in capitals, read as if
// written in the usual case.
func TestExtractShouted(t *testing.T) {
	runConstructions(t, []construction{
		{name: "an organisation's name and its closing plural",
			source: "message", content: "Ysolde: WE SIGNED WITH MARROWBANK RECORDS TODAY",
			want: []wf{{"PLAYS_FOR", "Ysolde", "Marrowbank Records", "2024-05-15", ""}}},
		{name: "a name after a preposition of place, a known word though it is",
			source: "message", content: "Ysolde: MY BROTHER JUST STARTED AT GOOGLE",
			want: []wf{{"WORKS_AT", "Ysolde's brother", "Google", "ref", ""}}},
		{name: "a function word in capitals inside a sentence is a name's letters",
			content: "Ingunn Lund works for the WHO in Geneva.",
			want:    []wf{{"WORKS_AT", "Ingunn Lund", "WHO", "ref", ""}}},
		{name: "a function word in capitals after the is an acronym",
			content: "Ingunn Lund moved to the US in 2019.",
			want:    []wf{{"LIVES_IN", "Ingunn Lund", "US", "2019-01-01", ""}}},
		{name: "a function word in capitals without the stays the word",
			source: "message", content: "Ysolde: Come with US to the party, Ingunn!",
			absent: []wf{{"*", "*", "US", "", ""}}},
		{name: "contractions and adverbs stay words",
			source: "message", content: "Ysolde: I DON'T WORK AT PELLBRIDGE ANYMORE",
			want: []wf{{"WORKS_AT", "Ysolde", "Pellbridge", "", "ref"}}},
		{name: "an engagement to a name",
			source: "message", content: "Ysolde: I JUST GOT ENGAGED TO TAVISH!!!",
			want: []wf{{"ENGAGED_TO", "Ysolde", "Tavish", "ref", ""}}},
		{name: "a short shout is left as written",
			source: "message", content: "Ysolde: I work at the NHS now.",
			want: []wf{{"WORKS_AT", "Ysolde", "NHS", "ref", ""}}},
	})
}

// TestExtractTitleCase holds titles written with a capital to every
// word: within a sentence one work's name, at its start words read in
// lower case but for the names among them.
func TestExtractTitleCase(t *testing.T) {
	content := "Speaker 1: My next song is called What Can I Say When You Were Young.\n" +
		"Speaker 2: Uh-oh, Ingrid, not again.\n" +
		"Speaker 3: I Really Loved When We Were Dancing In Tallinn."
	want := map[string]string{"Speaker 2": "Person", "Speaker 3": "Person", "Ingrid": "Person", "Tallinn": "Location",
		"What Can I Say When You Were Young": "Work"}
	if diff := cmp.Diff(want, entityTypes(t, "message", content)); diff != "" {
		t.Errorf("extract(%q) entity types mismatch (-want +got):\n%s", content, diff)
	}
	// A title's small words and a pronoun within it, with a name before.
	content = "I watched Sverre Nyhus on Days of Our Lives."
	want = map[string]string{"Sverre Nyhus": "Person", "Days of Our Lives": "Work"}
	if diff := cmp.Diff(want, entityTypes(t, "text", content)); diff != "" {
		t.Errorf("extract(%q) entity types mismatch (-want +got):\n%s", content, diff)
	}
}
