package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/mnemohq/mnemo/host/wire"
)

// day formats a time as a date, with the time of day when it has one.
func day(t *time.Time) string {
	if t == nil {
		return "?"
	}
	u := t.UTC()
	if u.Hour() == 0 && u.Minute() == 0 && u.Second() == 0 {
		return u.Format("2006-01-02")
	}
	return u.Format("2006-01-02 15:04")
}

// validity describes when a fact held and whether mnemo still believes it:
// "2024-03-01 → now", "2021-06-01 → 2024-04-24 (superseded on 2024-05-01)".
func validity(f wire.Fact) string {
	from := "?"
	if f.ValidAt != nil {
		from = day(f.ValidAt)
	}
	to := "now"
	if f.InvalidAt != nil {
		to = day(f.InvalidAt)
	}
	s := from + " → " + to
	if f.ExpiredAt != nil {
		s += " (superseded on " + day(f.ExpiredAt) + ")"
	}
	return s
}

// clip shortens s to n runes on one line.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// writeJSON prints v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("write JSON: %w", err)
	}
	return nil
}

// plural returns "1 fact", "2 facts".
func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
