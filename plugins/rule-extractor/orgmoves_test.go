package main

import "testing"

// TestExtractOrganisationMoves holds where organisations and gatherings
// are, and the news-report shapes around them: a move announced with the
// seat it leaves, a move named by its noun, an office before a name at a
// sentence's start, an adverb set off at a sentence's start, and a plural
// noun the tagger took for a verb.
func TestExtractOrganisationMoves(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a move announced in the episode that names the seat it leaves",
			content: "Halden Freight, the Tromsø-based haulier, said on Tuesday that it will move its head office to Bodø in August.",
			want:    []wf{{"BASED_IN", "Halden Freight", "Tromsø", "ref", "2024-08-01"}, {"BASED_IN", "Halden Freight", "Bodø", "2024-08-01", ""}}},
		{name: "a move named by its noun after a light verb, with the seat that moved",
			content: "Halden Freight has completed the move of its head office to Bodø.",
			want:    []wf{{"BASED_IN", "Halden Freight", "Bodø", "ref", ""}},
			absent:  []wf{{"COMPLETES_TO", "Halden Freight", "Bodø", "", ""}}},
		{name: "a relocation named by its noun after its possessor",
			content: "Halden Freight completed its relocation to Bodø in March.",
			want:    []wf{{"BASED_IN", "Halden Freight", "Bodø", "2024-03-01", ""}}},
		{name: "an organisation that moves changes its seat, not its home",
			content: "Halden Freight moved to Bodø in March.",
			want:    []wf{{"BASED_IN", "Halden Freight", "Bodø", "2024-03-01", ""}},
			absent:  []wf{{"LIVES_IN", "Halden Freight", "Bodø", "", ""}}},
		{name: "an office of two words before a name opens the sentence",
			content: "Halden Freight said it will open a depot in Narvik. Chief executive Sigrun Aas said forty drivers would be hired.",
			want:    []wf{{"HAS_CEO", "Halden Freight", "Sigrun Aas", "ref", ""}},
			absent:  []wf{{"WORKS_AT", "Sigrun Aas", "Chief", "", ""}}},
		{name: "an adverb set off at the start is no name, and the firm is the one named before",
			content: "Halden Freight opened a depot in Narvik. Separately, the firm has sold the vessel Nordlys to Kvitfjell Shipping.",
			want:    []wf{{"OWNS", "Halden Freight", "Nordlys", "", "ref"}},
			absent:  []wf{{"OWNS", "Separately", "Nordlys", "", ""}}},
		{name: "a gathering that is moving is held at its new venue from now; works before a plural verb are a noun",
			content: "Renovation works at Sandvik Hall have over-run, so the Fjordlys Festival is moving to Bryggen Hall.",
			want:    []wf{{"HELD_AT", "Fjordlys Festival", "Bryggen Hall", "ref", ""}},
			absent:  []wf{{"WORKS_AT", "Renovation", "Sandvik Hall", "", ""}}},
		{name: "a gathering called by its noun after its name with the year",
			previous: []string{"The Fjordlys Festival 2024 will take place at Sandvik Hall."},
			content:  "The festival is moving to Bryggen Hall.",
			want:     []wf{{"HELD_AT", "Fjordlys Festival 2024", "Bryggen Hall", "ref", ""}}},
	})
	checkEntityNames(t, "text", "Halden Freight opened a depot in Narvik. Separately, the firm has sold the vessel Nordlys to Kvitfjell Shipping.",
		[]string{"Halden Freight", "Nordlys"}, []string{"Separately"})
}

