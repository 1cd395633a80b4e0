package main

import "testing"

// TestExtractLivingApart reads moving out with no place named, and
// living alone, as the end of sharing a home with whoever the episode or
// the ones before it said.
func TestExtractLivingApart(t *testing.T) {
	runConstructions(t, []construction{
		{name: "the flatmate moves out, told by a third", source: "message",
			previous: []string{"Ingunn: Oddny has been sharing a flat with Vesna since September."},
			content:  "Ingunn: Vesna moved out in March.",
			want:     []wf{{"LIVES_WITH", "Vesna", "Oddny", "", "2024-03-01"}},
			absent:   []wf{{"ROOMMATE_OF", "Vesna", "Ingunn", "", "*"}}},
		{name: "lives on her own now", source: "message",
			previous: []string{"Ingunn: Oddny has been sharing a flat with Vesna since September."},
			content:  "Ingunn: Oddny lives on her own now.",
			want:     []wf{{"LIVES_WITH", "Oddny", "Vesna", "", "ref"}}},
		{name: "lives alone", source: "message",
			previous: []string{"Ingunn: Oddny lives with Vesna in Fenlow."},
			content:  "Ingunn: Oddny lives alone these days.",
			want:     []wf{{"LIVES_WITH", "Oddny", "Vesna", "", "ref"}}},
		{name: "alone, with no one said before", source: "message",
			content: "Ingunn: Oddny lives alone.",
			absent:  []wf{{"LIVES_WITH", "*", "*", "", ""}}},
	})
}
