package main

import "testing"

// TestExtractEngagedByPlan reads a wedding to come, told in the
// progressive without a date, as an engagement now; with a date the
// marriage starts on it; denied, asked or supposed, nothing holds.
func TestExtractEngagedByPlan(t *testing.T) {
	runConstructions(t, []construction{
		{name: "getting married, a compound subject", source: "message",
			content: "Vesna: Sigvald and I are getting married.",
			want:    []wf{{"ENGAGED_TO", "Vesna", "Sigvald", "ref", ""}},
			absent:  []wf{{"MARRIED_TO", "*", "*", "", ""}}},
		{name: "marrying someone", source: "message",
			content: "Vesna: Sigvald is marrying Ingunn.",
			want:    []wf{{"ENGAGED_TO", "Sigvald", "Ingunn", "ref", ""}}},
		{name: "with a date, the marriage", source: "message",
			content: "Vesna: Sigvald is getting married to Ingunn in June.",
			want:    []wf{{"MARRIED_TO", "Sigvald", "Ingunn", "2024-06-01", ""}},
			absent:  []wf{{"ENGAGED_TO", "*", "*", "", ""}}},
		{name: "denied", source: "message",
			content: "Vesna: Sigvald is not marrying Ingunn.",
			absent:  []wf{{"*", "Sigvald", "Ingunn", "", ""}}},
		{name: "asked", source: "message",
			content: "Vesna: Is Sigvald marrying Ingunn?",
			absent:  []wf{{"*", "Sigvald", "Ingunn", "", ""}}},
		{name: "supposed", source: "message",
			content: "Vesna: If Sigvald is marrying Ingunn, I'll go.",
			absent:  []wf{{"*", "Sigvald", "Ingunn", "", ""}}},
	})
}
