package main

import (
	"slices"

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
