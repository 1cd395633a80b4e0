package main

import "testing"

// TestExtractPossessedDrug reads a patient's drug as the subject of a
// passive: stopped ends it, started starts it, a dose changed keeps it;
// and a drug's name straight after a finite verb is its object.
func TestExtractPossessedDrug(t *testing.T) {
	runConstructions(t, []construction{
		{name: "stopped, in a clinic note",
			content: "Oddny Berg's apixaban was stopped on 20 April 2024 because of a bleed.",
			want:    []wf{{"TAKES_MEDICATION", "Oddny Berg", "apixaban", "", "2024-04-20"}}},
		{name: "started, said by the patient", source: "message",
			content: "Vesna: My metformin was started in March.",
			want:    []wf{{"TAKES_MEDICATION", "Vesna", "metformin", "2024-03-01", ""}}},
		{name: "a dose changed is still taken",
			content: "Thorfinn Aas's sertraline was increased to 100 mg last week.",
			want:    []wf{{"TAKES_MEDICATION", "Thorfinn Aas", "sertraline", "ref", ""}},
			absent:  []wf{{"TAKES_MEDICATION", "Thorfinn Aas", "sertraline", "", "*"}}},
		{name: "no drug, no medicine",
			content: "Thorfinn Aas's car was stopped by the police on Friday.",
			absent:  []wf{{"TAKES_MEDICATION", "*", "*", "", ""}}},
		{name: "a drug the tagger took for a verb",
			content: "Oddny Berg stopped apixaban on 20 April 2024.",
			want:    []wf{{"TAKES_MEDICATION", "Oddny Berg", "apixaban", "", "2024-04-20"}}},
		{name: "an age in brackets after the name",
			content: "Oddny Berg (64) was started on apixaban 5 mg twice daily on 3 February 2024.",
			want:    []wf{{"TAKES_MEDICATION", "Oddny Berg", "apixaban", "2024-02-03", ""}}},
	})
}
