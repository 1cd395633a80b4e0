package main

import (
	"slices"
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// jobTitle returns the end of a job title starting at toks[i] ("software
// engineer"), or i.
func (sc *sentCtx) jobTitle(i int) int {
	end := i
	for j := i; j < len(sc.toks) && j-i < 4; j++ {
		t := &sc.toks[j]
		if !t.word || sc.blocked[j] || npStop.has(t.lower) {
			break
		}
		if isJobHead(t.lower) || isJobHead(strings.TrimSuffix(t.lower, "s")) {
			end = j + 1
		}
	}
	return end
}

// yearOfTraining reports whether toks[i] is the ordinal of a year or a
// grade that is part of a title ("a first year resident", "a second grade
// teacher"), not an adjective to drop.
func yearOfTraining(toks []token, i int) bool {
	if !studentYears.has(toks[i].lower) && !ordinalYears.has(toks[i].lower) {
		return false
	}
	next := lowerAt(toks, i+1)
	return next == "year" || next == "grade"
}

// isJobHead reports whether a word heads a job title: a listed job noun,
// or a word made like one ("radiologist", "pediatrician", "pianist").
func isJobHead(w string) bool {
	if jobHeads.has(w) {
		return true
	}
	if i := strings.LastIndexByte(w, '-'); i > 0 && jobHeads.has(w[i+1:]) {
		// "co-founder", "head-hunter": the job is the last word's.
		return true
	}
	for _, suf := range []string{"ologist", "iatrist", "ician", "ographer", "ist"} {
		if strings.HasSuffix(w, suf) && len(w) >= len(suf)+4 {
			return true
		}
	}
	return false
}

// pronounAt resolves a personal pronoun (subject form) said at token pos
// to an entity; he and she are not one of exclude.
func (sc *sentCtx) pronounAt(p string, pos int, exclude ...ref) ref {
	switch p {
	case "i", "we", "me", "us", "myself":
		if sc.u.speaker != "" {
			return ref{name: sc.u.speaker, kind: kindPerson, str: strSure}
		}
	case "you":
		if sc.u.other != "" {
			return ref{name: sc.u.other, kind: kindPerson, str: strSure}
		}
	case "he", "she", "him", "her":
		if name := sc.thirdAt(pos, exclude...); name != "" {
			if !slices.Contains(sc.u.meant, name) {
				sc.u.meant = append(sc.u.meant, name)
			}
			return ref{name: name, kind: kindPerson, str: strPattern}
		}
	}
	return ref{}
}

// kinRef names an unnamed relative: "my sister" → "Alice's sister".
func kinRef(owner ref, kin string) ref {
	return ref{name: owner.name + "'s " + kin, kind: kindPerson, str: strPattern}
}

// identifier resolves an identifier at toks[i]: "ORD-1001", "order
// 88412", "order #88412", "SKU KT-4410-BLK". The name keeps the noun
// before a bare number ("order 88412"), since a number alone names
// nothing.
func (sc *sentCtx) identifier(i int) (ref, int, bool) {
	toks := sc.toks
	if i >= len(toks) || sc.blocked[i] {
		return ref{}, 0, false
	}
	if toks[i].word && looksLikeID(toks[i].text) && !isNumber(toks[i].lower) {
		return ref{name: toks[i].text, kind: kindIdentifier, str: strCue}, i + 1, true
	}
	if code, ok := spacedFlightCode(toks, i); ok {
		return ref{name: code, kind: kindIdentifier, str: strCue}, i + 2, true
	}
	if !idNouns.has(toks[i].lower) {
		return ref{}, 0, false
	}
	j := i + 1
	if n := lowerAt(toks, j); n == "#" || n == "number" || n == "no" || n == "no." {
		j++
	}
	if j >= len(toks) || sc.blocked[j] {
		return ref{}, 0, false
	}
	t := toks[j].text
	switch {
	case looksLikeID(t) && !isNumber(t):
		return ref{name: t, kind: kindIdentifier, str: strCue}, j + 1, true
	case isNumber(t) && len(t) >= 3:
		return ref{name: toks[i].lower + " " + t, kind: kindIdentifier, str: strCue}, j + 1, true
	}
	return ref{}, 0, false
}

// named is the ref of the name toks[s:e].
func (sc *sentCtx) named(s, e int) ref {
	if e == s+1 && s > 0 && sc.toks[s-1].lower == "the" && nlp.IsNoun(sc.toks[s].lower) && !firstNames.has(sc.toks[s].lower) {
		// "elected treasurer of the Circle" after the Kestrel Chess
		// Circle: the organisation called by its last word.
		if r := sc.namedByHead(sc.toks[s].lower, s-1); r.name != "" && !strings.EqualFold(r.name, sc.toks[s].text) {
			return r
		}
	}
	if e-s >= 2 && flightNouns.has(sc.toks[s].lower) {
		// "Flight KL1422 now goes to Akureyri": the flight is its code.
		if _, ok := spacedFlightCode(sc.toks, s+1); ok || e-s == 2 && codeShaped(sc.toks[s+1].text) {
			s++
		}
	}
	if _, ok := spacedFlightCode(sc.toks, s); ok && e == s+2 {
		return ref{name: joinTokens(sc.toks[s:e]), kind: kindIdentifier, str: strCue}
	}
	k, str := guessKind(sc.toks[s:e])
	return ref{name: joinTokens(sc.toks[s:e]), kind: k, str: str}
}

// appositiveOpeners open an appositive or a relative clause after a
// comma.
var appositiveOpeners = words("the a an its their his her our my who which whose one")

// degreeBeforeAdjective reports whether toks[i], before end, is an
// adverb of degree on the adjective after it ("the most important
// scientist", "a really good nurse"): dropped with the adjective from a
// title.
func (sc *sentCtx) degreeBeforeAdjective(i, end int) bool {
	t := sc.p.Tags[i]
	return i+1 < end && strings.HasPrefix(sc.p.Tags[i+1], "JJ") && (t == "RBS" || t == "RBR" || t == "RB" && degreeWords.has(sc.toks[i].lower))
}
