package main

import "strings"

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

// isJobHead reports whether a word heads a job title: a listed job noun,
// or a word made like one ("radiologist", "pediatrician", "pianist").
func isJobHead(w string) bool {
	if jobHeads.has(w) {
		return true
	}
	for _, suf := range []string{"ologist", "iatrist", "ician", "ographer", "ist"} {
		if strings.HasSuffix(w, suf) && len(w) >= len(suf)+4 {
			return true
		}
	}
	return false
}

// possessor resolves "my", "your", "her" or "Alice's" at toks[i], once
// for all the patterns tried there.
func (sc *sentCtx) possessor(i int) (ref, int, bool) {
	if sc.possValid && sc.possI == i {
		return sc.possRef, sc.possEnd, sc.possOK
	}
	r, end, ok := sc.possessor1(i)
	sc.possValid, sc.possI, sc.possRef, sc.possEnd, sc.possOK = true, i, r, end, ok
	return r, end, ok
}

// possessor1 is possessor without the cache.
func (sc *sentCtx) possessor1(i int) (ref, int, bool) {
	l := sc.toks[i].lower
	if p, ok := possessives[l]; ok {
		r := sc.pronounAt(p, i)
		return r, i + 1, r.name != ""
	}
	e := nameEnd(sc.toks, i, sc.blocked)
	if e == i || lowerAt(sc.toks, e) != "'s" {
		return ref{}, 0, false
	}
	k, str := guessKind(sc.toks[i:e])
	return ref{name: joinTokens(sc.toks[i:e]), kind: k, str: str}, e + 1, true
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
			return ref{name: name, kind: kindPerson, str: strPattern}
		}
	}
	return ref{}
}

// kinRef names an unnamed relative: "my sister" → "Alice's sister".
func kinRef(owner ref, kin string) ref {
	return ref{name: owner.name + "'s " + kin, kind: kindPerson, str: strPattern}
}

// object resolves an object at toks[i]: a pronoun, a relative ("my
// sister"), a name, a quoted title or, when np is set, a noun phrase.
func (sc *sentCtx) object(i int, np bool) (ref, int, bool) {
	toks := sc.toks
	l := toks[i].lower
	switch l {
	case "me", "us", "myself", "you", "him":
		r := sc.pronounAt(l, i, sc.objExclude()...)
		return r, i + 1, r.name != ""
	case "her":
		if i+1 >= len(toks) || !toks[i+1].word || npStop.has(toks[i+1].lower) {
			r := sc.pronounAt("her", i, sc.objExclude()...)
			return r, i + 1, r.name != ""
		}
	case "it":
		r := sc.itAt(i, false)
		return r, i + 1, r.name != ""
	}
	if r, e, ok := sc.identifier(i); ok {
		return r, e, true
	}
	j := i
	det := ""
	if determiners.has(l) {
		det = toks[i].lower
		j++
	}
	if j < len(toks) {
		if p, ok := possessives[toks[j].lower]; ok {
			owner := sc.pronounAt(p, j)
			det = ""
			if owner.name != "" {
				det = owner.name + "'s"
			}
			k := j + 1
			if k < len(toks) && classes["adj"].has(toks[k].lower) {
				k++
			}
			if k < len(toks) && kinNouns.has(toks[k].lower) && lowerAt(toks, k+1) != "'s" {
				if e := nameEnd(toks, k+1, sc.blocked); e > k+1 {
					return sc.named(k+1, e), e, true
				}
				if owner.name == "" {
					return ref{}, 0, false
				}
				return kinRef(owner, toks[k].lower), k + 1, true
			}
			j++
		}
	}
	if s, e, ok := quotedTitle(toks, j); ok {
		return ref{name: joinTokens(toks[s:e]), kind: kindWork, str: strCue}, e + 1, true
	}
	if e := nameEnd(toks, j, sc.blocked); e > j {
		return sc.named(j, e), e, true
	}
	if !np {
		return ref{}, 0, false
	}
	k := j
	for k < len(toks) && k-j < 4 && toks[k].word && (!toks[k].cap || nationalities.has(toks[k].lower)) && !sc.blocked[k] && !npStop.has(toks[k].lower) {
		k++
	}
	if k < len(toks) && k-j <= 2 && toks[k].cap {
		if e := nameEnd(toks, k, sc.blocked); e > k {
			return sc.named(k, e), e, true
		}
	}
	if k == j || junkHeads.has(toks[k-1].lower) || junkHeads.has(toks[j].lower) || isNumber(toks[k-1].lower) || demonstratives.has(det) {
		return ref{}, 0, false
	}
	// "I love seeing the sunset": a bare gerund cut off before its own
	// object says too little.
	if k-j == 1 && strings.HasSuffix(toks[j].lower, "ing") && k < len(toks) && (determiners.has(toks[k].lower) || possessives[toks[k].lower] != "" || objectPronouns.has(toks[k].lower)) {
		return ref{}, 0, false
	}
	if k-j == 1 && nationalities.has(toks[j].lower) {
		return ref{}, 0, false
	}
	// "the black kettle, SKU KT-4410-BLK": the identifier is the entity.
	if lowerAt(toks, k) == "," {
		if r, e, ok := sc.identifier(k + 1); ok {
			r.det = strings.TrimSpace(det + " " + joinTokens(toks[j:k]))
			return r, e, true
		}
	}
	return ref{name: joinTokens(toks[j:k]), det: det}, k, true
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
	k, str := guessKind(sc.toks[s:e])
	return ref{name: joinTokens(sc.toks[s:e]), kind: k, str: str}
}

