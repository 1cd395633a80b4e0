package main

import (
	"strings"
	"time"
)

// ownDates returns the bounds an object's own date-like fields give,
// zero where it has none; the object's facts hold from the reference
// time when it has none (object).
func (w *jsonWalker) ownDates(obj *jsonObject) (valid, invalid time.Time) {
	for i, fk := range obj.keys {
		s, ok := obj.vals[i].(string)
		if !ok {
			continue
		}
		lk := strings.ToLower(fk)
		if !isDateKey(lk) {
			continue
		}
		if travelDateKeys.has(lk) && travelRecord(obj) != "" {
			continue
		}
		if field, _, ok := fieldOfDate(lk); ok && obj.has(field) {
			// "plan_since" bounds the plan, not the whole record.
			continue
		}
		if t, ok := parseJSONDate(s, w.x.ref.Location()); ok {
			if endKeys.has(lk) || endSuffixed(lk) {
				invalid = t
			} else if valid.IsZero() || startKeys.has(lk) && !strings.HasSuffix(lk, "_at") {
				valid = t
			}
		}
	}
	return valid, invalid
}

// fieldDateSuffixes end a key that dates another key of the record:
// "plan_since", "employer_until". The bool says whether it is an end.
var fieldDateSuffixes = []struct {
	suffix string
	end    bool
}{{"_since", false}, {"_from", false}, {"_start", false}, {"_started", false}, {"_start_date", false}, {"_until", true}, {"_end", true}, {"_end_date", true}, {"_expires", true}, {"_ended", true}}

// fieldOfDate returns the key a lower-case date key dates, and whether it
// is an end: "plan_since" dates "plan".
func fieldOfDate(lk string) (field string, end, ok bool) {
	for _, f := range fieldDateSuffixes {
		if rest, found := strings.CutSuffix(lk, f.suffix); found && rest != "" {
			return rest, f.end, true
		}
	}
	return "", false, false
}

// fieldDates returns the dates an object's keys give one of its other
// keys: "plan_since" and "plan_until" for "plan".
func (w *jsonWalker) fieldDates(obj *jsonObject, key string) (valid, invalid time.Time) {
	lkey := strings.ToLower(key)
	for i, fk := range obj.keys {
		s, ok := obj.vals[i].(string)
		if !ok {
			continue
		}
		field, end, ok := fieldOfDate(strings.ToLower(fk))
		if !ok || field != lkey {
			continue
		}
		if t, ok := parseJSONDate(s, w.x.ref.Location()); ok {
			if end {
				invalid = t
			} else {
				valid = t
			}
		}
	}
	return valid, invalid
}

// isDateKey reports whether a lower-case key names a date that bounds the
// object's facts (a start or an end); a birth date or a check-in date is
// a value, not a bound.
func isDateKey(lk string) bool {
	if strings.Contains(lk, "birth") || strings.HasPrefix(lk, "born") || strings.HasPrefix(lk, "check") || strings.HasPrefix(lk, "due") {
		return false
	}
	return startKeys.has(lk) || endKeys.has(lk) || strings.HasSuffix(lk, "_at") || strings.HasSuffix(lk, "_on") || strings.HasSuffix(lk, "_date") || strings.HasSuffix(lk, "_since") || endSuffixed(lk)
}

// endSuffixed reports whether a lower-case key names an end by its last
// word: "contract_until", "membership_end".
func endSuffixed(lk string) bool {
	if strings.HasSuffix(lk, "_until") || strings.HasSuffix(lk, "_end") || strings.HasSuffix(lk, "_ends") || strings.HasSuffix(lk, "_expires") {
		return true
	}
	// "termination_date", "leaving_date", "cancel_date": a date of an
	// ending.
	for _, p := range endingPrefixes {
		if strings.HasPrefix(lk, p) && (strings.HasSuffix(lk, "_date") || strings.HasSuffix(lk, "_on") || strings.HasSuffix(lk, "_at")) {
			return true
		}
	}
	return false
}

// endingPrefixes begin the key of a date on which something ended.
var endingPrefixes = []string{"terminat", "leav", "exit", "resign", "cancel", "expir", "end_", "clos", "separat", "discharg", "retire"}
