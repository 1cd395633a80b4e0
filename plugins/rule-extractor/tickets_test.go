package main

import "testing"

// TestExtractTicketInSentence reads a travel record's route and
// passenger where a sentence about its holder names it: the route right
// after its noun and code, the one who has it, whose it is, or for whom
// it was booked.
func TestExtractTicketInSentence(t *testing.T) {
	runConstructions(t, []construction{
		{name: "has a ticket from and to", source: "message",
			content: "Vesna: Ingunn Dahl has ticket TK-5521 from Oslo to Reykjavik on 3 June.",
			want: []wf{{"ORIGIN", "TK-5521", "Oslo", "ref", ""}, {"DESTINATION", "TK-5521", "Reykjavik", "ref", ""},
				{"PASSENGER", "TK-5521", "Ingunn Dahl", "ref", ""}}},
		{name: "booked for someone", source: "message",
			content: "Vesna: I booked ticket TK-5521 to Reykjavik for Ingunn.",
			want:    []wf{{"DESTINATION", "TK-5521", "Reykjavik", "ref", ""}, {"PASSENGER", "TK-5521", "Ingunn", "ref", ""}}},
		{name: "whose ticket", source: "message",
			content: "Vesna: Ingunn's ticket TK-5521 to Reykjavik is for 3 June.",
			want:    []wf{{"DESTINATION", "TK-5521", "Reykjavik", "ref", ""}, {"PASSENGER", "TK-5521", "Ingunn", "ref", ""}}},
		{name: "a support ticket passed from one to another has no route", source: "message",
			content: "Vesna: I've reassigned ticket SUP-4471 from Sigvald to Oddny.",
			absent:  []wf{{"ORIGIN", "*", "*", "", ""}, {"DESTINATION", "*", "*", "", ""}}},
		{name: "an order is no trip", source: "message",
			content: "Vesna: Order ORD-4410 from Quillary arrived.",
			absent:  []wf{{"ORIGIN", "*", "*", "", ""}}},
	})
}
