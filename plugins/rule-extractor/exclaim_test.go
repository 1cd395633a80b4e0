package main

import (
	"testing"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// TestExtractExclamationsNameNoOne holds "Oh my God!" and its kind as
// exclamations: no entity, and no one a later "him" could mean.
func TestExtractExclamationsNameNoOne(t *testing.T) {
	runConstructions(t, []construction{
		{name: "him after an exclamation is the one named before", source: "message",
			content: "Speaker 2: You must never tell Anselm that I told you.\nSpeaker 1: Oh my God! I love him!",
			want:    []wf{{"LOVES", "Speaker 1", "Anselm", "ref", ""}},
			absent:  []wf{{"*", "*", "God", "", ""}}},
		{name: "thanks to heaven and for its sake", source: "message",
			content: "Vilde: Thank God you came. For God's sake, sit down. Oh Lord, I admire Anselm.",
			want:    []wf{{"ADMIRES", "Vilde", "Anselm", "ref", ""}},
			absent:  []wf{{"*", "*", "God", "", ""}, {"*", "*", "Lord", "", ""}, {"*", "*", "God's", "", ""}}},
	})
	checkEntityNames(t, "message", "Vilde: Oh my God, thank God it is Friday.", nil, []string{"God"})
}

// TestExtractPronounsAcrossTurns holds "he" and "him" in turns that name
// no one as the person the turn before meant by its own pronoun.
func TestExtractPronounsAcrossTurns(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a pronoun three turns after the name", source: "message",
			content: "Speaker 1: Sindre, what is going on?\nSpeaker 2: You must never tell Anselm that I told you.\nSpeaker 1: About what?\nSpeaker 2: He is planning your birthday party.\nSpeaker 1: Wow! I love him!",
			want:    []wf{{"LOVES", "Speaker 1", "Anselm", "ref", ""}}},
		{name: "a command opening the sentence is no one a pronoun means", source: "message",
			content: "Speaker 2: Promise you will never tell Anselm that I told you.\nSpeaker 1: Oh my God! I love him!",
			want:    []wf{{"LOVES", "Speaker 1", "Anselm", "ref", ""}}},
		{name: "the same within a turn", source: "message",
			content: "Speaker 2: Promise you will never tell Anselm. I love him.",
			want:    []wf{{"LOVES", "Speaker 2", "Anselm", "ref", ""}}},
		{name: "people in the plural are no one she means", source: "message",
			content: "Speaker 1: Ulrik, I would like to invite Gunvor to dinner.\nSpeaker 2: It'll be like the pilgrims bringing the Vikings gifts.\nSpeaker 1: Look, she's my sister.",
			absent:  []wf{{"*", "Vikings", "*", "", ""}}},
		{name: "a name called out is no one he means", source: "message",
			content: "Speaker 1: Please tell me it's not because I'm going with Anselm.\nSpeaker 1: Oh my God! Sindre!\nSpeaker 1: Because, he's my friend.",
			want:    []wf{{"FRIEND_OF", "Anselm", "Speaker 1", "ref", ""}},
			absent:  []wf{{"FRIEND_OF", "Sindre", "*", "", ""}}},
		{name: "a murmur is no one a pronoun means", source: "message",
			content: "Speaker 3: Hm-mmm.\nSpeaker 2: And she is just so funny.\nSpeaker 4: I know she is pretty, but she forgot my pizza!",
			absent:  []wf{{"*", "Hm-mmm", "*", "", ""}, {"*", "*", "Hm-mmm", "", ""}}},
	})
}

// TestExtractLikeAfterAdverb reads "like" after a subject and an adverb as
// the verb.
func TestExtractLikeAfterAdverb(t *testing.T) {
	runConstructions(t, []construction{
		{name: "really like", source: "message",
			content: "Vilde: I really like Ottar Lunde.",
			want:    []wf{{"LIKES", "Vilde", "Ottar Lunde", "ref", ""}}},
		{name: "looks like stays a comparison", source: "message",
			content: "Vilde: Ottar Lunde looks like Anselm.",
			absent:  []wf{{"LIKES", "*", "*", "", ""}}},
	})
}

// TestExtractCannotAndStammers reads "cannot" as "can" and "not", and a
// stammered contraction as the word it repeats.
func TestExtractCannotAndStammers(t *testing.T) {
	runConstructions(t, []construction{
		{name: "cannot is no verb of its own", source: "message",
			content: "Vilde: Sindre is coming, he cannot see this!",
			absent:  []wf{{"CANNOTS", "*", "*", "", ""}, {"*", "*", "see", "", ""}}},
		{name: "a stammered contraction", source: "message",
			content: "Vilde: Sindre is coming. She'll-she'll hate Kettle Works!",
			absent:  []wf{{"*", "She'll-she", "*", "", ""}}},
	})
}

