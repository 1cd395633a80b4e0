package main

import "testing"

// TestExtractDoseAfterDrug reads a drug with its dose written after it
// ("rosuvastatin 10mg") as the drug, not the dose.
func TestExtractDoseAfterDrug(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a record's note",
			content: "Patient: Sigvald Rask. Started rosuvastatin 10mg daily.",
			want:    []wf{{"TAKES_MEDICATION", "Sigvald Rask", "rosuvastatin", "ref", ""}}},
		{name: "first person", source: "message",
			content: "I started taking metformin 500mg last week.",
			want:    []wf{{"TAKES_MEDICATION", "User", "metformin", "2024-05-08", ""}}},
	})
}
