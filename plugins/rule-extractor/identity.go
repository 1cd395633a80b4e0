package main

// identified returns the name or pronoun a copula says phrase pi is,
// when pi is a common noun phrase a relative clause hangs on and the
// clause being read is another one: in "Alby is the guy I broke up with" and "the firm I work for is
// Acme", the guy is Alby and the firm Acme, so "broke up with" and
// "work for" read them. It returns -1 otherwise.
func (sc *sentCtx) identified(pi int) int {
	if sc.reading == 0 || sc.isName(pi) || !sc.relativeHead(pi) {
		return -1
	}
	for ci := range sc.p.Clauses {
		c := &sc.p.Clauses[ci]
		if ci+1 == sc.reading || !linking.has(c.Lemma) || c.Passive || c.Negated || c.Modal || len(c.Subj.Coord) > 0 || len(c.Comp.Coord) > 0 {
			continue
		}
		switch {
		case c.Comp.Phrase == pi && c.Subj.Phrase >= 0 && c.Subj.Phrase != pi && (sc.isName(c.Subj.Phrase) || sc.isPronoun(c.Subj.Phrase)):
			return c.Subj.Phrase
		case c.Subj.Phrase == pi && c.Comp.Phrase >= 0 && c.Comp.Phrase != pi && sc.isName(c.Comp.Phrase):
			return c.Comp.Phrase
		}
	}
	return -1
}

// relativeHead reports whether a relative clause hangs on phrase pi: its
// object or stranded preposition's object ("the guy I broke up with"),
// or its subject ("the guy who lives upstairs").
func (sc *sentCtx) relativeHead(pi int) bool {
	for _, c := range sc.p.Clauses {
		if c.Hangs == pi {
			return true
		}
	}
	return false
}

// isPronoun reports whether phrase pi is a personal pronoun.
func (sc *sentCtx) isPronoun(pi int) bool {
	p := &sc.p.Phrases[pi]
	return p.End-p.Start == 1 && sc.p.Tags[p.Start] == "PRP"
}

// isName reports whether phrase pi is a name and nothing else.
func (sc *sentCtx) isName(pi int) bool {
	p := &sc.p.Phrases[pi]
	e, ok := sc.nameAt[p.Start]
	return ok && e == p.End
}