// TestSurnameOfAGivenName: "Matthews" ends in an s, and WordNet has the
// apostle as a person, but a surname made of a given name is no group of
// people.
func TestSurnameOfAGivenName(t *testing.T) {
	noneTyped(t, "Organization", "Ingrid bumped into Tully Andrews at the market.", "Ingrid ran into Chip Matthews at the bank.")
	// A group named for people in the plural stays one.
	var resp abi.ExtractResponse
	roundTrip(t, abi.CapExtract, abi.ExtractRequest{GroupID: "g", Episode: abi.Episode{Source: "text", Content: "Ingrid joined the Harbour Singers.", ReferenceTime: refTime}}, &resp)
	found := false
	for _, e := range resp.Entities {
		found = found || e.Name == "Harbour Singers" && e.Type == "Organization"
	}
	if !found {
		t.Errorf("extract(Harbour Singers) entities = %+v, want the choir an Organization", resp.Entities)
	}
}

// TestExtractFallingInLoveAndEndingIt reads "fell in love with" as "is in
// love with" is read, and "ended it with", "broke it off with" and
// "broke with" a person as a couple's end; an ended call is no couple's.
func TestExtractFallingInLoveAndEndingIt(t *testing.T) {
	runConstructions(t, []construction{
		{name: "fell in love",
			content: "Anselm Brekke fell in love with Vilde Aas.",
			want:    []wf{{"LOVES", "Anselm Brekke", "Vilde Aas", "", ""}},
			absent:  []wf{{"FALLS_WITH", "*", "*", "", ""}}},
		{name: "ended it with", source: "message",
			content: "Vilde: I ended it with Anselm.",
			want:    []wf{{"IS_DATING", "Vilde", "Anselm", "", "ref"}}},
		{name: "ended things with",
			content: "Vilde Aas ended things with Anselm Brekke.",
			want:    []wf{{"IS_DATING", "Vilde Aas", "Anselm Brekke", "", "ref"}}},
		{name: "an ended call",
			content: "Vilde Aas ended the call with Anselm Brekke.",
			absent:  []wf{{"IS_DATING", "*", "*", "", ""}}},
		{name: "broke it off with", source: "message",
			content: "Vilde: I broke it off with Anselm.",
			want:    []wf{{"IS_DATING", "Vilde", "Anselm", "", "ref"}},
			absent:  []wf{{"BREAKS_OFF_WITH", "*", "*", "", ""}}},
		{name: "broke with a person",
			content: "Vilde Aas broke with Anselm Brekke in March 2023.",
			want:    []wf{{"IS_DATING", "Vilde Aas", "Anselm Brekke", "", "2023-03-01"}}},
		{name: "broke with a party",
			content: "Vilde Aas broke with the Green Party in 2019.",
			absent:  []wf{{"IS_DATING", "*", "*", "", ""}}},
		{name: "a subject pronoun after the verb starts the next clause", source: "message",
			content: "Vilde: Hi.\nAnselm: When you and I broke up I moved to Bergen.",
			want:    []wf{{"IS_DATING", "Anselm", "Vilde", "", "ref"}, {"LIVES_IN", "Anselm", "Bergen", "ref", ""}},
			absent:  []wf{{"BREAKS_UP", "*", "*", "", ""}}},
	})
}

// TestExtractTitlesSaidOfOthers: "Her name is Vilde" names someone else,
// not the one speaking; a year of training is part of a title; a person
// named by a given name before "'s" in an appositive, though it is also
// a common word ("Heath"), is a client, no employer.
func TestExtractTitlesSaidOfOthers(t *testing.T) {
	runConstructions(t, []construction{
		{name: "her name is", source: "message",
			content: "Speaker 1: Her name is Vilde. She's curator of insects at the museum.",
			want:    []wf{{"HAS_JOB_TITLE", "Vilde", "curator", "ref", ""}}},
		{name: "a first year resident", source: "message",
			content: "Speaker 3: Umm, I'm actually a first year resident.",
			want:    []wf{{"HAS_JOB_TITLE", "Speaker 3", "first year resident", "ref", ""}}},
		{name: "a second grade teacher",
			content: "Ottar Lunde is a second grade teacher.",
			want:    []wf{{"HAS_JOB_TITLE", "Ottar Lunde", "second grade teacher", "ref", ""}}},
		{name: "a person's lawyer set off by commas",
			content: "Russell, Heath's divorce lawyer, called.",
			want:    []wf{{"LAWYER_OF", "Russell", "Heath", "ref", ""}},
			absent:  []wf{{"WORKS_AT", "Russell", "*", "", ""}}},
	})
	checkEntityNames(t, "message", "Speaker 1: Hi! My name is Vilde.", []string{"Vilde"}, nil)
}

// TestExtractLeadingTermOfAddress: "Honey that sounds like fun" calls
// someone; "Honey" is no subject.
func TestExtractLeadingTermOfAddress(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a term without its comma is no subject", source: "message",
			content: "Speaker 5: I booked that pottery class!\nSpeaker 3: Honey that sounds like fun.",
			absent:  []wf{{"*", "Honey", "*", "", ""}}},
	})
	checkEntityNames(t, "message", "Speaker 5: I booked that pottery class!\nSpeaker 3: Honey that sounds like fun.", nil, []string{"Honey"})
}
