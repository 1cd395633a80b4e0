package main

// A child who starts at a school is its pupil: "Our daughter Ysolde
// started at Fenlow Primary in September". For anyone else "started at"
// a school may be a job as well (a new teacher), and nothing is read.

// childRels are the ties of a child to a parent.
var childRels = words("SON_OF DAUGHTER_OF CHILD_OF")

// parentRels are the ties of a parent to a child.
var parentRels = words("MOTHER_OF FATHER_OF PARENT_OF")

// isChild reports whether the episode told that name is someone's son,
// daughter or child.
func (x *extraction) isChild(name string) bool {
	k := x.reg.key(name)
	for _, f := range x.facts {
		if childRels.has(f.rel) && x.reg.key(f.src) == k || parentRels.has(f.rel) && x.reg.key(f.dst) == k {
			return true
		}
	}
	return false
}

// pupilStart reads a child starting at a school, and reports whether the
// clause was one.
func (sc *sentCtx) pupilStart(cc *clauseCtx, ci int) bool {
	c := cc.c
	if c.Lemma != "start" || c.Negated || c.Modal || c.Passive || !c.Obj.None() {
		return false
	}
	for _, pp := range c.PPs {
		if pp.Prep != "at" || pp.Obj.Phrase < 0 {
			continue
		}
		school := sc.phraseRef(pp.Obj.Phrase, false)
		if school.name == "" || sc.semKind(school, pp.Obj.Phrase) != kindSchool && !schoolName(school.name) {
			continue
		}
		subjs := sc.subjects(ci)
		if len(subjs) != 1 || !sc.u.x.isChild(subjs[0].name) {
			return false
		}
		school.kind = kindSchool
		sc.fact(sc.dated(cc, c), subjs[0], school, "STUDIES_AT", tStart, "{s} started at {o}", kindPerson, kindSchool)
		return true
	}
	return false
}
