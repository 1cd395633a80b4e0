package main

import "testing"

// TestExtractTheyAndTags: "they" as the people of a plural subject or
// of the couple told last, and statements with a tail that asks for
// assent or only gives a tone (reference time: 15 May 2024).
func TestExtractTheyAndTags(t *testing.T) {
	runConstructions(t, []construction{
		{name: "they after a wedding told in the same sentence",
			source:  "message",
			content: "Rui: Oh and my brother Duarte married Beatriz last summer, the wedding was in Braga, and they live in Guimarães now.",
			want:    []wf{{"LIVES_IN", "Duarte", "Guimarães", "ref", ""}, {"LIVES_IN", "Beatriz", "Guimarães", "ref", ""}},
			absent:  []wf{{"LIVES_IN", "Rui", "*", "", ""}}},
		{name: "they after a plural subject",
			source:  "message",
			content: "Rui: Duarte and Beatriz got engaged. They live in Braga.",
			want:    []wf{{"LIVES_IN", "Duarte", "Braga", "ref", ""}, {"LIVES_IN", "Beatriz", "Braga", "ref", ""}}},
		{name: "they with no one to mean",
			source:  "message",
			content: "Rui: They live in Braga.",
			absent:  []wf{{"LIVES_IN", "*", "*", "", ""}}},
		{name: "is that right asks for assent to a statement",
			source:  "message",
			content: "Hollis: Naledi, you coach the under-16 girls at Stellenbosch FC, is that right?\nNaledi: That's right.",
			want:    []wf{{"COACHES", "Naledi", "Stellenbosch FC", "ref", ""}}},
	})
}

// TestExtractNewsAsked: a question whether one has heard the news tells
// the news; other questions tell nothing (reference time: 15 May 2024).
func TestExtractNewsAsked(t *testing.T) {
	runConstructions(t, []construction{
		{name: "did you see, with no that",
			source:  "message",
			content: "Aroha: Did you see Alderbank Rovers signed Sindre Flaten from Northfield United on Friday?",
			want:    []wf{{"PLAYS_FOR", "Sindre Flaten", "Alderbank Rovers", "2024-05-10", ""}}},
		{name: "did you hear that",
			source:  "message",
			content: "Aroha: Did you hear that Ana got engaged to Bo?",
			want:    []wf{{"ENGAGED_TO", "Ana", "Bo", "ref", ""}}},
		{name: "do you know if asks",
			source:  "message",
			content: "Aroha: Do you know if Ana moved to Leeds?",
			absent:  []wf{{"LIVES_IN", "*", "*", "", ""}}},
		{name: "a question of one's own move asks",
			source:  "message",
			content: "Aroha: Did Ana move to Leeds?",
			absent:  []wf{{"LIVES_IN", "*", "*", "", ""}}},
	})
}

// TestExtractEngagements: a proposal said yes to is an engagement, and a
// couple that calls it off ends it (reference time: 15 May 2024).
func TestExtractEngagements(t *testing.T) {
	runConstructions(t, []construction{
		{name: "proposed and I said yes",
			source:  "message",
			content: "Emeka: My boyfriend Park Jun-seo proposed in Jeju in January and I said yes!",
			want:    []wf{{"ENGAGED_TO", "Park Jun-seo", "Emeka", "2024-01-01", ""}}},
		{name: "proposed to her and she said yes",
			source:  "message",
			content: "Emeka: I proposed to Amarachi and she said yes.",
			want:    []wf{{"ENGAGED_TO", "Emeka", "Amarachi", "ref", ""}}},
		{name: "a toast proposed is no engagement",
			source:  "message",
			content: "Emeka: Chidi proposed a toast and I said yes.",
			absent:  []wf{{"ENGAGED_TO", "*", "*", "", ""}}},
		{name: "the couple calls off the engagement",
			source:  "message",
			content: "Emeka: Jun-seo and I called off the engagement in April.",
			want:    []wf{{"ENGAGED_TO", "Emeka", "Jun-seo", "", "2024-04-01"}}},
	})
}

// TestExtractSelfSigned: an unlabelled text that opens by naming its
// author speaks for them (reference time: 15 May 2024).
func TestExtractSelfSigned(t *testing.T) {
	runConstructions(t, []construction{
		{name: "an update from someone",
			content: "Personal update from Mai Trần: I started as a research assistant at the Tromsø Ocean Institute in October.",
			want:    []wf{{"WORKS_AT", "Mai Trần", "Tromsø Ocean Institute", "2023-10-01", ""}}},
		{name: "someone here",
			content: "Hi all, Solongo Ganbold here. I've joined the Orkhon River Cycling Club.",
			absent:  []wf{{"*", "User", "*", "", ""}}},
		{name: "thanks again names no one",
			content: "Thanks again, I joined the Orkhon River Cycling Club.",
			absent:  []wf{{"*", "Thanks", "*", "", ""}}},
	})
}

// TestExtractItPrefersSubject holds "it" as the object of a sentence
// after one whose subject is a thing: the subject, not the last thing
// named.
func TestExtractItPrefersSubject(t *testing.T) {
	runConstructions(t, []construction{
		{name: "the subject of the sentence before, not its last name",
			content: "The Brass Kettle is still the busiest cafe on Marlgate. Owner Ilse Varga, who opened it in May 2009, says little has changed.",
			want:    []wf{{"OPENS", "Ilse Varga", "Brass Kettle", "2009-05-01", ""}},
			absent:  []wf{{"OPENS", "Ilse Varga", "Marlgate", "", ""}}},
		{name: "a thing named before in the same sentence still wins",
			content: "Ilse Varga bought a van in March and sold it in May.",
			absent:  []wf{{"*", "Ilse Varga", "March", "", ""}}},
	})
}

