package main

import (
	"slices"
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// A sale that names neither seller nor buyer: "The Brass Kettle has been
// sold", "the house was sold in March". Whoever owned the thing, as this
// episode or the ones before told, owns it no more from the sale: the
// verb ends the relation of its class (the lexicon: selling ends
// owning), though the clause names no owner. A sale to someone is read
// by the frames of "sell", and a later owner ends the earlier one in the
// resolver (newHolder).

// soldUnnamed reads such a sale of subj. It reports whether it ended an
// ownership.
func (sc *sentCtx) soldUnnamed(cc *clauseCtx, subj ref) bool {
	c := cc.c
	if c.Lemma != "sell" || !c.Passive || c.Negated || c.Modal || cc.future || cc.ended {
		return false
	}
	for _, pp := range c.PPs {
		if pp.Prep == "by" || pp.Prep == "to" {
			return false
		}
	}
	x := sc.u.x
	key := x.reg.key(subj.name)
	var owners []string
	for _, f := range x.facts {
		if f.rel == "OWNS" && f.invalid.IsZero() && x.reg.key(f.dst) == key && !slices.Contains(owners, f.src) {
			owners = append(owners, f.src)
		}
	}
	open := x.previousOpen(func(f abi.ExtractedFact) bool {
		return f.Relation == "OWNS" && x.reg.key(f.Target) == key
	}, func(f abi.ExtractedFact) string { return x.reg.key(f.Source) })
	for _, f := range open {
		if !slices.Contains(owners, f.Source) {
			owners = append(owners, f.Source)
		}
	}
	for _, o := range owners {
		sc.fact(cc, ref{name: o, str: strPattern}, subj, "OWNS", tEnd, "{s} sold {o}", kindNone, kindNone)
	}
	return len(owners) > 0
}

// partitives are nouns of an amount of something: "a dose of the
// vaccine" is the vaccine.
var partitives = words("dose doses course round shot cup glass bottle box pack packet piece slice pair set bag can jar tube lot lots bit couple number bunch plenty mg milligram milligrams mcg microgram micrograms ml milliliter milliliters millilitre millilitres gram grams tablet tablets pill pills capsule capsules drop drops unit units")

// stakes are nouns of a part owned of a thing, and stakeVerbs the verbs
// that buy, sell or hold one: "sold its freehold interest in Canal
// Wharf" sold what it owned of Canal Wharf, "bought a stake in Brackley
// Freight" bought into Brackley Freight.
var (
	stakes     = words("stake stakes share shares interest holding holdings freehold leasehold")
	stakeVerbs = words("buy sell purchase acquire own hold inherit transfer")
)

// stakeIn reports whether a clause buys, sells or holds a stake in a
// thing: its direct object is a stake, "in" the thing right after it.
func (sc *sentCtx) stakeIn(c *nlp.Clause) bool {
	return !c.Obj.None() && len(c.PPs) > 0 && c.PPs[0].Prep == "in" && c.PPs[0].Obj.Phrase >= 0 &&
		c.PPs[0].At == sc.p.Phrases[c.Obj.Phrase].End && stakes.has(sc.headWord(c.Obj.Phrase)) && stakeVerbs.has(c.Lemma)
}

// ownedPhrase returns the phrase of what a clause buys, sells or holds:
// its direct object, or the thing a stake is in.
func (sc *sentCtx) ownedPhrase(c *nlp.Clause) int {
	if sc.stakeIn(c) {
		return c.PPs[0].Obj.Phrase
	}
	return c.Obj.Phrase
}

// stakeWords returns the words of the stake a clause buys, sells or
// holds, with "in" and a space after them ("a 40% stake in "), without
// a possessive ("her shares in "); "" when there is none.
func (sc *sentCtx) stakeWords(c *nlp.Clause) string {
	if !sc.stakeIn(c) {
		return ""
	}
	p := &sc.p.Phrases[c.Obj.Phrase]
	start := p.Start
	if isPossessivePronoun(sc.toks[start].lower) {
		start++
	}
	return strings.ToLower(joinTokens(sc.toks[start:p.End])) + " in "
}

// soldToText is the text of the fact of the one a thing, or a stake in
// it, was sold to: "{o} was sold to {s}", "The shares in {o} were sold
// to {s}".
func (sc *sentCtx) soldToText(c *nlp.Clause, stake string) string {
	if stake == "" {
		return "{o} was " + sc.toks[c.Verb].lower + " to {s}"
	}
	be := "was"
	if sc.p.Tags[sc.p.Phrases[c.Obj.Phrase].Head] == "NNS" {
		be = "were"
	}
	return "The " + stake + "{o} " + be + " " + sc.toks[c.Verb].lower + " to {s}"
}

// partitivePPs gives a preposition's slot whose object is a partitive
// ("on a low dose of gabapentin", "with a course of amoxicillin") the
// object of the "of" right after it, as a direct object's is given
// ("takes a low dose of gabapentin"); the "of" keeps its own slot.
func (sc *sentCtx) partitivePPs(c *nlp.Clause, out []arg) {
	for i := range out {
		if out[i].prep == "" || out[i].prep == "of" || len(out[i].phrases) != 1 {
			continue
		}
		if q, ok := sc.partitiveOf(c, out[i].phrases[0]); ok {
			out[i].phrases = q.All()
		}
	}
}

// partitiveOf returns the object of the "of" right after phrase pi of
// clause c when pi's head is a partitive ("a low dose of gabapentin":
// "gabapentin"); ok is false otherwise.
func (sc *sentCtx) partitiveOf(c *nlp.Clause, pi int) (nlp.Arg, bool) {
	if pi < 0 || !partitives.has(sc.headWord(pi)) {
		return nlp.Arg{}, false
	}
	for _, pp := range c.PPs {
		if pp.Prep == "of" && pp.At == sc.p.Phrases[pi].End && pp.Obj.Phrase >= 0 {
			return pp.Obj, true
		}
	}
	return nlp.Arg{}, false
}
