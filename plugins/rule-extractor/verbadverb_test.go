package main

import "testing"

// TestExtractVerbBeforeAdverb reads "My brother Brannoc teaches there
// too!" as a clause, which keeps the tie its subject names.
func TestExtractVerbBeforeAdverb(t *testing.T) {
	runConstructions(t, []construction{
		{name: "teaches there too", source: "message",
			content: "Vesna: My brother Brannoc teaches there too!\nOddny: Oh.",
			want:    []wf{{"BROTHER_OF", "Brannoc", "Vesna", "ref", ""}}},
	})
}
