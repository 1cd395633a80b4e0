package main

import (
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// TestExtractPostBeforeLeaver holds a post named before its holder who
// leaves it, and the successor named after.
func TestExtractPostBeforeLeaver(t *testing.T) {
	const club = "Fallowmere Sailing Club - Autumn Newsletter\n\n"
	runConstructions(t, []construction{
		{name: "a head coach steps down, a successor named",
			content: club + "Head coach Ottilie Brandvold has stepped down. Her successor is Piers Ekwueme.",
			want: []wf{{"COACHES", "Ottilie Brandvold", "Fallowmere Sailing Club", "", "ref"},
				{"COACHES", "Piers Ekwueme", "Fallowmere Sailing Club", "ref", ""}}},
		{name: "a treasurer set off by commas stands down at a meeting",
			content: club + "Our treasurer, Ruairi Nakamura, has stood down at the AGM.",
			want:    []wf{{"HAS_TREASURER", "Fallowmere Sailing Club", "Ruairi Nakamura", "", "ref"}},
			absent:  []wf{{"HAS_TREASURER", "AGM", "*", "", ""}}},
		{name: "a newsletter's title is no person",
			content: club + "Ottilie Brandvold coaches the juniors.",
			absent:  []wf{{"*", "Autumn Newsletter", "*", "", ""}}},
		{name: "a post that is not left is left alone",
			content: club + "Head coach Ottilie Brandvold has signed Piers Ekwueme.",
			absent:  []wf{{"COACHES", "Ottilie Brandvold", "*", "", "ref"}}},
	})
}

// TestExtractAfterYearsAs: "after six years as our coordinator" tells a
// post held for six years up to what the sentence tells; it does not
// date what the sentence begins.
func TestExtractAfterYearsAs(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a post that ended, and a job that began",
			content: "Lindvik Food Bank, spring bulletin. After six years as our coordinator, Mette Haug has taken a job with Bergen Kommune.",
			want: []wf{{"WORKS_AT", "Mette Haug", "Lindvik Food Bank", "2018-05-15", "ref"},
				{"HAS_JOB_TITLE", "Mette Haug", "coordinator", "2018-05-15", "ref"},
				{"WORKS_AT", "Mette Haug", "Bergen Kommune", "ref", ""}},
			absent: []wf{{"WORKS_AT", "Mette Haug", "Bergen Kommune", "2018-05-15", ""}}},
		{name: "a place left after years there keeps its span",
			content: "After ten years as head coach, Ola Berg left the Kestrel Rowing Club.",
			want:    []wf{{"WORKS_AT", "Ola Berg", "Kestrel Rowing Club", "2014-05-15", "ref"}}},
	})
}

// TestExtractLeftAfterTie holds "left" with no object after a tie of work
// told as over: it dates that tie's end. A tie told in the present is not
// what leaving for the day ends.
func TestExtractLeftAfterTie(t *testing.T) {
	runConstructions(t, []construction{
		{name: "left in a month, in the sentence of the tie", source: "message",
			content: "Aroha: Siri Dahl worked at Kelder Tools for six years, but she left in March.",
			want:    []wf{{"WORKS_AT", "Siri Dahl", "Kelder Tools", "", "2024-03-01"}},
			absent:  []wf{{"WORKS_AT", "Siri Dahl", "Kelder Tools", "", "ref"}}},
		{name: "left in a month, in the sentence after the tie", source: "message",
			content: "Aroha: Siri Dahl coached Harbour Rovers for six seasons. She left in March.",
			want:    []wf{{"COACHES", "Siri Dahl", "Harbour Rovers", "", "2024-03-01"}}},
		{name: "a tie told in the present and leaving at noon", source: "message",
			content: "Aroha: Siri Dahl works at Kelder Tools. She left at noon.",
			want:    []wf{{"WORKS_AT", "Siri Dahl", "Kelder Tools", "ref", ""}},
			absent:  []wf{{"WORKS_AT", "Siri Dahl", "Kelder Tools", "", "ref"}}},
	})
}

