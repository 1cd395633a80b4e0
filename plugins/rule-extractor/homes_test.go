package main

import "testing"

// TestExtractHomes: a care home named by its appositive is a home, not a
// club, and "'d" before a participle is the "had" of the past perfect
// (reference time: 15 May 2024).
func TestExtractHomes(t *testing.T) {
	runConstructions(t, []construction{
		{name: "moving into a care home",
			content: "Shirin moved into Amber Birches, a care home in Cupertino.",
			want:    []wf{{"LIVES_IN", "Shirin", "Amber Birches", "ref", ""}},
			absent:  []wf{{"PLAYS_FOR", "*", "*", "", ""}}},
		{name: "'d before a participle is had",
			content: "Shirin moved to Cupertino. She'd lived in San Jose.",
			want:    []wf{{"LIVES_IN", "Shirin", "San Jose", "", "ref"}}},
		{name: "'d before a base form is would",
			content: "I'd love to live in Paris.",
			absent:  []wf{{"LIVES_IN", "*", "*", "", ""}}},
	})
}

// TestExtractClinicNotes: a dose with its frequency after a drug, a drug
// stopped in the passive for the one a note is about, and a later note
// that names its patient by two of three names (reference time: 15 May
// 2024).
func TestExtractClinicNotes(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a dose and its frequency after the drug",
			content: "Mr. Huarachi has been on lisinopril 10 mg daily since 2019.",
			want:    []wf{{"TAKES_MEDICATION", "Mr. Huarachi", "lisinopril", "2019-01-01", ""}}},
		{name: "a drug stopped in the passive, for the patient of an earlier note",
			previous: []string{"Clinic note. Patient: Raúl Huarachi Ccori, 58. Reason: hypertension review."},
			content:  "Clinic note. Raúl Huarachi seen by Dr. Kamau. Dry cough now persistent, so lisinopril was stopped today.",
			want:     []wf{{"TAKES_MEDICATION", "Raúl Huarachi Ccori", "lisinopril", "", "2024-05-15"}}},
		{name: "a drug stopped by someone named is theirs to tell",
			content: "Lisinopril was stopped by Dr. Kamau today.",
			absent:  []wf{{"TAKES_MEDICATION", "User", "*", "", ""}}},
	})
}

// TestExtractPersonRecords: a record with an id of a person's key is
// about a person, and a date of an ending ends the record's ties
// (reference time: 15 May 2024).
func TestExtractPersonRecords(t *testing.T) {
	runConstructions(t, []construction{
		{name: "an employee record by id and name",
			source:  "json",
			content: `{"employee_id": "HR-4418", "name": "Thandeka Khumalo", "company": "Isibindi Mutual", "manager": "Rhodri Vaughan", "start_date": "2019-03-04"}`,
			want:    []wf{{"WORKS_AT", "Thandeka Khumalo", "Isibindi Mutual", "2019-03-04", ""}, {"REPORTS_TO", "Thandeka Khumalo", "Rhodri Vaughan", "2019-03-04", ""}}},
		{name: "a termination date ends the job",
			source:  "json",
			content: `{"employee_id": "HR-4418", "name": "Thandeka Khumalo", "company": "Isibindi Mutual", "termination_date": "2025-01-31"}`,
			want:    []wf{{"WORKS_AT", "Thandeka Khumalo", "Isibindi Mutual", "", "2025-01-31"}}},
	})
}

// TestExtractJoinedAsRole: joining a school with a role after "as" is a
// job there; joining it with none says no more than joining (reference
// time: 15 May 2024).
func TestExtractJoinedAsRole(t *testing.T) {
	runConstructions(t, []construction{
		{name: "joined a university as a professor",
			content: "Dr. Anirudh Kurup has joined the University of Otago as professor of marine science.",
			want:    []wf{{"WORKS_AT", "Dr. Anirudh Kurup", "University of Otago", "ref", ""}}},
		{name: "joined a university",
			content: "Anirudh joined the University of Otago.",
			absent:  []wf{{"WORKS_AT", "*", "*", "", ""}}},
	})
}

// TestExtractSpelledSpans: a stretch of time spelled out in words dates
// the start back from the end (reference time: 15 May 2024).
func TestExtractSpelledSpans(t *testing.T) {
	runConstructions(t, []construction{
		{name: "fifty-four years until a death",
			content: "Ebele was married to Geoffrey for fifty-four years until his death in 2017.",
			want:    []wf{{"MARRIED_TO", "Ebele", "Geoffrey", "1963-01-01", "2017-01-01"}}},
		{name: "thirty years until a year",
			content: "Ebele taught chemistry at Thirsk Grammar School for thirty years until 2010.",
			want:    []wf{{"WORKS_AT", "Ebele", "Thirsk Grammar School", "1980-01-01", "2010-01-01"}}},
	})
}

