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
