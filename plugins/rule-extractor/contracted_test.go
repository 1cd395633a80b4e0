package main

import "testing"

// TestExtractNameIs holds a name's "'s" read as "is" before what cannot
// follow a possessive.
func TestExtractNameIs(t *testing.T) {
	runConstructions(t, []construction{
		{name: "married to after a name's 's", source: "message",
			content: "Ines: Sigrun's married to Torvald Moe.",
			want:    []wf{{"MARRIED_TO", "Sigrun", "Torvald Moe", "ref", ""}}},
		{name: "friends with after a name's 's", source: "message",
			content: "Ines: Halvard's friends with Tove Aas.",
			want:    []wf{{"FRIEND_OF", "Halvard", "Tove Aas", "ref", ""}}},
		{name: "from a place after a name's 's", source: "message",
			content: "Ines: Ragna's from Bergen.",
			want:    []wf{{"IS_FROM", "Ragna", "Bergen", "ref", ""}}},
		{name: "a married sister is a possessive's noun", source: "message",
			content: "Ines: Ragna's married sister Oda lives in Bergen.",
			absent:  []wf{{"MARRIED_TO", "Ragna", "Oda", "", ""}}},
	})
}