// TestExtractScheduled holds plans fixed by a decision or a schedule: told
// with a date they are what is to come, as "will" says it; without one
// they are plans.
func TestExtractScheduled(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a decision to step down at a date ends the post then",
			content: "Sigrun Aas has decided to step down as head of logistics at the end of this month to take a sabbatical.",
			want:    []wf{{"HAS_JOB_TITLE", "Sigrun Aas", "head of logistics", "", "2024-05-31"}}},
		{name: "set to join in a month",
			content: "Ola Dahl is set to join Halden Freight in June.",
			want:    []wf{{"WORKS_AT", "Ola Dahl", "Halden Freight", "2024-06-01", ""}}},
		{name: "a decision with no date is a plan",
			content: "Ola Dahl has decided to join Halden Freight.",
			absent:  []wf{{"WORKS_AT", "Ola Dahl", "Halden Freight", "", ""}}},
		{name: "an agreement to buy is no purchase",
			content: "Halden Freight has agreed to buy Kvitfjell Shipping in June.",
			absent:  []wf{{"ACQUIRED", "Halden Freight", "Kvitfjell Shipping", "", ""}}},
	})
}

// TestExtractOrganisationParts holds an organisation said to be part of
// another, which no job of a person is.
func TestExtractOrganisationParts(t *testing.T) {
	runConstructions(t, []construction{
		{name: "part of another organisation", source: "message",
			content: "Oddny: The deal closed yesterday, so Tesselwerk is part of Brandt Holdings now.",
			want:    []wf{{"PART_OF", "Tesselwerk", "Brandt Holdings", "ref", ""}}},
		{name: "became a subsidiary, dated",
			content: "Tessel Audio became a subsidiary of Brandt Holdings in 2019.",
			want:    []wf{{"SUBSIDIARY_OF", "Tessel Audio", "Brandt Holdings", "2019-01-01", ""}},
			absent:  []wf{{"WORKS_AT", "Tessel Audio", "Brandt Holdings", "", ""}, {"HAS_JOB_TITLE", "Tessel Audio", "subsidiary", "", ""}}},
		{name: "a person part of a team is no part of an organisation", source: "message",
			content: "Oddny: Tove is part of the Brandt Holdings team.",
			absent:  []wf{{"PART_OF", "Tove", "Brandt Holdings", "", ""}}},
	})
}

// TestExtractMinutes holds the minutes of a club's meeting: posts in
// brackets after the names present are posts at the club the heading
// names, and a departure from the club ends them.
func TestExtractMinutes(t *testing.T) {
	runConstructions(t, []construction{
		{name: "posts in brackets at the club of a heading set off by a dash, ended by leaving the club",
			content: "HALDEN ROWING CLUB — Minutes of the committee meeting held on 14 May 2024 at the clubhouse.\nPresent: H. Lunde (head coach), P. Aas (secretary).\n1. Coaching. Hedda Lunde informed the committee that she will leave the club at the end of June.",
			want: []wf{{"COACHES", "Hedda Lunde", "HALDEN ROWING CLUB", "ref", "2024-06-30"}, {"WORKS_AT", "P. Aas", "HALDEN ROWING CLUB", "ref", ""},
				{"WORKS_AT", "Hedda Lunde", "HALDEN ROWING CLUB", "", "2024-06-30"}},
			absent: []wf{{"INFORMS", "Hedda Lunde", "committee", "", ""}}},
	})
}

// TestExtractTeamPronoun holds "them" for a team the sentence before was
// about.
func TestExtractTeamPronoun(t *testing.T) {
	runConstructions(t, []construction{
		{name: "them after a sentence whose subject is a team", source: "message",
			content: "Aroha: Harbour Rovers have a new coach. Siri Dahl coached them for six seasons.",
			want:    []wf{{"COACHES", "Siri Dahl", "Harbour Rovers", "", "ref"}}},
	})
}

// TestExtractTodayAndNow holds a state dated "from today" beside one
// dated only by being told on the same day: neither ends the other.
func TestExtractTodayAndNow(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a plan moved to from today stays open beside the plan told now",
			content: "Speaker 1: Thanks for calling Lumen Broadband, how can I help?\nSpeaker 2: Hi, I'm Oddny Berg. I'm on the Basic plan and I'd like to move to Fibre 500.\nSpeaker 1: No problem. I've moved you to Fibre 500 from today.",
			want:    []wf{{"ON_PLAN", "Oddny Berg", "Fibre 500", "2024-05-15", ""}}},
	})
}
