package main

import "testing"

// TestExtractTakenOffDrug ends a medicine the patient is taken off,
// named or as "her", before another is started.
func TestExtractTakenOffDrug(t *testing.T) {
	runConstructions(t, []construction{
		{name: "took a name off, put him on", source: "message",
			content: "Vesna: The cardiologist took Sigvald off bisoprolol and put him on ramipril in May.",
			want:    []wf{{"TAKES_MEDICATION", "Sigvald", "bisoprolol", "", "ref"}, {"TAKES_MEDICATION", "Sigvald", "ramipril", "2024-05-01", ""}}},
		{name: "took her off", source: "message",
			content: "Vesna: My dog Juniper is poorly. The vet took her off carprofen.",
			want:    []wf{{"TAKES_MEDICATION", "Juniper", "carprofen", "", "ref"}}},
	})
}