// TestExtractAssignments: a ticket, a case or an order assigned to
// someone is theirs to handle until it is assigned to another
// (reference time: 15 May 2024).
func TestExtractAssignments(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a ticket assigned, in the passive",
			content: "Ticket HD-60412 was assigned to Nokuthula Zulu.",
			want:    []wf{{"ASSIGNED_TO", "Ticket HD-60412", "Nokuthula Zulu", "ref", ""}}},
		{name: "a case assigned by its code, then as it",
			content: "I've opened case CS-2290 for the cracked pole and assigned it to Everett Asamoah.",
			want:    []wf{{"ASSIGNED_TO", "CS-2290", "Everett Asamoah", "ref", ""}},
			absent:  []wf{{"*", "*", "cracked pole", "", ""}}},
		{name: "a ticket reassigned in a note",
			content: "HD-60412 update: escalated to Network Operations. Ticket reassigned from Nokuthula Zulu to Viktor Šimůnek.",
			want:    []wf{{"ASSIGNED_TO", "HD-60412", "Nokuthula Zulu", "", "ref"}, {"ASSIGNED_TO", "HD-60412", "Viktor Šimůnek", "ref", ""}}},
		{name: "a ticket's owner changed in a note",
			content: "HD-51707 escalated to Tier 2. Owner changed from Linda Aasen to Thomas Berg.",
			want:    []wf{{"ASSIGNED_TO", "HD-51707", "Linda Aasen", "", "ref"}, {"ASSIGNED_TO", "HD-51707", "Thomas Berg", "ref", ""}}},
		{name: "a house's owner changed is no case's",
			content: "The house's owner changed from Linda Aasen to Thomas Berg.",
			absent:  []wf{{"ASSIGNED_TO", "*", "*", "", ""}}},
		{name: "a lamp assigned to a room is no case",
			content: "I bought a lamp and assigned it to the hallway.",
			absent:  []wf{{"ASSIGNED_TO", "*", "*", "", ""}}},
	})
}

func TestExtractLettersAndTenancies(t *testing.T) {
	// A letter's salutation names who "you" is; a tenancy starts and
	// ends a home at the address, with its house number; a numbered
	// flat before the address does not hide it.
	runConstructions(t, []construction{
		{name: "the one a letter greets is you",
			content: "Dear Ms Okonjo,\nYour landlord is Mr. Tobias Wren.",
			want:    []wf{{"LANDLORD_OF", "Mr. Tobias Wren", "Ms Okonjo", "ref", ""}}},
		{name: "a tenancy that begins, at a flat of an address",
			content: "Dear Ms Okonjo,\nYour tenancy at Flat 3, 47 Laurel Gardens begins on 1 April 2024.",
			want:    []wf{{"LIVES_IN", "Ms Okonjo", "47 Laurel Gardens", "2024-04-01", ""}}},
		{name: "a tenancy that will end",
			content: "Hi Rosalie, we confirm that your tenancy at 14 Quince Row will end on 31 July 2024.",
			want:    []wf{{"LIVES_IN", "Rosalie", "14 Quince Row", "", "2024-07-31"}}},
	})
	checkEntityNames(t, "message", "Marguerite: I have plot 17B and Ambrose shares plot 22 with me.", []string{"plot 17B", "plot 22"}, nil)
}

func TestExtractPlanAtProvider(t *testing.T) {
	// A plan held at an organisation makes its holder the organisation's
	// customer; a branch named after the organisation's possessive is
	// the organisation's.
	runConstructions(t, []construction{
		{name: "a plan at a gym's branch", source: "message",
			content: "Halvard: Hi, I'm on the Off-Peak plan at FlexPoint Gym's Cardiff Bay branch.",
			want:    []wf{{"ON_PLAN", "Halvard", "Off-Peak plan", "ref", ""}, {"CUSTOMER_OF", "Halvard", "FlexPoint Gym", "ref", ""}}},
		{name: "a plan with a provider no word types", source: "message",
			content: "Vesna: I'm on the Starter plan with Quillary since May.",
			want:    []wf{{"ON_PLAN", "Vesna", "Starter plan", "2024-05-01", ""}, {"CUSTOMER_OF", "Vesna", "Quillary", "2024-05-01", ""}}},
		{name: "a plan for a firm", source: "message",
			content: "Vesna: I'm on the Starter plan for Brackley Freight Ltd.",
			want:    []wf{{"CUSTOMER_OF", "Vesna", "Brackley Freight Ltd", "ref", ""}}},
		{name: "a plan for someone", source: "message",
			content: "Vesna: I'm on the Family plan for Ysolde.",
			absent:  []wf{{"CUSTOMER_OF", "*", "*", "", ""}}},
	})
	checkEntityNames(t, "message", "Halvard: Hi, I'm on the Off-Peak plan at FlexPoint Gym's Cardiff Bay branch.", []string{"FlexPoint Gym", "Cardiff Bay"}, []string{"FlexPoint Gym's Cardiff Bay"})
}
