package main

import "testing"

// TestExtractNominalSale reads "the sale of X to Y completed" as Y owning
// X from that day, and a membership named by the short form of the
// organisation an earlier episode named in full.
func TestExtractNominalSale(t *testing.T) {
	runConstructions(t, []construction{
		{name: "the sale completed",
			content: "The sale of 12 Harrow Lane to Ysolde Penhallow completed on 13 September 2024.",
			want:    []wf{{"OWNS", "Ysolde Penhallow", "12 Harrow Lane", "2024-09-13", ""}}},
		{name: "a sale to come is no ownership",
			content: "The sale of 12 Harrow Lane to Ysolde Penhallow will complete next month.",
			absent:  []wf{{"OWNS", "*", "*", "", ""}}},
		{name: "a membership by the short form", source: "message",
			previous: []string{"Brannoc: New year, new me: joined Ironside Gym today."},
			content:  "Brannoc: Cancelled my Ironside membership, I never went.",
			want:     []wf{{"MEMBER_OF", "Brannoc", "Ironside Gym", "", "ref"}}},
		{name: "a plan's longer name is no organisation's", source: "message",
			previous: []string{"Ysolde: Hi, I've been on the Quillary Family plan since 2021."},
			content:  "Ysolde: I canceled my Quillary subscription yesterday.",
			want:     []wf{{"SUBSCRIBED_TO", "Ysolde", "Quillary", "", "2024-05-14"}},
			absent:   []wf{{"SUBSCRIBED_TO", "Ysolde", "Quillary Family", "", ""}}},
	})
}
