package main

import "testing"

// TestExtractLastDay holds "last day" told either way round, with a bare
// weekday or a date, as the end of the job at the organisation named, or
// else the one told before, this episode or an earlier one; never a job
// a later clause starts.
func TestExtractLastDay(t *testing.T) {
	runConstructions(t, []construction{
		{name: "last day was a weekday", source: "message",
			content: "Oddny: My last day at Brackley Freight was Friday.",
			want:    []wf{{"WORKS_AT", "Oddny", "Brackley Freight", "", "2024-05-10"}}},
		{name: "a weekday was the last day", source: "message",
			content: "Oddny: Friday was my last day at Brackley Freight.",
			want:    []wf{{"WORKS_AT", "Oddny", "Brackley Freight", "", "2024-05-10"}}},
		{name: "last day is a coming weekday", source: "message",
			content: "Oddny: My last day at Brackley Freight is Friday.",
			want:    []wf{{"WORKS_AT", "Oddny", "Brackley Freight", "", "2024-05-17"}}},
		{name: "last day was a day of a month still to come this year", source: "message",
			content: "Oddny: My last day at Brackley Freight was 3 June.",
			want:    []wf{{"WORKS_AT", "Oddny", "Brackley Freight", "", "2023-06-03"}}},
		{name: "the job a later clause starts does not end", source: "message",
			content: "Oddny: Friday was my last day and I start at Garrick Haulage on Monday.",
			absent:  []wf{{"WORKS_AT", "Oddny", "Garrick Haulage", "", "2024-05-10"}}},
		{name: "the job told in an earlier episode", source: "message",
			previous: []string{"Oddny: I'm a route planner at Brackley Freight."},
			content:  "Oddny: Friday was my last day!",
			want:     []wf{{"WORKS_AT", "Oddny", "Brackley Freight", "", "2024-05-10"}}},
	})
}
