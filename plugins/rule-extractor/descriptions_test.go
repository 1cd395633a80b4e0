package main

import "testing"

// TestExtractTakenForGranted holds what a sentence takes for granted
// rather than states: a question asking whether a state goes on, a home
// named with its place, a wedding said to have taken place.
func TestExtractTakenForGranted(t *testing.T) {
	runConstructions(t, []construction{
		{name: "is someone still at an employer", source: "message",
			content: "Brónach: Is Tavish still at Quillmere Freight?",
			want:    []wf{{"WORKS_AT", "Tavish", "Quillmere Freight", "", ""}}},
		{name: "the answer ends what the question took for granted", source: "message",
			previous: []string{"Brónach: Is Tavish still at Quillmere Freight?"},
			content:  "Oyelaran: Nope, he handed in his notice in March.",
			want:     []wf{{"WORKS_AT", "Tavish", "Quillmere Freight", "", "2024-03-01"}}},
		{name: "a question without still takes nothing for granted", source: "message",
			content: "Brónach: Is Tavish at Quillmere Freight?",
			absent:  []wf{{"WORKS_AT", "Tavish", "*", "", ""}}},
		{name: "a negated question takes nothing for granted", source: "message",
			content: "Brónach: Isn't Tavish still at Quillmere Freight?",
			absent:  []wf{{"WORKS_AT", "Tavish", "*", "", ""}}},
		{name: "a home named with its place", source: "message",
			content: "Oyelaran: Much shorter commute from our flat in Penwortham.",
			want:    []wf{{"LIVES_IN", "Oyelaran", "Penwortham", "ref", ""}}},
		{name: "someone else's home", source: "message",
			content: "Oyelaran: Ffion's cottage in Llanrug is tiny.",
			want:    []wf{{"LIVES_IN", "Ffion", "Llanrug", "ref", ""}}},
		{name: "a room booked for some days is no home", source: "message",
			content: "Oyelaran: Ffion's room in Llanrug for 3-6 June is tiny.",
			absent:  []wf{{"LIVES_IN", "*", "*", "", ""}}},
		{name: "an old home is no longer one", source: "message",
			content: "Oyelaran: Our old flat in Penwortham was tiny.",
			absent:  []wf{{"LIVES_IN", "Oyelaran", "Penwortham", "ref", ""}}},
		{name: "a parent's home is not one's own", source: "message",
			content: "Oyelaran: My parents' house in Penwortham is huge.",
			absent:  []wf{{"LIVES_IN", "Oyelaran", "Penwortham", "", ""}}},
		{name: "a home sold is left to the verb", source: "message",
			content: "Oyelaran: We are selling our flat in Penwortham.",
			absent:  []wf{{"LIVES_IN", "Oyelaran", "Penwortham", "ref", ""}}},
		{name: "where one is now after a move", source: "message",
			content: "Oyelaran: We moved out of Penwortham in April and we're in Garstang now.",
			want:    []wf{{"LIVES_IN", "Oyelaran", "Garstang", "2024-04-01", ""}, {"LIVES_IN", "Oyelaran", "Penwortham", "", "2024-04-01"}}},
		{name: "where one is now, with no move, is no home", source: "message",
			content: "Oyelaran: I'm in Garstang now.",
			absent:  []wf{{"LIVES_IN", "Oyelaran", "Garstang", "", ""}}},
		{name: "a wedding gone to yesterday", source: "message",
			content: "Hallvard: Still recovering from Ysolde and Caspian's wedding yesterday.",
			want:    []wf{{"MARRIED_TO", "Ysolde", "Caspian", "2024-05-14", ""}}},
		{name: "a wedding photographed in April", source: "message",
			content: "Hallvard: I took the photos at Ysolde and Caspian's wedding in April.",
			want:    []wf{{"MARRIED_TO", "Ysolde", "Caspian", "2024-04-01", ""}}},
		{name: "a wedding described in the past", source: "message",
			content: "Hallvard: Ysolde and Caspian's wedding in April was lovely.",
			want:    []wf{{"MARRIED_TO", "Caspian", "Ysolde", "2024-04-01", ""}}},
		{name: "a wedding planned has not taken place", source: "message",
			content: "Hallvard: We are planning Ysolde and Caspian's wedding.",
			absent:  []wf{{"MARRIED_TO", "*", "*", "", ""}}},
		{name: "a wedding postponed has not taken place", source: "message",
			content: "Hallvard: Ysolde and Caspian's wedding was postponed.",
			absent:  []wf{{"MARRIED_TO", "*", "*", "", ""}}},
		{name: "a wedding to come has not taken place", source: "message",
			content: "Hallvard: I'm going to Ysolde and Caspian's wedding next week.",
			absent:  []wf{{"MARRIED_TO", "*", "*", "", ""}}},
	})
}