// subject finds the subject left of the verb group at toks[a], skipping
// auxiliaries and adverbs. It returns the subject, its first token and
// what the skipped words say.
func (sc *sentCtx) subject(a int) (ref, int, aux, bool) {
	toks := sc.toks
	var x aux
	sc.partner, sc.more = ref{}, nil
	j := a - 1
scan:
	for steps := 0; j >= 0 && steps < 8; steps++ {
		l := toks[j].lower
		switch {
		case l == "have" || l == "has":
			x.have = true
		case l == "had":
			x.had = true
		case l == "am" || l == "is" || l == "are" || l == "been" || l == "being":
			x.be = true
		case l == "was" || l == "were":
			x.bePast = true
		case l == "do" || l == "does":
		case l == "did":
			x.did = true
		case modals.has(l):
			x.modal = true
		case l == "not" || l == "never":
			x.neg = true
		case l == "longer" && lowerAt(toks, j-1) == "no":
			x.noLonger = true
			j--
		case auxAdverbs.has(l):
		case l == "to":
			prev := lowerAt(toks, j-1)
			switch {
			case prev == "used":
				x.usedTo = true
			case intentionWords.has(prev):
				x.modal = true
			default:
				return ref{}, 0, x, false
			}
			j--
		default:
			break scan
		}
		j--
	}
	if j < 0 {
		return ref{}, 0, x, false
	}
	for k := 0; k < j; k++ {
		if conditionals.has(toks[k].lower) {
			x.modal = true
		}
	}
	l := toks[j].lower
	switch l {
	case "i", "we", "you", "he", "she":
		r := sc.pronounAt(l, j)
		// "Sam and I got married": Sam is the partner.
		if l == "i" && lowerAt(toks, j-1) == "and" {
			if s := nameStart(toks, j-1, sc.blocked); s >= 0 && (s == 0 || !toks[s-1].word || kinNouns.has(toks[s-1].lower)) {
				if p := sc.named(s, j-1); sc.kindOf(p) == kindPerson || sc.kindOf(p) == kindNone {
					sc.partner = p
					return r, s, x, r.name != ""
				}
			}
		}
		return r, j, x, r.name != ""
	case "it":
		r := sc.itAt(j, true)
		return r, j, x, r.name != ""
	case "and", "then", ",":
		if l == "," {
			if r, _, ok := sc.appositiveSubject(j); ok {
				// The verb's dates are after the appositive, not in it.
				return r, j + 1, x, true
			}
		}
		if sc.carried.name != "" {
			return sc.carried, j, x, true
		}
		return ref{}, 0, x, false
	case "who":
		k := j - 1
		if lowerAt(toks, k) == "," {
			k--
		}
		if s := nameStart(toks, k+1, sc.blocked); s >= 0 {
			return sc.named(s, k+1), s, x, true
		}
		return ref{}, 0, x, false
	}
	if kinNouns.has(l) {
		k := j - 1
		if k >= 0 && classes["adj"].has(toks[k].lower) {
			k--
		}
		if k >= 0 {
			if p, ok := possessives[toks[k].lower]; ok {
				if owner := sc.pronounAt(p, k); owner.name != "" {
					return kinRef(owner, l), k, x, true
				}
			}
			if toks[k].lower == "'s" {
				if s := nameStart(toks, k, sc.blocked); s >= 0 {
					return kinRef(sc.named(s, k), l), s, x, true
				}
			}
		}
		return ref{}, 0, x, false
	}
	if orgStandIns.has(l) && lowerAt(toks, j-1) == "the" {
		if r := sc.contextOrg(); r.name != "" {
			return r, j - 1, x, true
		}
	}
	if s := nameStart(toks, j+1, sc.blocked); s >= 0 {
		r := sc.named(s, j+1)
		// "Ann Berg and Bo Lund report to her": both are subjects.
		if lowerAt(toks, s-1) == "and" {
			if s2 := nameStart(toks, s-1, sc.blocked); s2 >= 0 {
				sc.more = append(sc.more, sc.named(s2, s-1))
				s = s2
			}
		}
		return r, s, x, true
	}
	if s := j; s >= 1 && isNumber(l) {
		if r, e, ok := sc.identifier(s - 1); ok && e == j+1 {
			return r, s - 1, x, true
		}
	}
	if r, e, ok := sc.identifier(j); ok && e == j+1 {
		return r, j, x, true
	}
	return ref{}, 0, x, false
}

