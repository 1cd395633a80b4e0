package main

import "testing"

// TestExtractFlightRoute reads a flight's code written with a space, its
// route after the code, and a changed route: "departs Oslo for Akureyri
// instead of Reykjavik" ends the old destination, not the origin.
func TestExtractFlightRoute(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a booking's fields",
			content: "Booking confirmed: passenger Thorfinn Aas, flight FN 2210 from Oslo to Reykjavik on 14 May 2024.",
			want:    []wf{{"PASSENGER", "FN 2210", "Thorfinn Aas", "ref", ""}, {"ORIGIN", "FN 2210", "Oslo", "ref", ""}, {"DESTINATION", "FN 2210", "Reykjavik", "ref", ""}}},
		{name: "booked on a flight and its route",
			content: "Thorfinn Aas is booked on flight FN 2210 from Oslo to Reykjavik.",
			want:    []wf{{"FLIES_ON", "Thorfinn Aas", "FN 2210", "ref", ""}, {"DESTINATION", "FN 2210", "Reykjavik", "ref", ""}}},
		{name: "a changed destination",
			content: "Your booking has changed: flight FN 2210 now departs Oslo for Akureyri instead of Reykjavik.",
			want:    []wf{{"DESTINATION", "FN 2210", "Akureyri", "ref", ""}, {"DESTINATION", "FN 2210", "Reykjavik", "", "ref"}},
			absent:  []wf{{"ORIGIN", "FN 2210", "Reykjavik", "", ""}}},
		{name: "the flight is its code",
			content: "Flight KL1422 now goes to Akureyri.",
			want:    []wf{{"DESTINATION", "KL1422", "Akureyri", "ref", ""}}},
		{name: "a person departing is no route", source: "message",
			content: "Vesna: Ingunn departs for Oslo on Monday.",
			absent:  []wf{{"DESTINATION", "*", "*", "", ""}}},
	})
}
