package main

import (
	"regexp"
	"strings"
)

// Handovers of what one owns: "Farofa's registration has been
// transferred to Luana Nascimento", "Ernest handed the ownership of the
// boat over to his son". The one it is handed to owns it from then (a pet
// is had, HAS_PET; anything else owned, OWNS), and its owner before,
// named in the text or in an earlier record's "Owner:" field, no longer.

// handoverVerbs pass a thing on to someone ("to").
var handoverVerbs = words("transfer pass hand sign give reassign")

// holdingNouns name one's hold on a thing, which is handed on with it.
var holdingNouns = words("registration ownership custody title deed keeping")

// ownerLine matches a record's owner field.
var ownerLine = regexp.MustCompile(`\bOwners?:\s*((?:[A-Z][\p{L}'-]+)(?:\s+[A-Z][\p{L}'-]+){0,3})`)

// handedOver reads clause ci of cc as a handover, and reports whether it
// did.
func (sc *sentCtx) handedOver(cc *clauseCtx, ci int) bool {
	c := &sc.p.Clauses[ci]
	if c.Negated || c.Modal || !handoverVerbs.has(c.Lemma) {
		return false
	}
	held := c.Obj.Phrase
	if c.Passive {
		held = c.Subj.Phrase
	}
	to := -1
	for _, pp := range c.PPs {
		if pp.Prep == "to" && pp.Obj.Phrase >= 0 && len(pp.Obj.Coord) == 0 {
			to = pp.Obj.Phrase
		}
	}
	if held < 0 || to < 0 {
		return false
	}
	p := &sc.p.Phrases[held]
	if !holdingNouns.has(sc.toks[p.Head].lower) {
		return false
	}
	var thing ref
	switch qi := sc.p.PhraseAt(p.End + 1); {
	case p.PossEnd > p.PossStart:
		// "Farofa's registration".
		thing = sc.ownerOf(p)
	case lowerAt(sc.toks, p.End) == "of" && qi >= 0 && sc.p.Phrases[qi].Start == p.End+1:
		// "the ownership of the Larkspur Cafe".
		thing = sc.phraseRef(qi, false)
	}
	owner := sc.phraseRef(to, false)
	if thing.name == "" || owner.name == "" {
		return false
	}
	if ok := sc.kindOf(owner); !personish(ok) && ok != kindOrg {
		// "transferred to Maren Sola": a place by its preposition, a
		// person by her two names, none of a place.
		f := strings.Fields(strings.ToLower(owner.name))
		if len(f) != 2 || places.has(f[1]) || placeHeads.has(f[1]) || placeFirsts.has(f[0]) || orgCloser(f[1]) {
			return false
		}
		owner.kind, owner.str = kindPerson, strSure
	}
	rel, text, ended, k := "OWNS", "{s} owns {o}", "{s} no longer owns {o}", kindNone
	switch {
	case sc.kindOf(thing) == kindPet || sc.earlierPet(thing.name):
		rel, k = "HAS_PET", kindPet
	case sc.kindOf(thing) == kindPerson:
		// "custody of the twins was transferred to their father": no
		// one is owned.
		return false
	}
	cc = sc.dated(cc, c)
	sc.fact(cc, owner, thing, rel, tStart, text, owner.kind, k)
	before := ref{}
	if !c.Passive {
		before = sc.subjectRef(c)
	}
	if before.name == "" || !personish(sc.kindOf(before)) {
		before = ref{name: sc.earlierOwner(thing.name), kind: kindPerson, str: strSure}
	}
	if before.name != "" && sc.u.x.reg.key(before.name) != sc.u.x.reg.key(owner.name) {
		sc.fact(cc, before, thing, rel, tEnd, ended, kindNone, k)
	}
	return true
}

// earlierPet reports whether an earlier record describes name as an
// animal.
func (sc *sentCtx) earlierPet(name string) bool {
	return recordSubjectKind(name, "", sc.u.x.previous) == kindPet
}

// earlierOwner returns the owner an earlier record about name gives in
// its owner field, the latest first; "" when none does.
func (sc *sentCtx) earlierOwner(name string) string {
	prev := sc.u.x.previous
	for i := len(prev) - 1; i >= 0; i-- {
		if !strings.Contains(prev[i].Content, name) {
			continue
		}
		if m := ownerLine.FindStringSubmatch(prev[i].Content); m != nil {
			return m[1]
		}
	}
	return ""
}
