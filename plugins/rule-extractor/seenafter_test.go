package main

import "testing"

// TestExtractSeenInGerund reads seeing a doctor in a gerund that dates
// another clause ("after seeing Dr. Holm") as a visit, which ends no
// tie; "has been seeing Dr. Holm since March" is the doctor's.
func TestExtractSeenInGerund(t *testing.T) {
	runConstructions(t, []construction{
		{name: "after seeing", source: "message",
			content: "Ottoline: I started on sertraline after seeing Dr. Holm.",
			want:    []wf{{"TAKES_MEDICATION", "Ottoline", "sertraline", "ref", ""}},
			absent:  []wf{{"DOCTOR_OF", "Dr. Holm", "Ottoline", "", "ref"}}},
		{name: "has been seeing", source: "message",
			content: "Ottoline: I've been seeing Dr. Holm since March.",
			want:    []wf{{"DOCTOR_OF", "Dr. Holm", "Ottoline", "2024-03-01", ""}}},
	})
}
