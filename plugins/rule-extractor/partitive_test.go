package main

import "testing"

// TestExtractPartitiveAfterPreposition reads the medicine of "on a low
// dose of gabapentin", "on a course of amoxicillin and ibuprofen" after
// a preposition as after a verb ("takes a low dose of gabapentin"): the
// dose or course is no medicine.
func TestExtractPartitiveAfterPreposition(t *testing.T) {
	runConstructions(t, []construction{
		{name: "put on a dose of", source: "message",
			content: "Vesna: The vet put Juniper on a low dose of gabapentin last Tuesday.",
			want:    []wf{{"TAKES_MEDICATION", "Juniper", "gabapentin", "2024-05-14", ""}},
			absent:  []wf{{"TAKES_MEDICATION", "*", "low dose", "", ""}}},
		{name: "is on a dose of", source: "message",
			content: "Vesna: Sigvald is on a low dose of gabapentin.",
			want:    []wf{{"TAKES_MEDICATION", "Sigvald", "gabapentin", "ref", ""}},
			absent:  []wf{{"TAKES_MEDICATION", "*", "low dose", "", ""}}},
		{name: "a course of two", source: "message",
			content: "Vesna: Sigvald is on a course of amoxicillin and ibuprofen.",
			want:    []wf{{"TAKES_MEDICATION", "Sigvald", "amoxicillin", "ref", ""}, {"TAKES_MEDICATION", "Sigvald", "ibuprofen", "ref", ""}}},
	})
}
