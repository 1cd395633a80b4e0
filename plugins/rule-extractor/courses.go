package main

// Courses. "I fly to Oaxaca next Monday for a two-week Spanish course at
// the Escuela Monte Albán": one who goes for a course at a school
// studies there, from when the clause says.

// courseNouns are what one takes at a school for a while.
var courseNouns = words("course class classes programme program workshop residency bootcamp")

// courseAt reads the clause's phrase of a course at a school ("for a
// Spanish course at the Escuela Monte Albán") as its subject studying
// there.
func (sc *sentCtx) courseAt(ci int) {
	c := &sc.p.Clauses[ci]
	if c.Negated || c.Modal || sc.question {
		return
	}
	for i, pp := range c.PPs {
		if pp.Obj.Phrase < 0 || pp.Prep == "at" || !courseNouns.has(sc.headWord(pp.Obj.Phrase)) || i+1 >= len(c.PPs) {
			continue
		}
		at := c.PPs[i+1]
		if at.Prep != "at" || at.Obj.Phrase < 0 || sc.p.Phrases[at.Obj.Phrase].Start != sc.p.Phrases[pp.Obj.Phrase].End+1 {
			continue
		}
		school := sc.phraseRef(at.Obj.Phrase, false)
		if k := sc.kindOf(school); school.name == "" || k != kindOrg && k != kindSchool && k != kindNone {
			continue
		}
		subjs := sc.subjects(ci)
		if len(subjs) != 1 || !personish(sc.kindOf(subjs[0])) {
			return
		}
		cc := &clauseCtx{c: c, te: tensePresent}
		if c.Past {
			cc.te = tensePast
		}
		cc.date = sc.nearestDate(c.VerbStart, sc.clauseEnd(c))
		sc.fact(cc, subjs[0], school, "STUDIES_AT", tState, "{s} takes a "+sc.headWord(pp.Obj.Phrase)+" at {o}", kindPerson, kindSchool)
		return
	}
}
