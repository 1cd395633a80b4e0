package main

import "testing"

// TestExtractSentenceShapes holds readings of the sentence rather than
// of a relation: the subject a pronoun continues, a verb the tagger took
// for a noun, the number of a coordinated subject.
func TestExtractSentenceShapes(t *testing.T) {
	runConstructions(t, []construction{
		{name: "she after a semicolon is the subject before it",
			content: "Mette Lund no longer reports to Oskar Brevik; she now reports to Aivar Tamm.",
			want:    []wf{{"REPORTS_TO", "Mette Lund", "Oskar Brevik", "", "ref"}, {"REPORTS_TO", "Mette Lund", "Aivar Tamm", "ref", ""}},
			absent:  []wf{{"REPORTS_TO", "Oskar Brevik", "Aivar Tamm", "", ""}}},
		{name: "she after and is the subject before it",
			content: "Mette met Oskar in Tartu and she married him in 2020.",
			want:    []wf{{"MARRIED_TO", "Mette", "Oskar", "2020-01-01", ""}}},
		{name: "a pronoun object is no subject",
			content: "Oskar Brevik hired Mette Lund because he liked her work.",
			absent:  []wf{{"LIKES", "Mette Lund", "work", "", ""}}},
		{name: "no longer before a verb the tagger took for a noun",
			content: "Mette Lund no longer reports to Oskar Brevik.",
			want:    []wf{{"REPORTS_TO", "Mette Lund", "Oskar Brevik", "", "ref"}}},
		{name: "a name and a relative of another name are plural",
			content: "Aivar and his sister Mette work for Harlow Tiles.",
			want:    []wf{{"WORKS_AT", "Aivar", "Harlow Tiles", "ref", ""}, {"WORKS_AT", "Mette", "Harlow Tiles", "ref", ""}}},
		{name: "an age reached",
			content: "Mette Lund turned 70 last week.",
			want:    []wf{{"HAS_AGE", "Mette Lund", "70", "2024-05-08", ""}}},
		{name: "a number of things turned is no age",
			content: "Mette Lund turned 3 pages.",
			absent:  []wf{{"HAS_AGE", "Mette Lund", "*", "", ""}}},
		{name: "early, mid and late parts of a year", source: "message",
			content: "Ines: I moved to Narva in early 2019. I moved to Tartu in mid-2020. I moved to Riga in late 2021.",
			// One home at a time: each move ends the home before it.
			want: []wf{{"LIVES_IN", "Ines", "Narva", "2019-01-01", "2020-07-01"}, {"LIVES_IN", "Ines", "Tartu", "2020-07-01", "2021-10-01"}, {"LIVES_IN", "Ines", "Riga", "2021-10-01", ""}}},
		{name: "a quantifier after a subject joined to I", source: "message",
			content: "Ines: Rahel and I both live in Dunmoor.",
			want:    []wf{{"LIVES_IN", "Rahel", "Dunmoor", "ref", ""}, {"LIVES_IN", "Ines", "Dunmoor", "ref", ""}}},
		{name: "late in a month", source: "message",
			content: "Ines: I moved to Narva in late April.",
			want:    []wf{{"LIVES_IN", "Ines", "Narva", "2024-04-21", ""}}},
		{name: "last summer said in the summer is the one before", source: "message",
			content: "Ines: I moved to Narva last summer.",
			want:    []wf{{"LIVES_IN", "Ines", "Narva", "2023-06-01", ""}}},
		{name: "late as an adjective is no date",
			content: "Mette Lund was late for work in April.",
			absent:  []wf{{"WORKS_AT", "Mette Lund", "*", "", ""}}},
	})
}

func TestExtractNamingAndAttachment(t *testing.T) {
	runConstructions(t, []construction{
		{name: "is called before a name is the copula", source: "message",
			content: "Ilse: My sister is called Ana. My brother Pieter remarried; his new wife is named Anouk.",
			want:    []wf{{"SISTER_OF", "Ana", "Ilse", "ref", ""}, {"MARRIED_TO", "Anouk", "Pieter", "ref", ""}}},
		{name: "a name given by someone is no tie", source: "message",
			content: "Ilse: My sister was called Lizzy by her brothers.",
			absent:  []wf{{"SISTER_OF", "Lizzy", "Ilse", "", ""}}},
		{name: "an of after another slot belongs to its noun", source: "message",
			content: "Olu: Chidi reports to the VP of engineering.",
			absent:  []wf{{"REPORTS_OF", "Chidi", "*", "", ""}}},
		{name: "the bank is no company named after it", source: "message",
			content: "Marco: I quit my job at the bank in April and started my own brewery, Crumb & Co.",
			want:    []wf{{"FOUNDED", "Marco", "Crumb & Co", "", ""}},
			absent:  []wf{{"WORKS_AT", "Marco", "*", "", ""}}},
		{name: "a job quit ends the work the episodes told", source: "message",
			previous: []string{"Marco: I work at Helix Bank."},
			content:  "Marco: I quit my job in April.",
			want:     []wf{{"WORKS_AT", "Marco", "Helix Bank", "", "2024-04-01"}},
			absent:   []wf{{"WORKS_AT", "Marco", "job", "", ""}}},
		{name: "a team moved from is no home", source: "message",
			content: "Olu: I moved from the payments team to the fraud team last week.",
			want:    []wf{{"PLAYS_FOR", "Olu", "fraud team", "2024-05-08", ""}},
			absent:  []wf{{"LIVES_IN", "Olu", "*", "", ""}}},
		{name: "a lease signed for a house is no club", source: "message",
			content: "Rahul: We signed a lease for a house in Brookline.",
			absent:  []wf{{"PLAYS_FOR", "Rahul", "*", "", ""}}},
	})
}

