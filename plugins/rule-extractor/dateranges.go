package main

import (
	"strings"
	"time"
)

// Dates told from others: ranges of days written with their month once
// ("from 3 to 6 June", "3-6 June", "12 – 16 August 2025", "from June 3
// to 6"), each end a day of the month said once; and dates counted from
// the one told before ("two years later", "the following year", "that
// November", "from the same date").

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

// anchored parses a date told from the one before it at toks[i]: "two
// years later", "a month after that", "three weeks earlier", "the
// following year", "the next month", "the year after", "that November".
func anchored(toks []token, i int, anchor time.Time) (dateExpr, bool) {
	if n, unit, used, ok := parseSpan(toks, i); ok {
		dir, end := 0, i+used
		switch lowerAt(toks, end) {
		case "later", "afterward":
			dir, end = 1, end+1
		case "earlier":
			dir, end = -1, end+1
		case "after", "before":
			if lowerAt(toks, end+1) == "that" {
				dir = 1
				if lowerAt(toks, end) == "before" {
					dir = -1
				}
				end += 2
			}
		}
		if dir != 0 {
			return dateExpr{start: i, end: end, t: shift(anchor, dir*n, unit), role: dateAt}, true
		}
		return dateExpr{}, false
	}
	if w, u := lowerAt(toks, i), lowerAt(toks, i+1); w == "that" && sameDayNouns.has(u) || w == "the" && u == "same" && sameDayNouns.has(lowerAt(toks, i+2)) {
		// "From the same date he transfers …", "on that day": the
		// date told before.
		end := i + 2
		if w == "the" {
			end++
		}
		d := dateExpr{start: i, end: end, t: anchor, role: dateAt}
		if p := lowerAt(toks, i-1); p == "from" || p == "since" {
			d.start, d.role = i-1, dateSince
		}
		return d, true
	}
	if lowerAt(toks, i) == "that" {
		// "landed in Buenos Aires that November": the month of the
		// anchor's year, on or after the anchor.
		if m, ok := months[lowerAt(toks, i+1)]; ok && !isYearToken(toks, i+2) {
			t := date(anchor.Year(), m, 1, anchor.Location())
			if t.Before(date(anchor.Year(), int(anchor.Month()), 1, anchor.Location())) {
				t = t.AddDate(1, 0, 0)
			}
			return dateExpr{start: i, end: i + 2, t: t, role: dateAt}, true
		}
		return dateExpr{}, false
	}
	if lowerAt(toks, i) != "the" {
		return dateExpr{}, false
	}
	unit, end := "", 0
	switch w, u := lowerAt(toks, i+1), lowerAt(toks, i+2); {
	case (w == "following" || w == "next") && anchorUnits.has(u):
		unit, end = u, i+3
	case anchorUnits.has(w) && u == "after":
		unit, end = w, i+3
	default:
		return dateExpr{}, false
	}
	// Counted from the start of the anchor's unit: the year after
	// April 2019 is 2020.
	y, m, d := anchor.Date()
	t := anchor
	switch unit {
	case "year":
		t = date(y, 1, 1, anchor.Location())
	case "month":
		t = date(y, int(m), 1, anchor.Location())
	case "day", "week":
		t = date(y, int(m), d, anchor.Location())
	}
	return dateExpr{start: i, end: end, t: shift(t, 1, unit), role: dateAt}, true
}

// sameDayNouns are what "the same …" and "that …" call the date before.
var sameDayNouns = words("day date")

// anchorUnits are the units "the following …" counts in.
var anchorUnits = words("day week month year")

// consequence returns the date of a sentence that tells what the one
// before brought about ("I was promoted on Monday. Which also means I
// don't report to Hanne any more"): the date that one told, over the
// words that link them; false when that one told none.
func consequence(toks []token, said time.Time) (dateExpr, bool) {
	if said.IsZero() || len(toks) < 3 {
		return dateExpr{}, false
	}
	switch toks[0].lower {
	case "which", "that", "this", "so":
	default:
		return dateExpr{}, false
	}
	k := 1
	if toks[k].lower == "also" {
		k++
	}
	if lowerAt(toks, k) != "means" && lowerAt(toks, k) != "meant" {
		return dateExpr{}, false
	}
	return dateExpr{start: 0, end: k + 1, t: said, role: dateAt}, true
}

// congratulatedThen returns the date of a congratulation that tells none
// of its own after a sentence that told a day of the week just past
// ("Thanks to everyone who came to the AGM last night! Congratulations
// Bilal on being elected chair"): what is congratulated happened then.
func congratulatedThen(s sentence, dates []dateExpr, said, ref time.Time) (dateExpr, bool) {
	if !s.congrats || said.IsZero() || !said.Before(ref) || ref.Sub(said) > 7*24*time.Hour {
		return dateExpr{}, false
	}
	for _, d := range dates {
		if d.role != dateFor {
			// A day of its own; a duration ("thank you for four years
			// in the job") is none.
			return dateExpr{}, false
		}
	}
	return dateExpr{t: said, role: dateAt}, true
}

// decadeWords are the decades said in words, as years of the century.
var decadeWords = map[string]int{"twenties": 20, "thirties": 30, "forties": 40, "fifties": 50, "sixties": 60, "seventies": 70, "eighties": 80, "nineties": 90}

// parseDecade reads a decade at toks[i] ("the 1990s", "the nineties",
// "the '90s"): its first year and the number of tokens it takes. A decade
// in words or in two digits is of the last century unless this one has
// had it.
func parseDecade(toks []token, i int, ref time.Time) (int, int, bool) {
	k := i
	if lowerAt(toks, k) == "the" {
		k++
	}
	w := lowerAt(toks, k)
	if len(w) == 5 && w[4] == 's' && w[3] == '0' {
		if y, ok := parseYear(w[:4]); ok {
			return y, k - i + 1, true
		}
	}
	if d, ok := decadeWords[w]; ok && k > i {
		return 1900 + d, k - i + 1, true
	}
	if (w == "'" || w == "’") && k > i {
		d := lowerAt(toks, k+1)
		if len(d) == 3 && d[2] == 's' && d[1] == '0' && d[0] >= '0' && d[0] <= '9' {
			y := 2000 + int(d[0]-'0')*10
			if y > ref.Year() {
				y -= 100
			}
			return y, k - i + 2, true
		}
	}
	return 0, 0, false
}
