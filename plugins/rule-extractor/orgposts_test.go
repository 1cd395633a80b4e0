package main

import "testing"

// TestExtractOrgNamedBeforePost holds a post whose organisation is named
// right before it, as a modifier ("the Northlea CFO"), a possessor
// ("Northlea's CFO") or in a news-style label before the holder's name
// ("Northlea CFO Dana Cole").
func TestExtractOrgNamedBeforePost(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a title after an organisation's name, by a copula",
			content: "Imogen Achterberg is the Northlea CFO.",
			want:    []wf{{"HAS_CFO", "Northlea", "Imogen Achterberg", "ref", ""}},
			absent:  []wf{{"HAS_JOB_TITLE", "Imogen Achterberg", "*", "", ""}}},
		{name: "a title after an organisation's possessive",
			content: "Imogen Achterberg is Northlea's CFO.",
			want:    []wf{{"HAS_CFO", "Northlea", "Imogen Achterberg", "ref", ""}}},
		{name: "an office of one holder after an acronym",
			content: "Philippa Oduro is the PTA chair.",
			want:    []wf{{"HAS_CHAIR", "PTA", "Philippa Oduro", "ref", ""}}},
		{name: "a team's coach by a copula",
			content: "Maddox Kerr is the Gullhaven Otters coach.",
			want:    []wf{{"COACHES", "Maddox Kerr", "Gullhaven Otters", "ref", ""}}},
		{name: "a title in an appositive after a name",
			content: "Imogen Achterberg, the Northlea CFO, opened the meeting.",
			want:    []wf{{"HAS_CFO", "Northlea", "Imogen Achterberg", "ref", ""}}},
		{name: "a team's coach in an appositive",
			content: "Maddox Kerr, the Gullhaven Otters coach, said the squad was ready.",
			want:    []wf{{"COACHES", "Maddox Kerr", "Gullhaven Otters", "ref", ""}}},
		{name: "a news label: organisation, post, name",
			content: "Gullhaven Otters coach Maddox Kerr said the squad was ready.",
			want:    []wf{{"COACHES", "Maddox Kerr", "Gullhaven Otters", "ref", ""}}},
		{name: "a news label with a job noun",
			content: "Northlea engineer Tomasz Wilk found the fault.",
			want:    []wf{{"WORKS_AT", "Tomasz Wilk", "Northlea", "ref", ""}}},
		{name: "a news label with a title",
			content: "PTA chair Philippa Oduro thanked the volunteers.",
			want:    []wf{{"HAS_CHAIR", "PTA", "Philippa Oduro", "ref", ""}}},
		{name: "a labelled officer who resigns leaves the office there",
			content: "Northlea CFO Imogen Achterberg resigned.",
			want:    []wf{{"HAS_CFO", "Northlea", "Imogen Achterberg", "", "ref"}},
			absent:  []wf{{"HAS_JOB_TITLE", "Imogen Achterberg", "*", "", ""}}},
		{name: "an adjective and a date before the label are no part of the name",
			content: "Yesterday former Northlea chief executive Imogen Achterberg resigned.",
			want:    []wf{{"HAS_CEO", "Northlea", "Imogen Achterberg", "", "2024-05-14"}}},
		{name: "a place before a job is no employer",
			content: "Boston lawyer Tomasz Wilk said it.",
			absent:  []wf{{"WORKS_AT", "Tomasz Wilk", "*", "", ""}}},
	})
}
