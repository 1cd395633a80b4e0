package main

import "testing"

// TestExtractDrugDoses reads a drug after its measure ("20mg of
// citalopram"), one put on or taken off a drug by someone unnamed, being
// off a drug for a while as having stopped it that long ago, drugs by
// their stems, and "bumped up to" as a promotion.
func TestExtractDrugDoses(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a measure of a drug", source: "message",
			content: "Thorfinn: Doc put me on 20mg of citalopram for the anxiety.",
			want:    []wf{{"TAKES_MEDICATION", "Thorfinn", "citalopram", "ref", ""}}},
		{name: "they started me on", source: "message",
			content: "Thorfinn: They started me on 5 mg of apixaban in May.",
			want:    []wf{{"TAKES_MEDICATION", "Thorfinn", "apixaban", "2024-05-01", ""}}},
		{name: "they took me off", source: "message",
			content: "Thorfinn: They took me off warfarin last week.",
			want:    []wf{{"TAKES_MEDICATION", "Thorfinn", "warfarin", "", "2024-05-08"}}},
		{name: "they put me on a list", source: "message",
			content: "Thorfinn: They put me on the waiting list.",
			absent:  []wf{{"TAKES_MEDICATION", "*", "*", "", ""}}},
		{name: "off for a month", source: "message",
			content: "Thorfinn: Been off the citalopram for a month now and feeling fine.",
			want:    []wf{{"TAKES_MEDICATION", "Thorfinn", "citalopram", "", "2024-04-15"}}},
		{name: "bumped up", source: "message",
			content: "Ingunn: Got bumped up to depot manager in March!",
			want:    []wf{{"HAS_JOB_TITLE", "Ingunn", "depot manager", "2024-03-01", ""}}},
	})
}
