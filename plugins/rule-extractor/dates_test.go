package main

import (
	"testing"
	"time"
)

func TestFindDates(t *testing.T) {
	ref := time.Date(2024, 5, 15, 10, 0, 0, 0, time.UTC) // a Wednesday
	day := func(y, m, d int) time.Time { return time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC) }
	tests := []struct {
		text string
		want time.Time
		role dateRole
	}{
		{"yesterday", day(2024, 5, 14), dateAt},
		{"today", day(2024, 5, 15), dateAt},
		{"this morning", day(2024, 5, 15), dateAt},
		{"last night", day(2024, 5, 14), dateAt},
		{"the day before yesterday", day(2024, 5, 13), dateAt},
		{"last week", day(2024, 5, 8), dateAt},
		{"next week", day(2024, 5, 22), dateAt},
		{"last weekend", day(2024, 5, 11), dateAt},
		{"this weekend", day(2024, 5, 18), dateAt},
		{"next weekend", day(2024, 5, 25), dateAt},
		{"last month", day(2024, 4, 1), dateAt},
		{"this year", day(2024, 1, 1), dateAt},
		{"last year", day(2023, 1, 1), dateAt},
		{"two weeks ago", day(2024, 5, 1), dateAt},
		{"3 days ago", day(2024, 5, 12), dateAt},
		{"a couple of months back", day(2024, 3, 15), dateAt},
		{"in Q3 2023", day(2023, 7, 1), dateAt},
		{"in Q4", day(2023, 10, 1), dateAt},
		{"in the third quarter of 2022", day(2022, 7, 1), dateAt},
		{"in mid-April", day(2024, 4, 15), dateAt},
		{"mid-June 2021", day(2021, 6, 15), dateAt},
		{"over Easter", day(2024, 3, 31), dateAt},
		{"at Easter 2019", day(2019, 4, 21), dateAt},
		{"around Christmas 2022", day(2022, 12, 25), dateAt},
		{"on Christmas Eve", day(2023, 12, 24), dateAt},
		{"on New Year's Day", day(2024, 1, 1), dateAt},
		{"since New Year's Eve", day(2023, 12, 31), dateSince},
		{"over the summer", day(2023, 6, 1), dateAt},
		{"a month ago", day(2024, 4, 15), dateAt},
		{"a couple of years ago", day(2022, 5, 15), dateAt},
		{"a few days ago", day(2024, 5, 12), dateAt},
		{"last June", day(2023, 6, 1), dateAt},
		{"last April", day(2024, 4, 1), dateAt},
		{"last May", day(2023, 5, 1), dateAt},
		{"next March", day(2025, 3, 1), dateAt},
		{"in June", day(2023, 6, 1), dateAt},
		{"in March", day(2024, 3, 1), dateAt},
		{"next Monday", day(2024, 5, 20), dateAt},
		{"last Monday", day(2024, 5, 13), dateAt},
		{"last Wednesday", day(2024, 5, 8), dateAt},
		{"on Friday", day(2024, 5, 10), dateAt},
		{"on Thursday 15 May 2025", day(2025, 5, 15), dateAt},
		{"on Friday, 7 June", day(2024, 6, 7), dateAt},
		{"this Friday", day(2024, 5, 17), dateAt},
		{"last summer", day(2023, 6, 1), dateAt},
		{"in the summer of 2019", day(2019, 6, 1), dateAt},
		{"on March 3, 2024", day(2024, 3, 3), dateAt},
		{"March 3rd", day(2024, 3, 3), dateAt},
		{"on 3 March 2022", day(2022, 3, 3), dateAt},
		{"on the 21st of June", day(2024, 6, 21), dateAt},
		{"2024-03-03", day(2024, 3, 3), dateAt},
		{"on 3/14/2023", day(2023, 3, 14), dateAt},
		{"in June 2021", day(2021, 6, 1), dateAt},
		{"in 2019", day(2019, 1, 1), dateAt},
		{"back in 2010", day(2010, 1, 1), dateAt},
		{"since January", day(2024, 1, 1), dateSince},
		{"since 2018", day(2018, 1, 1), dateSince},
		{"until 2020", day(2020, 1, 1), dateUntil},
		{"for three years", day(2021, 5, 15), dateFor},
		{"for 6 months", day(2023, 11, 15), dateFor},
		{"earlier this month", day(2024, 5, 1), dateAt},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			toks := tokenize(tt.text)
			ds := findDates(toks, ref, time.Time{})
			if len(ds) != 1 {
				t.Fatalf("findDates(%q) = %d expressions, want 1", tt.text, len(ds))
			}
			d := ds[0]
			if !d.t.Equal(tt.want) || d.role != tt.role {
				t.Errorf("findDates(%q) = %v role %d, want %v role %d", tt.text, d.t, d.role, tt.want, tt.role)
			}
			if d.start != 0 || d.end != len(toks) {
				t.Errorf("findDates(%q) covers tokens [%d, %d), want [0, %d)", tt.text, d.start, d.end, len(toks))
			}
		})
	}
}