func TestExtractTextShapes(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a drug the tagger took for an adverb", source: "text",
			content: "The patient, Mr. Hollis, was prescribed atorvastatin after his heart attack.",
			want:    []wf{{"TAKES_MEDICATION", "Mr. Hollis", "atorvastatin", "ref", ""}}},
		{name: "an adverb the dictionary lacks but WordNet has stays one", source: "message",
			content: "Ikaika: My wife Leilani teaches at Punahou School. She's been there since 2015.",
			want:    []wf{{"WORKS_AT", "Leilani", "Punahou School", "2015-01-01", ""}}},
		{name: "a gerund after a possessive is a noun's modifier", source: "message",
			content: "Support: Your booking reference is QX7P2.",
			absent:  []wf{{"BOOKED", "*", "*", "", ""}}},
		{name: "a name after a relative clause's object is the relative's head", source: "message",
			content: "Lars: The guy who manages our team, Henrik, is leaving for Telenor in June.",
			want:    []wf{{"WORKS_AT", "Henrik", "Telenor", "2024-06-01", ""}},
			absent:  []wf{{"*", "*", "Henrik", "", ""}}},
		{name: "the adjective of a people before a noun is no name", source: "text",
			content: "Nordform was bought by Danish furniture maker Lindqvist in 2022.",
			want:    []wf{{"ACQUIRED", "Lindqvist", "Nordform", "2022-01-01", ""}},
			absent:  []wf{{"ACQUIRED", "Danish", "*", "", ""}}},
		{name: "a hyphened compound of peoples' adjectives is no name", source: "message",
			content: "Lars: We need an Italian-American guy. He's an actor, born in Queens.",
			absent:  []wf{{"*", "Italian-American", "*", "", ""}}},
		{name: "a number counting the holders is no part of the title", source: "message",
			content: "Lars: We're the two nurses at Kelder Clinic.",
			want:    []wf{{"HAS_JOB_TITLE", "Lars", "nurse", "ref", ""}},
			absent:  []wf{{"HAS_JOB_TITLE", "*", "two nurse", "", ""}}},
		{name: "a club trading a player owns no player", source: "text",
			content: "The Tigers traded striker Kofi Mensah to the Lions.",
			absent:  []wf{{"OWNS", "*", "Kofi Mensah", "", ""}}},
		{name: "a business of one's own started is founded", source: "message",
			content: "Marco: Last year I started my own brewery, Crumb & Co.",
			want:    []wf{{"FOUNDED", "Marco", "Crumb & Co", "2023-01-01", ""}}},
		{name: "a school year started is no company", source: "message",
			content: "Beatriz: Lucas started Year 7 at Fernhill Academy this month.",
			absent:  []wf{{"FOUNDED", "Lucas", "*", "", ""}}},
	})
}

func TestExtractDatesAndStays(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a year with an apostrophe", source: "message",
			content: "Ana: I moved to Oslo back in '09. Bo moved to Bergen in '98.",
			want:    []wf{{"LIVES_IN", "Ana", "Oslo", "2009-01-01", ""}, {"LIVES_IN", "Bo", "Bergen", "1998-01-01", ""}}},
		{name: "the year before last", source: "message",
			content: "Ana: I moved to Cork the year before last.",
			want:    []wf{{"LIVES_IN", "Ana", "Cork", "2022-01-01", ""}}},
		{name: "at a firm until a date is work", source: "message",
			content: "Ana: I was at Deloitte until 2020.",
			want:    []wf{{"WORKS_AT", "Ana", "Deloitte", "", "2020-01-01"}}},
		{name: "at a firm from one year to another", source: "message",
			content: "Ana: I was at Kestrel Bank from 2015 to 2019.",
			want:    []wf{{"WORKS_AT", "Ana", "Kestrel Bank", "2015-01-01", "2019-01-01"}}},
		{name: "a few days somewhere is a visit", source: "message",
			content: "Ana: I was at Larkfield for three days.",
			absent:  []wf{{"WORKS_AT", "Ana", "*", "", ""}}},
	})
}

