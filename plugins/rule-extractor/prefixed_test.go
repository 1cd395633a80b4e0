package main

import "testing"

// TestExtractPrefixedVerbs holds verbs written with a prefix and a
// hyphen, shared ("co-") or done again ("re-"), read as the verb itself,
// and a name called before a dash (reference time: 15 May 2024).
func TestExtractPrefixedVerbs(t *testing.T) {
	runConstructions(t, []construction{
		{name: "co-owning is owning", source: "message",
			content: "Rosalind: Teodor co-owns the Quayside Arms with his cousin.",
			want:    []wf{{"OWNS", "Teodor", "Quayside Arms", "ref", ""}}},
		{name: "co-supervising is supervising", source: "message",
			content: "Rosalind: Dr. Ifeoma Adichie will co-supervise Tilde Aas with me.",
			want:    []wf{{"MANAGER_OF", "Dr. Ifeoma Adichie", "Tilde Aas", "ref", ""}}},
		{name: "re-joining is joining", source: "message",
			content: "Rosalind: Teodor Lind re-joined Quayside Freight in March.",
			want:    []wf{{"WORKS_AT", "Teodor Lind", "Quayside Freight", "2024-03-01", ""}}},
		{name: "a name before a dash calls the one the sentence speaks to", source: "message",
			previous: []string{"Marit Aas: Could someone look at my blots before the group meeting?"},
			content:  "Rosalind: Congratulations, Teodor! Marit — once Teodor goes, Dr. Ifeoma Adichie will supervise you.",
			want:     []wf{{"MANAGER_OF", "Dr. Ifeoma Adichie", "Marit Aas", "ref", ""}},
			absent:   []wf{{"MANAGER_OF", "Dr. Ifeoma Adichie", "Teodor", "", ""}}},
	})
}
