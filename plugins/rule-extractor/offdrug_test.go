package main

import "testing"

// TestExtractOffDrug reads being off a medicine as having stopped it:
// now, or on the date after "since", which dates the end.
func TestExtractOffDrug(t *testing.T) {
	runConstructions(t, []construction{
		{name: "is off", source: "message",
			content: "Vesna: Thorfinn is off warfarin.",
			want:    []wf{{"TAKES_MEDICATION", "Thorfinn", "warfarin", "", "ref"}}},
		{name: "has been off since", source: "message",
			content: "Vesna: Thorfinn has been off warfarin since March.",
			want:    []wf{{"TAKES_MEDICATION", "Thorfinn", "warfarin", "", "2024-03-01"}}},
		{name: "with its article", source: "message",
			content: "Vesna: Thorfinn has been off the warfarin since March.",
			want:    []wf{{"TAKES_MEDICATION", "Thorfinn", "warfarin", "", "2024-03-01"}}},
		{name: "off sick is no medicine", source: "message",
			content: "Vesna: Thorfinn has been off sick since March.",
			absent:  []wf{{"TAKES_MEDICATION", "*", "*", "", ""}}},
	})
}
