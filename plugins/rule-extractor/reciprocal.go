package main

import "github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"

// Reciprocal pronouns. "Sigvald and Ingunn love each other", "they
// trust one another": the object is each of the subjects but the one the
// fact is said of, so the relation holds both ways between every two of
// them.

// reciprocal returns, for an object phrase that is "each other" or "one
// another", a ref standing for the clause's subjects as a group: a fact
// with it is made for each other subject (addFact skips a subject's
// fact with itself). ok is false for any other phrase, and when the
// clause has fewer than two subjects.
func (sc *sentCtx) reciprocal(p *nlp.Phrase) (ref, bool) {
	// The chunker leaves "another" out of "one another".
	a, b := sc.toks[p.Start].lower, lowerAt(sc.toks, p.Start+1)
	if p.End-p.Start != 2 && !(p.End-p.Start == 1 && a == "one") {
		return ref{}, false
	}
	if !(a == "each" && b == "other" || a == "one" && b == "another") {
		return ref{}, false
	}
	var g []string
	for _, s := range sc.clauseSubjects {
		if len(s.group) > 0 {
			g = append(g, s.group...)
		} else if s.name != "" {
			g = append(g, s.name)
		}
	}
	if len(g) < 2 {
		return ref{}, false
	}
	return ref{name: g[0], kind: kindPerson, str: strPattern, group: g}, true
}
