package main

import "testing"

// TestExtractStoppedBeing ends what "stopped being" says on the clause's
// date, where it had started it then.
func TestExtractStoppedBeing(t *testing.T) {
	runConstructions(t, []construction{
		{name: "someone's trainer", source: "message",
			content: "Vesna: Brannoc stopped being Ingunn's trainer in January.",
			want:    []wf{{"COACHES", "Brannoc", "Ingunn", "", "2024-01-01"}}},
		{name: "a job", source: "message",
			content: "Vesna: Brannoc stopped being a nurse in January.",
			want:    []wf{{"HAS_JOB_TITLE", "Brannoc", "nurse", "", "2024-01-01"}}},
	})
}
