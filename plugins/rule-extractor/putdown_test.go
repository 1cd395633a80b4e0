package main

import "testing"

// TestExtractPutDown reads a pet put down as a pet that died, and "had
// to" as what was done.
func TestExtractPutDown(t *testing.T) {
	runConstructions(t, []construction{
		{name: "the pet named before", source: "message",
			previous: []string{"Brannoc: Our dog Pepper turned five today."},
			content:  "Brannoc: We had to put Pepper down last week.",
			want:     []wf{{"HAS_PET", "Brannoc", "Pepper", "", "2024-05-08"}}},
		{name: "put to sleep", source: "message",
			previous: []string{"Brannoc: Our dog Pepper turned five today."},
			content:  "Brannoc: We had to put Pepper to sleep last week.",
			want:     []wf{{"HAS_PET", "Brannoc", "Pepper", "", "2024-05-08"}}},
		{name: "the pet named before, unlabelled", source: "message",
			previous: []string{"I've had my dog Biscuit since he was a puppy."},
			content:  "We had to put Biscuit down in October.",
			want:     []wf{{"HAS_PET", "User", "Biscuit", "", "2023-10-01"}}},
		{name: "shopping is no pet", source: "message",
			previous: []string{"Brannoc: Our dog Pepper turned five today."},
			content:  "Brannoc: We put the shopping down by the door.",
			absent:   []wf{{"HAS_PET", "*", "*", "", "*"}}},
		{name: "had to quit", source: "message",
			content: "Vesna: I had to quit my job at Quillary last week.",
			want:    []wf{{"WORKS_AT", "Vesna", "Quillary", "", "2024-05-08"}}},
		{name: "have to is a need", source: "message",
			content: "Vesna: I have to quit my job at Quillary.",
			absent:  []wf{{"WORKS_AT", "*", "*", "", "*"}}},
	})
}
