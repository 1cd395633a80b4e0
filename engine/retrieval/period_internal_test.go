package retrieval

import (
	"testing"
	"time"
)

// TestQueryPeriod checks the periods queries name, asked on Tuesday 30 May
// 2023 at 15:00.
func TestQueryPeriod(t *testing.T) {
	asked := time.Date(2023, 5, 30, 15, 0, 0, 0, time.UTC)
	day := func(m time.Month, d int) time.Time { return time.Date(2023, m, d, 0, 0, 0, 0, time.UTC) }
	end := func(m time.Month, d int) time.Time { return day(m, d).AddDate(0, 0, 1).Add(-time.Nanosecond) }
	tests := []struct {
		query    string
		from, to time.Time
		none     bool
	}{
		// Ten days back is 20 May; a fifth of it (2 days) either side.
		{query: "What kitchen appliance did I buy 10 days ago?", from: day(5, 18), to: end(5, 22)},
		// A week: 23 May at 15:00, give or take 1.4 days.
		{query: "Which book did I finish a week ago?", from: day(5, 22), to: end(5, 25)},
		{query: "what did I cook a couple of days ago", from: day(5, 26), to: end(5, 29)},
		{query: "I mentioned an investment four weeks ago", from: day(4, 27), to: end(5, 8)},
		{query: "How many times did I bake in the past two weeks?", from: day(5, 16), to: asked},
		{query: "plants I acquired in the last month", from: day(4, 30), to: asked},
		{query: "What did I spend over the past few months?", from: day(1, 30), to: asked},
		{query: "weddings I attended this year", from: day(1, 1), to: asked},
		{query: "what I read this week", from: day(5, 29), to: asked},
		{query: "hours of yoga last week", from: day(5, 22), to: end(5, 28)},
		{query: "the certification I completed last month", from: day(4, 1), to: end(4, 30)},
		{query: "trips I took last year", from: time.Date(2022, 1, 1, 0, 0, 0, 0, time.UTC), to: end(12, 31).AddDate(-1, 0, 0)},
		{query: "the cocktail I tried last weekend", from: day(5, 20), to: end(5, 21)},
		{query: "Where did I eat yesterday?", from: day(5, 29), to: end(5, 29)},
		{query: "doctor's appointments in March", from: day(3, 1), to: end(3, 31)},
		// A month after the question is last year's.
		{query: "what did I do in December", from: time.Date(2022, 12, 1, 0, 0, 0, 0, time.UTC), to: end(12, 31).AddDate(-1, 0, 0)},
		{query: "the move in May 2021", from: time.Date(2021, 5, 1, 0, 0, 0, 0, time.UTC), to: time.Date(2021, 6, 1, 0, 0, 0, 0, time.UTC).Add(-time.Nanosecond)},
		// No period: "may" as a verb, a month not said as a time, the last
		// of something, durations, the past as a noun.
		{query: "What may I bring to the party?", none: true},
		{query: "Who is March's manager?", none: true},
		{query: "What was the last book I read?", none: true},
		{query: "How long have I worked here, in years?", none: true},
		{query: "my past jobs", none: true},
		{query: "What did I buy?", none: true},
	}
	for _, tt := range tests {
		p, ok := queryPeriod(tt.query, asked)
		if tt.none {
			if ok {
				t.Errorf("queryPeriod(%q) = %v .. %v, want none", tt.query, p.from, p.to)
			}
			continue
		}
		if !ok || !p.from.Equal(tt.from) || !p.to.Equal(tt.to) {
			t.Errorf("queryPeriod(%q) = %v .. %v (%v), want %v .. %v", tt.query, p.from, p.to, ok, tt.from, tt.to)
		}
	}
}
