package main

import "testing"

// TestExtractJSONRelations holds records whose keys name the relations a
// sentence would state: the same fact from a record and from text.
func TestExtractJSONRelations(t *testing.T) {
	runConstructions(t, []construction{
		{name: "an employee's record is about the employee", source: "json",
			content: `{"employee": "Mette Lund", "title": "Senior Buyer", "company": "Harlow Tiles", "manager": "Oskar Brevik", "start_date": "2021-03-15"}`,
			want: []wf{{"WORKS_AT", "Mette Lund", "Harlow Tiles", "2021-03-15", ""}, {"HAS_JOB_TITLE", "Mette Lund", "Senior Buyer", "2021-03-15", ""},
				{"REPORTS_TO", "Mette Lund", "Oskar Brevik", "2021-03-15", ""}},
			absent: []wf{{"EMPLOYEE", "Harlow Tiles", "Mette Lund", "", ""}}},
		{name: "a patient's doctor and medication", source: "json",
			content: `{"patient": "Aivar Tamm", "medication": "lisinopril", "prescribed_by": "Dr. Anu Kask", "start": "2024-11-02"}`,
			want:    []wf{{"TAKES_MEDICATION", "Aivar Tamm", "lisinopril", "2024-11-02", ""}, {"DOCTOR_OF", "Dr. Anu Kask", "Aivar Tamm", "2024-11-02", ""}}},
		{name: "a former value ended at the record's date", source: "json",
			content: `{"customer": {"name": "Mette Lund"}, "plan": "Pro", "previous_plan": "Basic", "changed_at": "2025-02-10"}`,
			want:    []wf{{"ON_PLAN", "Mette Lund", "Pro", "2025-02-10", ""}, {"ON_PLAN", "Mette Lund", "Basic", "", "2025-02-10"}}},
		{name: "a player's team and the end of the contract", source: "json",
			content: `{"player": "Oskar Brevik", "team": "Narva Ravens", "signed": "2023-07-01", "contract_until": "2026-06-30"}`,
			want:    []wf{{"PLAYS_FOR", "Oskar Brevik", "Narva Ravens", "2023-07-01", "2026-06-30"}}},
		{name: "a key's own date bounds its fact, not the record's others", source: "json",
			content: `{"customer": "Mette Lund", "plan": "Pro", "plan_since": "2023-04-01", "city": "Narva"}`,
			want:    []wf{{"ON_PLAN", "Mette Lund", "Pro", "2023-04-01", ""}, {"LIVES_IN", "Mette Lund", "Narva", "ref", ""}},
			absent:  []wf{{"PLAN_SINCE", "*", "*", "", ""}}},
		{name: "a key's own end before the record", source: "json",
			content: `{"employee": "Mette Lund", "employer": "Harlow Tiles", "employer_until": "2024-01-01"}`,
			want:    []wf{{"WORKS_AT", "Mette Lund", "Harlow Tiles", "", "2024-01-01"}}},
		{name: "a list under a plural key of a relation class", source: "json",
			content: `{"patient": "Aivar Tamm", "medications": ["metformin", "lisinopril"], "allergies": ["penicillin"]}`,
			want: []wf{{"TAKES_MEDICATION", "Aivar Tamm", "metformin", "ref", ""}, {"TAKES_MEDICATION", "Aivar Tamm", "lisinopril", "ref", ""},
				{"ALLERGIC_TO", "Aivar Tamm", "penicillin", "ref", ""}}},
		{name: "a ticket's passenger and ends; its date is the trip's", source: "json",
			content: `{"ticket": "TK-5521", "passenger": "Amara Nwosu", "from": "Lagos", "to": "Lisbon", "date": "2025-03-14"}`,
			want: []wf{{"PASSENGER", "TK-5521", "Amara Nwosu", "ref", ""}, {"ORIGIN", "TK-5521", "Lagos", "ref", ""},
				{"DESTINATION", "TK-5521", "Lisbon", "ref", ""}},
			absent: []wf{{"TO", "*", "*", "", ""}, {"TICKET", "*", "*", "", ""}}},
		{name: "an organisation's officers", source: "json",
			content: `{"company": "Kelder Tools", "ceo": "Mette Lund", "cfo": "Aivar Tamm"}`,
			want:    []wf{{"HAS_CEO", "Kelder Tools", "Mette Lund", "ref", ""}, {"HAS_CFO", "Kelder Tools", "Aivar Tamm", "ref", ""}}},
		{name: "the title of a thing is no job", source: "json",
			content: `{"name": "Project Atlas", "title": "Atlas"}`,
			absent:  []wf{{"HAS_JOB_TITLE", "Project Atlas", "*", "", ""}}},
		{name: "the title names a record without a subject", source: "json",
			content: `{"title": "Quarterly Review", "owner": "Mette Lund"}`,
			want:    []wf{{"OWNER", "Quarterly Review", "Mette Lund", "ref", ""}}},
	})
}
