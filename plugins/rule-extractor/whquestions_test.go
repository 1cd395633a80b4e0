package main

import "testing"

// TestExtractPresupposingQuestions holds questions of reason, time and
// length, which take their clause as known.
func TestExtractPresupposingQuestions(t *testing.T) {
	runConstructions(t, []construction{
		{name: "why did you quit", source: "message",
			content: "Ines: I'm home all week.\nMarit: Why did you quit Brannvik?",
			want:    []wf{{"WORKS_AT", "Ines", "Brannvik", "", "ref"}}},
		{name: "when did you marry", source: "message",
			content: "Ines: I have news.\nMarit: When did you marry Torvald Moe?",
			want:    []wf{{"MARRIED_TO", "Ines", "Torvald Moe", "ref", ""}}},
		{name: "is that why you became", source: "message",
			content: "Ines: I always loved to cook.\nMarit: Is that why you became a chef?",
			want:    []wf{{"HAS_JOB_TITLE", "Ines", "chef", "ref", ""}}},
		{name: "how come you live with", source: "message",
			content: "Ines: Tove makes dinner for me.\nMarit: How come you live with Tove Aas?",
			want:    []wf{{"LIVES_WITH", "Ines", "Tove Aas", "ref", ""}}},
		{name: "a question of a wish states nothing", source: "message",
			content: "Ines: I'm bored.\nMarit: Why don't you date Ivar Lunde? Why would you marry Ivar Lunde?",
			absent:  []wf{{"IS_DATING", "Ines", "Ivar Lunde", "", ""}, {"MARRIED_TO", "Ines", "Ivar Lunde", "", ""}}},
		{name: "a yes or no question states nothing", source: "message",
			content: "Ines: I'm bored.\nMarit: Did you marry Ivar Lunde?",
			absent:  []wf{{"MARRIED_TO", "Ines", "Ivar Lunde", "", ""}}},
	})
}
