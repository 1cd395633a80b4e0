package main

import (
	"strings"
	"time"
)

// termNouns name a year-long term a year number dates: "since the 2019
// season", "in the 2021/22 season", "the 2020 academic year".
var termNouns = words("season campaign term")

// termYearNouns name a term by a year said with "year" after a word of
// its kind ("the 2020 academic year", "the 2019 financial year").
var termYearNouns = words("academic school financial fiscal tax")

// yearOfTerm parses "the 2019 season" or "the 2019-20 season" at toks[i]
// as the start of its first year, and the number of tokens it takes.
func yearOfTerm(toks []token, i int, loc *time.Location) (time.Time, int, bool) {
	if lowerAt(toks, i) != "the" {
		return time.Time{}, 0, false
	}
	y, ok := parseYear(lowerAt(toks, i+1))
	if !ok {
		return time.Time{}, 0, false
	}
	j := i + 2
	if s := lowerAt(toks, j); s == "/" || s == "-" || s == "–" {
		// "the 2019/20 season": the term begins in its first year.
		if n := lowerAt(toks, j+1); len(n) == 2 || len(n) == 4 {
			if strings.Trim(n, "0123456789") == "" {
				j += 2
			}
		}
	}
	switch {
	case termNouns.has(lowerAt(toks, j)):
		return date(y, 1, 1, loc), j + 1 - i, true
	case termYearNouns.has(lowerAt(toks, j)) && lowerAt(toks, j+1) == "year":
		return date(y, 1, 1, loc), j + 2 - i, true
	}
	return time.Time{}, 0, false
}
