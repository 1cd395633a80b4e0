package main

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mnemohq/mnemo/wasm/abi"
)

func TestVocativeTerms(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"after an opener", "Hey pal, over here!", []string{"pal"}},
		{"after a comma at the end", "Nice work, partner.", []string{"partner"}},
		{"opening the sentence", "Buddy, put that down.", []string{"buddy"}},
		{"between commas", "Look, my friend, it is late.", []string{"my friend"}},
		{"bare at the end after a pronoun", "Where is it darling?", []string{"darling"}},
		{"said of you", "You're such a genius.", []string{"genius"}},
		{"with a modifier", "Thanks, old chap.", []string{"old chap"}},
		{"after you", "I love you honey, but no.", []string{"honey"}},
		{"a noun that is also an adjective", "Honey, sit down.", []string{"honey"}},
		{"an exclamation", "Sweet, let's go.", nil},
		{"a participle after a verb", "We're getting married!", nil},
		{"a participle after a verb, before a comma", "He got fired, you know.", nil},
		{"so is no opener", "Your brother is so sweet.", nil},
		{"an appositive", "Tom, my husband, is here.", nil},
		{"a name and a term", "Tom, buddy, sit down.", []string{"buddy"}},
		{"a determiner is no vocative", "I met the doctor.", nil},
		{"a determiner before adjectives is no vocative", "But he's a real nice guy.", nil},
		{"an adjective opening the sentence", "Great, thanks.", nil},
		{"a sentence of one noun", "Partner.", nil},
		{"a person called alone", "Buddy!", []string{"buddy"}},
		{"you before an epithet", "You big, big oaf!", []string{"big oaf", "oaf"}},
		{"you before an epithet and a clause", "Oh, you fool, look at this.", []string{"fool"}},
		{"you before a verb", "You lied.", nil},
		{"praise after a greeting", "Hello handsome.", []string{"handsome"}},
		{"praise after a greeting and a comma", "Hey, gorgeous!", []string{"gorgeous"}},
		{"praise after no greeting", "Okay, great!", nil},
		{"an endearment that names a food first", "How are you doing, pumpkin?", []string{"pumpkin"}},
		{"an insult that names an animal first", "You bitch!", []string{"bitch"}},
		{"you too", "You too.", nil},
		{"a demonstrative before a job at the end", "I was coming over and this driver…", nil},
		{"a demonstrative before a word of address", "Come on, do this honey", []string{"honey"}},
		{"an adjective said alone", "Cool!", nil},
		{"bare before a comma after a particle", "Cheer up pal, it's fine.", []string{"pal"}},
		{"plural", "Thanks, folks.", nil},
		{"a thing", "Hey, table.", nil},
		{"a name is not a term", "Thanks, Priya.", nil},
		{"the subject", "No doctor is perfect.", nil},
		{"after a greeting, no comma, before a clause", "Hello darling we are back.", []string{"darling"}},
		{"after an interjection, no comma, before an imperative", "Oh pal come here.", []string{"pal"}},
		{"after a comma, no comma after", "Look, sweetie it is late.", []string{"sweetie"}},
		{"bare at the end after ya", "How are ya pal?", []string{"pal"}},
		{"a greeting before a name and a clause", "Hi Priya we are back.", nil},
		{"opening the sentence, no comma, before a command", "Mate calm down!", []string{"mate"}},
		{"a plural before a verb is a subject", "Friends help each other.", nil},
		{"bare at the end after later", "I'll see you later babe.", []string{"babe"}},
		{"bare at the end after a verb", "I don't know sweetie.", []string{"sweetie"}},
		{"bare at the end after a gerund", "Thanks for coming buddy.", []string{"buddy"}},
		{"bare at the end after an adjective", "That's good man.", []string{"man"}},
		{"a post after a verb of naming", "She became president.", nil},
		{"a relative called by the kinship word", "I need to call mom.", nil},
		{"a noun's modifier before it", "He is my drinking buddy.", nil},
		{"a determiner before the adjective", "You were a good man.", nil},
		{"a pronoun and a verb", "I have.", nil},
		{"a contraction before an adjective", "You're crazy.", nil},
		{"the verb of a question", "Can you help?", nil},
		{"the verb of a question with did", "Did you cook?", nil},
		{"a term after a question's verb", "Can you help me, buddy?", []string{"buddy"}},
		{"opening the sentence, no comma, before a clause", "Honey you have to try this.", []string{"honey"}},
		{"a question's verb opening the sentence", "Have you seen it?", nil},
		{"after you know what", "Y'know what sweetie, we are out of bread.", []string{"sweetie"}},
		{"bare at the end after a preposition", "What are you talking about man?", []string{"man"}},
		{"of is no such preposition", "It is the history of man.", nil},
		{"bare before a comma after an adjective", "That's good pal, everybody knows it.", []string{"pal"}},
		{"a verb before a comma is no term", "That is what we have, right?", nil},
		{"a comparative after a determiner", "Not any sooner.", nil},
		{"a verb after you opening the sentence", "You have no idea.", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, s := range splitSentences(tc.text) {
				got = append(got, vocativeTerms(s.toks)...)
			}
			if !cmp.Equal(got, tc.want, cmpopts.EquateEmpty()) {
				t.Errorf("vocativeTerms(%q) = %q, want %q", tc.text, got, tc.want)
			}
		})
	}
}

