package main

import "testing"

// TestExtractStudiesLeft reads withdrawing, dropping out and pulling out
// of one's studies, or of a school by name, as the end of the studies
// there; leaving a university by name stays the frames' reading.
func TestExtractStudiesLeft(t *testing.T) {
	runConstructions(t, []construction{
		{name: "withdrew from a degree at a university", source: "message",
			content: "I withdrew from my MSc at Tarnwell University in March.",
			want:    []wf{{"STUDIES_AT", "User", "Tarnwell University", "", "2024-03-01"}}},
		{name: "dropped out of a course at a college", source: "message",
			content: "I dropped out of my course at Fenlow College last year.",
			want:    []wf{{"STUDIES_AT", "User", "Fenlow College", "", "2023-01-01"}}},
		{name: "pulled out of a college by name", source: "message",
			content: "I pulled out of Fenlow College in my second year.",
			want:    []wf{{"STUDIES_AT", "User", "Fenlow College", "", "ref"}}},
		{name: "left a university by name", source: "message",
			content: "I left Tarnwell University after a year.",
			absent:  []wf{{"STUDIES_AT", "*", "*", "", ""}}},
		{name: "dropped out of a race", source: "message",
			content: "I dropped out of the race.",
			absent:  []wf{{"STUDIES_AT", "*", "*", "", ""}}},
	})
}
