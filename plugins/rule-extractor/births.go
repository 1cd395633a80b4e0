package main

// Births. A child is named where it is announced: "Ben and Yara had a baby
// girl, Liesl, on Saturday", "she gave birth to a boy named Tom", "Liesl
// was born to Ben and Yara in March", "they adopted a son, Kofi". The
// child is the child of every subject, from the clause's date on.

// babyNouns are what is had, welcomed or adopted when a child is born.
var babyNouns = words("baby girl boy son daughter child kid twin newborn")

// birthVerbs have a child as their object.
var birthVerbs = words("have welcome adopt deliver")

// birth reads clause cc as a birth, and reports whether it was one.
func (sc *sentCtx) birth(cc *clauseCtx, subjs []ref) bool {
	c := cc.c
	var child ref
	var parents []ref
	switch {
	case c.Passive && c.Lemma == "bear":
		// "Liesl was born to Ben and Yara".
		for _, pp := range c.PPs {
			if pp.Prep != "to" {
				continue
			}
			for _, pi := range pp.Obj.All() {
				if r := sc.phraseRef(pi, false); r.name != "" && sc.personish(r) {
					parents = append(parents, r)
				}
			}
		}
		if len(parents) == 0 || len(subjs) != 1 {
			return false
		}
		child = subjs[0]
	case c.Lemma == "give" && !c.Obj.None() && sc.p.Lemmas[sc.p.Phrases[c.Obj.Phrase].Head] == "birth":
		// "she gave birth to a girl, Liesl".
		for _, pp := range c.PPs {
			if pp.Prep == "to" && pp.Obj.Phrase >= 0 {
				child = sc.babyName(cc, pp.Obj.Phrase, false)
			}
		}
		parents = subjs
	case birthVerbs.has(c.Lemma) && !c.Passive && !c.Obj.None():
		child = sc.babyName(cc, c.Obj.Phrase, true)
		parents = subjs
	default:
		return false
	}
	if child.name == "" || len(parents) == 0 {
		return false
	}
	for _, p := range parents {
		if p.name == "" || sc.u.x.reg.key(p.name) == sc.u.x.reg.key(child.name) {
			continue
		}
		sc.fact(cc, child, p, "CHILD_OF", tStart, "{s} was born to {o}", kindPerson, kindPerson)
	}
	return true
}

// babyName is the name given to the child of phrase pi: the phrase itself
// when it is a name and bare is false ("gave birth to Tom"), else a name
// set off after it ("a baby girl, Liesl", "a boy named Tom"), when the
// phrase's head is a baby noun. The clause then ends after the name.
func (sc *sentCtx) babyName(cc *clauseCtx, pi int, bare bool) ref {
	p := &sc.p.Phrases[pi]
	if p.Name {
		if bare {
			return ref{}
		}
		return sc.phraseRef(pi, false)
	}
	if !babyNouns.has(sc.p.Lemmas[p.Head]) || p.PossEnd > p.PossStart && !ownBaby(sc.toks[p.PossStart].lower) {
		return ref{}
	}
	at := p.End
	// "our second baby on the 2nd of February, a girl, Marisol": a date
	// may come before the name, and the baby be told again.
	if k := sc.afterDate(at); k > at && lowerAt(sc.toks, k) == "," {
		at = k
	}
	switch lowerAt(sc.toks, at) {
	case ",", "named", "called":
		at++
	default:
		return ref{}
	}
	if (lowerAt(sc.toks, at) == "a" || lowerAt(sc.toks, at) == "another") && babyNouns.has(lowerAt(sc.toks, at+1)) && lowerAt(sc.toks, at+2) == "," {
		at += 3
	}
	e, ok := sc.nameAt[at]
	if !ok {
		return ref{}
	}
	r := sc.named(at, e)
	r.kind = kindPerson
	// The clause runs past the name set off ("…, Liesl, on Saturday").
	if lowerAt(sc.toks, e) == "," {
		e++
	}
	if e > cc.end {
		cc.end = e
		if cc.date == nil {
			cc.date = sc.nearestDate(cc.left, cc.end)
		}
	}
	return r
}

// ownBaby reports whether a possessive before a baby noun is the
// parents' own ("our second baby", "my first child").
func ownBaby(w string) bool { return w == "our" || w == "my" || w == "their" }

// afterDate returns the word after a date that starts at word k,
// with the preposition before it ("on the 2nd of February"), or k.
func (sc *sentCtx) afterDate(k int) int {
	for _, d := range sc.dates {
		if d.start < k || d.start > k+2 {
			continue
		}
		ok := true
		for j := k; j < d.start; j++ {
			switch sc.toks[j].lower {
			case "on", "in", "at", "the":
			default:
				ok = false
			}
		}
		if ok {
			return d.end
		}
	}
	return k
}