// appositiveSubject finds the subject before an appositive or a relative
// clause that ends at the comma toks[c]: "Ana Lina, a new patient,
// booked", "Amara Nwosu, who founded Lumenfold, has joined".
func (sc *sentCtx) appositiveSubject(c int) (ref, int, bool) {
	toks := sc.toks
	for k := c - 1; k > 0 && k >= c-14; k-- {
		if toks[k].text != "," {
			continue
		}
		if !appositiveOpeners.has(lowerAt(toks, k+1)) {
			return ref{}, 0, false
		}
		if s := nameStart(toks, k, sc.blocked); s >= 0 {
			return sc.named(s, k), s, true
		}
		return ref{}, 0, false
	}
	return ref{}, 0, false
}

// appositiveOpeners open an appositive or a relative clause after a
// comma.
var appositiveOpeners = words("the a an its their his her our my who which whose one")

// antecedent finds the name a relative clause opening at toks[i] ("that",
// "which", "who") hangs on: the name just before it, or the name before
// an appositive that ends there ("Helix, the Boston company that …").
func (sc *sentCtx) antecedent(i int) (ref, int, bool) {
	toks := sc.toks
	if s := nameStart(toks, i, sc.blocked); s >= 0 {
		return sc.named(s, i), s, true
	}
	if lowerAt(toks, i-1) == "," {
		if s := nameStart(toks, i-1, sc.blocked); s >= 0 {
			return sc.named(s, i-1), s, true
		}
	}
	for k := i - 1; k > 0 && k >= i-8; k-- {
		if toks[k].text == "," && appositiveOpeners.has(lowerAt(toks, k+1)) {
			if s := nameStart(toks, k, sc.blocked); s >= 0 {
				return sc.named(s, k), s, true
			}
			break
		}
	}
	return ref{}, 0, false
}
