package main

import "testing"

// TestExtractHolders holds a reference number or a title and surname
// standing for the person an earlier episode named: the plan a
// membership is moved to is its holder's, and "Mr Sandvold" is the one
// Sandvold who spoke before.
func TestExtractHolders(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a membership moved to a plan by its number, said by the one who serves its holder", source: "message",
			previous: []string{"Ragnvald Sæle: Hi, I'm on the Basic plan at Lindvik Pool, membership number LP-40212."},
			content:  "Lindvik Pool Desk: Of course, Mr Sæle. I've upgraded membership LP-40212 to the Premium plan starting 1 June 2024.",
			want:     []wf{{"ON_PLAN", "Ragnvald Sæle", "Premium plan", "2024-06-01", ""}},
			absent:   []wf{{"HAS_MEMBERSHIP", "Lindvik Pool Desk", "*", "", ""}, {"*", "Mr Sæle", "*", "", ""}}},
		{name: "a number cancelled ends its holder's tie to it", source: "message",
			previous: []string{"Ragnvald Sæle: I'm on the Basic plan at Lindvik Pool, membership number LP-40212."},
			content:  "Ragnvald Sæle: I cancelled LP-40212 on Monday.",
			want:     []wf{{"HAS_MEMBERSHIP", "Ragnvald Sæle", "LP-40212", "", "2024-05-13"}}},
		{name: "a booking cancelled in the passive, by the one who serves", source: "message",
			previous: []string{"Ilse Varga: Hi, my booking GX-7710 is for two nights in June."},
			content:  "Shingle Hotel Desk: Booking GX-7710 has been cancelled.",
			want:     []wf{{"HAS_BOOKING", "Ilse Varga", "GX-7710", "", "ref"}}},
		{name: "a membership number the speaker gives is the speaker's", source: "message",
			content: "Ragnvald Sæle: I'm on the Basic plan at Lindvik Pool, membership number LP-40212.",
			want:    []wf{{"HAS_MEMBERSHIP", "Ragnvald Sæle", "LP-40212", "ref", ""}}},
	})
}
