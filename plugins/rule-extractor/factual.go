package main

// Whether a clause states a fact: not a plan, a wish, a condition, a
// denial, or what someone other than the speaker thinks.

import "github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"

// factual reports whether clause ci states something: not a plan, a wish,
// a condition or a denial.
func (sc *sentCtx) factual(ci int) (ended, ok bool) {
	c := &sc.p.Clauses[ci]
	if c.Modal || c.Scheduled && sc.nearestDate(c.VerbStart, sc.clauseEnd(c)) == nil {
		// "has decided to step down" with no date for it is a plan.
		return false, false
	}
	for k := 0; k < c.VerbStart; k++ {
		if conditionals.has(sc.toks[k].lower) {
			return false, false
		}
	}
	if c.Subj.Phrase >= 0 && c.SubjFrom == nlp.SubjOwn && negativeSubjects.has(sc.toks[sc.p.Phrases[c.Subj.Phrase].Start].lower) {
		// "Nobody saw it coming", "no one works there": a denial.
		return false, false
	}
	if sc.almost(c) {
		return false, false
	}
	ended = c.NoLonger || c.Negated && sc.anymore(c.VerbEnd)
	if c.Negated && !ended {
		return false, false
	}
	if c.SubjFrom == nlp.SubjControl && c.Governor >= 0 {
		g := &sc.p.Clauses[c.Governor]
		if _, ok := sc.factual(c.Governor); !ok {
			return false, false
		}
		if c.Gerund && !factiveGovernors.has(g.Lemma) && !timeConjunctions.has(lowerAt(sc.toks, c.VerbStart-1)) {
			return false, false
		}
		if c.Infinitive && (intentionWords.has(g.Lemma) || nlp.Directive(g.Lemma)) {
			return false, false
		}
		if c.Infinitive && c.VerbStart > 0 && sc.toks[c.VerbStart].lower == "to" && sc.prospectHead(c.VerbStart-1) {
			// "in talks to buy Sunmere", "a bid to sign him", "is
			// likely to move": an infinitive after a noun of a plan or
			// an adjective of a prospect is no deed.
			return false, false
		}
	}
	if c.Infinitive && c.SubjFrom != nlp.SubjControl {
		return false, false
	}
	if sc.believedByOther(ci) {
		return false, false
	}
	return ended, true
}

// prospectHead reports whether the word at i, right before an
// infinitive's "to", makes it a plan or a prospect: a noun of a plan
// ("talks", "bid", "deal") or an adjective other than one of feeling
// ("likely", "set", "keen"; not "proud to work at").
func (sc *sentCtx) prospectHead(i int) bool {
	w := sc.toks[i].lower
	switch sc.p.Tags[i] {
	case "NN", "NNS":
		return planNouns.has(sc.p.Lemmas[i]) || planNouns.has(w)
	case "JJ":
		return !emotiveFactives.has(w)
	}
	return false
}

// planNouns name a plan, an attempt or a deal still to be done: "in
// talks to buy", "a bid to sign", "a deal to sell".
var planNouns = words("talk talks negotiation negotiations bid plan attempt offer proposal deal effort move decision intention hope chance opportunity campaign push drive ambition dream goal pledge promise threat")

// emotiveFactives are adjectives whose infinitive is what is the case:
// "I'm proud to work at Acme", "lucky to have her".
var emotiveFactives = words("happy glad proud lucky delighted thrilled honoured honored grateful sad sorry relieved blessed fortunate")

// beliefVerbs put a clause after them in someone's mind, not in the
// world.
var beliefVerbs = words("think believe assume suppose imagine guess reckon")

// believedByOther reports whether clause ci is what someone other than
// the speaker thinks: "Ana thinks I work at Vantor". The speaker's own
// hedge ("I think I left it at Ana's") still states it.
func (sc *sentCtx) believedByOther(ci int) bool {
	if ci == 0 {
		return false
	}
	g := &sc.p.Clauses[ci-1]
	c := &sc.p.Clauses[ci]
	if !beliefVerbs.has(g.Lemma) || g.Subj.Phrase < 0 {
		return false
	}
	if w := sc.toks[sc.p.Phrases[g.Subj.Phrase].Start].lower; w == "i" || w == "we" {
		return false
	}
	start := c.VerbStart
	if c.Subj.Phrase >= 0 && sc.p.Phrases[c.Subj.Phrase].Start > g.VerbEnd {
		start = sc.p.Phrases[c.Subj.Phrase].Start
	}
	for k := g.VerbEnd; k < start; k++ {
		if w := sc.toks[k].lower; w == "," || w == ";" || w == "but" || w == "and" || w == "because" {
			return false
		}
	}
	return true
}

// negativeSubjects deny what their clause says.
var negativeSubjects = words("nobody noone none nothing neither")

// timeConjunctions before an "-ing" clause say when its subject did
// what the governing clause says, and so state it as well ("lived in
// Seville while working for Alanto", "after leaving Acme, she …").
var timeConjunctions = words("while whilst when after before since")

// factiveGovernors are verbs whose "-ing" complement states a fact ("I
// love living in Lisbon": she lives there).
var factiveGovernors = words("love like enjoy hate dislike miss keep continue")

// auxForms are the forms of the auxiliaries that may stand between an
// adverb and its verb ("almost got married", "nearly was fired").
var auxForms = words("got get gets getting was were is are be been being has have had")

// almost reports whether "almost" or "nearly" stands before the clause's
// verb and its auxiliaries: "Monica and Chandler almost got married"
// says it did not happen, and takes nothing for granted either.
func (sc *sentCtx) almost(c *nlp.Clause) bool {
	k := c.VerbStart - 1
	for k > 0 && auxForms.has(sc.toks[k].lower) {
		k--
	}
	// The verb group may hold the adverb ("almost/RB got married").
	for i := k; i >= 0 && i < c.Verb; i++ {
		if w := sc.toks[i].lower; w == "almost" || w == "nearly" {
			return true
		}
	}
	return false
}
