package main

import (
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// Contracts awarded. "Resolved: the waste-collection contract, currently
// held by Thornby Waste Ltd, is awarded to GreenLoop Services from 1
// January 2025" in a council's minutes: GreenLoop holds the council's
// contract from then, and Thornby no longer does.

// contractNouns are what an organisation awards to a supplier.
var contractNouns = words("contract tender franchise concession")

// contractAwarded reads a contract awarded to a supplier by the
// organisation a text is about, and reports whether the clause was one.
func (sc *sentCtx) contractAwarded(ci int) bool {
	c := &sc.p.Clauses[ci]
	if c.Lemma == "hold" && sc.heldBy(c) {
		// "currently held by Thornby Waste Ltd" before the award that
		// ends it: read with the award.
		for k := ci + 1; k < len(sc.p.Clauses); k++ {
			if sc.p.Clauses[k].Lemma == "award" && sc.p.Clauses[k].Passive {
				return true
			}
		}
	}
	if c.Lemma != "award" || !c.Passive || c.Negated || c.Modal {
		return false
	}
	var to ref
	for _, pp := range c.PPs {
		if pp.Prep == "to" && pp.Obj.Phrase >= 0 {
			to = sc.phraseRef(pp.Obj.Phrase, false)
		}
	}
	if to.name == "" || sc.kindOf(to) == kindPerson {
		return false
	}
	// The contract: the noun before the verb, with the words that say
	// what it is for ("the waste-collection contract").
	noun := ""
	for k := c.VerbStart - 1; k >= 0; k-- {
		if contractNouns.has(sc.toks[k].lower) {
			noun = sc.toks[k].lower
			if k > 0 && sc.p.Tags[k-1] == "NN" {
				noun = sc.toks[k-1].lower + " " + noun
			}
			break
		}
	}
	if noun == "" {
		return false
	}
	by := sc.u.topicOrg
	if by == "" {
		by = sc.contextOrgBefore(c.VerbStart).name
	}
	if by == "" || strings.EqualFold(by, to.name) {
		return false
	}
	client := ref{name: by, kind: kindOrg, str: strPattern}
	cc := &clauseCtx{c: c, te: tensePresent}
	if c.Past {
		cc.te = tensePast
	}
	cc.date = sc.nearestDate(c.VerbStart, sc.clauseEnd(c))
	text := "{s} holds the " + noun + " of {o}"
	sc.fact(cc, to, client, "HOLDS_CONTRACT_WITH", tStart, text, kindOrg, kindOrg)
	// "currently held by Thornby Waste Ltd": the holder before ends.
	for _, h := range sc.p.Clauses {
		if h.Lemma != "hold" || !sc.heldBy(&h) || h.VerbStart > c.VerbStart {
			continue
		}
		for _, pp := range h.PPs {
			if pp.Prep == "by" && pp.Obj.Phrase >= 0 {
				if old := sc.phraseRef(pp.Obj.Phrase, false); old.name != "" && old.name != to.name {
					sc.fact(cc, old, client, "HOLDS_CONTRACT_WITH", tEnd, "{s} no longer holds the "+noun+" of {o}", kindOrg, kindOrg)
				}
			}
		}
	}
	return true
}

// heldBy reports whether clause c says by whom something is held ("held
// by Thornby Waste Ltd"), passive or a bare participle.
func (sc *sentCtx) heldBy(c *nlp.Clause) bool {
	if c.Obj.Phrase >= 0 {
		return false
	}
	for _, pp := range c.PPs {
		if pp.Prep == "by" {
			return true
		}
	}
	return false
}
