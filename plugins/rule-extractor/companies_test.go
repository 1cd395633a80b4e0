package main

import "testing"

// TestExtractCompanyNews: what news, releases and bulletins say of
// companies: a deal that is only in talks, the day a deal closed, where
// a company is based, the company a "we" speaks for, the company a title
// without "of" belongs to, and a short name for a company named in full
// before (reference time: 15 May 2024).
func TestExtractCompanyNews(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a deal in talks is no deal",
			content: "Merlin Aviation is in early talks to buy Skylark Airways.",
			absent:  []wf{{"ACQUIRED", "*", "*", "", ""}, {"OWNS", "*", "*", "", ""}}},
		{name: "a deal set to happen is no deal",
			content: "Merlin Aviation is set to buy Skylark Airways.",
			absent:  []wf{{"ACQUIRED", "*", "*", "", ""}, {"OWNS", "*", "*", "", ""}}},
		{name: "an infinitive after a noun of a plan is no deed",
			content: "Dunmore Rovers made a bid to sign Tariq Oduya.",
			absent:  []wf{{"PLAYS_FOR", "*", "*", "", ""}}},
		{name: "an infinitive of purpose after another noun is what was done",
			source:  "message",
			content: "Tomas: I gave up a career in basketball to become a paleontologist.",
			want:    []wf{{"HAS_JOB_TITLE", "Tomas", "paleontologist", "ref", ""}}},
		{name: "an infinitive after an adjective of feeling is what is so",
			content: "I'm proud to work at Rufus Tolley.",
			want:    []wf{{"WORKS_AT", "User", "Rufus Tolley", "ref", ""}}},
		{name: "the day a deal closed, said in the next sentence",
			content: "Tordal Group has completed its acquisition of Brekke Sensors. The transaction closed yesterday.",
			want:    []wf{{"ACQUIRED", "Tordal Group", "Brekke Sensors", "2024-05-14", ""}}},
		{name: "the day a deal was completed, in the passive",
			content: "Brekke Sensors has been acquired by Tordal Group. The deal was completed on 7 May.",
			want:    []wf{{"ACQUIRED", "Tordal Group", "Brekke Sensors", "2024-05-07", ""}}},
		{name: "a company's first word for the company, in the same text",
			content: "Talks between Merlin Aviation and Skylark Airways have collapsed. Skylark's chief executive, Amarachi Anyanwu, said nothing.",
			want:    []wf{{"HAS_CEO", "Skylark Airways", "Amarachi Anyanwu", "ref", ""}},
			absent:  []wf{{"HAS_CEO", "Skylark", "*", "", ""}}},
		{name: "an x-based appositive",
			content: "Skylark Airways has been bought by Holmvik Holdings, the Oslo-based investment group.",
			want:    []wf{{"BASED_IN", "Holmvik Holdings", "Oslo", "ref", ""}}},
		{name: "a city before the noun of an appositive",
			content: "Linwood Maritime, the Antwerp shipping broker, hired Graça Sequeira.",
			want:    []wf{{"BASED_IN", "Linwood Maritime", "Antwerp", "ref", ""}},
			absent:  []wf{{"HAS_JOB_TITLE", "Linwood Maritime", "*", "", ""}}},
		{name: "a word the tagger took for a modal inside an appositive",
			content: "Greenleaf Energy, the Aberdeen offshore wind developer, is represented by Marlowe & Quist LLP.",
			want:    []wf{{"REPRESENTS", "Marlowe & Quist LLP", "Greenleaf Energy", "ref", ""}, {"BASED_IN", "Greenleaf Energy", "Aberdeen", "ref", ""}},
			absent:  []wf{{"REPRESENTS", "*", "Aberdeen", "", ""}, {"*", "Aberdeen", "*", "", ""}}},
		{name: "headquartered in",
			content: "Holmvik Holdings is headquartered in Oslo.",
			want:    []wf{{"BASED_IN", "Holmvik Holdings", "Oslo", "ref", ""}}},
		{name: "a company's we moves its headquarters",
			content: "Ashburton Analytics, Q1 update to shareholders. Last quarter we moved our headquarters from Leeds to Sheffield.",
			want:    []wf{{"BASED_IN", "Ashburton Analytics", "Sheffield", "2024-01-01", ""}, {"BASED_IN", "Ashburton Analytics", "Leeds", "", "2024-01-01"}},
			absent:  []wf{{"*", "User", "*", "", ""}, {"PLAYS_FOR", "*", "*", "", ""}}},
		{name: "a title without of belongs to the company the text is about",
			content: "Larkwater Foods said that its chief financial officer, Kavya Pillai, will leave at the end of August to become CFO of Montravel Logistics. Euan McTaggart has been named interim chief financial officer.",
			want:    []wf{{"HAS_CFO", "Larkwater Foods", "Euan McTaggart", "ref", ""}},
			absent:  []wf{{"HAS_CFO", "Montravel Logistics", "Euan McTaggart", "", ""}}},
		{name: "an officer who leaves the company leaves the office",
			content: "Merlin Mills plc said that its chief financial officer, Dagny Holm, will leave the company at the end of August.",
			want:    []wf{{"HAS_CFO", "Merlin Mills plc", "Dagny Holm", "ref", "2024-08-31"}}},
		{name: "a time is no home",
			content: "I live on coffee in exam season.",
			absent:  []wf{{"LIVES_IN", "*", "*", "", ""}}},
		{name: "a record about the one its id and name fields name",
			source:  "json",
			content: `{"patient_id": "PT-40917", "patient_name": "Leila Nassar", "primary_care_doctor": "Dr. Alasdair Sorley", "vaccine": "Tdap", "administered_on": "2024-03-04"}`,
			want:    []wf{{"PRIMARY_CARE_DOCTOR", "Leila Nassar", "Dr. Alasdair Sorley", "2024-03-04", ""}, {"RECEIVED_VACCINE", "Leila Nassar", "Tdap", "2024-03-04", ""}}},
	})
}

