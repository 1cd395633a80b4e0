package main

import (
	"slices"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// A role said of a post ("took a job as a nurse", "applied for a position
// as head nurse", "lost my job as a driver") is the post's: what the verb
// does to the post is what happens to the role. Taking, landing or
// accepting the post starts the role, as the same verbs start the work
// at the employer (the "@post" frames); losing or leaving it ends it;
// having or loving it states it; applying for it, being offered it or
// turning it down gives no role at all. The verb's own tense would
// otherwise make "took" a role held in the past, and over.

// postLosses end the post they take, beside roleEnds ("lost my job as a
// courier").
var postLosses = words("lose")

// postStates hold the post they take: "had a job as", "loves her job as".
var postStates = words("have hold love like enjoy hate keep")

// postGivers, in the passive, give the post: "was given a job as".
var postGivers = words("give award grant")

// postRole returns how the verb of c places in time the role of phrase
// pi, said after a post noun and "as". post is false when no post stands
// before the role, and the verb's own reading holds; held is false when
// the verb gives no one the post ("applied for a job as a nurse").
// reword is the clause the role's text is worded by: "became" for a
// start, "left" for an end, "is" or "was" for a state.
func (sc *sentCtx) postRole(c *nlp.Clause, pi int) (role temporal, reword nlp.Clause, post, held bool) {
	start := sc.p.Phrases[pi].Start
	if lowerAt(sc.toks, start-1) != "as" {
		return 0, *c, false, false
	}
	q := sc.p.PhraseEndingAt(start - 1)
	if q < 0 || !postNoun(sc.p.Lemmas[sc.p.Phrases[q].Head]) && !postHeads.has(sc.p.Lemmas[sc.p.Phrases[q].Head]) {
		return 0, *c, false, false
	}
	reword = *c
	word := func(lemma string) {
		reword.Lemma, reword.Particle = lemma, ""
	}
	if !slices.Contains(c.Obj.All(), q) {
		for _, pp := range c.PPs {
			if pp.Prep == "for" && slices.Contains(pp.Obj.All(), q) {
				// "applied for a job as", "interviewed for a post as":
				// sought, not held.
				return 0, *c, true, false
			}
		}
		// "resigned from her post as", "in my new role as": the verb's
		// own reading.
		return 0, *c, false, false
	}
	v := phrasal(c)
	switch {
	case c.Passive && postGivers.has(c.Lemma):
		word("become")
		return tStart, reword, true, true
	case c.Passive:
		// "was offered a job as a nurse": not yet taken.
		return 0, *c, true, false
	case roleStarts.has(v):
		word("become")
		return tStart, reword, true, true
	case roleEnds.has(v) || postLosses.has(v):
		word("leave")
		return tEnd, reword, true, true
	case postStates.has(v):
		word("be")
		return tState, reword, true, true
	}
	for _, f := range framesOf(v) {
		if f.obj == "@post" && !f.pass {
			switch f.role {
			case tStart:
				word("become")
			case tEnd:
				word("leave")
			}
			return f.role, reword, true, true
		}
	}
	// "turned down a job as", "is looking for work as", "advertised a
	// post as": no one holds it.
	return 0, *c, true, false
}
