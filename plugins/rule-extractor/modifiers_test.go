package main

import (
	"testing"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// TestExtractModifiersOfAPersonNoun reads what is said before and around
// the noun a person is: a modifier said twice, an age, a job after a
// possessive, a hyphenated job, and a job in apposition.
func TestExtractModifiersOfAPersonNoun(t *testing.T) {
	runConstructions(t, []construction{
		{name: "an adjective said twice for weight", source: "message",
			content: "Vilde: Hi.\nSindre: You're a terrible, terrible baker.",
			want:    []wf{{"HAS_JOB_TITLE", "Vilde", "baker", "ref", ""}}},
		{name: "a job after her, before a time", source: "message",
			content: "Vilde: Hi.\nSindre: I was her accountant four years ago.",
			want:    []wf{{"HAS_JOB_TITLE", "Sindre", "accountant", "2020-05-15", "ref"}}},
		{name: "a hyphenated job", source: "message",
			content: "Vilde: Oddny is a head-hunter.",
			want:    []wf{{"HAS_JOB_TITLE", "Oddny", "head-hunter", "ref", ""}}},
		{name: "an agent noun in apposition", source: "message",
			content: "Vilde: I called Hallgeir, the health inspector.",
			want:    []wf{{"HAS_JOB_TITLE", "Hallgeir", "health inspector", "ref", ""}}},
		{name: "an insult in apposition is no job", source: "message",
			content: "Vilde: I saw Brede, the idiot.",
			absent:  []wf{{"HAS_JOB_TITLE", "*", "*", "", ""}}},
		{name: "one's place to others in apposition is no job", source: "message",
			content: "Vilde: I met Brede, the stranger.",
			absent:  []wf{{"HAS_JOB_TITLE", "*", "*", "", ""}}},
		{name: "an age before the job in apposition", source: "message",
			content: "Vilde: Oddny, our 50-year-old librarian, is here.",
			want:    []wf{{"HAS_AGE", "Oddny", "50", "ref", ""}, {"HAS_JOB_TITLE", "Oddny", "librarian", "ref", ""}},
			absent:  []wf{{"HAS_JOB_TITLE", "Oddny", "50-year-old librarian", "", ""}}},
		{name: "an age before the job after is a", source: "message",
			content: "Vilde: Hallgeir is a thirty-year-old nurse.",
			want:    []wf{{"HAS_AGE", "Hallgeir", "thirty", "ref", ""}, {"HAS_JOB_TITLE", "Hallgeir", "nurse", "ref", ""}}},
		{name: "an age before a noun is no id", source: "message",
			content: "Vilde: I'm sitting with a 28-year-old cheerleader.",
			absent:  []wf{{"*", "*", "28-year-old", "", ""}}},
		{name: "a name's 's before an age", source: "message",
			content: "Vilde: Brede's seven!",
			want:    []wf{{"HAS_AGE", "Brede", "seven", "ref", ""}}},
		{name: "a name's 's before a count of things", source: "message",
			content: "Vilde: Brede's seven cats are asleep.",
			absent:  []wf{{"HAS_AGE", "*", "*", "", ""}}},
	})
}

// TestExtractTogetherWith reads the partner of "together" said "with" them.
func TestExtractTogetherWith(t *testing.T) {
	runConstructions(t, []construction{
		{name: "back together with", source: "message",
			content: "Vilde: Sindre got back together with Oddny.",
			want:    []wf{{"IS_DATING", "Sindre", "Oddny", "ref", ""}}},
		{name: "the first person", source: "message",
			content: "Vilde: I got back together with Brede.",
			want:    []wf{{"IS_DATING", "Vilde", "Brede", "ref", ""}}},
		{name: "a band is no partner", source: "message",
			content: "Vilde: Sindre got back together with the band.",
			absent:  []wf{{"IS_DATING", "*", "*", "", ""}}},
	})
}

// TestNameWithArticleIsNoVoice: a name said with "the" ("The Kettle
// Arms") is a place's or a thing's, which names no voice.
func TestNameWithArticleIsNoVoice(t *testing.T) {
	var resp abi.ExtractResponse
	req := abi.ExtractRequest{Episode: abi.Episode{Source: "message", ReferenceTime: refTime,
		Content: "Speaker 1: Which pub did he take us to?\nSpeaker 2: Uh, The Kettle Arms.\nSpeaker 1: I loved it."}}
	roundTrip(t, abi.CapExtract, req, &resp)
	found := false
	for _, e := range resp.Entities {
		if e.Name != "Kettle Arms" {
			continue
		}
		found = true
		if e.Type == "Person" || e.Attributes["aliases"] != nil {
			t.Errorf("Kettle Arms is %s with aliases %v, want no person and no voice", e.Type, e.Attributes["aliases"])
		}
	}
	if !found {
		t.Errorf("no entity Kettle Arms in %+v", resp.Entities)
	}
}
