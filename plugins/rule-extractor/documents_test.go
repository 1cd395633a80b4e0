package main

import "testing"

// TestExtractEventObjects: an act named by a noun with its object after
// "of" ("its acquisition of", "the appointment of … as") says what the
// verb says, done by the noun's possessor or the subject of the clause
// that announces or completes it (reference time: 15 May 2024).
func TestExtractEventObjects(t *testing.T) {
	runConstructions(t, []construction{
		{name: "its acquisition of",
			content: "Tordal Group has completed its acquisition of Brekke Sensors, the Bergen maker of tide gauges.",
			want:    []wf{{"ACQUIRED", "Tordal Group", "Brekke Sensors", "", ""}},
			absent:  []wf{{"COMPLETES", "*", "*", "", ""}}},
		{name: "the acquisition of one by another",
			content: "Fenmark announced the acquisition of Ostrava Labs by Veltro.",
			want:    []wf{{"ACQUIRED", "Veltro", "Ostrava Labs", "", ""}},
			absent:  []wf{{"ANNOUNCES_BY", "*", "*", "", ""}, {"ANNOUNCES", "*", "*", "", ""}}},
		{name: "the appointment of an officer, with effect from a date",
			content: "Kestrel Mills plc today announces the appointment of Dagny Holm as Chief Financial Officer with effect from 1 April 2023.",
			want:    []wf{{"HAS_CFO", "Kestrel Mills plc", "Dagny Holm", "2023-04-01", ""}},
			absent:  []wf{{"HAS_CFO", "effect", "*", "", ""}}},
		{name: "the signing of a player completed by a club",
			content: "FC Holmvik have completed the signing of midfielder Tariq Oduya from Sandvær IL.",
			want:    []wf{{"PLAYS_FOR", "Tariq Oduya", "FC Holmvik", "ref", ""}}},
		{name: "a player sold, in the passive",
			content: "Tariq Oduya has been sold to Dynamo Kessel.",
			want:    []wf{{"PLAYS_FOR", "Tariq Oduya", "Dynamo Kessel", "ref", ""}},
			absent:  []wf{{"OWNS", "*", "*", "", ""}}},
		{name: "a company sold, in the passive",
			content: "Brekke Labs was sold to Tordal Group in 2021.",
			want:    []wf{{"ACQUIRED", "Tordal Group", "Brekke Labs", "2021-01-01", ""}}},
		{name: "confirmed as the new coach",
			content: "Holmvik also confirmed Jens Aasland as their new head coach.",
			want:    []wf{{"COACHES", "Jens Aasland", "Holmvik", "ref", ""}},
			absent:  []wf{{"COACHES", "Jens Aasland", "Holmvik", "", "ref"}}},
		{name: "an officer who will leave at a month's end leaves at the coming one",
			content: "Kestrel Mills plc said that its chief financial officer, Dagny Holm, will leave the company at the end of August.",
			want:    []wf{{"WORKS_AT", "Dagny Holm", "Kestrel Mills plc", "", "2024-08-31"}, {"HAS_CFO", "Kestrel Mills plc", "Dagny Holm", "ref", "2024-08-31"}}},
		{name: "a successor named in the next sentence",
			content: "Brekke Labs said that Sunniva Dahl stepped down as chief executive on 30 April. Her successor is Eirik Vold.",
			want:    []wf{{"HAS_CEO", "Brekke Labs", "Sunniva Dahl", "", "2024-04-30"}, {"HAS_CEO", "Brekke Labs", "Eirik Vold", "ref", ""}}},
		{name: "one who succeeds, in the next sentence",
			content: "Sunniva Dahl stepped down as chief executive of Brekke Labs in April. Eirik Vold succeeds her.",
			want:    []wf{{"HAS_CEO", "Brekke Labs", "Eirik Vold", "ref", ""}}},
		{name: "one who will succeed, by a passive, from when the other leaves",
			content: "Sunniva Dahl will step down as chief executive of Brekke Labs at the end of the year. She will be succeeded by Eirik Vold.",
			want:    []wf{{"HAS_CEO", "Brekke Labs", "Sunniva Dahl", "", "2024-12-31"}, {"HAS_CEO", "Brekke Labs", "Eirik Vold", "2024-12-31", ""}}},
		{name: "one who succeeded, by a passive",
			content: "Sunniva Dahl stepped down as chief executive of Brekke Labs in April. She was replaced by Eirik Vold.",
			want:    []wf{{"HAS_CEO", "Brekke Labs", "Eirik Vold", "ref", ""}}},
		{name: "a professorship in capitals names its field, not where it is held",
			content: "The University of Tresk has named Dr. Amara Nwachukwu as Professor of Hydrology.",
			want:    []wf{{"WORKS_AT", "Dr. Amara Nwachukwu", "University of Tresk", "ref", ""}, {"HAS_JOB_TITLE", "Dr. Amara Nwachukwu", "professor of hydrology", "ref", ""}},
			absent:  []wf{{"WORKS_AT", "*", "Hydrology", "", ""}}},
		{name: "an acquisition still to come states nothing",
			content: "Tordal Group will complete its acquisition of Brekke Sensors next year.",
			absent:  []wf{{"ACQUIRED", "*", "*", "", ""}}},
		{name: "a denied acquisition states nothing",
			content: "Tordal Group did not complete its acquisition of Brekke Sensors.",
			absent:  []wf{{"ACQUIRED", "*", "*", "", ""}}},
	})
}

