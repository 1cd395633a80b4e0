package main

import (
	"strconv"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// dateRole is how a date expression bounds a fact.
type dateRole int

const (
	// dateAt is a point or a period: "in 2019", "yesterday", "last June".
	dateAt dateRole = iota
	// dateSince is a start: "since 2019".
	dateSince
	// dateUntil is an end: "until 2019".
	dateUntil
	// dateFor is a duration back from the reference time: "for three
	// years" (the time is the reference time minus the duration).
	dateFor
	// dateRange is a start and an end: "from 2010 until 2012", "between
	// May and July 2023" (t and until).
	dateRange
)

// dateExpr is a date expression found in a sentence, resolved against the
// reference time. Times are truncated to the expression's precision: a day
// at midnight, a month on its first day, a year on January 1st, all in
// the reference time's zone.
type dateExpr struct {
	start, end int // token range [start, end)
	t          time.Time
	role       dateRole
	// until is the end of a range.
	until time.Time
	// lead, when above zero, is the "until" or "before" that opens the
	// clause the date is in ("until she graduated in 2023"): the date
	// ends the clause before it.
	lead int
	// next is how far the next occurrence of a date said without its
	// year or week lies ("in August": a year; "on Monday": a week), nil
	// for a date that fixes it. Such a date is resolved to the last
	// occurrence, and moved to the next one for what is still to come
	// ("He starts in August", said in July).
	next func(time.Time) time.Time
	// back goes back from a time by a duration's length ("for three
	// years"), for a duration; nil otherwise.
	back func(time.Time) time.Time
	// upcoming is set for a date that says when something takes effect
	// ("starting in October", "effective 1 March"): it reaches across
	// the clause's commas, and the past tense of the clause it qualifies
	// ("has been hired, starting in October") does not move it back.
	upcoming bool
	// lasted is set for "after six years at": a duration that ends
	// where the sentence's event is.
	lasted bool
}

// effectCues open a date that says when something takes effect.
var effectCues = words("starting beginning effective")

// nextYear and nextWeek move a date to its next occurrence.
func nextYear(t time.Time) time.Time { return t.AddDate(1, 0, 0) }
func nextWeek(t time.Time) time.Time { return t.AddDate(0, 0, 7) }

// rangeJoins join the two ends of a date range.
var rangeJoins = words("and to until till through thru - – —")

// spanPreps name what a span was spent at after its length: "after
// six years at", "with", "as", "in".
var spanPreps = words("at with as in on for")

// datePrefixes open a date expression and give its role.
var datePrefixes = map[string]dateRole{
	"in": dateAt, "on": dateAt, "at": dateAt, "during": dateAt, "back": dateAt, "of": dateAt, "over": dateAt, "around": dateAt,
	"since": dateSince, "from": dateSince, "starting": dateSince, "beginning": dateSince, "effective": dateSince, "between": dateSince,
	"until": dateUntil, "till": dateUntil, "to": dateUntil,
}

// findDates returns the date expressions of a sentence, left to right.
// anchor, when not zero, is the last date the text told before the
// sentence: "two years later" and "the following year" count from it.
func findDates(toks []token, ref, anchor time.Time) []dateExpr {
	var out []dateExpr
	for i := 0; i < len(toks); i++ {
		if !toks[i].word {
			continue
		}
		l := toks[i].lower
		if d, ok := decadeAt(toks, i, ref); ok {
			out = append(out, d)
			i = d.end - 1
			continue
		}
		if l == "for" || l == "over" {
			// "for two years", "for the past three years", "over the
			// last year".
			j := i + 1
			back := lowerAt(toks, j) == "the" && (lowerAt(toks, j+1) == "past" || lowerAt(toks, j+1) == "last")
			if back {
				j += 2
			}
			if l == "for" {
				// "for about four years", "for more than a decade": how
				// near the span is says no other span.
				j = pastApproximators(toks, j)
			}
			if d, n, ok := parseDuration(toks, j); ok && (back || l == "for") {
				if lowerAt(toks, j+n) == "and" {
					// "for four years and three months".
					if d2, n2, ok := parseDuration(toks, j+n+1); ok {
						d1 := d
						d, n = func(t time.Time) time.Time { return d2(d1(t)) }, n+1+n2
					}
				}
				out = append(out, dateExpr{start: i, end: j + n, t: d(ref), role: dateFor, back: d})
				i = j + n - 1
				continue
			}
			if u := strings.TrimSuffix(lowerAt(toks, j), "s"); back && (u == "year" || u == "month" || u == "week") && lowerAt(toks, j) == u {
				out = append(out, dateExpr{start: i, end: j + 1, t: shift(ref, -1, u), role: dateFor})
				i = j
				continue
			}
		}
		if l == "after" {
			// "after six years at Pellow Clinic", "after nine years with
			// the Night Runners": how long a tie lasted before what the
			// sentence tells ended it.
			if d, n, ok := parseDuration(toks, i+1); ok && (spanPreps.has(lowerAt(toks, i+1+n)) || strings.HasSuffix(lowerAt(toks, i+1+n), "ing") && len(lowerAt(toks, i+1+n)) > 5) {
				out = append(out, dateExpr{start: i, end: i + 1 + n, t: d(ref), role: dateFor, back: d, lasted: true})
				i += n
				continue
			}
		}
		if a := lastDate(out, anchor); !a.IsZero() {
			if d, ok := anchored(toks, i, a); ok {
				out = append(out, d)
				i = d.end - 1
				continue
			}
		}
		if d, ok := beforeThat(toks, i, lastDate(out, anchor)); ok {
			out = append(out, d)
			i = d.end - 1
			continue
		}
		if role, ok := datePrefixes[l]; ok && (l != "over" || overDate(toks, i+1, ref)) {
			j := i + 1
			if l == "back" && j < len(toks) && toks[j].lower == "in" {
				j++
			}
			// "at the end of November", "by the middle of 2025".
			part := ""
			if lowerAt(toks, j) == "the" && periodParts.has(lowerAt(toks, j+1)) && lowerAt(toks, j+2) == "of" {
				part, j = lowerAt(toks, j+1), j+3
			} else if periodParts.has(lowerAt(toks, j)) && lowerAt(toks, j+1) == "of" {
				part, j = lowerAt(toks, j), j+2
			} else if p, ok := periodAdjectives[lowerAt(toks, j)]; ok {
				// "in early 2022", "in mid-2020", "since late May".
				part, j = p, j+1
				if lowerAt(toks, j) == "-" {
					j++
				}
			}
			if y, ok := parseYear(strings.TrimPrefix(lowerAt(toks, j), "mid-")); ok && strings.HasPrefix(lowerAt(toks, j), "mid-") {
				// "in mid-2020", written as one word.
				out = append(out, dateExpr{start: i, end: j + 1, t: partOf(date(y, 1, 1, ref.Location()), "middle", true), role: role})
				i = j
				continue
			}
			if part != "" && (lowerAt(toks, j) == "the" || lowerAt(toks, j) == "this") && (lowerAt(toks, j+1) == "month" || lowerAt(toks, j+1) == "year") {
				// "at the end of the month": of the reference time's.
				y, m, _ := ref.Date()
				t, year := date(y, int(m), 1, ref.Location()), lowerAt(toks, j+1) == "year"
				if year {
					t = date(y, 1, 1, ref.Location())
				}
				out = append(out, dateExpr{start: i, end: j + 2, t: partOf(t, part, year), role: role})
				i = j + 1
				continue
			}
			if d, ok := sharedMonthRange(toks, i, j, ref); ok && (l == "from" || l == "between") && part == "" {
				out = append(out, d)
				i = d.end - 1
				continue
			}
			if t, n, ok := parseDate(toks, j, ref, true); ok {
				// "the end of 2025" and "the end of last year" end a year.
				t = partOf(t, part, n == 1 && isYearToken(toks, j) || n == 2 && lowerAt(toks, j+1) == "year")
				d := dateExpr{start: i, end: j + n, t: t, role: role, next: nextOf(toks, j, n)}
				if (l == "from" || l == "between") && rangeJoins.has(lowerAt(toks, j+n)) {
					if u, m, ok := parseDate(toks, j+n+1, ref, true); ok {
						d.role, d.until, d.end = dateRange, u, j+n+1+m
						if d.next != nil && nextOf(toks, j+n+1, m) == nil {
							// "between May and July 2023": May of July's year.
							d.t = time.Date(u.Year(), d.t.Month(), d.t.Day(), 0, 0, 0, 0, d.t.Location())
							if d.t.After(u) {
								d.t = d.t.AddDate(-1, 0, 0)
							}
						}
						d.next = nil
					} else if u, ok := dayAfterRange(toks, j+n, t); ok && part == "" {
						// "from June 3 to 6".
						d.role, d.until, d.end, d.next = dateRange, u, j+n+2, nil
					}
				}
				if effectCues.has(l) {
					d.upcoming = true
				} else if (l == "in" || l == "on" || l == "from") && effectCues.has(lowerAt(toks, i-1)) {
					d.start, d.role, d.upcoming = i-1, dateSince, true
				} else if l == "from" && lowerAt(toks, i-1) == "effect" && lowerAt(toks, i-2) == "with" {
					// "with effect from 15 July 2024".
					d.start, d.role, d.upcoming = i-2, dateSince, true
				}
				out = append(out, d)
				i = d.end - 1
				continue
			}
			// "ever since", "since then": since the date before, in the
			// sentence or before it.
			if l == "since" && (lowerAt(toks, i-1) == "ever" || lowerAt(toks, i+1) == "then") && (len(out) > 0 || !anchor.IsZero()) {
				end := i + 1
				if lowerAt(toks, i+1) == "then" {
					end++
				}
				t := anchor
				if len(out) > 0 {
					t = out[len(out)-1].t
				}
				out = append(out, dateExpr{start: i, end: end, t: t, role: dateSince})
				i = end - 1
				continue
			}
		}
		if d, ok := sharedMonthRange(toks, i, i, ref); ok {
			// "3-6 June".
			out = append(out, d)
			i = d.end - 1
			continue
		}
		if t, n, ok := parseDate(toks, i, ref, false); ok {
			out = append(out, dateExpr{start: i, end: i + n, t: t, role: dateAt, next: nextOf(toks, i, n)})
			i += n - 1
		}
	}
	for k := range out {
		d := &out[k]
		if d.role != dateAt {
			continue
		}
		// "was captain until she graduated in 2023", "lived in Leeds
		// before moving to York in 2019": the date of a clause opened
		// by "until" or "before" ends the one before it.
		// "has been our landlord since we moved in in 2023": the date of
		// a clause opened by "since" starts the one before it.
		for j := d.start - 1; j > 0 && j >= d.start-8; j-- {
			if l := toks[j].lower; (l == "until" || l == "till" || l == "before") && j >= d.start-6 {
				d.role, d.lead = dateUntil, j
				break
			}
			if toks[j].lower == "since" && j+1 < d.start && (toks[j+1].cap || sinceSubjects.has(toks[j+1].lower)) {
				d.role, d.lead = dateSince, j
				break
			}
			if !toks[j].word && !isNumber(toks[j].lower) || k > 0 && out[k-1].end > j {
				break
			}
		}
	}
	namedTimes(toks, out)
	return out
}

// sinceSubjects open the clause after a "since" that dates the one
// before it.
var sinceSubjects = words("i we you he she they")

// lastDate returns the last point in time of ds that is no duration, or
// anchor when there is none.
func lastDate(ds []dateExpr, anchor time.Time) time.Time {
	for k := len(ds) - 1; k >= 0; k-- {
		switch ds[k].role {
		case dateFor:
			continue
		case dateRange:
			return ds[k].until
		}
		return ds[k].t
	}
	return anchor
}

// overDate reports whether "over" before toks[i] opens a date: a
// holiday or a season ("over Easter", "over the summer"). After a verb
// it is often a particle ("took over today").
func overDate(toks []token, i int, ref time.Time) bool {
	if _, _, ok := parseHoliday(toks, i, ref); ok {
		return true
	}
	if lowerAt(toks, i) == "the" {
		i++
	}
	_, _, ok := parseSeason(toks, i, ref)
	return ok
}

// periodParts are the parts of a period a date may name: "the end of
// June".
var periodParts = words("end start beginning middle")

// periodAdjectives say which part of a year or a month a date names:
// "early 2022" is its start, "mid-2020" its middle, "late 2019" its last
// quarter.
var periodAdjectives = map[string]string{"early": "start", "mid": "middle", "late": "late"}

// isYearToken reports whether toks[i] is a year.
func isYearToken(toks []token, i int) bool {
	if i >= len(toks) {
		return false
	}
	_, ok := parseYear(toks[i].text)
	return ok
}

// partOf moves t, the first day of a month or of a year when year is set,
// to the part of that period named: its last day for "end", its middle
// for "middle". A date of a day stays.
func partOf(t time.Time, part string, year bool) time.Time {
	switch {
	case part == "late" && year:
		return t.AddDate(0, 9, 0)
	case part == "late" && t.Day() == 1:
		return t.AddDate(0, 0, 20)
	case part == "end" && year:
		return t.AddDate(1, 0, -1)
	case part == "end" && t.Day() == 1:
		return t.AddDate(0, 1, -1)
	case part == "middle" && year:
		return t.AddDate(0, 6, 0)
	case part == "middle" && t.Day() == 1:
		return t.AddDate(0, 0, 14)
	}
	return t
}

// nextOf returns the step to a date's next occurrence when the n tokens
// at toks[i] name it without fixing it: a month or a day of a month with
// no year, a bare weekday. Relative words ("last", "next", "ago",
// "yesterday") fix their date.
func nextOf(toks []token, i, n int) func(time.Time) time.Time {
	for k := i; k < i+n && k < len(toks); k++ {
		if _, ok := parseYear(toks[k].lower); ok {
			return nil
		}
		switch toks[k].lower {
		case "last", "next", "this", "past", "ago", "yesterday", "today", "tomorrow", "tonight", "earlier", "later":
			return nil
		}
	}
	if _, ok := weekdays[lowerAt(toks, i)]; ok && n == 1 {
		return nextWeek
	}
	for k := i; k < i+n && k < len(toks); k++ {
		if _, ok := months[toks[k].lower]; ok && toks[k].cap {
			return nextYear
		}
		if m, ok := strings.CutPrefix(toks[k].lower, "mid-"); ok && months[m] > 0 {
			// "from mid-March".
			return nextYear
		}
		if _, ok := seasons[toks[k].lower]; ok {
			return nextYear
		}
	}
	return nil
}

// lowerAt returns the lower-case text of toks[i], or "" past the end.
func lowerAt(toks []token, i int) string {
	if i < 0 || i >= len(toks) {
		return ""
	}
	return toks[i].lower
}

// day returns midnight of t's day in t's zone, moved by the given years,
// months and days.
func day(t time.Time, years, months, days int) time.Time {
	return time.Date(t.Year()+years, t.Month()+time.Month(months), t.Day()+days, 0, 0, 0, 0, t.Location())
}

// date returns midnight of a calendar day in loc.
func date(y, m, d int, loc *time.Location) time.Time {
	return time.Date(y, time.Month(m), d, 0, 0, 0, 0, loc)
}

// parseDate parses a date expression starting at toks[i]. prefixed tells
// whether a preposition came before, which admits bare years and months.
// It returns the time and the number of tokens used.
func parseDate(toks []token, i int, ref time.Time, prefixed bool) (time.Time, int, bool) {
	if i >= len(toks) {
		return time.Time{}, 0, false
	}
	loc := ref.Location()
	l0, l1 := lowerAt(toks, i), lowerAt(toks, i+1)
	switch l0 {
	case "today", "tonight":
		return day(ref, 0, 0, 0), 1, true
	case "yesterday":
		return day(ref, 0, 0, -1), 1, true
	case "tomorrow":
		return day(ref, 0, 0, 1), 1, true
	case "the":
		if t, n, ok := yearOfTerm(toks, i, loc); ok {
			return t, n, true
		}
		if p := lowerAt(toks, i-1); l1 == "weekend" && (p == "over" || p == "at" || p == "during") {
			// "moved out over the weekend": the one just gone, or the
			// one under way when said from Friday on.
			step := -1
			if wd := ref.Weekday(); wd == time.Friday || wd == time.Saturday || wd == time.Sunday {
				step = 0
			}
			return day(ref, 0, 0, weekendShift(ref.Weekday(), step)), 2, true
		}
		if l1 == "day" && lowerAt(toks, i+2) == "before" && lowerAt(toks, i+3) == "yesterday" {
			return day(ref, 0, 0, -2), 4, true
		}
		if l1 == "day" && lowerAt(toks, i+2) == "after" && lowerAt(toks, i+3) == "tomorrow" {
			return day(ref, 0, 0, 2), 4, true
		}
		if lowerAt(toks, i+2) == "before" && lowerAt(toks, i+3) == "last" {
			// "the year before last", "the week before last".
			switch l1 {
			case "year":
				return date(ref.Year()-2, 1, 1, loc), 4, true
			case "month":
				return date(ref.Year(), int(ref.Month())-2, 1, loc), 4, true
			case "week":
				return day(ref, 0, 0, -14), 4, true
			}
		}
		if prefixed {
			// "the 3rd of March", "the summer of 2019", "the third
			// quarter of 2023"
			if t, n, ok := parseDayOfMonth(toks, i+1, ref); ok {
				return t, n + 1, true
			}
			if q, ok := quarterOrdinals[l1]; ok && lowerAt(toks, i+2) == "quarter" {
				if lowerAt(toks, i+3) == "of" {
					if y, ok := parseYear(lowerAt(toks, i+4)); ok {
						return date(y, 3*q-2, 1, loc), 5, true
					}
				}
				return lastQuarter(ref, q), 3, true
			}
			if t, n, ok := parseSeason(toks, i+1, ref); ok {
				return t, n + 1, true
			}
		}
	case "earlier", "later":
		if l1 == "today" {
			return day(ref, 0, 0, 0), 2, true
		}
		if l1 == "this" {
			if t, n, ok := parseDeictic(toks, i+1, ref); ok {
				return t, n + 1, true
			}
		}
	case "this", "last", "next", "past":
		if t, n, ok := parseDeictic(toks, i, ref); ok {
			return t, n, true
		}
	}
	if d, n, ok := parseDuration(toks, i); ok && (lowerAt(toks, i+n) == "ago" || lowerAt(toks, i+n) == "back") {
		return d(ref), n + 1, true
	}
	if t, n, ok := parseQuarter(toks, i, ref); ok {
		return t, n, true
	}
	if t, n, ok := parseHoliday(toks, i, ref); ok {
		return t, n, true
	}
	if m, ok := months[strings.TrimPrefix(l0, "mid-")]; ok && strings.HasPrefix(l0, "mid-") {
		// "in mid-April", "mid-June 2021".
		if y, ok := parseYear(l1); ok {
			return date(y, m, 15, loc), 2, true
		}
		if prefixed {
			t := monthRelative(ref, m, "in")
			return date(t.Year(), m, 15, loc), 1, true
		}
	}
	if t, ok := parseNumericDate(toks[i].text, loc); ok {
		return t, 1, true
	}
	if t, n, ok := parseMonthFirst(toks, i, ref, prefixed); ok {
		return t, n, true
	}
	if t, n, ok := parseDayOfMonth(toks, i, ref); ok {
		return t, n, true
	}
	if prefixed {
		if y, ok := parseYear(toks[i].lower); ok {
			return date(y, 1, 1, loc), 1, true
		}
		if y, ok := shortYear(toks, i, ref); ok {
			// "back in '09".
			return date(y, 1, 1, loc), 2, true
		}
		if y, n, ok := parseDecade(toks, i, ref); ok {
			return date(y, 1, 1, loc), n, true
		}
		if wd, ok := weekdays[l0]; ok && toks[i].cap {
			// "on Thursday 15 May 2025": the date the weekday
			// names.
			j := i + 1
			if lowerAt(toks, j) == "," {
				j++
			}
			if t, n, ok := parseDate(toks, j, ref, false); ok {
				return t, j - i + n, true
			}
			back := (int(ref.Weekday()) - wd + 7) % 7
			return day(ref, 0, 0, -back), 1, true
		}
		if t, n, ok := parseSeason(toks, i, ref); ok {
			return t, n, true
		}
	}
	return time.Time{}, 0, false
}

// quarterOrdinals number the quarters of a year.
var quarterOrdinals = map[string]int{"first": 1, "second": 2, "third": 3, "fourth": 4}

// parseQuarter parses a quarter of a year: "Q3 2023", "Q1".
func parseQuarter(toks []token, i int, ref time.Time) (time.Time, int, bool) {
	l := lowerAt(toks, i)
	if len(l) != 2 || l[0] != 'q' || l[1] < '1' || l[1] > '4' {
		return time.Time{}, 0, false
	}
	q := int(l[1] - '0')
	if y, ok := parseYear(lowerAt(toks, i+1)); ok {
		return date(y, 3*q-2, 1, ref.Location()), 2, true
	}
	return lastQuarter(ref, q), 1, true
}

// lastQuarter is the start of the last quarter q to have begun by ref.
func lastQuarter(ref time.Time, q int) time.Time {
	t := date(ref.Year(), 3*q-2, 1, ref.Location())
	if t.After(ref) {
		t = t.AddDate(-1, 0, 0)
	}
	return t
}

// parseHoliday parses a holiday with a fixed date, or Easter, with its
// year or without ("over Christmas": the last one): "Christmas Eve",
// "New Year's Day", "Easter 2021".
func parseHoliday(toks []token, i int, ref time.Time) (time.Time, int, bool) {
	if i >= len(toks) || !toks[i].cap {
		return time.Time{}, 0, false
	}
	var m, d, n int
	easter := false
	switch l0, l1 := lowerAt(toks, i), lowerAt(toks, i+1); {
	case l0 == "christmas" && l1 == "eve":
		m, d, n = 12, 24, 2
	case l0 == "christmas":
		m, d, n = 12, 25, 1
	case l0 == "new" && l1 == "year":
		n = 2
		if lowerAt(toks, i+n) == "'s" {
			n++
		}
		m, d = 1, 1
		switch lowerAt(toks, i+n) {
		case "eve":
			m, d, n = 12, 31, n+1
		case "day":
			n++
		}
	case l0 == "halloween":
		m, d, n = 10, 31, 1
	case l0 == "easter":
		easter, n = true, 1
	default:
		return time.Time{}, 0, false
	}
	on := func(y int) time.Time {
		if easter {
			return easterSunday(y, ref.Location())
		}
		return date(y, m, d, ref.Location())
	}
	if y, ok := parseYear(lowerAt(toks, i+n)); ok {
		return on(y), n + 1, true
	}
	t := on(ref.Year())
	if t.After(ref) {
		t = on(ref.Year() - 1)
	}
	return t, n, true
}

// easterSunday is the date of Easter in the Gregorian calendar (the
// anonymous algorithm of 1876).
func easterSunday(y int, loc *time.Location) time.Time {
	a, b, c := y%19, y/100, y%100
	d, e := b/4, b%4
	f := (b + 8) / 25
	g := (b - f + 1) / 3
	h := (19*a + b - d - g + 15) % 30
	i, k := c/4, c%4
	l := (32 + 2*e + 2*i - h - k) % 7
	m := (a + 11*h + 22*l) / 451
	month := (h + l - 7*m + 114) / 31
	day := (h+l-7*m+114)%31 + 1
	return date(y, month, day, loc)
}

// weekendShift is the number of days from a day of the week to the
// Saturday of "this" (step 0), "last" (-1) or "next" (1) weekend. Said
// on a weekday, "last weekend" is the one just past and "this weekend"
// the coming one; said on a Saturday or a Sunday, "this weekend" is the
// current one and "last weekend" the one before it.
func weekendShift(wd time.Weekday, step int) int {
	this := int(time.Saturday - wd)
	if wd == time.Sunday {
		this = -1
	}
	if step < 0 && this > 0 {
		return this - 7
	}
	return this + 7*step
}

// parseDeictic parses "this|last|next|past X" at toks[i].
func parseDeictic(toks []token, i int, ref time.Time) (time.Time, int, bool) {
	dir, unit := toks[i].lower, lowerAt(toks, i+1)
	step := map[string]int{"this": 0, "last": -1, "past": -1, "next": 1}[dir]
	switch unit {
	case "morning", "afternoon", "evening":
		if dir == "this" {
			return day(ref, 0, 0, 0), 2, true
		}
	case "night":
		if dir == "last" {
			return day(ref, 0, 0, -1), 2, true
		}
	case "week":
		return day(ref, 0, 0, 7*step), 2, true
	case "weekend":
		return day(ref, 0, 0, weekendShift(ref.Weekday(), step)), 2, true
	case "month":
		return date(ref.Year(), int(ref.Month())+step, 1, ref.Location()), 2, true
	case "year":
		return date(ref.Year()+step, 1, 1, ref.Location()), 2, true
	case "quarter":
		// "last quarter": the calendar quarter before the one said in.
		q := (int(ref.Month()) - 1) / 3
		return date(ref.Year(), 3*(q+step)+1, 1, ref.Location()), 2, true
	}
	if m, ok := months[unit]; ok && toks[i+1].cap && (len(unit) > 3 || unit == "may") {
		return monthRelative(ref, m, dir), 2, true
	}
	if wd, ok := weekdays[unit]; ok {
		cur := int(ref.Weekday())
		switch dir {
		case "last", "past":
			back := (cur - wd + 7) % 7
			if back == 0 {
				back = 7
			}
			return day(ref, 0, 0, -back), 2, true
		case "next":
			fwd := (wd - cur + 7) % 7
			if fwd == 0 {
				fwd = 7
			}
			return day(ref, 0, 0, fwd), 2, true
		default:
			monday := (cur + 6) % 7
			return day(ref, 0, 0, -monday+(wd+6)%7), 2, true
		}
	}
	if s, ok := seasons[unit]; ok {
		t := seasonStart(ref, s, step)
		if step < 0 && ref.Before(t.AddDate(0, 3, 0)) {
			// "last summer", said in July: the one before this one.
			t = t.AddDate(-1, 0, 0)
		}
		return t, 2, true
	}
	return time.Time{}, 0, false
}

// monthRelative resolves "last June", "this June", "next June" and a bare
// "in June" (dir "in": the most recent June, this one included).
func monthRelative(ref time.Time, m int, dir string) time.Time {
	y, cur := ref.Year(), int(ref.Month())
	switch dir {
	case "last", "past":
		if m >= cur {
			y--
		}
	case "next":
		if m <= cur {
			y++
		}
	case "in":
		if m > cur {
			y--
		}
	}
	return date(y, m, 1, ref.Location())
}

// seasons maps a season to the month it starts in (northern hemisphere).
var seasons = map[string]int{"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}

// seasonStart resolves a season: step -1 is the most recent one that has
// begun, 0 this year's, 1 the next.
func seasonStart(ref time.Time, m, step int) time.Time {
	y := ref.Year()
	switch step {
	case -1:
		if m > int(ref.Month()) {
			y--
		}
	case 1:
		if m <= int(ref.Month()) {
			y++
		}
	}
	return date(y, m, 1, ref.Location())
}

// parseSeason parses "summer" (the most recent one) and "summer of 2019"
// at toks[i].
func parseSeason(toks []token, i int, ref time.Time) (time.Time, int, bool) {
	m, ok := seasons[lowerAt(toks, i)]
	if !ok {
		return time.Time{}, 0, false
	}
	if lowerAt(toks, i+1) == "of" {
		if y, ok := parseYear(lowerAt(toks, i+2)); ok {
			return date(y, m, 1, ref.Location()), 3, true
		}
	}
	return seasonStart(ref, m, -1), 1, true
}

// parseYear parses a four-digit year between 1900 and 2099.
func parseYear(s string) (int, bool) {
	if len(s) != 4 || (s[:2] != "19" && s[:2] != "20") {
		return 0, false
	}
	y, err := strconv.Atoi(s)
	return y, err == nil
}

// shortYear reads a year written with an apostrophe and two digits at
// toks[i] ("'09", "'98"): of this century unless that is after the
// reference time.
func shortYear(toks []token, i int, ref time.Time) (int, bool) {
	if i+1 >= len(toks) || toks[i].text != "'" && toks[i].text != "’" {
		return 0, false
	}
	d := toks[i+1].text
	if len(d) != 2 || d[0] < '0' || d[0] > '9' || d[1] < '0' || d[1] > '9' {
		return 0, false
	}
	y := 2000 + int(d[0]-'0')*10 + int(d[1]-'0')
	if y > ref.Year() {
		y -= 100
	}
	return y, true
}

// parseDayNumber parses "3", "3rd", "21st".
func parseDayNumber(s string) (int, bool) {
	if s == "" || s[0] < '0' || s[0] > '9' {
		return 0, false
	}
	s = strings.TrimRight(s, "stndrh")
	d, err := strconv.Atoi(s)
	if err != nil || d < 1 || d > 31 {
		return 0, false
	}
	return d, true
}

// parseMonthFirst parses "March 3, 2024", "March 3rd", "June 2021" and,
// when prefixed, a bare "June".
func parseMonthFirst(toks []token, i int, ref time.Time, prefixed bool) (time.Time, int, bool) {
	m, ok := months[toks[i].lower]
	if !ok || !toks[i].cap {
		return time.Time{}, 0, false
	}
	loc := ref.Location()
	n := 1
	if lowerAt(toks, i+1) == "." {
		n++
	}
	if d, ok := parseDayNumber(lowerAt(toks, i+n)); ok {
		n++
		j := i + n
		if lowerAt(toks, j) == "," {
			j++
		}
		if y, ok := parseYear(lowerAt(toks, j)); ok {
			return date(y, m, d, loc), j - i + 1, true
		}
		return date(ref.Year(), m, d, loc), n, true
	}
	if y, ok := parseYear(lowerAt(toks, i+n)); ok {
		return date(y, m, 1, loc), n + 1, true
	}
	if prefixed {
		return monthRelative(ref, m, "in"), n, true
	}
	return time.Time{}, 0, false
}

// parseDayOfMonth parses "3 March 2024", "3rd of March", "21st June".
func parseDayOfMonth(toks []token, i int, ref time.Time) (time.Time, int, bool) {
	d, ok := parseDayNumber(lowerAt(toks, i))
	if !ok || len(toks[i].lower) > 4 {
		return time.Time{}, 0, false
	}
	j := i + 1
	if w := lowerAt(toks, j); (w == "–" || w == "-" || w == "—") && j+1 < len(toks) {
		// "17–18 October": the first day of a span of days.
		if _, ok := parseDayNumber(lowerAt(toks, j+1)); ok && len(toks[j+1].lower) <= 4 {
			j += 2
		}
	}
	if lowerAt(toks, j) == "of" {
		j++
	}
	m, ok := months[lowerAt(toks, j)]
	if !ok || !toks[j].cap {
		return time.Time{}, 0, false
	}
	if y, ok := parseYear(lowerAt(toks, j+1)); ok {
		return date(y, m, d, ref.Location()), j - i + 2, true
	}
	return date(ref.Year(), m, d, ref.Location()), j - i + 1, true
}

// parseNumericDate parses "2024-03-03", "2024/03/03" and "3/14/2024"
// (month first, as in the United States).
func parseNumericDate(s string, loc *time.Location) (time.Time, bool) {
	if len(s) < 8 || len(s) > 10 || s[0] < '0' || s[0] > '9' {
		return time.Time{}, false
	}
	sep := "-"
	if strings.Contains(s, "/") {
		sep = "/"
	}
	parts := strings.Split(s, sep)
	if len(parts) != 3 {
		return time.Time{}, false
	}
	n := make([]int, 3)
	for k, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil {
			return time.Time{}, false
		}
		n[k] = v
	}
	y, m, d := n[0], n[1], n[2]
	if len(parts[0]) != 4 {
		m, d, y = n[0], n[1], n[2]
	}
	if y < 1900 || y > 2099 || m < 1 || m > 12 || d < 1 || d > 31 {
		return time.Time{}, false
	}
	return date(y, m, d, loc), true
}

// atoiSmall parses a short run of digits without allocating on failure.
func atoiSmall(s string) (int, bool) {
	if s == "" || len(s) > 6 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// pastApproximators returns the index after the words at i that only
// say how near a span is: "about", "around", "nearly", "almost",
// "roughly", "approximately", "over", "more than", "just over".
func pastApproximators(toks []token, i int) int {
	for {
		switch lowerAt(toks, i) {
		case "about", "around", "nearly", "almost", "roughly", "approximately", "over", "just", "well":
			i++
		case "more", "less":
			if lowerAt(toks, i+1) != "than" {
				return i
			}
			i += 2
		default:
			return i
		}
	}
}

// numberWords are the quantities spelled out in durations.
var numberWords = map[string]int{
	"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20,
	"several": 3, "few": 3, "couple": 2,
}

// parseDuration parses "two weeks", "3 days", "a couple of months", "a few
// years". It returns a function going back that far from a time, and the
// number of tokens used.
func parseDuration(toks []token, i int) (func(time.Time) time.Time, int, bool) {
	n, unit, used, ok := parseSpan(toks, i)
	if !ok {
		return nil, 0, false
	}
	return func(t time.Time) time.Time { return shift(t, -n, unit) }, used, true
}

// parseSpan parses a duration: its count, its unit without a plural's
// -s ("day", "month") and the number of tokens used.
func parseSpan(toks []token, i int) (n int, unit string, used int, ok bool) {
	l := lowerAt(toks, i)
	used = 1
	if v, ok := atoiSmall(l); ok && v > 0 && v < 1000 {
		n = v
	} else if v, ok := numberWords[l]; ok {
		n = v
		if l == "a" && (lowerAt(toks, i+1) == "couple" || lowerAt(toks, i+1) == "few") {
			n, used = numberWords[lowerAt(toks, i+1)], 2
		}
		if lowerAt(toks, i+used) == "of" {
			used++
		}
	} else if v, ok := nlp.SpelledNumber(l); ok {
		n = v
	} else {
		return 0, "", 0, false
	}
	unit = strings.TrimSuffix(lowerAt(toks, i+used), "s")
	if unit == "season" {
		// "after three seasons at Rovers": a season of a sport is a
		// year's.
		unit = "year"
	}
	switch unit {
	case "hour", "day", "week", "month", "year", "decade":
		return n, unit, used + 1, true
	}
	return 0, "", 0, false
}

// shift moves a time by n units (back when n is negative).
func shift(t time.Time, n int, unit string) time.Time {
	switch unit {
	case "hour":
		return t.Add(time.Duration(n) * time.Hour)
	case "day":
		return day(t, 0, 0, n)
	case "week":
		return day(t, 0, 0, 7*n)
	case "month":
		return day(t, 0, n, 0)
	case "year":
		return day(t, n, 0, 0)
	case "decade":
		return day(t, 10*n, 0, 0)
	}
	return t
}
