package main

import "testing"

// TestExtractOfficeOfOrganisation reads an officer's title of two words
// or more "of" a name as an office of an organisation, where a bare
// relational noun "of" a name of unknown kind stays a tie to a person.
func TestExtractOfficeOfOrganisation(t *testing.T) {
	runConstructions(t, []construction{
		{name: "the company secretary of", source: "text",
			content: "Oddny Brekke is the company secretary of Quillary.",
			want:    []wf{{"HAS_COMPANY_SECRETARY", "Quillary", "Oddny Brekke", "ref", ""}},
			absent:  []wf{{"REPORTS_TO", "*", "*", "", ""}}},
		{name: "the secretary of a person", source: "message",
			content: "Vesna: Oddny is the secretary of Sigvald.",
			want:    []wf{{"REPORTS_TO", "Oddny", "Sigvald", "ref", ""}}},
	})
}
