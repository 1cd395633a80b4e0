package main

import "testing"

// TestExtractRecordProse holds the fields of a travel record said in
// prose: its passenger, its ends, and a field changed or restated.
func TestExtractRecordProse(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a booking for a person, from one place to another", source: "message",
			content: "Ines: Booking BK-7781 is for Ana Berg, from Oslo to Rome on 3 July.",
			want: []wf{{"PASSENGER", "Booking BK-7781", "Ana Berg", "ref", ""}, {"ORIGIN", "Booking BK-7781", "Oslo", "ref", ""},
				{"DESTINATION", "Booking BK-7781", "Rome", "ref", ""}}},
		{name: "an order for a person has no passenger", source: "message",
			content: "Ines: Order ORD-5512 is for Ana Berg.",
			absent:  []wf{{"PASSENGER", "*", "*", "", ""}}},
		{name: "a field changed", source: "message",
			content: "Ines: Please change the destination on ticket TK-5512 to Madrid.",
			want:    []wf{{"DESTINATION", "TK-5512", "Madrid", "ref", ""}}},
		{name: "a field after a phrase on the record", source: "message",
			content: "Ines: The passenger on ticket TK-5512 is now Ola Nord.",
			want:    []wf{{"PASSENGER", "TK-5512", "Ola Nord", "ref", ""}}},
		{name: "a record that goes somewhere has a destination, not a trip", source: "message",
			content: "Ines: Ticket TK-5512 now goes to Madrid.",
			want:    []wf{{"DESTINATION", "Ticket TK-5512", "Madrid", "ref", ""}},
			absent:  []wf{{"TRAVELED_TO", "*", "Madrid", "", ""}}},
	})
}
