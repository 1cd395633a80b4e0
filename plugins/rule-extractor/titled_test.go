package main

import "testing"

// TestExtractTitledNameOnce holds a full name and the same name after an
// honorific in one episode as one person: "Ms Gisela Marchetti, 47" in a
// record about Gisela Marchetti had made two.
func TestExtractTitledNameOnce(t *testing.T) {
	for _, content := range []string{
		"Fenlow Surgery — consultation 12/03/2024. Ms Vesna Holm, 47, registered patient. Plan: start levothyroxine 50 micrograms once daily. Dr. Sigvald Aune",
		"Vesna Holm joined Brackley Freight in March. Ms Vesna Holm lives in Oslo.",
	} {
		got := entityTypes(t, "text", content)
		if _, bare := got["Vesna Holm"]; bare {
			if _, titled := got["Ms Vesna Holm"]; titled {
				t.Errorf("extract(%q) gives both Vesna Holm and Ms Vesna Holm: %v", content, got)
			}
		}
	}
}

// TestExtractTiePostNoJob holds a noun of a tie to someone before a name
// ("Patient Oddny Brekke", "Client Vesna Holm") as no job title.
func TestExtractTiePostNoJob(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a patient", content: "Patient Oddny Brekke was discharged from Fenlow General on 12 May.",
			want:   []wf{{"PATIENT_AT", "Oddny Brekke", "Fenlow General", "", "2024-05-12"}},
			absent: []wf{{"HAS_JOB_TITLE", "*", "*", "", ""}}},
		{name: "a client", content: "Client Vesna Holm said the deal was off.",
			absent: []wf{{"HAS_JOB_TITLE", "*", "*", "", ""}}},
	})
}
