package main

import "testing"

// TestExtractSchoolMove reads a pupil's school from a school year
// started there, and from a child moved or sent to it.
func TestExtractSchoolMove(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a school year started", source: "message",
			content: "Ingunn: Vesna started Year 7 at Tarnwell Academy today.",
			want:    []wf{{"STUDIES_AT", "Vesna", "Tarnwell Academy", "2024-05-15", ""}}},
		{name: "moved to another school", source: "message",
			content: "Ingunn: We've moved Vesna to Fenlow High after Easter.",
			want:    []wf{{"STUDIES_AT", "Vesna", "Fenlow High", "ref", ""}}},
		{name: "goes to a high school", source: "message",
			content: "Ingunn: Vesna goes to Fenlow High.",
			want:    []wf{{"STUDIES_AT", "Vesna", "Fenlow High", "ref", ""}}},
		{name: "moved to a town is no school", source: "message",
			content: "Ingunn: We moved Vesna to Oslo.",
			absent:  []wf{{"STUDIES_AT", "*", "*", "", ""}}},
	})
}
