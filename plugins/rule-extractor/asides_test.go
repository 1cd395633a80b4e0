package main

import "testing"

// TestExtractAsides holds posts said in an aside after a name (between
// commas, in brackets, or as the word that opens the sentence), and what
// the sentence's own verb does to them.
func TestExtractAsides(t *testing.T) {
	runConstructions(t, []construction{
		{name: "an office since a year, ended by a resignation with effect from a date",
			content: "NORRVIK SAILING CLUB — Committee minutes, 3 April 2024.\nHalvard Brekke, treasurer since 2019, resigned with effect from 31 March 2024.",
			want:    []wf{{"HAS_TREASURER", "NORRVIK SAILING CLUB", "Halvard Brekke", "2019-01-01", "2024-03-31"}}},
		{name: "the same aside in a clause after that",
			content: "NORRVIK SAILING CLUB — Committee minutes.\nThe committee noted with regret that Halvard Brekke, treasurer since 2019, had resigned with effect from 31 March 2024.",
			want:    []wf{{"HAS_TREASURER", "NORRVIK SAILING CLUB", "Halvard Brekke", "2019-01-01", "2024-03-31"}}},
		{name: "a job with its organisation, and the verb after it",
			content: "Selma Quist, currently assistant coach at Lindholm Boat Club, lives in Umeå.",
			want:    []wf{{"COACHES", "Selma Quist", "Lindholm Boat Club", "ref", ""}, {"LIVES_IN", "Selma Quist", "Umeå", "ref", ""}}},
		{name: "a retirement ends the job the aside told",
			content: "Oriol Vidal, head of sales at Larkwater Foods, retired in April.",
			want:    []wf{{"WORKS_AT", "Oriol Vidal", "Larkwater Foods", "", "2024-04-01"}}},
		{name: "who after a name and its post is the name",
			content: "The panel chose Selma Quist, currently assistant coach at Lindholm Boat Club, who will start as head coach on 1 June.",
			want:    []wf{{"HAS_JOB_TITLE", "Selma Quist", "head coach", "2024-06-01", ""}},
			absent:  []wf{{"HAS_JOB_TITLE", "panel", "*", "", ""}, {"HAS_JOB_TITLE", "Lindholm Boat Club", "*", "", ""}}},
		{name: "posts in brackets after the names of those present, and an initial for a first name",
			content: "NORRVIK SAILING CLUB — Minutes.\nPresent: R. Olsen (head coach), T. Dahl (captain).\nRune Olsen said the new boats arrive in June.",
			want:    []wf{{"COACHES", "Rune Olsen", "NORRVIK SAILING CLUB", "ref", ""}, {"HAS_CAPTAIN", "NORRVIK SAILING CLUB", "T. Dahl", "ref", ""}}},
		{name: "a passive verb of a social act with a role gives the role",
			content: "NORRVIK SAILING CLUB — Minutes.\nIngrid Sæther was co-opted as treasurer.",
			want:    []wf{{"HAS_TREASURER", "NORRVIK SAILING CLUB", "Ingrid Sæther", "ref", ""}}},
		{name: "ousted as an officer ends the office",
			content: "NORRVIK SAILING CLUB — Minutes.\nIngrid Sæther was ousted as treasurer in April.",
			want:    []wf{{"HAS_TREASURER", "NORRVIK SAILING CLUB", "Ingrid Sæther", "", "2024-04-01"}}},
		{name: "a name said to be a cafe is an organisation",
			content: "The Brass Kettle is the oldest cafe on Quayside. It was founded by Maren Aune in 1990.",
			want:    []wf{{"FOUNDED", "Maren Aune", "Brass Kettle", "1990-01-01", ""}}},
		{name: "a post opening the sentence is no part of the name",
			content: "The Brass Kettle is the oldest cafe on Quayside. Owner Maren Aune says the secret is soup.",
			want:    []wf{{"OWNS", "Maren Aune", "Brass Kettle", "ref", ""}},
			absent:  []wf{{"*", "Owner Maren Aune", "*", "", ""}}},
	})
}

// TestExtractBracketedPosts holds a post and an organisation in brackets
// after a name, as tickets and notes write them.
func TestExtractBracketedPosts(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a post and an organisation after a comma in brackets",
			content: "Ticket SR-2291 — opened by Eira Hughes (office manager, Tanygraig Vets). She can't log in.",
			want:    []wf{{"WORKS_AT", "Eira Hughes", "Tanygraig Vets", "ref", ""}, {"HAS_JOB_TITLE", "Eira Hughes", "office manager", "ref", ""}}},
		{name: "a post at an organisation in brackets",
			content: "I met Eira Hughes (head of sales at Tanygraig Vets) today.",
			want:    []wf{{"WORKS_AT", "Eira Hughes", "Tanygraig Vets", "ref", ""}}},
		{name: "brackets of something else hold no post",
			content: "Eira Hughes (see the note from Friday) called.",
			absent:  []wf{{"WORKS_AT", "*", "*", "", ""}}},
	})
}
