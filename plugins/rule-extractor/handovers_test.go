package main

import (
	"slices"
	"testing"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// TestExtractHandovers holds posts and homes that change hands in words
// other than the ones that began them: stepping aside from a club, a
// post taken over right after its organisation was named, a flatmate who
// moves out over the weekend, a job joined "since", a year's end.
func TestExtractHandovers(t *testing.T) {
	runConstructions(t, []construction{
		{name: "stepping aside from an organisation ends the tie",
			content: "Ilse Varga has stepped aside from the Shingle Terns to concentrate on her badges.",
			want:    []wf{{"WORKS_AT", "Ilse Varga", "Shingle Terns", "", "ref"}}},
		{name: "standing down from a company ends the tie",
			content: "Ilse Varga stood down from Kelder Tools in March.",
			want:    []wf{{"WORKS_AT", "Ilse Varga", "Kelder Tools", "", "2024-03-01"}}},
		{name: "stepping down from a ladder ends no job",
			content: "Ilse Varga stepped down from the ladder and took a bow.",
			absent:  []wf{{"WORKS_AT", "*", "*", "", ""}}},
		{name: "a post taken over right after its club was named",
			content: "Ilse Varga has stepped aside from the Shingle Terns. Tuomas Lehto, who assisted her all spring, takes over as head coach.",
			want:    []wf{{"COACHES", "Tuomas Lehto", "Shingle Terns", "ref", ""}}},
		{name: "a post in a text that names no organisation near it",
			content: "Ilse Varga visited the Shingle Terns in May. The weather was fine all week. Tuomas Lehto takes over as head coach.",
			absent:  []wf{{"COACHES", "Tuomas Lehto", "*", "", ""}}},
		{name: "a flatmate who moves out over the weekend", source: "message",
			previous: []string{"Borka: I share a flat with my flatmate Tuomas.", "Assistant: How do you split the bills?", "Borka: Down the middle."},
			content:  "Borka: Tuomas moved out over the weekend.",
			want:     []wf{{"ROOMMATE_OF", "Tuomas", "Borka", "", "2024-05-11"}, {"LIVES_WITH", "Borka", "Tuomas", "", "2024-05-11"}}},
		{name: "a landlady is a landlord", source: "message",
			content: "Borka: Rent goes to our landlady, Mrs Halme, on the first of the month.",
			want:    []wf{{"LANDLORD_OF", "Mrs Halme", "Borka", "ref", ""}}},
		{name: "a job joined since, after a relative clause",
			content: "Tuomas Lehto, whose thesis took the department prize, collected his degree and has since joined the Coastal Survey Trust as a field scientist.",
			want:    []wf{{"WORKS_AT", "Tuomas Lehto", "Coastal Survey Trust", "ref", ""}}},
		{name: "the choir an earlier episode named, left after an adverb", source: "message",
			previous: []string{"Borka: Tuomas has joined the Northfield Community Choir this term."},
			content:  "Borka: Ilse Varga sang her last concert with us in March and has now formally stepped down from the choir.",
			want:     []wf{{"MEMBER_OF", "Ilse Varga", "Northfield Community Choir", "", "ref"}}},
		{name: "a common noun that opens a notice is no name", source: "message",
			content: "Borka: Reminder that the rent goes to Mrs Halme by the 1st. She has been our landlady since 2023.",
			want:    []wf{{"LANDLORD_OF", "Mrs Halme", "Borka", "2023-01-01", ""}},
			absent:  []wf{{"LANDLORD_OF", "Reminder", "*", "", ""}}},
		{name: "she after a lone name of an earlier episode", source: "message",
			previous: []string{"Borka: Did Oriane ever sell her flat in Kelso?"},
			content:  "Tuomas: She did, in the end! She has been living in Perth since March.",
			want:     []wf{{"LIVES_IN", "Oriane", "Perth", "2024-03-01", ""}}},
		{name: "our officer is one of the speaker's employer", source: "message",
			previous: []string{"Borka: I started at Kelder Analytics in May."},
			content:  "Borka: Ilse Varga has been our CFO since 2020.",
			want:     []wf{{"HAS_CFO", "Kelder Analytics", "Ilse Varga", "2020-01-01", ""}},
			absent:   []wf{{"HAS_CFO", "Borka", "*", "", ""}}},
		{name: "my officer with no employer known is no tie to me", source: "message",
			content: "Borka: Ilse Varga is my CFO.",
			absent:  []wf{{"HAS_CFO", "Borka", "*", "", ""}}},
		{name: "a name before a plan is no person a later word stands for", source: "message",
			previous: []string{"Borka: I've been on the Kelder Family plan since 2021, it's me and my wife on it."},
			content:  "Borka: I canceled my Kelder subscription yesterday.",
			absent:   []wf{{"*", "*", "Kelder Family", "", ""}}},
		{name: "a lone name after a preposition is no one a later she means", source: "message",
			previous: []string{"Borka: My sister Oriane works as a midwife at Linnea in Perth."},
			content:  "Borka: She lives in Kelso with her husband Tuomas.",
			want:     []wf{{"LIVES_IN", "Oriane", "Kelso", "ref", ""}},
			absent:   []wf{{"LIVES_IN", "Linnea", "*", "", ""}}},
		{name: "the contracts of players a club extended are theirs", source: "message",
			content: "Borka: FC Narvik have extended the contracts of Ilse Varga and Tuomas Lehto.",
			want:    []wf{{"WORKS_AT", "Ilse Varga", "FC Narvik", "ref", ""}, {"WORKS_AT", "Tuomas Lehto", "FC Narvik", "ref", ""}},
			absent:  []wf{{"WORKS_AT", "FC Narvik", "*", "", ""}}},
		{name: "a membership a club cancelled ends it", source: "message",
			content: "Borka: The Kelso Rowing Club cancelled the membership of Ilse Varga in March.",
			want:    []wf{{"MEMBER_OF", "Ilse Varga", "Kelso Rowing Club", "", "2024-03-01"}}},
		{name: "a since-clause with a date starts the clause before it", source: "message",
			content: "Borka: Tuomas Lehto has been our landlord since we moved into Flat 7 in 2023.",
			want:    []wf{{"LANDLORD_OF", "Tuomas Lehto", "Borka", "2023-01-01", ""}}},
		{name: "general counsel and company secretary are offices of a company",
			content: "Kelder Analytics today announced the appointment of Ilse Varga as General Counsel, effective 1 June 2024. Ms Varga will also act as company secretary.",
			want:    []wf{{"HAS_GENERAL_COUNSEL", "Kelder Analytics", "Ilse Varga", "2024-06-01", ""}, {"HAS_COMPANY_SECRETARY", "Kelder Analytics", "Ilse Varga", "ref", ""}}},
		{name: "its job before a name is a job at the organisation named before",
			content: "Kelder Analytics Ltd has a new office. Its lawyer, Ilse Varga, is visiting on Thursday.",
			want:    []wf{{"WORKS_AT", "Ilse Varga", "Kelder Analytics Ltd", "ref", ""}}},
		{name: "their job of two words before a name",
			content: "Please ring Millbrook Grain Co. if a delivery is short: their account manager, Tuomas Lehto, will sort it.",
			want:    []wf{{"WORKS_AT", "Tuomas Lehto", "Millbrook Grain Co.", "ref", ""}, {"HAS_JOB_TITLE", "Tuomas Lehto", "account manager", "ref", ""}}},
		{name: "their job after people is no job at an organisation",
			content: "I met Ana and Bo. Their lawyer, Ilse Varga, is visiting on Thursday.",
			absent:  []wf{{"WORKS_AT", "Ilse Varga", "*", "", ""}}},
		{name: "the end of last year ends a year",
			content: "Ilse Varga left Kelder Tools at the end of last year.",
			want:    []wf{{"WORKS_AT", "Ilse Varga", "Kelder Tools", "", "2023-12-31"}}},
	})
}

// TestFirstNameAfterRecord: a first name said alone is the full name a
// record of an earlier episode gave ({"manager": "Tuomas Lehto"}).
func TestFirstNameAfterRecord(t *testing.T) {
	req := abi.ExtractRequest{GroupID: "g",
		Previous: []abi.Episode{{Source: "json", ReferenceTime: "2024-05-14T09:00:00Z",
			Content: `{"employee_id": "E-1182", "name": "Ilse Varga", "employer": "Kelder Tools", "manager": "Tuomas Lehto"}`}},
		Episode: abi.Episode{Source: "text", ReferenceTime: refTime,
			Content: "Ilse Varga takes over the desk from Tuomas, who retires this week."}}
	var resp abi.ExtractResponse
	roundTrip(t, abi.CapExtract, req, &resp)
	var names []string
	for _, e := range resp.Entities {
		names = append(names, e.Name)
	}
	if !slices.Contains(names, "Tuomas Lehto") || slices.Contains(names, "Tuomas") {
		t.Errorf("entities = %q, want Tuomas Lehto and no Tuomas alone", names)
	}
}

// TestPatronymicParticle: "Ó" between a given name and a surname keeps
// the name a person's.
func TestPatronymicParticle(t *testing.T) {
	req := abi.ExtractRequest{GroupID: "g", Episode: abi.Episode{Source: "text", ReferenceTime: refTime,
		Content: "Good news for the gig calendar: Tadhg Ó Murchú has said yes to playing keys with the band."}}
	if typ, ok := entityType(t, req, "Tadhg Ó Murchú"); typ != "Person" {
		t.Errorf("Tadhg Ó Murchú is a %q (found %v), want a Person", typ, ok)
	}
}

// TestExtractPostings holds a move within or between employers told in
// the passive or by an office: transferred, seconded or posted to a
// company, to "the Leeds office of" one; a player transferred to a club
// still plays for it.
func TestExtractPostings(t *testing.T) {
	runConstructions(t, []construction{
		{name: "seconded to an office of a company, from a date",
			content: "Mei-Ling Tan will be seconded to the Abu Dhabi office of Fenwright Prentice Engineering for six months from 3 February 2025.",
			want:    []wf{{"WORKS_AT", "Mei-Ling Tan", "Fenwright Prentice Engineering", "2025-02-03", ""}}},
		{name: "transferred to a company is no club's player",
			content: "Mei-Ling Tan was transferred to Fenwright Prentice Engineering in March.",
			want:    []wf{{"WORKS_AT", "Mei-Ling Tan", "Fenwright Prentice Engineering", "2024-03-01", ""}},
			absent:  []wf{{"PLAYS_FOR", "*", "*", "", ""}}},
		{name: "transferred to a club",
			content: "Ravi Anand was transferred to Dorrow United in March.",
			want:    []wf{{"PLAYS_FOR", "Ravi Anand", "Dorrow United", "2024-03-01", ""}}},
		{name: "one moved by someone else is the one who moves", source: "message",
			content: "Ross: I moved my mum Tove to Leeds in May.",
			want:    []wf{{"LIVES_IN", "Tove", "Leeds", "2024-05-01", ""}},
			absent:  []wf{{"LIVES_IN", "Ross", "Leeds", "", ""}}},
		{name: "moving the family moves the subject too", source: "message",
			content: "Ross: We moved the kids to Leeds in May.",
			want:    []wf{{"LIVES_IN", "Ross", "Leeds", "2024-05-01", ""}}},
		{name: "joined an office of a company",
			content: "Mei-Ling Tan joined the Leeds office of Fenwright Prentice Engineering in March.",
			want:    []wf{{"WORKS_AT", "Mei-Ling Tan", "Fenwright Prentice Engineering", "2024-03-01", ""}}},
	})
}
