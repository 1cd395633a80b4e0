package main

import "testing"

// TestExtractBackTogether holds a couple said to be, or get, back
// together.
func TestExtractBackTogether(t *testing.T) {
	runConstructions(t, []construction{
		{name: "got back together", source: "message",
			content: "Ines: Oda and Ivar got back together.",
			want:    []wf{{"IS_DATING", "Ivar", "Oda", "ref", ""}}},
		{name: "are back together", source: "message",
			content: "Ines: Sigrun and Torvald are back together.",
			want:    []wf{{"IS_DATING", "Torvald", "Sigrun", "ref", ""}}},
		{name: "we got back together", source: "message",
			content: "Ines: How was your summer?\nMarit: We got back together in June.",
			want:    []wf{{"IS_DATING", "Marit", "Ines", "2023-06-01", ""}}},
		{name: "not back together", source: "message",
			content: "Ines: Ragna and Tor are not back together.",
			absent:  []wf{{"IS_DATING", "Tor", "Ragna", "", ""}, {"IS_DATING", "Ragna", "Tor", "", ""}}},
	})
}
