package main

import "github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"

// "I left in June", "she left last year": leaving with no place named
// and a date, by one whom this episode or the ones before gave one
// place of work, study or play, is leaving it. With two such places, or
// none, or with a place or a time of day after the verb ("left for the
// airport", "left at six"), nothing is read.

// leftDated reports whether clause c is such a leaving by subj.
func (sc *sentCtx) leftDated(c *nlp.Clause, subj ref) bool {
	if c.Lemma != "leave" || c.Particle != "" || c.Passive || c.Negated || c.Modal || c.Future || !c.Obj.None() {
		return false
	}
	d := sc.nearestDate(c.VerbStart, sc.clauseEnd(c))
	if d == nil || d.role != dateAt {
		return false
	}
	for _, pp := range c.PPs {
		if pp.At < d.start || pp.At >= d.end {
			// A phrase that is no part of the date: "left for Oslo in
			// June".
			return false
		}
	}
	x := sc.u.x
	places := map[string]bool{}
	key := x.reg.key(subj.name)
	for _, f := range x.facts {
		if placeTies.has(f.rel) && f.invalid.IsZero() && x.reg.key(f.src) == key {
			places[x.reg.key(f.dst)] = true
		}
	}
	for _, f := range x.previousTies(subj.name) {
		if placeTies.has(f.rel) {
			places[x.reg.key(f.dst)] = true
		}
	}
	return len(places) == 1
}

// placeTies are the ties to a place one leaves.
var placeTies = words("WORKS_AT STUDIES_AT PLAYS_FOR MEMBER_OF")
