package main

import "testing"

// TestExtractImplicitPossessor checks that an indefinite relational noun
// said of someone with no possessor relates them to the speaker, and
// only then.
func TestExtractImplicitPossessor(t *testing.T) {
	runConstructions(t, []construction{
		{name: "you are a friend", source: "message",
			content: "Ulrik: Hello.\nAgnes: You're a good friend.",
			want:    []wf{{"FRIEND_OF", "Ulrik", "Agnes", "ref", ""}}},
		{name: "a colleague named", source: "message",
			content: "Ulrik: Jonas is a colleague.",
			want:    []wf{{"COLLEAGUE_OF", "Jonas", "Ulrik", "ref", ""}}},
		{name: "a friend of someone else", source: "message",
			content: "Ulrik: Jonas is a friend of the family.",
			absent:  []wf{{"FRIEND_OF", "Jonas", "Ulrik", "", ""}}},
		{name: "the definite is no one's in particular", source: "message",
			content: "Ulrik: Jonas is the neighbor.",
			absent:  []wf{{"NEIGHBOR_OF", "Jonas", "Ulrik", "", ""}}},
		{name: "kinship needs its possessor", source: "message",
			content: "Ulrik: Jonas is a brother.",
			absent:  []wf{{"BROTHER_OF", "Jonas", "Ulrik", "", ""}, {"SIBLING_OF", "Jonas", "Ulrik", "", ""}}},
	})
}
