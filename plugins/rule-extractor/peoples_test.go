package main

import "testing"

// TestExtractPeoplesNames reads the adjective of a people as the first
// word of a name after it ("American Airlines"), and as no name before a
// common noun.
func TestExtractPeoplesNames(t *testing.T) {
	runConstructions(t, []construction{
		{name: "an airline", source: "message",
			content: "American Airlines lost my bag.",
			want:    []wf{{"LOSES", "American Airlines", "bag", "", ""}}},
		{name: "a museum", source: "message",
			content: "I visited the British Museum.",
			want:    []wf{{"VISITED", "User", "British Museum", "", ""}}},
	})
}
