package main

import (
	"slices"
	"strings"
	"testing"
)

// TestExtractHesitations holds the fillers of speech: "uh" and "um" and
// the commas around them do not break a phrase, and a comma that marks a
// boundary stays.
func TestExtractHesitations(t *testing.T) {
	runConstructions(t, []construction{
		{name: "inside a noun phrase", source: "message",
			content: "Jonas: I am a, uh, friend of Sunniva.",
			want:    []wf{{"FRIEND_OF", "Jonas", "Sunniva", "ref", ""}}},
		{name: "after a possessive", source: "message",
			content: "Jonas: Sunniva is my, um, sister.",
			want:    []wf{{"SISTER_OF", "Sunniva", "Jonas", "ref", ""}}},
		{name: "opening a sentence", source: "message",
			content: "Jonas: Okay. Uh, Sunniva is my sister.",
			want:    []wf{{"SISTER_OF", "Sunniva", "Jonas", "ref", ""}}},
		{name: "a double genitive", source: "message",
			content: "Jonas: I am a friend of Sunniva's.",
			want:    []wf{{"FRIEND_OF", "Jonas", "Sunniva", "ref", ""}}},
	})
}

// TestDropFillers checks the tokens left when fillers are dropped.
func TestDropFillers(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"I'm a, uh, friend", "I 'm a friend"},
		{"Uh, Tom called.", "Tom called ."},
		{"Tom, um, I quit.", "Tom , I quit ."},
		{"Off there too, uh? Uh, Chandler, quick!", "Off there too ? Chandler , quick !"},
		{"Uh-huh, sure.", "Uh-huh , sure ."},
	} {
		var got []string
		for _, tok := range tokenize(tc.in) {
			got = append(got, tok.text)
		}
		if want := strings.Fields(tc.want); !slices.Equal(got, want) {
			t.Errorf("tokenize(%q) = %q, want %q", tc.in, got, want)
		}
	}
}
