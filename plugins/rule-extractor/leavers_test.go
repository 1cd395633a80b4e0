package main

import "testing"

// TestExtractPostBeforeLeaver holds a post named before its holder who
// leaves it, and the successor named after.
func TestExtractPostBeforeLeaver(t *testing.T) {
	const club = "Fallowmere Sailing Club - Autumn Newsletter\n\n"
	runConstructions(t, []construction{
		{name: "a head coach steps down, a successor named",
			content: club + "Head coach Ottilie Brandvold has stepped down. Her successor is Piers Ekwueme.",
			want: []wf{{"COACHES", "Ottilie Brandvold", "Fallowmere Sailing Club", "", "ref"},
				{"COACHES", "Piers Ekwueme", "Fallowmere Sailing Club", "ref", ""}}},
		{name: "a treasurer set off by commas stands down at a meeting",
			content: club + "Our treasurer, Ruairi Nakamura, has stood down at the AGM.",
			want:    []wf{{"HAS_TREASURER", "Fallowmere Sailing Club", "Ruairi Nakamura", "", "ref"}},
			absent:  []wf{{"HAS_TREASURER", "AGM", "*", "", ""}}},
		{name: "a newsletter's title is no person",
			content: club + "Ottilie Brandvold coaches the juniors.",
			absent:  []wf{{"*", "Autumn Newsletter", "*", "", ""}}},
		{name: "a post that is not left is left alone",
			content: club + "Head coach Ottilie Brandvold has signed Piers Ekwueme.",
			absent:  []wf{{"COACHES", "Ottilie Brandvold", "*", "", "ref"}}},
	})
}
