package main

import "testing"

// TestExtractLastDose holds the last dose of a course, which ends it.
func TestExtractLastDose(t *testing.T) {
	runConstructions(t, []construction{
		{name: "the last tablet of a course", source: "message",
			previous: []string{"Eilidh: The GP started me on amoxicillin this morning."},
			content:  "Eilidh: Last amoxicillin tablet was on Monday, so that's the course done.",
			want:     []wf{{"TAKES_MEDICATION", "Eilidh", "amoxicillin", "", "2024-05-13"}}},
		{name: "the last dose of a drug", source: "message",
			content: "Eilidh: My last dose of methotrexate was on 2 May.",
			want:    []wf{{"TAKES_MEDICATION", "Eilidh", "methotrexate", "", "2024-05-02"}}},
		{name: "a dose that is not the last ends nothing", source: "message",
			content: "Eilidh: My first dose of methotrexate was on 2 May.",
			absent:  []wf{{"TAKES_MEDICATION", "Eilidh", "methotrexate", "", "2024-05-02"}}},
	})
}
