package main

import "testing"

// TestExtractSteppedDownBesideNewHolder holds one who steps down, with
// no office named, beside a new holder of an office in the sentence as
// the holder before: the office ends for them. Without "new" nothing is
// ended.
func TestExtractSteppedDownBesideNewHolder(t *testing.T) {
	runConstructions(t, []construction{
		{name: "the new treasurer, the old one stepped down", source: "message",
			content: "Vesna: Sigvald is the new treasurer of Fenlow Rowing Club; Ingunn stepped down in April.",
			want: []wf{{"HAS_TREASURER", "Fenlow Rowing Club", "Sigvald", "ref", ""},
				{"HAS_TREASURER", "Fenlow Rowing Club", "Ingunn", "", "2024-04-01"}}},
		{name: "no new holder", source: "message",
			content: "Vesna: Sigvald is the treasurer of Fenlow Rowing Club; Ingunn stepped down in April.",
			absent:  []wf{{"HAS_TREASURER", "*", "Ingunn", "", ""}}},
	})
}
