package main

import "testing"

// TestExtractBareParticiples: a passive participle set off after a phrase
// is said of the phrase, in the time of the clause around it.
func TestExtractBareParticiples(t *testing.T) {
	runConstructions(t, []construction{
		{name: "after the sentence's opening phrase",
			content: "The cottage, owned by Halvor Dyb since 2009, is up for sale.",
			want:    []wf{{"OWNS", "Halvor Dyb", "cottage", "2009-01-01", ""}}},
		{name: "after a present copula, the tie goes on",
			content: "14 Brisling Row is a fisherman's cottage, owned by Halvor Dyb since 2009.",
			want:    []wf{{"OWNS", "Halvor Dyb", "14 Brisling Row", "2009-01-01", ""}}},
		{name: "after a past clause, in the past",
			content: "Siv Moe was hired by Norrfjell Data in 2019, promoted to CTO in 2021.",
			want:    []wf{{"WORKS_AT", "Siv Moe", "Norrfjell Data", "2019-01-01", ""}}},
	})
}