// TestExtractLastDays: "last day" is the day a job ends, said with or
// after the notice (reference time: 15 May 2024).
func TestExtractLastDays(t *testing.T) {
	runConstructions(t, []construction{
		{name: "the last day after the notice, with a stance tacked on",
			content: "I handed in my notice at Merlin Ridge Capital on Friday, last day is the end of June, and honestly?? bliss.",
			want:    []wf{{"WORKS_AT", "User", "Merlin Ridge Capital", "", "2024-06-30"}}},
		{name: "a clause after a colon",
			content: "ok so long story short because it's late and I've had a glass of wine: I handed in my notice at Merlin Ridge Capital on Friday.",
			want:    []wf{{"WORKS_AT", "User", "Merlin Ridge Capital", "", "2024-05-10"}}},
		{name: "a last day at an organisation",
			content: "My last day at Merlin Ridge Capital is the end of April.",
			want:    []wf{{"WORKS_AT", "User", "Merlin Ridge Capital", "", "2025-04-30"}}},
		{name: "the last day of another at the job told before",
			content: "My sister Ana works at Rivermouth Mapping. Her last day is 30 June.",
			want:    []wf{{"WORKS_AT", "Ana", "Rivermouth Mapping", "ref", "2024-06-30"}}},
	})
}

// TestExtractOffices: offices of one holder at a time in a club, a school
// or a team (reference time: 15 May 2024).
func TestExtractOffices(t *testing.T) {
	runConstructions(t, []construction{
		{name: "elected treasurer of a club",
			content: "Eluned Powys was elected treasurer of the Penrhyndeu Chess Circle on Tuesday.",
			want:    []wf{{"HAS_TREASURER", "Penrhyndeu Chess Circle", "Eluned Powys", "2024-05-14", ""}}},
		{name: "the captain of a team",
			content: "Toyin Adeyemi, the captain of CB Arenales, scored twice.",
			want:    []wf{{"HAS_CAPTAIN", "CB Arenales", "Toyin Adeyemi", "ref", ""}}},
		{name: "the principal of a school",
			content: "Mrs. Deasy is the new principal of Glenbrae Primary School.",
			want:    []wf{{"HAS_PRINCIPAL", "Glenbrae Primary School", "Mrs. Deasy", "ref", ""}}},
		{name: "an executive director steps down and another is named past an aside",
			content: "Pachamanka Water Trust said that its founder, Inti Apaza, will step down as executive director on 30 June. The board has named Rosa Huamán, currently director of programmes, as executive director from 1 July.",
			want:    []wf{{"HAS_EXECUTIVE_DIRECTOR", "Pachamanka Water Trust", "Inti Apaza", "", "2024-06-30"}, {"HAS_EXECUTIVE_DIRECTOR", "Pachamanka Water Trust", "Rosa Huamán", "2024-07-01", ""}}},
		{name: "principal before a noun is no office",
			content: "Sven was promoted to principal designer.",
			absent:  []wf{{"HAS_PRINCIPAL", "*", "*", "", ""}}},
	})
}

