package main

import "testing"

// TestExtractThingAsRole reads a role after a thing one uses or walks as
// no one's post, and a person hired as one still takes it.
func TestExtractThingAsRole(t *testing.T) {
	runConstructions(t, []construction{
		{name: "down the aisle as a bridesmaid", source: "message",
			content: "I just walked down the aisle as a bridesmaid at my cousin's wedding today.",
			absent:  []wf{{"HAS_JOB_TITLE", "*", "*", "", ""}}},
		{name: "a room as an office", source: "message",
			content: "We use the spare room as an office.",
			absent:  []wf{{"HAS_JOB_TITLE", "*", "*", "", ""}}},
		{name: "a new engineer hired as team lead",
			content: "Quillary hired a new engineer as team lead.",
			want:    []wf{{"HAS_JOB_TITLE", "new engineer", "team lead", "ref", ""}}},
	})
}

// TestExtractRoleOwnerAndStretch reads "in my new role as …" as the
// owner's title, and "for a while" as how long one worked, no employer.
func TestExtractRoleOwnerAndStretch(t *testing.T) {
	runConstructions(t, []construction{
		{name: "in my new role as", source: "message",
			content: "I'm automating workflows in my new role as a senior marketing analyst.",
			want:    []wf{{"HAS_JOB_TITLE", "User", "senior marketing analyst", "ref", ""}},
			absent:  []wf{{"HAS_JOB_TITLE", "workflows", "*", "", ""}}},
		{name: "worked for a while", source: "message",
			content: "I've been working in digital marketing for a while now.",
			absent:  []wf{{"WORKS_AT", "*", "*", "", ""}}},
		{name: "worked for a paper named for time", source: "message",
			content: "I worked for the Tarnwell Times.",
			want:    []wf{{"WORKS_AT", "User", "Tarnwell Times", "", "ref"}}},
	})
}

// TestExtractMadeCompound reads a noun whose first sense is an animal,
// after a noun of a made thing, as no pet ("a car phone mount").
func TestExtractMadeCompound(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a car phone mount", source: "message",
			content: "I'll get a car phone mount too.",
			absent:  []wf{{"HAS_PET", "*", "*", "", ""}}},
		{name: "a rescue puppy", source: "message",
			content: "We adopted a rescue puppy.",
			want:    []wf{{"HAS_PET", "User", "rescue puppy", "ref", ""}}},
	})
}

// TestExtractMineAsThing reads "mine" alone as the speaker's thing, and
// "of mine" as the speaker.
func TestExtractMineAsThing(t *testing.T) {
	runConstructions(t, []construction{
		{name: "borrowed mine", source: "message",
			content: "My friend Vesna borrowed mine last week.",
			want:    []wf{{"FRIEND_OF", "Vesna", "User", "ref", ""}},
			absent:  []wf{{"*", "Vesna", "User", "2024-05-08", ""}, {"BORROWS", "*", "*", "", ""}}},
		{name: "a friend of mine", source: "message",
			content: "Oddny: Vesna is a friend of mine.",
			want:    []wf{{"FRIEND_OF", "Vesna", "Oddny", "ref", ""}}},
	})
}

// TestExtractVerbAfterName reads a plural noun between a name and an
// object pronoun as the verb it is ("so Oddny coaches me now").
func TestExtractVerbAfterName(t *testing.T) {
	runConstructions(t, []construction{
		{name: "after so", source: "message",
			content: "Vesna retired, so Oddny coaches me now.",
			want:    []wf{{"COACHES", "Oddny", "User", "ref", ""}}},
		{name: "manages us",
			content: "Ingunn manages us.",
			want:    []wf{{"MANAGER_OF", "Ingunn", "User", "ref", ""}}},
	})
}

// TestExtractTopicOfNoun reads "on" or "about" right after a common noun
// that named nothing as the noun's topic, no place of the verb's.
func TestExtractTopicOfNoun(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a webinar on a subject", source: "message",
			content: "I participated in a webinar on data analysis two months ago.",
			absent:  []wf{{"*", "User", "data analysis", "", ""}}},
		{name: "the weekend at a friend's", source: "message",
			content: "I spent the weekend at Vesna's.",
			want:    []wf{{"SPENDS_AT", "User", "Vesna's", "", ""}}},
	})
}

// TestExtractNoEmployer reads what one works with, on or for that is no
// employer (a dataset, a class, an industry) as none, and a company, a
// hospital or a charity as one.
func TestExtractNoEmployer(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a class worked for", source: "message",
			content: "I've been working on a solo project for my Data Mining class.",
			absent:  []wf{{"WORKS_AT", "*", "*", "", ""}, {"WORKS_FOR", "*", "*", "", ""}}},
		{name: "an industry worked in", source: "message",
			content: "I've been working in the industry for five years.",
			absent:  []wf{{"WORKS_AT", "*", "*", "", ""}, {"WORKS_IN", "*", "*", "", ""}}},
		{name: "a dataset worked with", source: "message",
			content: "I want to ask about the dataset I'm working with.",
			absent:  []wf{{"WORKS_AT", "*", "*", "", ""}, {"WORKS_WITH", "*", "*", "", ""}}},
		{name: "a charity", source: "message",
			content: "I'm working for a charity now.",
			want:    []wf{{"WORKS_AT", "User", "charity", "ref", ""}}},
		{name: "a hospital", source: "message",
			content: "I work at a hospital.",
			want:    []wf{{"WORKS_AT", "User", "hospital", "ref", ""}}},
	})
}
