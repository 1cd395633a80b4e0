package retrieval

import (
	"strconv"
	"strings"
	"time"
	"unicode"
)

// A query that names when something happened ("what did I buy 10 days
// ago?", "how many times did I bake in the past two weeks?") asks about a
// period of event time. queryPeriod finds that period, relative to the
// time the question is asked, so that retrieval can favour what happened
// then (FeatureWhen). It reads English only and knows these forms:
//
//   - N units ago: "10 days ago", "a week ago", "a couple of months ago";
//   - the past N units: "in the past two weeks", "over the last month",
//     "during the past few months";
//   - this or last week, month or year; last or this weekend; yesterday;
//   - a month by name, with or without its year: "in March", "in June
//     2023" (without a year, the latest March not after the question).
//
// Anything else names no period, and the search ranks as it would
// without. The periods are generous: people round ("a week ago" for eight
// days), so "N units ago" covers N×unit back, give or take a fifth of it
// and at least a day.

// period is a span of event time, [from, to].
type period struct{ from, to time.Time }

// periodUnit is a unit of time a query counts in.
type periodUnit int

const (
	unitDay periodUnit = iota
	unitWeek
	unitMonth
	unitYear
)

// back returns t moved n units into the past.
func (u periodUnit) back(t time.Time, n int) time.Time {
	switch u {
	case unitWeek:
		return t.AddDate(0, 0, -7*n)
	case unitMonth:
		return t.AddDate(0, -n, 0)
	case unitYear:
		return t.AddDate(-n, 0, 0)
	}
	return t.AddDate(0, 0, -n)
}

var periodUnits = map[string]periodUnit{
	"day": unitDay, "days": unitDay, "week": unitWeek, "weeks": unitWeek,
	"month": unitMonth, "months": unitMonth, "year": unitYear, "years": unitYear,
}

// periodCounts are the counts said in words. Vague counts ("a few") are
// given as a range.
var periodCounts = map[string][2]int{
	"a": {1, 1}, "an": {1, 1}, "one": {1, 1}, "two": {2, 2}, "three": {3, 3}, "four": {4, 4},
	"five": {5, 5}, "six": {6, 6}, "seven": {7, 7}, "eight": {8, 8}, "nine": {9, 9},
	"ten": {10, 10}, "eleven": {11, 11}, "twelve": {12, 12},
	"couple": {2, 3}, "few": {2, 4}, "several": {3, 7},
}

var monthNames = map[string]time.Month{
	"january": time.January, "february": time.February, "march": time.March, "april": time.April,
	"june": time.June, "july": time.July, "august": time.August, "september": time.September,
	"october": time.October, "november": time.November, "december": time.December,
	// "may" is a verb far more often than a month; it counts only with a
	// year ("in May 2023").
}

