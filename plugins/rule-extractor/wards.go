package main

import "github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"

// Where a patient is placed within a hospital: "He's on Ward 7", "she is
// in Bed 4", "They moved Dad up to Ward 12", "was transferred to Ward 9".
// One is on one ward, in one bed, at a time (PLACED_IN is functional), and
// the ward is a place of its own within the hospital, so a move does not
// end the stay there.

// placeUnits are the numbered units a patient is placed in.
var placeUnits = words("ward bed bay room")

// placeMovers are the verbs that move someone to a unit.
var placeMovers = words("move transfer take put")

// placement reads clause ci of cc as a placement, and reports whether it
// did.
func (sc *sentCtx) placement(cc *clauseCtx, ci int) bool {
	c := &sc.p.Clauses[ci]
	if c.Negated || cc.ended {
		return false
	}
	var u ref
	prep := ""
	for _, pp := range c.PPs {
		if pp.Obj.Phrase >= 0 && len(pp.Obj.Coord) == 0 {
			if u = sc.unitIn(pp.Obj.Phrase); u.name != "" {
				prep = pp.Prep
				break
			}
		}
	}
	if u.name == "" {
		return false
	}
	var holder ref
	role, text := tState, ""
	switch {
	case c.Lemma == "be" && c.Comp.None() && (prep == "on" || prep == "in") && c.Subj.Phrase >= 0:
		holder, text = sc.phraseRef(c.Subj.Phrase, true), "{s} is "+prep+" {o}"
	case placeMovers.has(c.Lemma) && prep == "to":
		role, text = tStart, "{s} moved to {o}"
		switch {
		case !c.Obj.None() && !c.Passive:
			holder = sc.phraseRef(c.Obj.Phrase, false)
		case c.Subj.Phrase >= 0:
			holder = sc.phraseRef(c.Subj.Phrase, true)
		}
	default:
		return false
	}
	if holder.name == "" || !sc.personish(holder) {
		return false
	}
	pc := sc.dated(cc, c)
	sc.fact(pc, holder, u, "PLACED_IN", role, text, kindPerson, kindLocation)
	return true
}

// unitIn returns the numbered unit of placeUnits phrase pi opens with,
// "Ward 7", "bed 4B-07", or none.
func (sc *sentCtx) unitIn(pi int) ref {
	p := &sc.p.Phrases[pi]
	k := p.Start + sc.detLen(p)
	if e, ok := sc.nameAt[k]; ok && e == k+2 && e <= p.End && placeUnits.has(sc.toks[k].lower) {
		return ref{name: joinTokens(sc.toks[k:e]), kind: kindLocation, str: strCue}
	}
	return ref{}
}

// dated is cc with the clause c's span and the date nearest to it, for a
// reader that runs before readClause dates the clause.
func (sc *sentCtx) dated(cc *clauseCtx, c *nlp.Clause) *clauseCtx {
	pc := *cc
	pc.left, pc.end = c.VerbStart, sc.clauseEnd(c)
	if c.Subj.Phrase >= 0 && c.SubjFrom == nlp.SubjOwn {
		pc.left = sc.p.Phrases[c.Subj.Phrase].Start
	}
	pc.date = sc.nearestDate(pc.left, pc.end)
	return &pc
}