// TestExtractLifeStories: a first-person account told in one breath, as
// a voice memo or a long message is (reference time: 15 May 2024).
func TestExtractLifeStories(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a role given by them, dated from the date before",
			content: "Two years ago I joined Casa Lobo Arquitetos as a junior architect and the following year they made me project architect.",
			want: []wf{
				{"WORKS_AT", "User", "Casa Lobo Arquitetos", "2022-05-15", ""},
				{"HAS_JOB_TITLE", "User", "project architect", "2023-01-01", ""},
			}},
		{name: "a role given by a board the text does not name",
			content: "Following a review, the board has appointed Marit Solheim as chief operating officer with immediate effect.",
			want:    []wf{{"HAS_JOB_TITLE", "Marit Solheim", "chief operating officer", "ref", ""}}},
		{name: "studies ended by a verb with no object after and",
			content: "I studied design at the University of Aveiro and finished in 2018.",
			want:    []wf{{"STUDIES_AT", "User", "University of Aveiro", "", "2018-01-01"}}},
		{name: "a job ended by left, not a stretch of time worked at",
			content: "I worked at Pereira Lda for years and left in March.",
			want:    []wf{{"WORKS_AT", "User", "Pereira Lda", "", "2024-03-01"}},
			absent:  []wf{{"WORKS_AT", "User", "years", "", ""}}},
		{name: "an end still to come ends nothing yet",
			content: "I work at Pereira Lda and will leave in March.",
			absent:  []wf{{"WORKS_AT", "User", "Pereira Lda", "", "2024-03-01"}}},
		{name: "years spent at a club, ended by a date",
			content: "Before that I spent eight years at FC Kessel until my knee gave out in 2021.",
			want:    []wf{{"PLAYS_FOR", "User", "FC Kessel", "", "2021-01-01"}},
			absent:  []wf{{"SPENDS", "*", "*", "", ""}}},
		{name: "a stretch of time is no object",
			content: "I spent two weeks at my aunt's place.",
			absent:  []wf{{"SPENDS", "*", "*", "", ""}}},
		{name: "years spent at a firm",
			content: "I spent six years at Halden Freight until I retired in 2020.",
			want:    []wf{{"WORKS_AT", "User", "Halden Freight", "", "2020-01-01"}}},
		{name: "the author named in an earlier text writes the next",
			previous: []string{"My name's Cillian Roe. I work at Glenveagh Medical now."},
			content:  "I left Glenveagh Medical in March.",
			want:     []wf{{"WORKS_AT", "Cillian Roe", "Glenveagh Medical", "", "2024-03-01"}},
			absent:   []wf{{"WORKS_AT", "User", "*", "", ""}}},
		{name: "the one writing names themself after a comma",
			content: "Note to self, this is Tiago. I've lived in Braga since 2019.",
			want:    []wf{{"LIVES_IN", "Tiago", "Braga", "2019-01-01", ""}}},
		{name: "a baby born on a date told before the name",
			source:  "message",
			content: "Valentina: We had our second baby on the 2nd of February, a girl, Inés!!",
			want:    []wf{{"CHILD_OF", "Inés", "Valentina", "2024-02-02", ""}}},
	})
}

// TestExtractRecordNotes: a record about someone, written as memos are,
// speaks for the one it is about (reference time: 15 May 2024).
func TestExtractRecordNotes(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a field names whom the note is about",
			content: "Clinic note. Patient: Oskar Lindahl, 61. Seen by Dr. Ruth Amsel. Started ramipril 5 mg once daily.",
			want:    []wf{{"TAKES_MEDICATION", "Oskar Lindahl", "ramipril", "ref", ""}},
			absent:  []wf{{"TAKES_MEDICATION", "User", "*", "", ""}}},
		{name: "a later note names them without the field",
			previous: []string{"Clinic note. Patient: Oskar Lindahl, 61. Started ramipril 5 mg once daily."},
			content:  "Oskar Lindahl reports a dry cough. Ramipril discontinued today; candesartan 8 mg daily started in its place.",
			want: []wf{
				{"TAKES_MEDICATION", "Oskar Lindahl", "Ramipril", "", "2024-05-15"},
				{"TAKES_MEDICATION", "Oskar Lindahl", "candesartan", "ref", ""},
			}},
		{name: "a vaccine given with no one named is given to the patient",
			content: "Clinic note. Patient: Oskar Lindahl, 61. Tetanus vaccine (Td) given in the right arm. Typhoid vaccine administered today.",
			want: []wf{
				{"RECEIVED_VACCINE", "Oskar Lindahl", "Tetanus vaccine", "", ""},
				{"RECEIVED_VACCINE", "Oskar Lindahl", "Typhoid vaccine", "2024-05-15", ""},
			}},
		{name: "a medicine its owner stops is the pet's no longer",
			content: "Consult notes. Patient: Pepper, 4-year-old male collie. Owner: Linda Aasen. Started meloxicam 1 mg daily on 2 March. Owner stopped the meloxicam on 10 May.",
			want:    []wf{{"TAKES_MEDICATION", "Pepper", "meloxicam", "2024-03-02", "2024-05-10"}},
			absent:  []wf{{"TAKES_MEDICATION", "Owner", "*", "", ""}}},
		{name: "a text in the first person is the writer's",
			content: "Patient: Oskar Lindahl. I started ramipril yesterday.",
			want:    []wf{{"TAKES_MEDICATION", "User", "ramipril", "2024-05-14", ""}}},
		{name: "a patient reassigned from one doctor to another",
			content: "Care team update: Oskar Lindahl has been reassigned from Dr. Ruth Amsel to Dr. Femi Adeyemo.",
			want: []wf{
				{"DOCTOR_OF", "Dr. Ruth Amsel", "Oskar Lindahl", "", "ref"},
				{"DOCTOR_OF", "Dr. Femi Adeyemo", "Oskar Lindahl", "ref", ""},
			}},
	})
}