// queryPeriod returns the period query names, read relative to asked, and
// whether it names one. When it names several, the first counts.
func queryPeriod(query string, asked time.Time) (period, bool) {
	w := periodWords(query)
	day := func(t time.Time) time.Time { return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, t.Location()) }
	endOfDay := func(t time.Time) time.Time { return day(t).AddDate(0, 0, 1).Add(-time.Nanosecond) }
	at := func(i int) string {
		if i >= 0 && i < len(w) {
			return w[i]
		}
		return ""
	}
	// count reads a count at i ("10", "two", "a couple of", "a few") and
	// returns its range and the index after it.
	count := func(i int) (lo, hi, next int, ok bool) {
		if n, err := strconv.Atoi(at(i)); err == nil && n > 0 && n <= 1000 {
			return n, n, i + 1, true
		}
		if (at(i) == "a" || at(i) == "the") && periodCounts[at(i+1)][0] > 1 {
			i++
		}
		c, ok := periodCounts[at(i)]
		if !ok {
			return 0, 0, i, false
		}
		if at(i) == "couple" && at(i+1) == "of" {
			i++
		}
		return c[0], c[1], i + 1, true
	}
	for i := range w {
		switch {
		case at(i) == "ago":
			// Back from "ago": unit, then count.
			u, ok := periodUnits[at(i-1)]
			if !ok {
				continue
			}
			for start := i - 4; start <= i-2; start++ {
				lo, hi, next, ok := count(start)
				if !ok || next != i-1 {
					continue
				}
				far, near := u.back(asked, hi), u.back(asked, lo)
				slack := max(24*time.Hour, near.Sub(far), asked.Sub(near)/5)
				return period{day(far.Add(-slack)), endOfDay(near.Add(slack))}, true
			}
		case (at(i) == "past" || at(i) == "last") && (at(i-1) == "the" || at(i-1) == "this"):
			// "the past two weeks", "the last month", "the past few
			// months": back from the question.
			if u, ok := periodUnits[at(i+1)]; ok {
				return period{day(u.back(asked, 1)), asked}, true
			}
			if _, hi, next, ok := count(i + 1); ok {
				if u, ok := periodUnits[at(next)]; ok {
					return period{day(u.back(asked, hi)), asked}, true
				}
			}
		case at(i) == "this":
			switch at(i + 1) {
			case "week":
				return period{day(asked.AddDate(0, 0, -int(asked.Weekday()+6)%7)), asked}, true
			case "month":
				return period{time.Date(asked.Year(), asked.Month(), 1, 0, 0, 0, 0, asked.Location()), asked}, true
			case "year":
				return period{time.Date(asked.Year(), 1, 1, 0, 0, 0, 0, asked.Location()), asked}, true
			case "weekend":
				return weekend(asked, 0), true
			}
		case at(i) == "last" && at(i-1) != "the":
			switch at(i + 1) {
			case "week":
				monday := day(asked.AddDate(0, 0, -int(asked.Weekday()+6)%7))
				return period{monday.AddDate(0, 0, -7), monday.Add(-time.Nanosecond)}, true
			case "month":
				first := time.Date(asked.Year(), asked.Month(), 1, 0, 0, 0, 0, asked.Location())
				return period{first.AddDate(0, -1, 0), first.Add(-time.Nanosecond)}, true
			case "year":
				return period{time.Date(asked.Year()-1, 1, 1, 0, 0, 0, 0, asked.Location()), time.Date(asked.Year(), 1, 1, 0, 0, 0, 0, asked.Location()).Add(-time.Nanosecond)}, true
			case "weekend":
				return weekend(asked, 1), true
			}
		case at(i) == "yesterday":
			y := asked.AddDate(0, 0, -1)
			return period{day(y), endOfDay(y)}, true
		default:
			m, ok := monthNames[at(i)]
			year, err := strconv.Atoi(at(i + 1))
			hasYear := err == nil && year >= 1900 && year <= 2200
			if !ok && at(i) == "may" && hasYear {
				m, ok = time.May, true
			}
			if !ok || !hasYear && at(i-1) != "in" && at(i-1) != "during" {
				continue
			}
			if !hasYear {
				year = asked.Year()
				if m > asked.Month() {
					year--
				}
			}
			first := time.Date(year, m, 1, 0, 0, 0, 0, asked.Location())
			return period{first, first.AddDate(0, 1, 0).Add(-time.Nanosecond)}, true
		}
	}
	return period{}, false
}

// weekend returns the weekend n weekends before asked's (0: this one, or
// the one under way).
func weekend(asked time.Time, n int) period {
	d := time.Date(asked.Year(), asked.Month(), asked.Day(), 0, 0, 0, 0, asked.Location())
	// Back to the latest Saturday on or before the question.
	sat := d.AddDate(0, 0, -int(d.Weekday()+1)%7)
	sat = sat.AddDate(0, 0, -7*n)
	return period{sat, sat.AddDate(0, 0, 2).Add(-time.Nanosecond)}
}

// periodWords splits a query into lower-case words and numbers.
func periodWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}
