package main

import "testing"

// TestExtractLaterNames holds a thing told by a common noun and named in
// the next sentence: the facts told of it are the name's.
func TestExtractLaterNames(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a pet named after a description", source: "message",
			content: "Yusuf: We adopted a rescue cat on Saturday! She's a tortoiseshell called Mochi.",
			want:    []wf{{"HAS_PET", "Yusuf", "Mochi", "2024-05-11", ""}},
			absent:  []wf{{"HAS_PET", "Yusuf", "rescue cat", "", ""}}},
		{name: "her name is", source: "message",
			content: "Yusuf: We got a puppy. Her name is Biscuit.",
			want:    []wf{{"HAS_PET", "Yusuf", "Biscuit", "ref", ""}}},
		{name: "a thing bought and named", source: "message",
			content: "Yusuf: I bought a boat last year. It's called Saoirse.",
			want:    []wf{{"OWNS", "Yusuf", "Saoirse", "2023-01-01", ""}}},
		{name: "a definite thing is not renamed", source: "message",
			content: "Yusuf: I sold the boat. It's called Saoirse.",
			absent:  []wf{{"OWNS", "Yusuf", "Saoirse", "", ""}}},
		{name: "a sentence that names no thing renames nothing", source: "message",
			content: "Yusuf: We got a puppy. It is small.",
			want:    []wf{{"HAS_PET", "Yusuf", "puppy", "ref", ""}}},
	})
}

// TestExtractPossessedName reads "my husband's name is Anselm" as "my
// husband is Anselm".
func TestExtractPossessedName(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a spouse's name", source: "message",
			content: "Vilde: My husband's name is Anselm.",
			want:    []wf{{"MARRIED_TO", "Anselm", "Vilde", "ref", ""}}},
		{name: "a pet's name, contracted", source: "message",
			content: "Vilde: My dog's name's Tass.",
			want:    []wf{{"HAS_PET", "Vilde", "Tass", "ref", ""}},
			absent:  []wf{{"HAS_JOB_TITLE", "*", "*", "", ""}}},
		{name: "a name said to be the name of someone's relation", source: "message",
			content: "Vilde: Ottilie was the name of Grete's first girlfriend.",
			want:    []wf{{"IS_DATING", "Ottilie", "Grete", "", "ref"}}},
		{name: "a name's own name is no one else", source: "message",
			content: "Vilde: Anselm's name is on the lease.",
			absent:  []wf{{"*", "*", "*", "", ""}}},
	})
}

// TestExtractEarlierSelfName checks that a voice labelled by a short form
// takes the full name it gave under that label in an earlier episode.
func TestExtractEarlierSelfName(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a label's full name from an earlier episode", source: "message",
			previous: []string{"Theo: Hi, I'm Theodora Lindqvist, Theo is fine. My GP put me on sertraline in January."},
			content:  "Theo: Back again! I came off the sertraline at the end of April.",
			want:     []wf{{"TAKES_MEDICATION", "Theodora Lindqvist", "sertraline", "", "2024-04-30"}},
			absent:   []wf{{"TAKES_MEDICATION", "Theo", "*", "", ""}}},
		{name: "another's full name is not the label's", source: "message",
			previous: []string{"Theo: My sister is Theodora Lindqvist."},
			content:  "Theo: I came off the sertraline at the end of April.",
			want:     []wf{{"TAKES_MEDICATION", "Theo", "sertraline", "", "2024-04-30"}}},
	})
}

// TestExtractChildNamedAndRaised: a child named by its parents, and one
// raised by someone, is their child (reference time: 15 May 2024).
func TestExtractChildNamedAndRaised(t *testing.T) {
	runConstructions(t, []construction{
		{name: "the boy named, the parent the subject", source: "message",
			content: "Oskar: We named the boy Eilif after my grandfather.",
			want:    []wf{{"SON_OF", "Eilif", "Oskar", "ref", ""}}},
		{name: "a daughter named by her mother", source: "message",
			content: "Oskar: Tamsin named her daughter Runa.",
			want:    []wf{{"DAUGHTER_OF", "Runa", "Tamsin", "ref", ""}}},
		{name: "a thing named is no child", source: "message",
			content: "Oskar: We named the boat Runa.",
			absent:  []wf{{"*_OF", "*", "*", "", ""}}},
		{name: "raised by one", source: "message",
			content: "Oskar: Runa is lovely. I raised her by myself.",
			want:    []wf{{"PARENT_OF", "Oskar", "Runa", "", ""}}},
	})
}
