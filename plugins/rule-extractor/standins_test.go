package main

import "testing"

// TestExtractPropertyStandsForTheAddress: "the property" after an address
// is that address, and a house holds no job.
func TestExtractPropertyStandsForTheAddress(t *testing.T) {
	runConstructions(t, []construction{
		{name: "the property bought",
			content: "The sale of 14 Brisling Row completed on 2 May 2024. The property was bought by Siv Moe, and title transferred from Halvor Dyb.",
			want:    []wf{{"ACQUIRED", "Siv Moe", "14 Brisling Row", "", ""}},
			absent:  []wf{{"WORKS_AT", "*", "*", "", ""}, {"ACQUIRED", "Siv Moe", "property", "", ""}}},
	})
}

// TestExtractOrganisationByItsLastWord: "the Circle" after "the Kestrel
// Chess Circle" is that club, and "the treasurer" set beside a name is
// the office at the organisation the conversation is about.
func TestExtractOrganisationByItsLastWord(t *testing.T) {
	club := "Welcome back, everyone. I'm Tuva Rasmussen, and I've chaired the Kestrel Chess Circle since 2019."
	runConstructions(t, []construction{
		{name: "an office of the Circle", source: "message",
			previous: []string{club},
			content:  "Ivar Solheim was elected treasurer of the Circle at Tuesday's meeting.",
			want:     []wf{{"HAS_TREASURER", "Kestrel Chess Circle", "Ivar Solheim", "2024-05-14", ""}},
			absent:   []wf{{"HAS_TREASURER", "Circle", "*", "", ""}}},
		{name: "the office beside a name", source: "message",
			previous: []string{club},
			content:  "And I'm Ivar Solheim, the treasurer.",
			want:     []wf{{"HAS_TREASURER", "Kestrel Chess Circle", "Ivar Solheim", "ref", ""}}},
		{name: "no office of an organisation no one named",
			content: "Ivar Solheim, the treasurer, said hello.",
			absent:  []wf{{"HAS_TREASURER", "*", "*", "", ""}}},
	})
}
