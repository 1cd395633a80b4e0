package main

import (
	"strings"
	"time"
)

// "Thorfinn has lived in Tarnwell since 2012. Before that, he lived in
// Brackley": "before that", "before then", "prior to that" and "until
// then" stand for the last date told, in the sentence or before it, and
// end what their clause says there, as "until 2012" would. "Since then"
// and "ever since" start it (findDates).

// beforeThat returns the end date "before that" at toks[i] stands for:
// the date anchor, when one was told. The word after it must open a
// clause (a comma, a pronoun, a name), not be the noun "that" points at
// ("before that meeting").
func beforeThat(toks []token, i int, anchor time.Time) (dateExpr, bool) {
	if anchor.IsZero() {
		return dateExpr{}, false
	}
	j := i + 1
	switch toks[i].lower {
	case "before", "until", "till":
	case "prior":
		if lowerAt(toks, j) != "to" {
			return dateExpr{}, false
		}
		j++
	default:
		return dateExpr{}, false
	}
	// "until that" names its own date ("until that day").
	if w := lowerAt(toks, j); w != "then" && (w != "that" || toks[i].lower == "until" || toks[i].lower == "till") {
		return dateExpr{}, false
	}
	if j+1 < len(toks) {
		next := toks[j+1]
		if next.word && !sinceSubjects.has(next.lower) && !next.cap {
			// "before that meeting", "until then nothing".
			return dateExpr{}, false
		}
	}
	return dateExpr{start: i, end: j + 1, t: anchor, role: dateUntil}, true
}

// closingBound reports whether date d, an "until" or a "since" after a
// comma, closes the sentence after the clause ending at end with no verb
// between: "I lived in Brackley for most of my twenties, until 2016"
// ends the living there, as "until 2016" does without the comma.
func (sc *sentCtx) closingBound(end int, d *dateExpr) bool {
	if d.role != dateUntil && d.role != dateSince || d.lead > 0 {
		return false
	}
	if d.end < len(sc.toks) && sc.toks[d.end].word {
		return false
	}
	for k := end; k < d.start; k++ {
		if strings.HasPrefix(sc.p.Tags[k], "VB") || sc.toks[k].word && clauseBreaks.has(sc.toks[k].lower) {
			return false
		}
	}
	return true
}