// TestFindDateRangesOfOneMonth holds ranges of days that say their month
// once: both ends fall in it.
func TestFindDateRangesOfOneMonth(t *testing.T) {
	ref := time.Date(2024, 5, 15, 10, 0, 0, 0, time.UTC)
	day := func(y, m, d int) time.Time { return time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC) }
	for _, tt := range []struct {
		text          string
		from, through time.Time
	}{
		{"from 3 to 6 June 2024", day(2024, 6, 3), day(2024, 6, 6)},
		{"3-6 June 2024", day(2024, 6, 3), day(2024, 6, 6)},
		{"from 12 – 16 August 2025", day(2025, 8, 12), day(2025, 8, 16)},
		{"from June 3 to 6, 2024", day(2024, 6, 3), day(2024, 6, 6)},
		{"between 1 and 9 March 2023", day(2023, 3, 1), day(2023, 3, 9)},
	} {
		t.Run(tt.text, func(t *testing.T) {
			ds := findDates(tokenize(tt.text), ref, time.Time{})
			if len(ds) != 1 {
				t.Fatalf("findDates(%q) = %d expressions, want 1", tt.text, len(ds))
			}
			if d := ds[0]; d.role != dateRange || !d.t.Equal(tt.from) || !d.until.Equal(tt.through) {
				t.Errorf("findDates(%q) = %v to %v role %d, want %v to %v, a range", tt.text, d.t, d.until, d.role, tt.from, tt.through)
			}
		})
	}
}

func TestFindDatesNone(t *testing.T) {
	ref := time.Date(2024, 5, 15, 10, 0, 0, 0, time.UTC)
	for _, text := range []string{
		"I may go", "I work for Google", "I have 2019 photos", "March on", "I moved to Paris", "in the morning we talk", "June is my sister",
	} {
		t.Run(text, func(t *testing.T) {
			if ds := findDates(tokenize(text), ref, time.Time{}); len(ds) != 0 {
				t.Errorf("findDates(%q) = %v, want none", text, ds)
			}
		})
	}
}

func TestWeekendShift(t *testing.T) {
	tests := []struct {
		wd         time.Weekday
		step, want int
	}{
		{time.Monday, -1, -2},
		{time.Friday, -1, -6},
		{time.Saturday, -1, -7},
		{time.Sunday, -1, -8},
		{time.Saturday, 0, 0},
		{time.Sunday, 0, -1},
		{time.Wednesday, 0, 3},
		{time.Sunday, 1, 6},
	}
	for _, tt := range tests {
		if got := weekendShift(tt.wd, tt.step); got != tt.want {
			t.Errorf("weekendShift(%v, %d) = %d, want %d", tt.wd, tt.step, got, tt.want)
		}
	}
}

// TestExtractAnchoredDates holds dates told from the one before them, in
// the sentence or an earlier one, and durations back from the reference
// time.
func TestExtractAnchoredDates(t *testing.T) {
	runConstructions(t, []construction{
		{name: "years later, from the sentence before", source: "message",
			content: "Ines: I moved to Tartu in 2018. Two years later I moved to Riga.",
			want:    []wf{{"LIVES_IN", "Ines", "Riga", "2020-01-01", ""}}},
		{name: "from the same date, the date before", source: "message",
			content: "Ines: Teodor was promoted to senior chemist, effective 1 July 2023. From the same date he reports to Linda Aasen.",
			want:    []wf{{"REPORTS_TO", "Teodor", "Linda Aasen", "2023-07-01", ""}}},
		{name: "what the sentence before brought about, at its date", source: "message",
			content: "Ines: I was promoted to team lead on 6 May. Which also means I don't report to Linda any more; my new boss is Teodor Berg.",
			want: []wf{
				{"REPORTS_TO", "Ines", "Linda", "", "2024-05-06"},
				{"MANAGER_OF", "Teodor Berg", "Ines", "2024-05-06", ""},
			}},
		{name: "a consequence of an undated sentence has no date of its own", source: "message",
			content: "Ines: I was promoted to team lead. Which means my new boss is Teodor Berg.",
			want:    []wf{{"MANAGER_OF", "Teodor Berg", "Ines", "ref", ""}}},
		{name: "the following year, from the start of the year before", source: "message",
			content: "Ines: I moved to Tartu in April 2019. The following year I joined Lumo Labs.",
			want:    []wf{{"WORKS_AT", "Ines", "Lumo Labs", "2020-01-01", ""}}},
		{name: "that month, of the year before", source: "message",
			content: "Ines: My grandfather left Genoa in 1911 and settled in Rosario that November.",
			want:    []wf{{"LIVES_IN", "Ines's grandfather", "Rosario", "1911-11-01", ""}}},
		{name: "weeks earlier", source: "message",
			content: "Ines: I joined Lumo Labs on 10 June 2022. Three weeks earlier I had moved to Riga.",
			want:    []wf{{"LIVES_IN", "Ines", "Riga", "2022-05-20", ""}}},
		{name: "ever since the sentence before", source: "message",
			content: "Ines: I moved to Riga in April 2019. I have worked at Lumo Labs ever since.",
			want:    []wf{{"WORKS_AT", "Ines", "Lumo Labs", "2019-04-01", ""}}},
		{name: "later with no date before it is no date", source: "message",
			content: "Ines: Two years later I moved to Riga.",
			want:    []wf{{"LIVES_IN", "Ines", "Riga", "ref", ""}}},
		{name: "for the past years", source: "message",
			content: "Ines: I have lived in Tartu for the past three years.",
			want:    []wf{{"LIVES_IN", "Ines", "Tartu", "2021-05-15", ""}}},
		{name: "this weekend said midweek of what is done is the one just past", source: "message",
			content: "Ines: We moved to Narva this weekend.",
			want:    []wf{{"LIVES_IN", "Ines", "Narva", "2024-05-11", ""}}},
		{name: "over after a verb is its particle, not a date", source: "message",
			content: "Ines: Desmond Achebe took over today as chief executive of Ashby Looms.",
			want:    []wf{{"HAS_CEO", "Ashby Looms", "Desmond Achebe", "2024-05-15", ""}}},
		{name: "over the last year", source: "message",
			content: "Ines: Over the last year I have worked at Lumo Labs.",
			want:    []wf{{"WORKS_AT", "Ines", "Lumo Labs", "2023-05-15", ""}}},
	})
}

