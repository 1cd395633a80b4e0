package main

import "testing"

// TestExtractStays holds stays in hospital and registrations with a
// practice: one at a time, begun by an admission or a registration and
// ended by a discharge, said of a name, a first name or a relative an
// earlier episode named.
func TestExtractStays(t *testing.T) {
	runConstructions(t, []construction{
		{name: "an admission begins a stay", source: "message",
			content: "Maelle: Grandpa (Yves Castel) was admitted to Saint Roch Hospital yesterday.",
			want:    []wf{{"PATIENT_AT", "Yves Castel", "Saint Roch Hospital", "2024-05-14", ""}}},
		{name: "a discharge with its hospital ends the stay",
			content: "Yves Castel was admitted to Saint Roch Hospital on 2 May and discharged from Saint Roch Hospital on 9 May.",
			want:    []wf{{"PATIENT_AT", "Yves Castel", "Saint Roch Hospital", "2024-05-02", "2024-05-09"}}},
		{name: "a discharge of a relative named in an earlier episode", source: "message",
			previous: []string{"Maelle: Grandpa (Yves Castel) was admitted to Saint Roch Hospital on Monday."},
			content:  "Maelle: Grandpa was discharged on Friday.",
			want:     []wf{{"PATIENT_AT", "Yves Castel", "Saint Roch Hospital", "", "2024-05-10"}}},
		{name: "a discharge of a first name named in full before", source: "message",
			previous: []string{"Maelle: Grandpa (Yves Castel) was admitted to Saint Roch Hospital on Monday."},
			content:  "Maelle: Yves was discharged on Friday.",
			want:     []wf{{"PATIENT_AT", "Yves Castel", "Saint Roch Hospital", "", "2024-05-10"}}},
		{name: "a registered patient in a practice's notes is registered with it",
			content: "Fernlea Surgery — consultation 02/05/2024. Mr Tarquin Oyelaran, 52, registered patient. Persistent cough.",
			want:    []wf{{"REGISTERED_WITH", "Mr Tarquin Oyelaran", "Fernlea Surgery", "ref", ""}},
			absent:  []wf{{"REGISTERS", "*", "*", "", ""}}},
		{name: "a registration with a practice",
			content: "Thank you for referring Oona Kask, who registered with you at Harbour Medical Centre in March.",
			want:    []wf{{"REGISTERED_WITH", "Oona Kask", "Harbour Medical Centre", "2024-03-01", ""}}},
	})
}
