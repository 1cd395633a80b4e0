package main

import "testing"

// TestExtractKinInPossessor holds a relative named inside a possessor.
func TestExtractKinInPossessor(t *testing.T) {
	runConstructions(t, []construction{
		{name: "my brother's name before a possessive", source: "message",
			content: "Ines: My brother Ivar's car is red.",
			want:    []wf{{"BROTHER_OF", "Ivar", "Ines", "ref", ""}}},
		{name: "an adjective before the relative", source: "message",
			content: "Ines: I met my old friend Sigrun's husband.",
			want:    []wf{{"FRIEND_OF", "Sigrun", "Ines", "ref", ""}}},
		{name: "a name's possessive alone is no relative", source: "message",
			content: "Ines: I met Sigrun's husband.",
			absent:  []wf{{"FRIEND_OF", "Sigrun", "Ines", "", ""}, {"MARRIED_TO", "Sigrun", "Ines", "", ""}}},
	})
}
