package main

import "testing"

// TestExtractCustomerNoJob reads being a customer as a tie to the
// business named, never as a job.
func TestExtractCustomerNoJob(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a customer since", source: "message",
			content: "Ottoline: I've been a customer since 2020 and I'm on the Business plan.",
			want:    []wf{{"ON_PLAN", "Ottoline", "Business plan", "ref", ""}},
			absent:  []wf{{"HAS_JOB_TITLE", "*", "*", "", ""}}},
		{name: "a customer of a business", source: "message",
			content: "Ottoline: I've been a customer of Quillary since 2020.",
			want:    []wf{{"CUSTOMER_OF", "Ottoline", "Quillary", "2020-01-01", ""}},
			absent:  []wf{{"HAS_JOB_TITLE", "*", "*", "", ""}}},
	})
}