// TestExtractRetiredByFirstName holds a retirement told by the first
// name of one an earlier episode named in full: the ties told then end;
// a first name two people of the earlier episodes share ends none.
func TestExtractRetiredByFirstName(t *testing.T) {
	runConstructions(t, []construction{
		{name: "one person of that first name", source: "message",
			previous: []string{"Aud: I'm an analyst at Brennick Foods. My manager is Hallvard Rye, who has worked at Brennick Foods since 1998."},
			content:  "Aud: Hallvard retired at the end of April.",
			want:     []wf{{"WORKS_AT", "Hallvard Rye", "Brennick Foods", "", "2024-04-30"}}},
		{name: "two people of that first name", source: "message",
			previous: []string{"Aud: Hallvard Rye works at Brennick Foods and Hallvard Moe works at Tindra Software."},
			content:  "Aud: Hallvard retired at the end of April.",
			absent:   []wf{{"WORKS_AT", "*", "*", "", "2024-04-30"}}},
	})
}

// TestExtractCoordinatedPastAfterAdverb holds a past verb after "and" and
// an adverb, which the tagger took for an adjective: "came to England in
// 1961 and later taught chemistry at Marden Grammar School".
func TestExtractCoordinatedPastAfterAdverb(t *testing.T) {
	runConstructions(t, []construction{
		{name: "and later taught",
			content: "Sunniva came to England in 1961 and later taught chemistry at Marden Grammar School.",
			want:    []wf{{"WORKS_AT", "Sunniva", "Marden Grammar School", "", "ref"}}},
	})
}

// TestExtractPartedWays holds the idioms of leaving: "parted ways with",
// "parted company with", "cut ties with" an organisation end the tie of
// work there; with a person they say no job.
func TestExtractPartedWays(t *testing.T) {
	runConstructions(t, []construction{
		{name: "parted ways with a studio", source: "message",
			content: "Aud: Kasimir works at Frostvale Studios. He parted ways with Frostvale Studios in April.",
			want:    []wf{{"WORKS_AT", "Kasimir", "Frostvale Studios", "", "2024-04-01"}}},
		{name: "cut ties with a firm", source: "message",
			content: "Aud: Kasimir cut ties with Kelder Tools.",
			want:    []wf{{"WORKS_AT", "Kasimir", "Kelder Tools", "", "ref"}}},
		{name: "parted ways with a person", source: "message",
			content: "Aud: Kasimir parted ways with Linda Moe.",
			absent:  []wf{{"WORKS_AT", "*", "*", "", ""}}},
	})
}

// TestExtractOffToAfterMovingOut holds "off to" a place said with a move
// out: the one who moved out lives there from the move; alone it says
// nothing of where one lives.
func TestExtractOffToAfterMovingOut(t *testing.T) {
	runConstructions(t, []construction{
		{name: "moved out, off to a town", source: "message",
			content: "Ines: Halvard moved out yesterday, he's off to Tromsø with his girlfriend.",
			want:    []wf{{"LIVES_IN", "Halvard", "Tromsø", "2024-05-14", ""}}},
		{name: "off to a town alone", source: "message",
			content: "Ines: Halvard is off to Tromsø.",
			absent:  []wf{{"LIVES_IN", "*", "*", "", ""}}},
	})
}

// TestExtractLeavingAThingOrAnEvent: a room, a meeting or a plural noun
// the dictionary knows is no workplace left and no drug begun
// (reference time: 15 May 2024).
func TestExtractLeavingAThingOrAnEvent(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a room left", source: "text",
			content: "Councillor Ostrowska declared an interest and left the room.",
			absent:  []wf{{"WORKS_AT", "*", "*", "", ""}}},
		{name: "a building of business left may be a job", source: "text",
			content: "Ostrowska left the restaurant last year.",
			want:    []wf{{"WORKS_AT", "Ostrowska", "restaurant", "", "2023-01-01"}}},
		{name: "a plural noun begun is no drug", source: "text",
			content: "Brightwater Services will begin collections on 2 January.",
			absent:  []wf{{"TAKES_MEDICATION", "*", "*", "", ""}}},
		{name: "an unknown word in lower case taken is a drug", source: "message",
			content: "Oskar: I take fexomizide.",
			want:    []wf{{"TAKES_MEDICATION", "Oskar", "fexomizide", "ref", ""}}},
	})
}

// TestExtractLeavingUs: "us" left or joined where an organisation was just
// named is that organisation (reference time: 15 May 2024).
func TestExtractLeavingUs(t *testing.T) {
	runConstructions(t, []construction{
		{name: "leaving us", source: "message",
			content: "SPEAKER_01: Okay, let's start the Varde Lab meeting. News first: Dr. Oddny Lie is leaving us at the end of May to join Kelder Bio.",
			want: []wf{{"WORKS_AT", "Dr. Oddny Lie", "Varde Lab", "", "2024-05-31"},
				{"WORKS_AT", "Dr. Oddny Lie", "Kelder Bio", "2024-05-31", ""}}},
		{name: "no organisation named", source: "message",
			content: "Speaker 1: Tamsin is leaving us tomorrow.",
			absent:  []wf{{"WORKS_AT", "*", "*", "", ""}}},
	})
}

