package main

import "testing"

// TestExtractJSONFieldChange reads a change that names its field:
// {"field": "to", "old": …, "new": …}.
func TestExtractJSONFieldChange(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a ticket's destination changed", source: "json",
			content: `{"ticket": "TK-4471", "change": {"field": "to", "old": "Tromsø", "new": "Bodø"}}`,
			want:    []wf{{"DESTINATION", "TK-4471", "Bodø", "ref", ""}, {"DESTINATION", "TK-4471", "Tromsø", "", "ref"}}},
	})
}
