package main

import (
	"strings"
	"time"
)

// Ranges of days written with their month once: "from 3 to 6 June",
// "3-6 June", "12 – 16 August 2025", "from June 3 to 6". Each end is a
// day of the month said once.

// sharedMonthRange reads a range of days whose first end has no month,
// opening at toks[j] (start is where the expression starts, with its
// "from" or "between"): the first day takes the last one's month and
// year.
func sharedMonthRange(toks []token, start, j int, ref time.Time) (dateExpr, bool) {
	if a, b, ok := strings.Cut(lowerAt(toks, j), "-"); ok {
		// "3-6 June": one token.
		d1, ok1 := parseDayNumber(a)
		if _, ok2 := parseDayNumber(b); !ok1 || !ok2 {
			return dateExpr{}, false
		}
		rest := append([]token{wordToken(b, b)}, toks[j+1:]...)
		u, m, ok := parseDate(rest, 0, ref, true)
		if !ok || m < 2 || d1 >= u.Day() {
			return dateExpr{}, false
		}
		return dateExpr{start: start, end: j + m, t: sameMonth(u, d1), until: u, role: dateRange}, true
	}
	d1, ok := parseDayNumber(lowerAt(toks, j))
	if !ok || !rangeJoins.has(lowerAt(toks, j+1)) {
		return dateExpr{}, false
	}
	if _, ok := parseDayNumber(lowerAt(toks, j+2)); !ok {
		return dateExpr{}, false
	}
	u, m, ok := parseDate(toks, j+2, ref, true)
	if !ok || m < 2 || d1 >= u.Day() {
		return dateExpr{}, false
	}
	return dateExpr{start: start, end: j + 2 + m, t: sameMonth(u, d1), until: u, role: dateRange}, true
}

// dayAfterRange returns the last day of "June 3 to 6": a day number
// after the range's join at toks[k], with no month of its own after it,
// in the month of t.
func dayAfterRange(toks []token, k int, t time.Time) (time.Time, bool) {
	if !rangeJoins.has(lowerAt(toks, k)) {
		return time.Time{}, false
	}
	d, ok := parseDayNumber(lowerAt(toks, k+1))
	if !ok || d <= t.Day() {
		return time.Time{}, false
	}
	if _, isMonth := months[lowerAt(toks, k+2)]; isMonth {
		return time.Time{}, false
	}
	return sameMonth(t, d), true
}

// sameMonth returns day d of t's month.
func sameMonth(t time.Time, d int) time.Time {
	return date(t.Year(), int(t.Month()), d, t.Location())
}
