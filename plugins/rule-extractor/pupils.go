package main

import "strings"

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
	if c.Lemma != "start" || c.Negated || c.Modal || c.Passive || !c.Obj.None() && !sc.schoolYear(c.Obj.Phrase) {
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
		if len(subjs) != 1 || !sc.u.x.isChild(subjs[0].name) && (c.Obj.None() || !sc.personish(subjs[0])) {
			// "started Year 7 at Tarnwell Academy": a school year is a
			// pupil's, whoever told it.
			return false
		}
		school.kind = kindSchool
		sc.fact(sc.dated(cc, c), subjs[0], school, "STUDIES_AT", tStart, "{s} started at {o}", kindPerson, kindSchool)
		return true
	}
	return false
}

// schoolYears are the years and classes of a school one starts as a
// pupil: "started Year 7", "started reception", "started sixth form".
var schoolYears = words("reception nursery kindergarten preschool sixth grade form year class")

// schoolYear reports whether phrase pi is a pupil's year or class.
func (sc *sentCtx) schoolYear(pi int) bool {
	p := &sc.p.Phrases[pi]
	head := sc.toks[p.Head].lower
	if isNumber(head) && p.Head > p.Start {
		// "Year 7", "Grade 3".
		head = sc.toks[p.Head-1].lower
	}
	return schoolYears.has(head)
}

// pupilMoved reads a child put into a school by the one telling: "we've
// moved Vesna to Fenlow High", "they sent Brannoc to Tarnwell Academy",
// "enrolled Oddny at Fenlow Primary". The child studies there from
// then. It reports whether the clause was one.
func (sc *sentCtx) pupilMoved(cc *clauseCtx, ci int) bool {
	c := cc.c
	if !pupilMovers.has(c.Lemma) || c.Particle != "" || c.Negated || c.Modal || c.Passive || c.Obj.None() || len(c.Obj.Coord) > 0 {
		return false
	}
	child := sc.phraseRef(c.Obj.Phrase, false)
	if child.name == "" || !sc.personish(child) && !sc.u.x.knownPerson(child.name) {
		return false
	}
	for _, pp := range c.PPs {
		if pp.Prep != "to" && pp.Prep != "at" && pp.Prep != "in" || pp.Obj.Phrase < 0 {
			continue
		}
		school := sc.phraseRef(pp.Obj.Phrase, false)
		if school.name == "" || sc.semKind(school, pp.Obj.Phrase) != kindSchool && !schoolName(school.name) {
			continue
		}
		school.kind = kindSchool
		role := tStart
		if c.Lemma == "send" && !c.Past && !c.Perfect {
			// "we send Vesna to Fenlow High": where she goes now.
			role = tState
		}
		sc.fact(sc.dated(cc, c), child, school, "STUDIES_AT", role, "{s} goes to {o}", kindPerson, kindSchool)
		return true
	}
	return false
}

// pupilMovers put a child into a school.
var pupilMovers = words("move send enrol enroll register transfer switch")

// lastWordLower returns the last word of a name, in lower case.
func lastWordLower(name string) string {
	f := strings.Fields(name)
	if len(f) == 0 {
		return ""
	}
	return strings.ToLower(f[len(f)-1])
}