// TestExtractParticiplesAndContinuations: a participle set off after a
// company's name is said of it, and the clause after the aside keeps the
// name as its subject; a participle in a title is a word of the title;
// a role that stays on holds now (reference time: 15 May 2024).
func TestExtractParticiplesAndContinuations(t *testing.T) {
	runConstructions(t, []construction{
		{name: "founded in an aside, bought in the clause",
			content: "Melbourne cider maker Orchard & Ash, founded in 2011 by Lorna Pendry, has been bought by Glenarm Beverages.",
			want:    []wf{{"FOUNDED", "Lorna Pendry", "Orchard & Ash", "2011-01-01", ""}, {"ACQUIRED", "Glenarm Beverages", "Orchard & Ash", "ref", ""}}},
		{name: "a participle in a title",
			content: "Linwood Maritime named Graça Sequeira chief operating officer.",
			want:    []wf{{"HAS_COO", "Linwood Maritime", "Graça Sequeira", "ref", ""}}},
		{name: "remains managing director",
			content: "Orchard & Ash has been bought by Glenarm Beverages. Lorna Pendry remains managing director.",
			want:    []wf{{"HAS_MANAGING_DIRECTOR", "Orchard & Ash", "Lorna Pendry", "ref", ""}}},
		{name: "will stay on as managing director",
			content: "Orchard & Ash has been bought by Glenarm Beverages. Lorna Pendry will stay on as managing director.",
			want:    []wf{{"HAS_MANAGING_DIRECTOR", "Orchard & Ash", "Lorna Pendry", "ref", ""}}},
	})
}

func TestExtractBoardMinutes(t *testing.T) {
	// Minutes and notices: the company a first line names holds the posts
	// its text gives, a resignation named by its noun ends a post, a
	// larger place between commas does not cut a move in two, and the
	// employer one joins from is left.
	runConstructions(t, []construction{
		{name: "a director named in a company's minutes is the company's",
			content: "Halden Marine Ltd — Minutes of the board meeting. Mr Tomas Ekberg was named a non-executive director.",
			want:    []wf{{"WORKS_AT", "Mr Tomas Ekberg", "Halden Marine Ltd", "ref", ""}}},
		{name: "the resignation of someone as a director ends the post",
			content: "The board noted the resignation of Ms Ilona Varga as a non-executive director with effect from 30 April 2024.",
			want:    []wf{{"HAS_JOB_TITLE", "Ms Ilona Varga", "director", "", "2024-04-30"}},
			absent:  []wf{{"HAS_JOB_TITLE", "resignation", "director", "", ""}, {"HAS_JOB_TITLE", "Ms Ilona Varga", "director", "ref", ""}}},
		{name: "a larger place between commas is an aside",
			content: "Halden Marine Ltd will move its head office from Harbour Park, Bergen, to Stavanger on 1 June 2024.",
			want:    []wf{{"BASED_IN", "Halden Marine Ltd", "Stavanger", "2024-06-01", ""}}},
		{name: "a date closing the opening phrase dates the clause, and taking over ends the office",
			content: "At the AGM on 2 April, Clement Thistlewood was elected chair of Marshend Birders, taking over from Edith Trevanion.",
			want:    []wf{{"HAS_CHAIR", "Marshend Birders", "Clement Thistlewood", "2024-04-02", ""}, {"HAS_CHAIR", "Marshend Birders", "Edith Trevanion", "", "2024-04-02"}}},
		{name: "a dateline is a place, and a company headquartered somewhere is based there",
			content: "BREMEN — Fenwright Shipping, the Bremen-headquartered container line, said on Tuesday that it will relocate its head office to Antwerp in July.",
			want:    []wf{{"BASED_IN", "Fenwright Shipping", "Antwerp", "2024-07-01", ""}},
			absent:  []wf{{"BASED_IN", "BREMEN", "Antwerp", "", ""}}},
		{name: "making partner is becoming one",
			content: "Georgina Vandermeer made partner at Pendry & Crane last year. Tomas made dinner for us.",
			want:    []wf{{"HAS_JOB_TITLE", "Georgina Vandermeer", "partner", "2023-01-01", ""}, {"WORKS_AT", "Georgina Vandermeer", "Pendry & Crane", "2023-01-01", ""}},
			absent:  []wf{{"HAS_JOB_TITLE", "Tomas", "dinner", "", ""}}},
		{name: "joining from another employer leaves it",
			content: "Nadia Osei joined Corvid Labs from Brightwell Partners in April.",
			want:    []wf{{"WORKS_AT", "Nadia Osei", "Corvid Labs", "2024-04-01", ""}, {"WORKS_AT", "Nadia Osei", "Brightwell Partners", "", "2024-04-01"}}},
		{name: "a retirement after years at an organisation named by its first word",
			content: "Glenbrae Primary School — Newsletter. Mr. Raymond Garvey retired in April after 31 years at Glenbrae.",
			want:    []wf{{"WORKS_AT", "Mr. Raymond Garvey", "Glenbrae Primary School", "1993-04-01", "2024-04-01"}}},
	})
}