func TestExtractServiceTitles(t *testing.T) {
	runConstructions(t, []construction{
		{name: "training with a coach named by title", source: "message",
			content: "Ravi: Since April, Priya has been training with coach Lars Ek.",
			want:    []wf{{"COACHES", "Lars Ek", "Priya", "2024-04-01", ""}}},
		{name: "a lawyer hired begins the tie", source: "message",
			content: "Ravi: We hired lawyer Tom Berg in May.",
			want:    []wf{{"LAWYER_OF", "Tom Berg", "Ravi", "2024-05-01", ""}}},
		{name: "working with a lawyer is no colleague", source: "message",
			content: "Ravi: Priya works with attorney Tom Berg.",
			want:    []wf{{"LAWYER_OF", "Tom Berg", "Priya", "ref", ""}},
			absent:  []wf{{"COLLEAGUE_OF", "*", "*", "", ""}}},
		{name: "a therapist seen", source: "message",
			content: "Ravi: Priya sees therapist Anna Holm every week.",
			want:    []wf{{"THERAPIST_OF", "Anna Holm", "Priya", "ref", ""}}},
		{name: "the place trained at stays beside the coach", source: "message",
			content: "Ravi: Priya has been training with coach Lars Ek at the Fjell Tennis Club.",
			want:    []wf{{"COACHES", "Lars Ek", "Priya", "ref", ""}, {"TRAINS_AT", "Priya", "Fjell Tennis Club", "ref", ""}}},
		{name: "switching coaches ends the one told and gives the title to the next", source: "message",
			previous: []string{"Ravi: Priya trains with coach Lars Ek."},
			content:  "Ravi: Priya switched coaches last month, she's training with Mona Berg now.",
			want:     []wf{{"COACHES", "Lars Ek", "Priya", "", "2024-04-01"}, {"COACHES", "Mona Berg", "Priya", "ref", ""}},
			absent:   []wf{{"COLLEAGUE_OF", "*", "*", "", ""}}},
		{name: "a coach met is no coach of hers", source: "message",
			content: "Ravi: Priya met coach Lars Ek at the gym.",
			absent:  []wf{{"COACHES", "*", "*", "", ""}}},
	})
}

func TestExtractTitleFields(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a field after a title is no employer", source: "message",
			content: "Noor: Bea is head of data at Quarry Analytics.",
			want:    []wf{{"HAS_JOB_TITLE", "Bea", "head of data", "ref", ""}, {"WORKS_AT", "Bea", "Quarry Analytics", "ref", ""}},
			absent:  []wf{{"WORKS_AT", "Bea", "data", "", ""}}},
		{name: "a field of two words, no employer named", source: "message",
			content: "Noor: Bea became director of customer experience.",
			want:    []wf{{"HAS_JOB_TITLE", "Bea", "director of customer experience", "ref", ""}},
			absent:  []wf{{"WORKS_AT", "Bea", "*", "", ""}}},
		{name: "a field after a role joined", source: "message",
			content: "Noor: Bea joined Quarry Analytics as head of research.",
			want:    []wf{{"WORKS_AT", "Bea", "Quarry Analytics", "ref", ""}, {"HAS_JOB_TITLE", "Bea", "head of research", "ref", ""}},
			absent:  []wf{{"WORKS_AT", "Bea", "research", "", ""}}},
		{name: "a determiner makes the place of work", source: "message",
			content: "Noor: Bea is head of the lab.",
			want:    []wf{{"WORKS_AT", "Bea", "lab", "ref", ""}}},
	})
}

func TestExtractGerundObjects(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a field studied at a school", source: "message",
			content: "Lena: Maja is studying nursing at Lund University.",
			want:    []wf{{"STUDIES_AT", "Maja", "Lund University", "ref", ""}}},
		{name: "a skill taught at a place of work", source: "message",
			content: "Lena: Maja was teaching swimming at Eastside Pool.",
			want:    []wf{{"WORKS_AT", "Maja", "Eastside Pool", "", "ref"}},
			absent:  []wf{{"SWIMS_AT", "*", "*", "", ""}}},
		{name: "a gerund after a verb of liking stays a verb", source: "message",
			content: "Lena: Maja likes living with Ebba.",
			want:    []wf{{"LIVES_WITH", "Maja", "Ebba", "ref", ""}}},
		{name: "a gerund after a verb of aspect stays a verb", source: "message",
			content: "Lena: Maja stopped taking metformin.",
			want:    []wf{{"TAKES_MEDICATION", "Maja", "metformin", "", "ref"}}},
	})
}

// TestExtractLeadInBeforeAColon: a lead-in with a word of its own before
// a colon ("Update nobody asked for:") is no part of the clause after it.
func TestExtractLeadInBeforeAColon(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a lead-in with an indefinite pronoun", source: "message",
			previous: []string{"Sunniva: Confession: I've been seeing someone. His name's Eirik Lunde."},
			content:  "Sunniva: Update nobody asked for: Eirik and I split up over the summer.",
			want:     []wf{{"IS_DATING", "Sunniva", "Eirik Lunde", "", "2023-06-01"}}},
	})
}
