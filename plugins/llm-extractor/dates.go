package main

import (
	"fmt"
	"strings"
	"time"
)

// Dates in answers. The prompt asks for RFC 3339 date-times; models also
// write bare dates, months and years, date-times without an offset, or
// words for "no date". normalizeDate turns what can be read into RFC 3339
// (a date without an offset takes the reference time's), reports the
// words for "no date" as absent, and refuses the rest so the caller can
// drop the date, with a warning, and keep the fact.

// noDate are answers that mean "no date" besides nullWords, in lower
// case: "present" and the like say that a fact has not ended.
var noDate = wordSet("present ongoing current - na")

// dateLayouts are the layouts tried, in order, after RFC 3339. Those
// without an offset are read in the reference time's location.
var dateLayouts = []string{
	"2006-01-02T15:04:05Z07:00",
	"2006-01-02 15:04:05Z07:00",
	"2006-01-02T15:04:05",
	"2006-01-02 15:04:05",
	"2006-01-02T15:04",
	"2006-01-02 15:04",
	time.DateOnly,
	"2006-01",
	"2006",
}

// normalizeDate reads a date from an answer. It returns "" for an absent
// date, the date in RFC 3339 otherwise, or an error for text that is not a
// date or a date before year 1000 (a placeholder such as 0001-01-01, never
// a real answer here).
func normalizeDate(s string, loc *time.Location) (string, error) {
	s = strings.TrimSpace(s)
	if l := strings.ToLower(s); l == "" || nullWords[l] || noDate[l] {
		return "", nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		for _, layout := range dateLayouts {
			if t, err = time.ParseInLocation(layout, s, loc); err == nil {
				break
			}
		}
	}
	if err != nil {
		return "", fmt.Errorf("%q is not a date", s)
	}
	if t.Year() < 1000 {
		return "", fmt.Errorf("%q is a placeholder, not a date", s)
	}
	return t.Format(time.RFC3339Nano), nil
}

// referenceTime reads an episode's reference time. ok is false when it is
// absent or unreadable; the location is then UTC.
func referenceTime(s string) (t time.Time, ok bool) {
	t, err := time.Parse(time.RFC3339Nano, strings.TrimSpace(s))
	if err != nil {
		return time.Time{}, false
	}
	return t, true
}
