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
		{name: "the relative's own relative", source: "message",
			content: "Ines: My husband Ivar's mum, Sigrun, flew in from Bergen.",
			want:    []wf{{"MARRIED_TO", "Ivar", "Ines", "ref", ""}, {"MOTHER_OF", "Sigrun", "Ivar", "ref", ""}}},
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

// TestExtractPetsNamed holds a pet taken and named: "adopted a kitten and
// named her Bramble", "We got a puppy. We named him Biscuit.", "a little
// tabby we've named Bramble" after a rescue kitten picked up; and a pet
// got "yesterday", which the tagger had made an adjective of.
func TestExtractPetsNamed(t *testing.T) {
	runConstructions(t, []construction{
		{name: "named in the sentence that took it", source: "message",
			content: "Aud: We adopted a kitten and named her Bramble.",
			want:    []wf{{"HAS_PET", "Aud", "Bramble", "ref", ""}}},
		{name: "named in the next sentence", source: "message",
			content: "Aud: We got a puppy. We named him Biscuit.",
			want:    []wf{{"HAS_PET", "Aud", "Biscuit", "ref", ""}}},
		{name: "picked up, then named in a relative clause", source: "message",
			content: "Aud: We picked up a rescue kitten, a little tabby we've named Bramble.",
			want:    []wf{{"HAS_PET", "Aud", "Bramble", "ref", ""}}},
		{name: "got yesterday", source: "message",
			content: "Aud: I got a puppy yesterday.",
			want:    []wf{{"HAS_PET", "Aud", "puppy", "2024-05-14", ""}}},
	})
}
