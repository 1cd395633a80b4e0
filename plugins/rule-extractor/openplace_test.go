package main

import "testing"

// TestExtractOpenPlace reads, after an open relation's first object,
// the place where it was done: a second relation to the place.
func TestExtractOpenPlace(t *testing.T) {
	runConstructions(t, []construction{
		{name: "staying with someone somewhere", source: "message",
			content: "Vesna: I'm staying with my sister Ingunn in Glasgow for now.",
			want:    []wf{{"STAYS_WITH", "Vesna", "Ingunn", "ref", ""}, {"STAYS_IN", "Vesna", "Glasgow", "ref", ""}}},
		{name: "no place, no second relation", source: "message",
			content: "Vesna: I'm staying with my sister Ingunn for now.",
			absent:  []wf{{"STAYS_IN", "*", "*", "", ""}}},
		{name: "a place after a direct object", source: "message",
			content: "Vesna: Quillary is sending me to Dubai.",
			want:    []wf{{"SENDS", "Quillary", "Vesna", "ref", ""}},
			absent:  []wf{{"*", "Quillary", "Dubai", "", ""}}},
	})
}
