package main

import "strings"

// Funding rounds. An investor "leads", "joins" or "backs" a round of
// funding, and the company the round is for is what it invests in:
// "Harrowgate Ventures is leading the £1.8m seed round for Quillmate",
// "led Quillmate's Series A", "Quillmate raised £2m in a round led by
// Harrowgate Ventures".

// roundVerbs are what an investor does to a round.
var roundVerbs = words("lead co-lead join back anchor fund")

// roundCues are the words that make a "round" one of funding.
var roundCues = words("seed pre-seed series funding investment financing venture growth bridge")

// fundingRound reads an investor's part in a round of funding. It
// reports whether it read one.
func (sc *sentCtx) fundingRound(cc *clauseCtx, ci int) bool {
	c := cc.c
	if c.Negated || c.Modal || !roundVerbs.has(c.Lemma) {
		return false
	}
	var investor, company ref
	if c.Passive {
		// "raised £2m in a seed round led by Harrowgate Ventures".
		r := c.VerbStart - 1
		if r < 0 || !sc.fundingRoundAt(r) || ci == 0 {
			return false
		}
		for _, pp := range c.PPs {
			if pp.Prep == "by" && pp.Obj.Phrase >= 0 {
				investor = sc.phraseRef(pp.Obj.Phrase, false)
			}
		}
		if subjs := sc.subjects(ci - 1); len(subjs) == 1 {
			company = subjs[0]
		}
	} else {
		// The round within a few words, up to a clause break: the
		// chunker may end the object at an amount ("our £1.8m seed
		// round").
		r := -1
		for k := c.Verb + 1; k < len(sc.toks) && k <= c.Verb+8 && !clauseBreaks.has(sc.toks[k].lower); k++ {
			if sc.fundingRoundAt(k) {
				r = k
				break
			}
		}
		if r < 0 {
			return false
		}
		subjs := sc.subjects(ci)
		if len(subjs) != 1 {
			return false
		}
		investor = subjs[0]
		company = sc.roundFor(c.Verb+1, r)
	}
	if investor.name == "" || company.name == "" || sc.kindOf(company) == kindPerson || sc.u.x.reg.key(investor.name) == sc.u.x.reg.key(company.name) {
		return false
	}
	// A round led is an investment made; one being led, one held.
	role := tStart
	if cc.te != tensePast {
		role = tState
	}
	sc.fact(sc.dated(cc, c), investor, company, "INVESTS_IN", role, "{s} invests in {o}", kindOrg, kindOrg)
	return true
}

// fundingRoundAt reports whether toks[k] is "round" after a word that
// makes it one of funding ("seed round", "Series A round", "£2m round").
func (sc *sentCtx) fundingRoundAt(k int) bool {
	if l := lowerAt(sc.toks, k); l != "round" && l != "rounds" {
		return false
	}
	for j := k - 1; j >= 0 && j >= k-3; j-- {
		if w := sc.toks[j].lower; roundCues.has(w) || sc.toks[j].word && moneyAmount(w) {
			return true
		}
	}
	return false
}

// moneyAmount reports whether a word is an amount such as "1.8m", "$2m"
// or "500k".
func moneyAmount(w string) bool {
	w = strings.TrimLeft(w, "$£€")
	for _, suf := range []string{"m", "bn", "k", "million", "billion"} {
		if n, ok := strings.CutSuffix(w, suf); ok && n != "" && isNumber(n) {
			return true
		}
	}
	return false
}

// roundFor returns the company of the round said at toks[r]: the name
// after "for", "in" or "of" ("the seed round for Quillmate"), or the
// possessor before it, from toks[from] on ("Quillmate's Series A").
func (sc *sentCtx) roundFor(from, r int) ref {
	if p := lowerAt(sc.toks, r+1); p == "for" || p == "in" || p == "of" {
		if e, ok := sc.nameAt[r+2]; ok {
			return sc.named(r+2, e)
		}
	}
	for k := from; k < r; k++ {
		if e, ok := sc.nameAt[k]; ok && e < r && (lowerAt(sc.toks, e) == "'s" || lowerAt(sc.toks, e) == "’s") {
			return sc.named(k, e)
		}
	}
	return ref{}
}
