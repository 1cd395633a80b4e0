package main

import "testing"

// TestExtractKinInPossessor holds a relative named inside a possessor.
func TestExtractKinInPossessor(t *testing.T) {
	runConstructions(t, []construction{
		{name: "my brother's name before a possessive", source: "message",
			content: "Ines: My brother Ivar's car is red.",
			want:    []wf{{"BROTHER_OF", "Ivar", "Ines", "ref", ""}}},
		{name: "an adjective before the relative", source: "message",
			content: "Ines: I met my old friend Sigrun's husband.",
			want:    []wf{{"FRIEND_OF", "Sigrun", "Ines", "ref", ""}}},
		{name: "a name's possessive alone is no relative", source: "message",
			content: "Ines: I met Sigrun's husband.",
			absent:  []wf{{"FRIEND_OF", "Sigrun", "Ines", "", ""}, {"MARRIED_TO", "Sigrun", "Ines", "", ""}}},
	})
}

// TestExtractPetsVet holds a pet's vet: the vet is the pet's doctor.
func TestExtractPetsVet(t *testing.T) {
	runConstructions(t, []construction{
		{name: "the vet of a pet named before", source: "message",
			content: "Aud: My kitten Bramble is doing well. Her vet is Dr. Linda Hale at Fenwick Vets.",
			want:    []wf{{"DOCTOR_OF", "Dr. Linda Hale", "Bramble", "ref", ""}, {"HAS_PET", "Aud", "Bramble", "ref", ""}}},
	})
}
