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
		{name: "a passenger's record names the flight",
			content: "Booking confirmation ZK5R1Q. Passenger: Mr Abel Tumo. Flight KD2210, Harare (HRE) to Lusaka (LUN), Wednesday 14 May 2025.",
			want:    []wf{{"FLIES_ON", "Mr Abel Tumo", "KD2210", "ref", ""}}},
		{name: "rebooked on another flight",
			previous: []string{asked},
			content:  "Schedule change for booking ZR8QWN. Ms Lind has been rebooked on BA2299, departing Leeds on Saturday 25 May.",
			want:     []wf{{"FLIES_ON", "Maartje Lind", "BA2299", "ref", ""}, {"FLIES_ON", "Maartje Lind", "BA2291", "", "ref"}}},
		{name: "a flight on a date cancelled ends now, not on that date",
			previous: []string{asked},
			content:  "Schedule change for booking ZR8QWN. We're sorry: flight BA2291 on 24 May has been cancelled.",
			want:     []wf{{"FLIES_ON", "Maartje Lind", "BA2291", "", "ref"}}},
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
