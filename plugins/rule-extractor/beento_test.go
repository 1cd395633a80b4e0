package main

import "testing"

// TestExtractBeenTo reads "have been to" a place as a visit, and an
// occasion gone to or come back from as attended, by its own name when a
// name owns it.
func TestExtractBeenTo(t *testing.T) {
	runConstructions(t, []construction{
		{name: "been to a town", source: "message",
			content: "I've been to Tarnwell twice this year.",
			want:    []wf{{"VISITED", "User", "Tarnwell", "2024-01-01", ""}}},
		{name: "been to a university", source: "message",
			content: "I have been to Fenlow University to attend a conference.",
			want:    []wf{{"VISITED", "User", "Fenlow University", "ref", ""}}},
		{name: "a relative has been", source: "message",
			content: "My sister has been to Fenlow.",
			want:    []wf{{"VISITED", "User's sister", "Fenlow", "ref", ""}}},
		{name: "never been", source: "message",
			content: "I've never been to Fenlow.",
			absent:  []wf{{"VISITED", "*", "*", "", ""}}},
		{name: "a parcel has been", source: "message",
			content: "The parcel has been to Fenlow and back.",
			absent:  []wf{{"VISITED", "*", "*", "", ""}}},
		{name: "back from a named one's party", source: "message",
			content: "I just came back from Vesna's engagement party at a rooftop bar.",
			want:    []wf{{"ATTENDED", "User", "Vesna's engagement party", "", ""}}},
		{name: "attended a named one's wedding", source: "message",
			content: "I attended Vesna's wedding last week.",
			want:    []wf{{"ATTENDED", "User", "Vesna's wedding", "2024-05-08", ""}}},
		{name: "went to a firm's party", source: "message",
			content: "I went to Quillary's summer party.",
			want:    []wf{{"ATTENDED", "User", "Quillary's summer party", "", ""}}},
		{name: "returned from a town", source: "message",
			previous: []string{"Oddny: Tarnwell is lovely in spring."},
			content:  "Vesna: I returned from Tarnwell yesterday.",
			want:     []wf{{"TRAVELED_TO", "Vesna", "Tarnwell", "2024-05-14", ""}}},
	})
}

// TestExtractBackFromTrip reads a journey come back from as travel to
// the place it went to, the gerund before the journey's noun a modifier.
func TestExtractBackFromTrip(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a camping trip", source: "message",
			content: "I recently got back from a solo camping trip to Tarnwell and realized I need new gear.",
			want:    []wf{{"TRAVELED_TO", "User", "Tarnwell", "", ""}},
			absent:  []wf{{"ATTENDED", "*", "*", "", ""}}},
		{name: "a holiday in an island", source: "message",
			content: "I returned from our holiday in Crete on Sunday.",
			want:    []wf{{"TRAVELED_TO", "User", "Crete", "2024-05-12", ""}}},
		{name: "hiking boots bought", source: "message",
			content: "I bought new hiking boots.",
			want:    []wf{{"OWNS", "User", "new hiking boots", "ref", ""}}},
	})
}

// TestExtractBackFromShow reads an occasion WordNet files as no event,
// come back from, as attended.
func TestExtractBackFromShow(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a music festival", source: "message",
			content: "I just got back from a music festival in Tarnwell with a group of friends.",
			want:    []wf{{"ATTENDED", "User", "music festival", "", ""}}},
		{name: "a named one's party", source: "message",
			content: "I came back from Vesna's party.",
			want:    []wf{{"ATTENDED", "User", "Vesna's party", "", ""}}},
	})
}
