package main

import "strings"

// An acronym in brackets after a name is that name's short form:
// "Tarnwell Allotment Society (TAS) has a new chair" names one society,
// which "TAS" stands for from then on.

// bracketAcronyms records the acronyms the sentence gives its names.
func (sc *sentCtx) bracketAcronyms() {
	toks := sc.toks
	for i := 1; i+2 < len(toks); i++ {
		if toks[i].text != "(" || toks[i+2].text != ")" || !toks[i+1].acro {
			continue
		}
		for s, e := range sc.nameAt {
			if e != i || e-s < 2 {
				continue
			}
			if initialsOf(toks[s:e]) == strings.ToUpper(toks[i+1].text) {
				sc.u.x.reg.named(toks[i+1].text, joinTokens(toks[s:e]))
			}
		}
	}
}

// initialsOf returns the capital initials of a name's words, its small
// words left out ("Tarnwell Allotment Society": TAS).
func initialsOf(toks []token) string {
	var b strings.Builder
	for _, t := range toks {
		if !t.word || smallWords.has(t.lower) {
			continue
		}
		b.WriteString(strings.ToUpper(t.text[:1]))
	}
	return b.String()
}
