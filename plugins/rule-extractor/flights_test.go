package main

import "testing"

// TestExtractFlights holds a passenger's flight, moved by their booking
// and ended when the booking is cancelled, as an assistant reports it.
func TestExtractFlights(t *testing.T) {
	const asked = "Maartje Lind(user): I'm on flight BA2291 from Leeds to Oslo on Friday 24 May, booking reference ZR8QWN. Can you move me to the Sunday flight?"
	const moved = "(assistant): Done. Booking ZR8QWN is now on flight BA2297 on Sunday 26 May."
	runConstructions(t, []construction{
		{name: "on a flight, with the booking", source: "message",
			content: asked,
			want:    []wf{{"FLIES_ON", "Maartje Lind", "BA2291", "ref", ""}, {"BOOKS", "Maartje Lind", "ZR8QWN", "ref", ""}},
			absent:  []wf{{"IS_FROM", "Maartje Lind", "Leeds", "", ""}}},
		{name: "the booking moved to another flight", source: "message",
			previous: []string{asked},
			content:  moved,
			want:     []wf{{"FLIES_ON", "Maartje Lind", "BA2297", "ref", ""}, {"FLIES_ON", "Maartje Lind", "BA2291", "", "ref"}}},
		{name: "the booking cancelled ends its flight", source: "message",
			previous: []string{asked, moved, "Maartje Lind(user): Please cancel ZR8QWN."},
			content:  "(assistant): Booking ZR8QWN has been cancelled.",
			want:     []wf{{"BOOKS", "Maartje Lind", "ZR8QWN", "", "ref"}, {"FLIES_ON", "Maartje Lind", "BA2297", "", "ref"}}},
		{name: "a request to cancel ends nothing", source: "message",
			previous: []string{asked},
			content:  "Maartje Lind(user): Please cancel ZR8QWN.",
			absent:   []wf{{"BOOKS", "Maartje Lind", "ZR8QWN", "", "ref"}}},
		{name: "an assistant says what it has done to a record", source: "message",
			previous: []string{"Maartje Lind(user): I'm on the Basic plan at Fjellsport Gym, membership number FS-40219. Could I move up to Premium?"},
			content:  "(assistant): Of course, Ms Lind. I've upgraded membership FS-40219 to the Premium plan starting 1 June 2024.",
			want:     []wf{{"ON_PLAN", "Maartje Lind", "Premium plan", "2024-06-01", ""}}},
		{name: "an assistant's other sentences are not read", source: "message",
			previous: []string{asked},
			content:  "(assistant): You love Oslo, I am sure. Booking ZR8QWN is confirmed.",
			absent:   []wf{{"LOVES", "*", "*", "", ""}}},
	})
}
