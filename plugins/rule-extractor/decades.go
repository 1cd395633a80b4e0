package main

import (
	"strconv"
	"time"
)

// decadeAt reads a decade after "in" or "during" at toks[i]: "in the
// 1990s", "in the late 1990s", "during the early 2000s". The date is the
// decade's first year, its fourth for "mid" and its seventh for "late",
// at the precision of a year; ok is false for anything else.
func decadeAt(toks []token, i int, ref time.Time) (dateExpr, bool) {
	if l := lowerAt(toks, i); l != "in" && l != "during" || lowerAt(toks, i+1) != "the" {
		return dateExpr{}, false
	}
	j, off := i+2, 0
	switch lowerAt(toks, j) {
	case "early":
		j++
	case "mid":
		j, off = j+1, 4
	case "late":
		j, off = j+1, 7
	}
	w := lowerAt(toks, j)
	if len(w) != 5 || w[4] != 's' || w[3] != '0' {
		return dateExpr{}, false
	}
	y, err := strconv.Atoi(w[:4])
	if err != nil || y < 1800 || y > 2090 {
		return dateExpr{}, false
	}
	return dateExpr{start: i, end: j + 1, t: time.Date(y+off, 1, 1, 0, 0, 0, 0, ref.Location()), role: dateAt}, true
}