// addressTerms extracts a message episode of content and returns the
// response and each entity's terms of address (addressedAs).
func addressTerms(t *testing.T, content string) (abi.ExtractResponse, map[string]any) {
	t.Helper()
	var resp abi.ExtractResponse
	roundTrip(t, abi.CapExtract, abi.ExtractRequest{Episode: abi.Episode{Source: "message", Content: content, ReferenceTime: refTime}}, &resp)
	got := map[string]any{}
	for _, e := range resp.Entities {
		if v, ok := e.Attributes[addressedAs]; ok {
			got[e.Name] = v
		}
	}
	return resp, got
}

// TestExtractAddressTerms: a term of address lands on the one spoken to,
// the next to speak, and follows that voice to its name.
func TestExtractAddressTerms(t *testing.T) {
	content := "Speaker 1: Hey pal, how was Lisbon?\n" +
		"Speaker 2: Great, thanks. I'm Tomas, by the way.\n" +
		"Speaker 3: Nice work, partner.\n" +
		"Speaker 1: Bye!"
	_, got := addressTerms(t, content)
	want := map[string]any{"Tomas": []any{"pal"}, "Speaker 1": []any{"partner"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("addressed_as (-want +got):\n%s", diff)
	}
}

// TestAddresseeAnswersTheAsker: a turn that answers a question is spoken
// to the one who asked, not to the next to speak.
func TestAddresseeAnswersTheAsker(t *testing.T) {
	content := "Speaker 1: Where did I leave the keys?\n" +
		"Speaker 2: In the drawer, sweetie.\n" +
		"Speaker 3: Morning, everyone.\n" +
		"Speaker 1: Who wants pancakes?\n" +
		"Speaker 3: Me, Mom!\n" +
		"Speaker 2: Me too."
	resp, got := addressTerms(t, content)
	if diff := cmp.Diff(map[string]any{"Speaker 1": []any{"sweetie"}}, got); diff != "" {
		t.Errorf("addressed_as (-want +got):\n%s", diff)
	}
	facts := gotFacts(resp.Facts)
	if w := (wf{"MOTHER_OF", "Speaker 1", "Speaker 3", refTime, ""}); !containsFact(facts, w) {
		t.Errorf("facts = %v, want among them %+v", facts, w)
	}
}

// TestThanksGoToTheVoiceBefore: a name or a term after thanks is the one
// who spoke before, not the one who speaks next.
func TestThanksGoToTheVoiceBefore(t *testing.T) {
	content := "Speaker 1: So? How is she?\n" +
		"Speaker 2: She's fine, it's nothing serious.\n" +
		"Speaker 3: Oh, thank you, sweetheart.\n" +
		"Speaker 1: I was so scared.\n" +
		"Speaker 2: Well, goodbye then.\n" +
		"Speaker 3: Thank you, Sunniva, you were wonderful.\n" +
		"Speaker 1: Bye."
	resp, got := addressTerms(t, content)
	want := map[string]any{"Sunniva": []any{"sweetheart"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("addressed_as (-want +got):\n%s", diff)
	}
	for _, e := range resp.Entities {
		if e.Name == "Sunniva" {
			if as, _ := e.Attributes["aliases"].([]any); len(as) != 1 || as[0] != "Speaker 2" {
				t.Errorf("Sunniva's aliases = %v, want [Speaker 2]", e.Attributes["aliases"])
			}
			return
		}
	}
	t.Errorf("no entity Sunniva among %+v", resp.Entities)
}

// TestJobCalledOutIsATitle: a profession called out ("Thank you,
// doctor") says what the one spoken to is, not what they are called.
func TestJobCalledOutIsATitle(t *testing.T) {
	content := "Speaker 1: Thank you, doctor.\n" +
		"Speaker 2: You're welcome.\n" +
		"Speaker 1: Thanks, partner."
	resp, got := addressTerms(t, content)
	if diff := cmp.Diff(map[string]any{"Speaker 2": []any{"partner"}}, got); diff != "" {
		t.Errorf("addressed_as (-want +got):\n%s", diff)
	}
	want := wf{"HAS_JOB_TITLE", "Speaker 2", "doctor", refTime, ""}
	if got := gotFacts(resp.Facts); !slices.Contains(got, want) {
		t.Errorf("facts %v, want among them %v", got, want)
	}
}
