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

// TestExtractStatementBeforeQuestion holds what a sentence states before
// the question it ends with, after a comma.
func TestExtractStatementBeforeQuestion(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a question of opinion after", source: "message",
			content: "Vilde: Linda and Thomas got married, do you think we should too?",
			want:    []wf{{"MARRIED_TO", "Thomas", "Linda", "ref", ""}}},
		{name: "a question word after", source: "message",
			content: "Vilde: Sindre works at Brekkestad Bryggeri, what do you make of that?",
			want:    []wf{{"WORKS_AT", "Sindre", "Brekkestad Bryggeri", "ref", ""}}},
		{name: "a question with a joining word after", source: "message",
			content: "Vilde: My husband's name is Anselm, so is it Aas-Brekke or Brekke-Aas?",
			want:    []wf{{"MARRIED_TO", "Anselm", "Vilde", "ref", ""}}},
		{name: "a question after a dash", source: "message",
			content: "Vilde: Linda married Thomas in 1914 — is that in the records too?",
			want:    []wf{{"MARRIED_TO", "Linda", "Thomas", "1914-01-01", ""}}},
		{name: "a condition before the question states nothing", source: "message",
			content: "Vilde: If Sindre moves to Tromsø, should I go too?",
			absent:  []wf{{"LIVES_IN", "*", "*", "", ""}}},
		{name: "a question throughout", source: "message",
			content: "Vilde: Did Sindre move to Tromsø, do you know?",
			absent:  []wf{{"LIVES_IN", "*", "*", "", ""}}},
	})
}
