package main

import "testing"

// TestExtractLessons reads classes taken in a subject, begun and ended by
// any verb of their class, and leaves a school's enrolment to its frame.
func TestExtractLessons(t *testing.T) {
	runConstructions(t, []construction{
		{name: "taking classes", source: "message",
			content: "I've been taking Spanish classes for the past three months.",
			want:    []wf{{"TAKES_CLASS", "User", "Spanish classes", "2024-02-15", ""}}},
		{name: "stopped taking lessons", source: "message",
			content: "I stopped taking piano lessons in March.",
			want:    []wf{{"TAKES_CLASS", "User", "piano lessons", "", "2024-03-01"}}},
		{name: "started classes",
			content: "Vesna started yoga classes last week.",
			want:    []wf{{"TAKES_CLASS", "Vesna", "yoga classes", "2024-05-08", ""}}},
		{name: "signed up for a class", source: "message",
			content: "I signed up for a pottery class.",
			want:    []wf{{"TAKES_CLASS", "User", "pottery class", "ref", ""}}},
		{name: "a course at a school keeps the school", source: "message",
			content: "I enrolled in a pottery course at Tarnwell College last month.",
			want:    []wf{{"TAKES_CLASS", "User", "pottery course", "2024-04-01", ""}, {"STUDIES_AT", "User", "Tarnwell College", "2024-04-01", ""}}},
		{name: "a class with no subject", source: "message",
			content: "I took a class.",
			absent:  []wf{{"TAKES_CLASS", "*", "*", "", ""}}},
	})
}
