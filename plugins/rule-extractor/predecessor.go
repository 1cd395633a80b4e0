package main

import "strings"

// newHolderBefore returns the office a clause of leaving without an
// object ends for subj when the sentence, or the one before it, names a
// new holder of that office: "Sigvald is the new treasurer of Fenlow
// Rowing Club; Ingunn stepped down after five years". The one who steps
// down beside a new holder held the office the new one takes. It
// returns the office's fact, or false.
func (sc *sentCtx) newHolderBefore(subj ref) (fact, bool) {
	x := sc.u.x
	key := x.reg.key(subj.name)
	for i := min(sc.u.told[0], sc.first); i < len(x.facts); i++ {
		f := x.facts[i]
		if !officeRelation(f.rel) || !f.invalid.IsZero() || x.reg.key(f.dst) == key {
			continue
		}
		title := strings.Fields(strings.ToLower(strings.ReplaceAll(strings.TrimPrefix(f.rel, "HAS_"), "_", " ")))
		if len(title) > 0 && sc.saysNew(title) {
			return f, true
		}
	}
	return fact{}, false
}

// saysNew reports whether the sentence says "new" right before the
// words of a title ("the new treasurer", "our new head coach").
func (sc *sentCtx) saysNew(title []string) bool {
	for k := 0; k+len(title) < len(sc.toks); k++ {
		if sc.toks[k].lower != "new" {
			continue
		}
		match := true
		for j, w := range title {
			if sc.toks[k+1+j].lower != w {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

// electedAfterLeaver reads one elected with no post named after the
// sentence told a holder left an office: "Thorfinn Aas stood down as
// chair after three years and Vesna Kolar was elected unopposed". The
// one elected holds the office from then. It reports whether it did.
func (sc *sentCtx) electedAfterLeaver(cc *clauseCtx, ci int) bool {
	c := cc.c
	if !electVerbs.has(c.Lemma) || !c.Passive || c.Negated || c.Modal || c.AsRole >= 0 || !c.Obj2.None() || !c.Comp.None() {
		return false
	}
	for _, pp := range c.PPs {
		if pp.Prep == "as" || pp.Prep == "to" {
			return false
		}
	}
	subjs := sc.subjects(ci)
	if len(subjs) != 1 || !sc.personish(subjs[0]) {
		return false
	}
	x := sc.u.x
	for i := sc.first; i < len(x.facts); i++ {
		f := x.facts[i]
		if !officeRelation(f.rel) || f.invalid.IsZero() || !f.valid.IsZero() || x.sameName(f.dst, subjs[0].name) {
			continue
		}
		title := strings.ToLower(strings.ReplaceAll(strings.TrimPrefix(f.rel, "HAS_"), "_", " "))
		sc.fact(sc.dated(cc, c), ref{name: f.src, kind: kindOrg, str: strPattern}, subjs[0], f.rel, tStart, "{o} was elected "+title+" of {s}", kindOrg, kindPerson)
		return true
	}
	return false
}
