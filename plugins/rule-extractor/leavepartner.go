package main

// partnerLeft reads leaving one's partner: "Ingunn left her husband
// Sigvald last year", "Agnes left Priya for Tove" after the episode or
// the ones before told they were a couple. The couple's tie ends then;
// the one left "for" is the new partner. Leaving anyone else ("left Tom
// at the station") is not read here. It reports whether the clause was
// one.
func (sc *sentCtx) partnerLeft(cc *clauseCtx, ci int) bool {
	c := cc.c
	if c.Lemma != "leave" || c.Particle != "" || c.Obj.None() || len(c.Obj.Coord) > 0 || c.Negated || c.Modal || c.Passive {
		return false
	}
	for _, a := range sc.slots(c) {
		if a.prep != "" && a.prep != "for" && a.prep != "after" {
			// "left my husband at the station": somewhere, not him.
			return false
		}
	}
	subjs := sc.subjects(ci)
	if len(subjs) != 1 || !sc.personish(subjs[0]) {
		return false
	}
	left := sc.phraseRef(c.Obj.Phrase, false)
	if left.name == "" {
		return false
	}
	x := sc.u.x
	p, class := x.coupleOf(subjs[0].name)
	if class == "" || !x.sameName(p, left.name) {
		return false
	}
	dc := sc.dated(cc, c)
	sc.fact(dc, subjs[0], left, class, tEnd, "{s} left {o}", kindPerson, kindPerson)
	for _, pp := range c.PPs {
		if pp.Prep != "for" {
			continue
		}
		for _, pi := range pp.Obj.All() {
			if o := sc.phraseRef(pi, false); o.name != "" && !x.sameName(o.name, left.name) && sc.personish(o) {
				o.kind = kindPerson
				sc.fact(dc, subjs[0], o, "IS_DATING", tStart, "{s} left "+left.name+" for {o}", kindPerson, kindPerson)
			}
		}
	}
	return true
}
