package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/wasm/abi"
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

// TestExtractShopGenitives: a name whose "'s" ends its phrase after a
// preposition is a business or a home named for someone, not a
// possessive.
func TestExtractShopGenitives(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a place of work", source: "message",
			content: "Jonas: I work at Halloran's.",
			want:    []wf{{"WORKS_AT", "Jonas", "Halloran's", "ref", ""}}},
		{name: "a name of two words, a time word after", source: "message",
			content: "Jonas: Sunniva works at Uncle Corrigan's now.",
			want:    []wf{{"WORKS_AT", "Sunniva", "Uncle Corrigan's", "ref", ""}}},
		{name: "after a post and of", source: "message",
			content: "Jonas: Sunniva is the founder of Halloran's.",
			want:    []wf{{"FOUNDED", "Sunniva", "Halloran's", "ref", ""}}},
		{name: "a job ended at one, with its date", source: "message",
			content: "Jonas: Sunniva quit her job at Halloran's last May.",
			want:    []wf{{"WORKS_AT", "Sunniva", "Halloran's", "", "2023-05-01"}}},
	})
	var resp abi.ExtractResponse
	roundTrip(t, abi.CapExtract, abi.ExtractRequest{Episode: abi.Episode{Source: "message", Content: "Jonas: We had lunch at Halloran's.", ReferenceTime: refTime}}, &resp)
	i := slices.IndexFunc(resp.Entities, func(e abi.ExtractedEntity) bool { return e.Name == "Halloran's" })
	if i < 0 {
		t.Fatalf("no entity Halloran's among %+v", resp.Entities)
	}
	if typ := resp.Entities[i].Type; typ != "Organization" {
		t.Errorf("Halloran's is a %q, want an Organization: a business named for someone is no person", typ)
	}
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

// TestExtractAssistantTurnGraphitiLabel holds a turn labelled
// "Assistant(assistant):", as Graphiti writes an assistant's message,
// as the assistant's: its "I" is not the user's, and "Poor Oddny"
// opening it names Oddny.
func TestExtractAssistantTurnGraphitiLabel(t *testing.T) {
	runConstructions(t, []construction{
		{name: "the assistant's I", source: "message",
			content: "Vesna(user): My cat Oddny has been sick all week.\nAssistant(assistant): Poor Oddny. I work at Garrick Haulage and I live in Oslo, so I know a good vet there.",
			want:    []wf{{"HAS_PET", "Vesna", "Oddny", "ref", ""}},
			absent:  []wf{{"WORKS_AT", "*", "*", "", ""}, {"LIVES_IN", "*", "*", "", ""}, {"*", "*", "Poor Oddny", "", ""}}},
	})
}

// TestExtractHonorificSpeaker holds "Dr. Holm:" as a speaker's label,
// like "Holm:"; before, its honorific made it ordinary text of the user.
func TestExtractHonorificSpeaker(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a doctor's label", source: "message",
			content: "Dr. Vesna Holm: I moved to Oslo in March.\nOddny: We'll miss you.",
			want:    []wf{{"LIVES_IN", "Dr. Vesna Holm", "Oslo", "2024-03-01", ""}},
			absent:  []wf{{"LIVES_IN", "User", "*", "", ""}}},
		{name: "a title without its period", source: "message",
			content: "Ms Holm: I moved to Oslo in March.",
			want:    []wf{{"LIVES_IN", "Ms Holm", "Oslo", "2024-03-01", ""}}},
	})
}
