package main

import "testing"

// TestExtractServiceTaken reads a service started or stopped with
// someone as the giver's tie to the one who takes it, and a new
// trainer, tutor or counsellor named by a possessed noun.
func TestExtractServiceTaken(t *testing.T) {
	runConstructions(t, []construction{
		{name: "stopped therapy with", source: "message",
			content: "I stopped therapy with Dr Lade in March.",
			want:    []wf{{"THERAPIST_OF", "Dr Lade", "User", "", "2024-03-01"}}},
		{name: "started lessons with", source: "message",
			content: "I've started piano lessons with Oddny.",
			want:    []wf{{"TEACHER_OF", "Oddny", "User", "ref", ""}, {"TAKES_CLASS", "User", "piano lessons", "ref", ""}}},
		{name: "finished physio with", source: "message",
			content: "I finished my physio with Ingunn last week.",
			want:    []wf{{"DOCTOR_OF", "Ingunn", "User", "", "2024-05-08"}}},
		{name: "lunch is no service", source: "message",
			content: "I had lunch with Vesna.",
			absent:  []wf{{"*", "Vesna", "User", "", ""}}},
		{name: "a new trainer", source: "message",
			previous: []string{"Vesna is my personal trainer at Quillary Gym."},
			content:  "I've stopped seeing Vesna; my new trainer is Oddny.",
			want:     []wf{{"COACHES", "Oddny", "User", "ref", ""}, {"COACHES", "Vesna", "User", "", "ref"}}},
		{name: "a counsellor", source: "message",
			content: "My counsellor is Ingunn.",
			want:    []wf{{"THERAPIST_OF", "Ingunn", "User", "ref", ""}}},
	})
}

// TestExtractBookedTravel reads a journey booked to a place.
func TestExtractBookedTravel(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a flight booked to a town", source: "message",
			content: "I booked a flight to Fenlow for Saturday.",
			want:    []wf{{"BOOKED_TRAVEL_TO", "User", "Fenlow", "", ""}}},
		{name: "a table booked at a restaurant is no journey", source: "message",
			content: "I booked a table at Quillary for Saturday.",
			absent:  []wf{{"BOOKED_TRAVEL_TO", "*", "*", "", ""}}},
	})
}
