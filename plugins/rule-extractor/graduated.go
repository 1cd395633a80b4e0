package main

// Graduating or finishing a degree with no school named: "I graduated
// last week!", "I've officially finished the MSc" after "I'm doing an
// MSc at Tarnwell University". The studies this episode or the ones
// before told end then, at the one school they named.

// graduatedUnnamed reads such a clause and reports whether it did.
func (sc *sentCtx) graduatedUnnamed(cc *clauseCtx, ci int) bool {
	c := cc.c
	if c.Negated || c.Modal || c.Future || c.Passive || c.Particle != "" {
		return false
	}
	switch c.Lemma {
	case "graduate":
		if !c.Obj.None() {
			return false
		}
	case "finish", "complete":
		if c.Obj.None() || !degreeNouns.has(sc.headWord(c.Obj.Phrase)) && sc.headWord(c.Obj.Phrase) != "studies" {
			return false
		}
	default:
		return false
	}
	for _, pp := range c.PPs {
		if pp.Prep == "from" || pp.Prep == "at" {
			// The school is named: the frames read it.
			return false
		}
	}
	subjs := sc.subjects(ci)
	if len(subjs) != 1 || !sc.personish(subjs[0]) {
		return false
	}
	school := sc.u.x.oneTieOf(subjs[0].name, "STUDIES_AT")
	if school == "" {
		return false
	}
	dc := sc.dated(cc, c)
	s := ref{name: school, kind: kindSchool, str: strPattern}
	sc.fact(dc, subjs[0], s, "STUDIES_AT", tEnd, "{s} finished studying at {o}", kindPerson, kindSchool)
	sc.fact(dc, subjs[0], s, "GRADUATED_FROM", tEvent, "{s} graduated from {o}", kindPerson, kindSchool)
	return true
}