// TestExtractNamedLater holds a person named after what is said of them:
// in brackets after a short name, or in the sentence after "someone".
func TestExtractNamedLater(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a full name in brackets", source: "message",
			content: "Orlaith: Kit (Christopher Amadi, for anyone who hasn't met him) proposed on Saturday and I said yes!",
			want:    []wf{{"ENGAGED_TO", "Christopher Amadi", "Orlaith", "2024-05-11", ""}}},
		{name: "someone named in the next sentence", source: "message",
			content: "Orlaith: I've been seeing someone. His name's Lorcan Ibekwe, he teaches maths at Fernhill College.",
			want:    []wf{{"IS_DATING", "Orlaith", "Lorcan Ibekwe", "ref", ""}, {"WORKS_AT", "Lorcan Ibekwe", "Fernhill College", "ref", ""}}},
		{name: "a guy named after a comma", source: "message",
			content: "Orlaith: My sister married a guy from Cork, his name is Lorcan Ibekwe.",
			want:    []wf{{"MARRIED_TO", "Orlaith's sister", "Lorcan Ibekwe", "ref", ""}}},
		{name: "someone never named stays no one", source: "message",
			content: "Orlaith: I've been seeing someone. It's going well.",
			absent:  []wf{{"IS_DATING", "*", "*", "", ""}}},
	})
}

// TestExtractSucceededHolder holds a role taken and then said to be
// another's before: the one succeeded held it until it was taken.
func TestExtractSucceededHolder(t *testing.T) {
	runConstructions(t, []construction{
		{name: "an appointment, then whom it succeeds",
			content: "The board confirms the appointment of Ilario Vance as chief financial officer of Dunwoody Optical Ltd with effect from 1 August 2024. He succeeds Marit Holmqvist.",
			want:    []wf{{"HAS_CFO", "Dunwoody Optical Ltd", "Ilario Vance", "2024-08-01", ""}, {"HAS_CFO", "Dunwoody Optical Ltd", "Marit Holmqvist", "", "2024-08-01"}}},
		{name: "a date with its year stays in its year",
			content: "Ilario Vance joined Dunwoody Optical Ltd on 1 August 2024.",
			want:    []wf{{"WORKS_AT", "Ilario Vance", "Dunwoody Optical Ltd", "2024-08-01", ""}}},
	})
}

// TestExtractPronounGender holds "she" and "he" kept to the people whose
// gender a noun of kinship showed.
func TestExtractPronounGender(t *testing.T) {
	runConstructions(t, []construction{
		{name: "she is not the son", source: "message",
			previous: []string{"Thuy: My daughter Ysolde started at Harrowfield University in September, and my son Tadeo is at Brackwell College."},
			content:  "Thuy: Update on Ysolde: she dropped out of Harrowfield University in December.",
			want:     []wf{{"STUDIES_AT", "Ysolde", "Harrowfield University", "", "2023-12-01"}},
			absent:   []wf{{"STUDIES_AT", "Tadeo", "Harrowfield University", "", ""}}},
		{name: "he is not the daughter", source: "message",
			content: "Thuy: My son Tadeo and my daughter Ysolde visited. He moved to Lisbon in March.",
			want:    []wf{{"LIVES_IN", "Tadeo", "Lisbon", "2024-03-01", ""}},
			absent:  []wf{{"LIVES_IN", "Ysolde", "Lisbon", "", ""}}},
	})
}
