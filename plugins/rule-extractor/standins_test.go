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
