package main

import "testing"

// TestExtractPrescribedTwoObjects reads "prescribed Ysolde amoxicillin"
// as the drug given to the one named first; the doctor takes nothing.
func TestExtractPrescribedTwoObjects(t *testing.T) {
	runConstructions(t, []construction{
		{name: "prescribed a name a drug", source: "message",
			content: "Vesna: Dr. Holm prescribed Ysolde amoxicillin for her chest infection on Monday.",
			want:    []wf{{"TAKES_MEDICATION", "Ysolde", "amoxicillin", "2024-05-13", ""}},
			absent:  []wf{{"TAKES_MEDICATION", "*", "Dr. Holm", "", ""}}},
	})
}