// TestExtractSheAfterFullAndFirstName: a letter names its subject in
// full, then by the first name; "she" is that one person, not one of two
// (reference time: 15 May 2024).
func TestExtractSheAfterFullAndFirstName(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a referral letter",
			content: "Re: Linda Marchetti\nThank you for referring Linda. She lives in Leeds and is now taking Kestor 60 mg daily.",
			want:    []wf{{"LIVES_IN", "Linda Marchetti", "Leeds", "ref", ""}, {"TAKES_MEDICATION", "Linda Marchetti", "Kestor", "ref", ""}}},
	})
}

// TestExtractSheByGivenName: a given name that the gazetteer holds for
// one gender only tells whom "she" means among two people (reference
// time: 15 May 2024).
func TestExtractSheByGivenName(t *testing.T) {
	runConstructions(t, []construction{
		{name: "she is the woman of the two",
			content: "Bram Olsen met Dorothea Lindqvist in Tromsø. She lives in Leeds now.",
			want:    []wf{{"LIVES_IN", "Dorothea Lindqvist", "Leeds", "ref", ""}},
			absent:  []wf{{"LIVES_IN", "Bram Olsen", "*", "", ""}}},
	})
}

// TestExtractSheAfterHe: "she" in the clause after one whose subject was
// "he" is not the same person when their given names tell them apart
// (reference time: 15 May 2024).
func TestExtractSheAfterHe(t *testing.T) {
	runConstructions(t, []construction{
		{name: "he keeps the house, she moves",
			source:  "message",
			content: "Graça: Bram and Dorothea's divorce was finalised on Friday. He's keeping the house in Tenby, she's moved back to Lyon.",
			want:    []wf{{"LIVES_IN", "Dorothea", "Lyon", "ref", ""}},
			absent:  []wf{{"LIVES_IN", "Bram", "Lyon", "", ""}}},
	})
}

// TestExtractGenderAfterTitle holds the gender of a given name after a
// title ("Dr. Linda Aas" is a woman's name): "his" after it is someone
// else's.
func TestExtractGenderAfterTitle(t *testing.T) {
	runConstructions(t, []construction{
		{name: "his after a woman named with a title", source: "message",
			content: "Aud: Kasimir saw Dr. Linda Aas, his dermatologist.",
			want:    []wf{{"DOCTOR_OF", "Dr. Linda Aas", "Kasimir", "ref", ""}}},
		{name: "her after a man named with a title", source: "message",
			content: "Aud: Sunniva saw Dr. Thomas Moe, her dentist.",
			want:    []wf{{"DENTIST_OF", "Dr. Thomas Moe", "Sunniva", "ref", ""}}},
	})
}

// TestExtractNameBeforeAppositive holds a name opening the first
// sentence before an appositive ("Obinna, a cousin of mine, …"): the
// subject spoken of, not one called, so "he" after it is that name.
func TestExtractNameBeforeAppositive(t *testing.T) {
	runConstructions(t, []construction{
		{name: "he after a name and its appositive", source: "message",
			content: "Aud: Kasimir, a cousin of mine, just got into medical school. In August he begins his studies at Marden University.",
			want:    []wf{{"STUDIES_AT", "Kasimir", "Marden University", "2024-08-01", ""}}},
	})
}

// TestExtractNameInApposition holds a name after a noun phrase and a
// comma at a sentence's end ("a baby girl, Marisol."): it is in
// apposition, spoken of, not called, so "her" after it is that name.
func TestExtractNameInApposition(t *testing.T) {
	runConstructions(t, []construction{
		{name: "her after a name in apposition", source: "message",
			content: "Aud: We had a baby girl, Linda. Her brother Thomas is four.",
			want:    []wf{{"BROTHER_OF", "Thomas", "Linda", "ref", ""}}},
		{name: "a name after you and a comma is called, and is you", source: "message",
			content: "Aud: Hi.\nKasimir: I love you, Linda.",
			want:    []wf{{"LOVES", "Kasimir", "Linda", "ref", ""}}},
	})
}

// TestExtractHeAcrossShortTurns: a short turn that names no one, or only
// calls the one spoken to, leaves "he" meaning whom the talk spoke of
// before it; a word that only opens a sentence is no one to mean.
func TestExtractHeAcrossShortTurns(t *testing.T) {
	runConstructions(t, []construction{
		{name: "an exclamation and a call between",
			source:  "message",
			content: "Speaker 1: Hi Osric. I'm going to the lecture with Tamsin.\nSpeaker 2: Why?\nSpeaker 1: Oh come on! Osric!\nSpeaker 1: Because she's my friend.",
			want:    []wf{{"FRIEND_OF", "Tamsin", "Speaker 1", "ref", ""}}},
		{name: "she is never the user who said her name", source: "message",
			content: "hi, it's Oddny again. we had a girl, Tamsin!! her big brother Eilif is four",
			want:    []wf{{"BROTHER_OF", "Eilif", "Tamsin", "ref", ""}}},
		{name: "a word opening a sentence is no one",
			source:  "message",
			content: "Speaker 1: Funny how it goes. Lately I sleep badly.\nSpeaker 2: Hm.\nSpeaker 1: She is my friend.",
			absent:  []wf{{"FRIEND_OF", "*", "*", "", ""}}},
	})
}
