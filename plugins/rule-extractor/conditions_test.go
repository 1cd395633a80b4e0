package main

import "testing"

// TestExtractConditions reads the illnesses one has, catches and gets
// over, a disease by WordNet's classes and a symptom only after a verb of
// suffering, and no trouble that is no illness.
func TestExtractConditions(t *testing.T) {
	runConstructions(t, []construction{
		{name: "have a disease", source: "message",
			content: "I have asthma.",
			want:    []wf{{"HAS_CONDITION", "User", "asthma", "ref", ""}}},
		{name: "a name has a disease",
			content: "Vesna has eczema on her hands.",
			want:    []wf{{"HAS_CONDITION", "Vesna", "eczema", "ref", ""}}},
		{name: "dealing with a symptom, dated", source: "message",
			content: "I've been dealing with a persistent cough for three weeks.",
			want:    []wf{{"HAS_CONDITION", "User", "persistent cough", "2024-04-24", ""}}},
		{name: "a case of a disease", source: "message",
			content: "I had a bad case of bronchitis last month.",
			want:    []wf{{"HAS_CONDITION", "User", "bronchitis", "2024-04-01", "ref"}}},
		{name: "suffer from a symptom", source: "message",
			content: "I suffer from migraines.",
			want:    []wf{{"HAS_CONDITION", "User", "migraines", "ref", ""}}},
		{name: "caught a disease",
			content: "Vesna caught the flu on Monday.",
			want:    []wf{{"HAS_CONDITION", "Vesna", "flu", "2024-05-13", ""}}},
		{name: "got over a disease", source: "message",
			content: "I got over the flu last week.",
			want:    []wf{{"HAS_CONDITION", "User", "flu", "", "2024-05-08"}}},
		{name: "still recovering", source: "message",
			content: "I'm recovering from the flu.",
			want:    []wf{{"HAS_CONDITION", "User", "flu", "ref", ""}}},
		{name: "a problem dealt with", source: "message",
			content: "I've been dealing with a problem at work.",
			absent:  []wf{{"HAS_CONDITION", "*", "*", "", ""}}},
		{name: "a chance had", source: "message",
			content: "I have a chance to go.",
			absent:  []wf{{"HAS_CONDITION", "*", "*", "", ""}}},
		{name: "denied", source: "message",
			content: "I don't have asthma.",
			absent:  []wf{{"HAS_CONDITION", "*", "*", "", ""}}},
	})
}
