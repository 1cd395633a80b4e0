package main

import (
	"strings"
	"unicode"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// An activity given up with no place named: "Sigvald has stepped back
// from coaching the under-12s", "she stopped coaching", "I've given up
// teaching". The one tie of that kind the episodes told the subject has
// ends then, wherever it was ("coaches the under-12s at Fenlow Rangers").

// activityTies are the ties an activity's verb holds.
var activityTies = map[string]string{"coach": "COACHES", "play": "PLAYS_FOR", "work": "WORKS_AT", "teach": "WORKS_AT", "volunteer": "VOLUNTEERS_AT"}

// leavingPhrasals end the activity after their "from": "stepped back
// from coaching", "retired from playing".
var leavingPhrasals = phrases("step back", "step away", "step down", "retire", "withdraw")

// activityLeavers end the activity that is their object: "left
// teaching", "quit coaching", "gave up playing".
var activityLeavers = phrases("leave", "quit", "give up", "abandon")

// endedActivity reads such a clause and reports whether it did.
func (sc *sentCtx) endedActivity(cc *clauseCtx, ci int) bool {
	c := cc.c
	activity := c.Lemma
	class, ok := activityTies[activity]
	left := false
	if !ok && c.Obj.Phrase >= 0 && len(c.Obj.Coord) == 0 && activityLeavers.has(phrasal(c)) {
		// "Ysolde left teaching this summer", "he quit coaching": the
		// activity as the object of a verb of leaving.
		if p := &sc.p.Phrases[c.Obj.Phrase]; p.End-p.Start == 1 && strings.HasSuffix(sc.toks[p.Head].lower, "ing") {
			activity = nlp.Lemma(sc.toks[p.Head].lower, "VBG")
			class, ok = activityTies[activity]
			left = ok
		}
	}
	if !ok || c.Negated || c.Modal || c.Passive {
		return false
	}
	ended := left || aspectRoles[c.Aspect] == tEnd && c.Aspect != ""
	if !ended && c.SubjFrom == nlp.SubjControl && c.Governor >= 0 && lowerAt(sc.toks, c.VerbStart-1) == "from" {
		g := &sc.p.Clauses[c.Governor]
		v := g.Lemma
		if g.Particle != "" {
			v += " " + g.Particle
		}
		ended = leavingPhrasals.has(v) && !g.Negated && !g.Modal
	}
	if !ended {
		return false
	}
	for _, pp := range c.PPs {
		if pp.Obj.Phrase >= 0 && sc.p.Phrases[pp.Obj.Phrase].Name {
			// "stopped coaching at Fenlow Rangers": the frames read it.
			return false
		}
	}
	if !left && !c.Obj.None() && sc.p.Phrases[c.Obj.Phrase].Name {
		// "coaching Garrick Athletic": a team named is the frames';
		// "coaching the under-12s", a part of the club, is not.
		if k := sc.kindOf(sc.phraseRef(c.Obj.Phrase, false)); k == kindOrg || k == kindTeam || k == kindSchool {
			return false
		}
	}
	subjs := sc.subjects(ci)
	if len(subjs) != 1 || !sc.personish(subjs[0]) {
		return false
	}
	place := sc.u.x.oneTieOf(subjs[0].name, class)

	if place == "" {
		return false
	}
	tc := c
	if c.SubjFrom == nlp.SubjControl && c.Governor >= 0 {
		tc = &sc.p.Clauses[c.Governor]
	}
	at := ref{name: place, kind: tieKinds[class], str: strPattern}
	dc := sc.dated(cc, tc)
	sc.fact(dc, subjs[0], at, class, tEnd, "{s} stopped "+activity+"ing at {o}", kindPerson, tieKinds[class])
	for k := ci + 1; k < len(sc.p.Clauses); k++ {
		// "…, Oddny's taken over": the one who takes over takes it up.
		o := &sc.p.Clauses[k]
		if o.Lemma != "take" || o.Particle != "over" || !o.Obj.None() || o.Negated || o.Modal || o.Subj.Phrase < 0 || o.SubjFrom != nlp.SubjOwn {
			continue
		}
		if r := sc.phraseRef(o.Subj.Phrase, true); r.name != "" && sc.personish(r) && !sc.u.x.sameName(r.name, subjs[0].name) {
			sc.fact(dc, r, at, class, tStart, "{s} took over "+activity+"ing at {o}", kindPerson, tieKinds[class])
		}
	}
	return true
}

// oneTieOf returns the one place name holds a tie of class at, by this
// episode's facts and the previous episodes', not ended; "" for none or
// several. A part of a place in lower case ("the under-12s") is none.
func (x *extraction) oneTieOf(name, class string) string {
	place, several := "", false
	x.openFacts(func(src, dst, rel string) bool {
		if rel != class || !x.sameName(src, name) || dst == "" || unicode.IsLower([]rune(dst)[0]) {
			return true
		}
		if place != "" && !x.sameName(place, dst) {
			several = true
			return false
		}
		place = dst
		return true
	})
	if several {
		return ""
	}
	return place
}
