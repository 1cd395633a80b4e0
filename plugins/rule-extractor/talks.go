package main

import "github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"

// Talks at events. "Prof. Hallorann will give the opening keynote" in a
// text about the NordicDB Summit: she speaks at it. "Prof. Hallorann has
// had to withdraw": she no longer does. "Dr. Kuwabara has agreed to give
// the keynote instead": he does. The event is the one a phrase "at …"
// names, else the last event the text named.

var (
	// talkNouns are what a speaker gives at an event.
	talkNouns = words("keynote talk speech lecture address presentation")
	// talkGivers give one.
	talkGivers = words("give deliver present")
	// withdrawers pull out of what they were to do.
	withdrawers = words("withdraw")
)

// talkable reports whether clause c states what is done or agreed, not
// wished or doubted: a modal only in the perfect ("has agreed to give",
// "has had to withdraw").
func talkable(c *clauseCtx) bool {
	k := c.c
	return !k.Negated && !k.Passive && (!k.Modal || k.Perfect)
}

// talkGiven reads a clause of a speaker giving a talk at an event, and
// reports whether it was one.
func (sc *sentCtx) talkGiven(ci int) bool {
	c := &sc.p.Clauses[ci]
	cc := &clauseCtx{c: c}
	if !talkGivers.has(c.Lemma) || !talkable(cc) || c.Obj.Phrase < 0 {
		return false
	}
	noun := sc.headWord(c.Obj.Phrase)
	if !talkNouns.has(noun) {
		return false
	}
	subjs := sc.subjects(ci)
	if len(subjs) != 1 || !personish(sc.kindOf(subjs[0])) && !sc.whoseClause(c) {
		return false
	}
	event := sc.eventAt(c)
	if event.name == "" {
		return false
	}
	sc.fact(cc, subjs[0], event, "SPEAKS_AT", tState, "{s} gives the "+noun+" at {o}", kindPerson, kindEvent)
	return true
}

// talkWithdrawn reads "Prof. Hallorann has had to withdraw": the talks
// the speaker was to give, told in this episode or the previous ones,
// end.
func (sc *sentCtx) talkWithdrawn(ci int) bool {
	c := &sc.p.Clauses[ci]
	cc := &clauseCtx{c: c}
	if !withdrawers.has(c.Lemma) || !talkable(cc) || !c.Obj.None() {
		return false
	}
	subjs := sc.subjects(ci)
	if len(subjs) != 1 {
		return false
	}
	x := sc.u.x
	done := false
	for _, f := range sc.flightFacts() {
		if f.Relation != "SPEAKS_AT" || f.InvalidAt != "" || !x.sameHolder(subjs[0].name, f.Source) {
			continue
		}
		sc.fact(cc, ref{name: f.Source, kind: kindPerson, str: strPattern}, ref{name: f.Target, kind: kindEvent, str: strPattern}, "SPEAKS_AT", tEnd, "{s} no longer gives a talk at {o}", kindPerson, kindEvent)
		done = true
	}
	return done
}

// eventAt returns the event clause c names after "at", else the last
// event the utterance named.
func (sc *sentCtx) eventAt(c *nlp.Clause) ref {
	for _, pp := range c.PPs {
		if pp.Prep == "at" && pp.Obj.Phrase >= 0 {
			if r := sc.phraseRef(pp.Obj.Phrase, false); r.name != "" && sc.kindOf(r) == kindEvent {
				return r
			}
		}
	}
	for i := len(sc.u.mentions) - 1; i >= 0; i-- {
		if e := sc.u.x.reg.get(sc.u.mentions[i].name); e != nil && e.kind == kindEvent {
			return ref{name: e.name, kind: kindEvent, str: strPattern}
		}
	}
	return ref{}
}

// whoseClause reports whether clause c is a relative clause opened by
// "who": its subject is a person, whatever kind the name seemed.
func (sc *sentCtx) whoseClause(c *nlp.Clause) bool {
	if c.SubjFrom != nlp.SubjRelative || c.Subj.Phrase < 0 {
		return false
	}
	for k := sc.p.Phrases[c.Subj.Phrase].End; k < c.VerbStart; k++ {
		if sc.toks[k].lower == "who" {
			return true
		}
	}
	return false
}