// TestExtractProgressiveArrangement checks that the present progressive
// with a month said bare speaks of the coming one, for a state or an open
// relation as for a start; "since" keeps the month past.
func TestExtractProgressiveArrangement(t *testing.T) {
	runConstructions(t, []construction{
		{name: "an open relation", source: "message",
			content: "Ines: We're recording the album at Kvitfjell Studios in October.",
			want:    []wf{{"RECORDS_AT", "Ines", "Kvitfjell Studios", "2024-10-01", ""}}},
		{name: "a state", source: "message",
			content: "Ines: I'm staying with Oddny in February.",
			want:    []wf{{"STAYS_WITH", "Ines", "Oddny", "2025-02-01", ""}}},
		{name: "since stays past", source: "message",
			content: "Ines: I'm working at Lumo Labs since February.",
			want:    []wf{{"WORKS_AT", "Ines", "Lumo Labs", "2024-02-01", ""}}},
	})
}

// TestExtractMidMonthAhead: "from mid-March" said of what is to come is
// the next mid-March (reference time: 15 May 2024).
func TestExtractMidMonthAhead(t *testing.T) {
	runConstructions(t, []construction{
		{name: "ahead", source: "message",
			content: "Oskar: I'm moving to Valletta from mid-March.",
			want:    []wf{{"LIVES_IN", "Oskar", "Valletta", "2025-03-15", ""}}},
		{name: "past", source: "message",
			content: "Oskar: I moved to Valletta in mid-March.",
			want:    []wf{{"LIVES_IN", "Oskar", "Valletta", "2024-03-15", ""}}},
	})
}

// TestExtractNoTieForACommonNounOrAShow: a noun its place capitalized
// holds no job, and a show dropped out of is no school (reference time:
// 15 May 2024).
func TestExtractNoTieForACommonNounOrAShow(t *testing.T) {
	runConstructions(t, []construction{
		{name: "rehearsals start at a hall", source: "message",
			content: "Imelda: Rehearsals start Monday at the Quayside Hall, 7pm sharp.",
			absent:  []wf{{"WORKS_AT", "*", "*", "", ""}}},
		{name: "a name the dictionary knows as a person's", source: "text",
			content: "Employee: Habakkuk Lind\nHabakkuk joined Kelder Bio on 14 February 2022 as a chemist.",
			want:    []wf{{"WORKS_AT", "Habakkuk", "Kelder Bio", "2022-02-14", ""}}},
		{name: "a show dropped out of", source: "message",
			content: "Oskar: I have to drop out of the show, sorry.",
			absent:  []wf{{"STUDIES_AT", "*", "*", "", ""}}},
		{name: "a college dropped out of", source: "message",
			content: "Oskar: I dropped out of college in 2019.",
			want:    []wf{{"STUDIES_AT", "Oskar", "college", "", "2019-01-01"}}},
	})
}

// TestExtractApproximateSpans dates a tie held "for about four years and
// three months" or "for more than a decade" from that long before.
func TestExtractApproximateSpans(t *testing.T) {
	runConstructions(t, []construction{
		{name: "about, and a second unit", source: "message",
			content: "I've been working at Quillary for about 4 years and 3 months now.",
			want:    []wf{{"WORKS_AT", "User", "Quillary", "2020-02-15", ""}}},
		{name: "more than a decade", source: "message",
			content: "I've lived in Tarnwell for more than a decade.",
			want:    []wf{{"LIVES_IN", "User", "Tarnwell", "2014-05-15", ""}}},
	})
}
