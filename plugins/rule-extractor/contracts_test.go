package main

import "testing"

// TestExtractContractsAwarded holds a contract an organisation awards to
// a supplier, ending the one who held it (reference time: 15 May 2024).
func TestExtractContractsAwarded(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a contract held by one, awarded to another, in a council's minutes",
			content: "Harrowgate Parish Council — Minutes. 2. Resolved: the grounds-maintenance contract, currently held by Fellside Gardens Ltd, is awarded to Verdant Care from 1 July 2024 for three years.",
			want: []wf{{"HOLDS_CONTRACT_WITH", "Verdant Care", "Harrowgate Parish Council", "2024-07-01", ""},
				{"HOLDS_CONTRACT_WITH", "Fellside Gardens Ltd", "Harrowgate Parish Council", "", "2024-07-01"}},
			absent: []wf{{"HOLDS_BY", "*", "*", "", ""}}},
		{name: "no one the text is about, no contract",
			content: "The contract was awarded to Verdant Care.",
			absent:  []wf{{"HOLDS_CONTRACT_WITH", "*", "*", "", ""}}},
	})
}
