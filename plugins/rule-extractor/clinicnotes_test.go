package main

import "testing"

// TestExtractClinicNoteLists reads a list of medicines after its heading in
// a patient's record, "due to" as a preposition, and a verb with an
// object after a semicolon whose shared subject would be a drug as the
// note's.
func TestExtractClinicNoteLists(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a list of medications",
			content: "Patient: Brannoc Hale, DOB 12/03/1961. Current medications: metformin 500 mg twice daily, ramipril 5 mg once daily.",
			want:    []wf{{"TAKES_MEDICATION", "Brannoc Hale", "metformin", "ref", ""}, {"TAKES_MEDICATION", "Brannoc Hale", "ramipril", "ref", ""}}},
		{name: "discontinued due to; commenced",
			content: "Patient: Brannoc Hale. Ramipril discontinued due to cough; commenced losartan 50 mg daily.",
			want:    []wf{{"TAKES_MEDICATION", "Brannoc Hale", "Ramipril", "", "ref"}, {"TAKES_MEDICATION", "Brannoc Hale", "losartan", "ref", ""}}},
		{name: "a list of allergies is no medicine",
			content: "Patient: Brannoc Hale. Allergies: penicillin, latex.",
			absent:  []wf{{"TAKES_MEDICATION", "*", "*", "", ""}}},
	})
}
