package main

import "testing"

// TestExtractSites holds people placed at a site of work named by its
// town: based there, moved from one to another.
func TestExtractSites(t *testing.T) {
	runConstructions(t, []construction{
		{name: "based at a site",
			content: "Halvard Moe joined Kestrel Chemicals in 2021 and is based at the Grimsby site.",
			want:    []wf{{"BASED_IN", "Halvard Moe", "Grimsby", "ref", ""}}},
		{name: "transferred from a town to a facility, no job at the town",
			content: "From 1 July 2023 Halvard Moe transfers from Grimsby to our Ghent facility.",
			want: []wf{
				{"BASED_IN", "Halvard Moe", "Grimsby", "", "2023-07-01"},
				{"BASED_IN", "Halvard Moe", "Ghent", "2023-07-01", ""},
			},
			absent: []wf{{"WORKS_AT", "Halvard Moe", "Grimsby", "", ""}}},
		{name: "transferred to an office of a company works there too",
			content: "Halvard Moe was transferred to the Ghent office of Kestrel Chemicals in May.",
			want: []wf{
				{"BASED_IN", "Halvard Moe", "Ghent", "2024-05-01", ""},
				{"WORKS_AT", "Halvard Moe", "Kestrel Chemicals", "2024-05-01", ""},
			}},
	})
}
