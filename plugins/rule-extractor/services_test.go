package main

import "testing"

// TestExtractServiceWithProvider holds a service said to be with a
// provider, or moved to one: its possessor holds it there.
func TestExtractServiceWithProvider(t *testing.T) {
	runConstructions(t, []construction{
		{name: "an insurance with an insurer since a year",
			content: "Mrs Aud Berg's home insurance has been with Tollan Mutual since 2019.",
			want:    []wf{{"INSURED_WITH", "Mrs Aud Berg", "Tollan Mutual", "2019-01-01", ""}}},
		{name: "an insurance moved", source: "message",
			content: "Aud: My home insurance moved to Kestrel & Lowe on 1 January 2024.",
			want:    []wf{{"INSURED_WITH", "Aud", "Kestrel & Lowe", "2024-01-01", ""}},
			absent:  []wf{{"LIVES_IN", "*", "*", "", ""}}},
		{name: "savings moved from a bank to another", source: "message",
			content: "Aud: My savings went from Fenwick Bank to Marden Building Society in March.",
			want: []wf{{"BANKS_WITH", "Aud", "Fenwick Bank", "", "2024-03-01"},
				{"BANKS_WITH", "Aud", "Marden Building Society", "2024-03-01", ""}}},
		{name: "savings transferred from a bank to another, no job",
			content: "Aud Berg transferred her savings from Fenwick Bank to Marden Building Society in March.",
			want: []wf{{"BANKS_WITH", "Aud Berg", "Fenwick Bank", "", "2024-03-01"},
				{"BANKS_WITH", "Aud Berg", "Marden Building Society", "2024-03-01", ""}},
			absent: []wf{{"WORKS_AT", "*", "*", "", ""}}},
		{name: "a pension moved to a provider", source: "message",
			content: "Aud: I moved my pension to Tollan Life last week.",
			want:    []wf{{"CUSTOMER_OF", "Aud", "Tollan Life", "2024-05-08", ""}}},
		{name: "a note's organisation in its header is its us",
			content: "Customer note (Marden Building Society, Leeds branch): Mrs Aud Berg opened a Flex Saver account with us on 29 February 2024.",
			want:    []wf{{"CUSTOMER_OF", "Mrs Aud Berg", "Marden Building Society", "2024-02-29", ""}}},
	})
}

// TestExtractSeenProfessional holds a professional one sees, named after
// the noun: theirs, and no courtship.
func TestExtractSeenProfessional(t *testing.T) {
	runConstructions(t, []construction{
		{name: "started seeing a physio, named", source: "message",
			content: "Halvard: I started seeing a physio, Linda Aasen.",
			want:    []wf{{"DOCTOR_OF", "Linda Aasen", "Halvard", "ref", ""}},
			absent:  []wf{{"IS_DATING", "*", "*", "", ""}}},
		{name: "a phrase between the noun and the name", source: "message",
			content: "Halvard: Started seeing a therapist for my back, Linda Aasen. She's great.",
			want:    []wf{{"THERAPIST_OF", "Linda Aasen", "Halvard", "ref", ""}}},
		{name: "one seen by a doctor's title", source: "message",
			content: "Halvard: Since Dr. Berg retired, my son Tobias sees Dr. Linda Aasen at the same practice.",
			want:    []wf{{"DOCTOR_OF", "Dr. Linda Aasen", "Tobias", "ref", ""}},
			absent:  []wf{{"IS_DATING", "*", "*", "", ""}}},
		{name: "a doctor seen once is no one's doctor", source: "message",
			content: "Halvard: I saw Dr. Linda Aasen on Monday about my knee.",
			absent:  []wf{{"DOCTOR_OF", "*", "*", "", ""}}},
		{name: "seeing a person, named, is courtship", source: "message",
			content: "Halvard: I'm seeing a guy, Thomas.",
			want:    []wf{{"IS_DATING", "Halvard", "Thomas", "ref", ""}}},
	})
}

// TestExtractAllergyNouns holds an allergy said with a noun: what "is
// allergic to" says.
func TestExtractAllergyNouns(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a noun before allergy", source: "message",
			content: "Halvard: Linda has a penicillin allergy.",
			want:    []wf{{"ALLERGIC_TO", "Linda", "penicillin", "ref", ""}}},
		{name: "an allergy to", source: "message",
			content: "Halvard: I have an allergy to peanuts.",
			want:    []wf{{"ALLERGIC_TO", "Halvard", "peanuts", "ref", ""}}},
		{name: "an allergic reaction given", source: "message",
			content: "Halvard: Penicillin gives me an allergic reaction.",
			want:    []wf{{"ALLERGIC_TO", "Halvard", "Penicillin", "ref", ""}}},
		{name: "an allergy a record's test confirms is its patient's",
			content: "Consult notes. Patient: Pepper, 4-year-old male collie. Owner: Linda Aasen. The skin test confirms a wheat allergy.",
			want:    []wf{{"ALLERGIC_TO", "Pepper", "wheat", "ref", ""}}},
		{name: "diagnosed with an allergy", source: "message",
			content: "Halvard: Linda was diagnosed with a latex allergy last year.",
			want:    []wf{{"ALLERGIC_TO", "Linda", "latex", "", ""}}},
		{name: "no allergy", source: "message",
			content: "Halvard: Linda doesn't have a nut allergy.",
			absent:  []wf{{"ALLERGIC_TO", "*", "*", "", ""}}},
	})
}
