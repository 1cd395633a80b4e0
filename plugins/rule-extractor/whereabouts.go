package main

import "github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"

// Where a thing is: "The painting is on display at Galerie Roux", "is on
// loan to the Fenlow Museum", "The van is parked at the Tarnwell depot",
// "my bike is kept at my parents' house". A thing is at one place at a
// time (LOCATED_AT, functional): its next place ends the last.

// displayNouns, after "on", say where a thing is shown or lent.
var displayNouns = words("display show view loan exhibit exhibition")

// keepingVerbs, in the passive, say where a thing is kept.
var keepingVerbs = words("keep store park house display exhibit hang moor dock garage")

// thingWhereabouts reads clause ci as where a thing is, and reports
// whether it was.
func (sc *sentCtx) thingWhereabouts(cc *clauseCtx, ci int) bool {
	c := &sc.p.Clauses[ci]
	if c.Negated || c.Modal || c.Subj.Phrase < 0 || c.SubjFrom != nlp.SubjOwn || len(c.Subj.Coord) > 0 {
		return false
	}
	how := ""
	switch {
	case c.Lemma == "be" && c.Comp.None():
		for _, pp := range c.PPs {
			if pp.Prep == "on" && pp.Obj.Phrase >= 0 && displayNouns.has(sc.headWord(pp.Obj.Phrase)) {
				how = "is on " + sc.headWord(pp.Obj.Phrase)
			}
		}
	case c.Passive && keepingVerbs.has(c.Lemma):
		how = "is " + sc.toks[c.Verb].lower
	}
	if how == "" {
		return false
	}
	thing := sc.phraseRef(c.Subj.Phrase, false)
	if !namedThing(thing.name) || sc.kindOf(thing) == kindPerson || sc.personish(thing) && thing.det == "" {
		return false
	}
	for _, pp := range c.PPs {
		if (pp.Prep != "at" && pp.Prep != "in" && pp.Prep != "to") || pp.Obj.Phrase < 0 || len(pp.Obj.Coord) > 0 {
			continue
		}
		place := sc.phraseRef(pp.Obj.Phrase, false)
		if !namedThing(place.name) || sc.kindOf(place) == kindPerson {
			continue
		}
		sc.fact(sc.dated(cc, c), thing, place, "LOCATED_AT", tState, "{s} "+how+" "+pp.Prep+" {o}", kindNone, kindNone)
		return true
	}
	return false
}

// namedThing reports whether a name is written with a capital or opens
// with a digit ("KX19 TBL"): one named, not "the van", whose one is not
// said.
func namedThing(name string) bool {
	return capitalized(name) || name != "" && name[0] >= '0' && name[0] <= '9'
}
