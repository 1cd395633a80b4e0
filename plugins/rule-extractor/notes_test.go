package main

import "testing"

// TestExtractNotes holds notes written without their subject: a past
// participle that reads its preposition only in the passive, and the
// fields of a record about someone.
func TestExtractNotes(t *testing.T) {
	const note = "Hollybank Practice — review. Mr Ewan Tregarthen, 58, seen today. Fatigue, low mood. "
	runConstructions(t, []construction{
		{name: "a dropped-subject participle read in the passive",
			source: "message", content: "Ysolde: Diagnosed with coeliac disease last week.",
			want: []wf{{"DIAGNOSED_WITH", "Ysolde", "coeliac disease", "2024-05-08", ""}}},
		{name: "a participle of a state is the present state",
			source: "message", content: "Ysolde: Engaged to Tavish!",
			want:   []wf{{"ENGAGED_TO", "Ysolde", "Tavish", "ref", ""}},
			absent: []wf{{"ENGAGED_TO", "Ysolde", "Tavish", "", "ref"}}},
		{name: "a verb with no passive frame stays active",
			source: "message", content: "Ysolde: Moved to Truro in March.",
			want: []wf{{"LIVES_IN", "Ysolde", "Truro", "2024-03-01", ""}}},
		{name: "a record's subject by name and age, its impression and its plan",
			content: note + "Impression: iron deficiency anaemia. Plan: start ferrous sulfate 200 mg daily.",
			want: []wf{{"DIAGNOSED_WITH", "Ewan Tregarthen", "iron deficiency anaemia", "ref", ""},
				{"TAKES_MEDICATION", "Ewan Tregarthen", "ferrous sulfate", "ref", ""}}},
		{name: "a plan that stops a drug ends it",
			content: "Patient: Ewan Tregarthen. Plan: stop amlodipine.",
			want:    []wf{{"TAKES_MEDICATION", "Ewan Tregarthen", "amlodipine", "", "ref"}}},
		{name: "a plan to review is no treatment",
			content: note + "Plan: review in two weeks.",
			absent:  []wf{{"TAKES_MEDICATION", "*", "*", "", ""}}},
	})
}

// TestExtractDescribedName holds a common noun that stands for the name a
// copula described by it.
func TestExtractDescribedName(t *testing.T) {
	runConstructions(t, []construction{
		{name: "the cafe is the name said to be a cafe",
			content: "The Brass Kettle is still the busiest cafe on Marlgate. Ilse and Tomas Varga took over the cafe on 25 October.",
			want: []wf{{"ACQUIRED", "Tomas Varga", "Brass Kettle", "2023-10-25", ""},
				{"ACQUIRED", "Ilse Varga", "Brass Kettle", "2023-10-25", ""}},
			absent: []wf{{"*", "*", "cafe", "", ""}}},
	})
}
