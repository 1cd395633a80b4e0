package main

import "testing"

// TestExtractPartiesEvent holds records of an event between two people:
// a divorce order ends the marriage at the order's date, from the date
// of marriage it gives.
func TestExtractPartiesEvent(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a final divorce order", source: "json",
			content: `{"court": "County Court at Ashworth", "case_no": "DV-2024-0177", "applicant": "Solveig Marchetti", "respondent": "Tobias Quayle", "date_of_marriage": "2019-06-01", "order_type": "final divorce order", "order_date": "2024-04-30"}`,
			want:    []wf{{"MARRIED_TO", "Solveig Marchetti", "Tobias Quayle", "2019-06-01", "2024-04-30"}}},
		{name: "a marriage certificate", source: "json",
			content: `{"certificate": "marriage certificate", "party_1": "Solveig Marchetti", "party_2": "Tobias Quayle", "date": "2019-06-01"}`,
			want:    []wf{{"MARRIED_TO", "Solveig Marchetti", "Tobias Quayle", "2019-06-01", ""}}},
		{name: "two parties to no such event", source: "json",
			content: `{"claim": "unpaid invoice", "applicant": "Solveig Marchetti", "respondent": "Tobias Quayle", "order_date": "2024-04-30"}`,
			absent:  []wf{{"MARRIED_TO", "*", "*", "", ""}}},
	})
}

// TestExtractLeavingRecord holds an HR record of an employee who leaves:
// the job ends on the last day it gives.
func TestExtractLeavingRecord(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a resignation with a last working day",
			source:  "json",
			content: `{"type": "hr_event", "company": "Quarrendon Mills", "employee": "Seini Mahe", "event": "resignation", "last_working_day": "2025-02-28"}`,
			want:    []wf{{"WORKS_AT", "Seini Mahe", "Quarrendon Mills", "", "2025-02-28"}}},
		{name: "a hire starts the job",
			source:  "json",
			content: `{"type": "hr_event", "company": "Quarrendon Mills", "employee": "Seini Mahe", "event": "hire", "start_date": "2023-01-09"}`,
			want:    []wf{{"WORKS_AT", "Seini Mahe", "Quarrendon Mills", "2023-01-09", ""}}},
	})
}
