package main

import "testing"

// TestExtractDescribedBefore holds "the cafe" for the name a copula said
// was one, in the same text or an earlier episode.
func TestExtractDescribedBefore(t *testing.T) {
	runConstructions(t, []construction{
		{name: "described earlier in the text, the article the name's",
			content: "Eight years on, The Brass Kettle is still the busiest cafe in Marden. Tomas Novak took over the cafe last week.",
			want:    []wf{{"ACQUIRED", "Tomas Novak", "The Brass Kettle", "2024-05-08", ""}},
			absent:  []wf{{"ACQUIRED", "Tomas Novak", "cafe", "", ""}}},
		{name: "described in an earlier episode",
			previous: []string{"Eight years on, The Brass Kettle is still the busiest cafe in Marden."},
			content:  "Tomas Novak took over the cafe last week.",
			want:     []wf{{"ACQUIRED", "Tomas Novak", "The Brass Kettle", "2024-05-08", ""}},
			absent:   []wf{{"ACQUIRED", "Tomas Novak", "cafe", "", ""}}},
		{name: "a noun no earlier episode described",
			previous: []string{"The Brass Kettle opened in Marden in 2016."},
			content:  "Tomas Novak took over the cafe last week.",
			absent:   []wf{{"ACQUIRED", "Tomas Novak", "The Brass Kettle", "", ""}}},
	})
}

// TestExtractObjectRelativeCoordinated holds an object relative clause
// whose subject is two people: each did it to the phrase it hangs on.
func TestExtractObjectRelativeCoordinated(t *testing.T) {
	runConstructions(t, []construction{
		{name: "founded by two, told in a relative clause",
			content: "Brennick Foods, the Bergen wholesaler that Sunniva Rye and Hallvard Moe founded in 1998, named Aud Berg chief operating officer.",
			want: []wf{{"FOUNDED", "Sunniva Rye", "Brennick Foods", "1998-01-01", ""},
				{"FOUNDED", "Hallvard Moe", "Brennick Foods", "1998-01-01", ""}}},
	})
}