// TestExtractParticipleAfterDash holds a participle after a dash, said
// of the clause's subject as after a comma (reference time: 15 May 2024).
func TestExtractParticipleAfterDash(t *testing.T) {
	runConstructions(t, []construction{
		{name: "leaving one firm, going in-house at another after a dash", source: "message",
			content: "Ottilie: I'm leaving Harrow & Lisle at the end of the month — going in-house at Vantor Energy.",
			want: []wf{{"WORKS_AT", "Ottilie", "Harrow & Lisle", "", "2024-05-31"},
				{"WORKS_AT", "Ottilie", "Vantor Energy", "2024-05-31", ""}}},
	})
}

// TestExtractProfessionalRetires holds a doctor who works where the
// apposition says, retired by title and surname in a later episode
// (reference time: 15 May 2024).
func TestExtractProfessionalRetires(t *testing.T) {
	const told = "Ioana: My son Teo had his second MMR dose on Tuesday with Dr. Elena Popa, his paediatrician at the Sunflower Children's Clinic."
	runConstructions(t, []construction{
		{name: "a paediatrician at a clinic works there", source: "message",
			content: told,
			want:    []wf{{"WORKS_AT", "Dr. Elena Popa", "Sunflower Children's Clinic", "ref", ""}},
			absent:  []wf{{"WORKS_AT", "Teo", "*", "", ""}}},
		{name: "the doctor retired by title and surname", source: "message",
			previous: []string{told},
			content:  "Ioana: Dr. Popa retired in September, so Teo sees someone new.",
			want: []wf{{"WORKS_AT", "Dr. Elena Popa", "Sunflower Children's Clinic", "", "2023-09-01"},
				{"DOCTOR_OF", "Dr. Elena Popa", "Teo", "", "2023-09-01"}}},
	})
}

// TestStepDownKeepsTheAsidesPost: the end of a tie an aside told keeps
// the post it told ("Our secretary, …, will step down": she was its
// secretary, not only someone who left).
func TestStepDownKeepsTheAsidesPost(t *testing.T) {
	var resp abi.ExtractResponse
	roundTrip(t, abi.CapExtract, abi.ExtractRequest{Episode: abi.Episode{Source: "text", ReferenceTime: refTime,
		Content: "HARBOUR ROWERS — Newsletter. Our secretary, Ilse Vang, is moving abroad and will step down at the end of June."}}, &resp)
	for _, f := range resp.Facts {
		if f.Relation == "WORKS_AT" && f.Source == "Ilse Vang" && f.Target == "HARBOUR ROWERS" {
			if !strings.Contains(f.Fact, "secretary") || f.InvalidAt != "2024-06-30T00:00:00Z" {
				t.Errorf("fact %q ending %s, want the secretary's post ended on 30 June", f.Fact, f.InvalidAt)
			}
			return
		}
	}
	t.Errorf("no WORKS_AT HARBOUR ROWERS among %+v", resp.Facts)
}

// TestExtractClubByLastWord: a club an earlier episode named in full is
// named by its last word after (reference time: 15 May 2024).
func TestExtractClubByLastWord(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a coach of the club its last word names", source: "message",
			previous: []string{"Aroha: Did you see Kelderwick Wanderers signed Tomas Berg from Ashvale Town?"},
			content:  "Aroha: And Wanderers finally have a proper coach. Ines Moe coached them for six seasons, but she left in March; Pavel Rus is head coach now.",
			want: []wf{{"COACHES", "Ines Moe", "Kelderwick Wanderers", "", "2024-03-01"},
				{"COACHES", "Pavel Rus", "Kelderwick Wanderers", "ref", ""}}},
		{name: "a surname ending so is no club", source: "message",
			previous: []string{"Aroha: Kelderwick Wanderers have appointed Tomas Berends as head coach."},
			content:  "Aroha: Wanderers sacked Berends this morning.",
			want:     []wf{{"WORKS_AT", "Berends", "Kelderwick Wanderers", "", "2024-05-15"}},
			absent:   []wf{{"*", "Tomas Berends", "*", "", ""}}},
	})
}
