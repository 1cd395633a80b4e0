package main

import (
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// Moving out with no place named, and living alone: "Vesna moved out in
// March", "Oddny lives on her own now". Whoever the one named lived with,
// as this episode or the ones before it told, they live together no
// longer. Moving out "of" a place is a home left (the frames).

// housemateClasses are the ties of sharing a home.
var housemateClasses = words("LIVES_WITH ROOMMATE_OF")

// livingApart reads such a clause and reports whether it was one.
func (sc *sentCtx) livingApart(cc *clauseCtx, ci int) bool {
	c := cc.c
	if c.Negated || c.Modal || c.Passive || !c.Obj.None() {
		return false
	}
	text := ""
	switch {
	case c.Lemma == "move" && c.Particle == "out":
		for _, pp := range c.PPs {
			if pp.Prep == "of" || pp.Prep == "from" || pp.Prep == "to" || pp.Prep == "into" {
				return false
			}
		}
		text = "{s} moved out and no longer lives with {o}"
	case c.Lemma == "live" && c.Particle == "" && sc.alone(c):
		text = "{s} lives alone and no longer with {o}"
	default:
		return false
	}
	subjs := sc.subjects(ci)
	if len(subjs) != 1 || !sc.personish(subjs[0]) {
		return false
	}
	others, rels := sc.u.x.housematesOf(subjs[0].name)
	var homes []string
	if c.Lemma == "move" {
		// "I'm moving out at the end of the month" after "renting a
		// flat on Mill Road": the home left is the street's or the
		// address's, not the town's.
		homes = sc.u.x.dwellingsOf(subjs[0].name)
	}
	if len(others) == 0 && len(homes) == 0 {
		return false
	}
	dc := sc.dated(cc, c)
	for _, h := range homes {
		sc.fact(dc, subjs[0], ref{name: h, kind: kindLocation, str: strPattern}, "LIVES_IN", tEnd, "{s} moved out of {o}", kindPerson, kindLocation)
	}
	for i, o := range others {
		if sc.isSpeaker(o) {
			// "Aiko moved out", told by the one she lived with.
			me := ref{name: sc.u.speaker, kind: kindPerson, str: strSure}
			sc.fact(dc, subjs[0], me, "ROOMMATE_OF", tEnd, "{s} moved out", kindPerson, kindPerson)
			sc.fact(dc, me, subjs[0], "LIVES_WITH", tEnd, "{s} no longer lives with {o}", kindPerson, kindPerson)
			continue
		}
		sc.fact(dc, subjs[0], ref{name: o, kind: kindPerson, str: strPattern}, rels[i], tEnd, text, kindPerson, kindPerson)
	}
	return true
}

// alone reports whether "alone", "on her own" or "by himself" follows
// the clause's verb.
func (sc *sentCtx) alone(c *nlp.Clause) bool {
	w := lowerAt(sc.toks, c.VerbEnd)
	if w == "alone" {
		return true
	}
	next := lowerAt(sc.toks, c.VerbEnd+1)
	switch w {
	case "on":
		_, poss := possessives[next]
		return poss && lowerAt(sc.toks, c.VerbEnd+2) == "own"
	case "by":
		return reflexives.has(next)
	}
	return false
}

// reflexives are the pronouns of "by herself".
var reflexives = words("myself yourself himself herself themselves ourselves")

// housematesOf returns the ones name shares a home with, and the tie,
// from the episode's facts and the previous episodes' that are not ended.
func (x *extraction) housematesOf(name string) (others, rels []string) {
	is := func(n string) bool {
		return x.reg.key(n) == x.reg.key(name) || beginsName(name, n) || beginsName(n, name)
	}
	x.openFacts(func(src, dst, rel string) bool {
		o := ""
		switch {
		case !housemateClasses.has(rel):
			return true
		case is(src):
			o = dst
		case is(dst):
			o = src
		default:
			return true
		}
		for _, have := range others {
			if x.reg.key(have) == x.reg.key(o) {
				return true
			}
		}
		others, rels = append(others, o), append(rels, rel)
		return true
	})
	return others, rels
}

// isSpeaker reports whether name is the speaker's, or the name the
// speaker gave themselves ("user: Hi! I'm Siv Moe").
func (sc *sentCtx) isSpeaker(name string) bool {
	x, sp := sc.u.x, sc.u.speaker
	if sp == "" {
		return false
	}
	if x.sameName(name, sp) {
		return true
	}
	full, ok := x.identities[x.reg.key(sp)]
	return ok && x.sameName(name, full)
}

// dwellingsOf returns the homes name lives in by a street or an address,
// as this episode or the ones before told, that are not ended.
func (x *extraction) dwellingsOf(name string) []string {
	var out []string
	x.openFacts(func(src, dst, rel string) bool {
		if rel != "LIVES_IN" || !x.sameName(src, name) {
			return true
		}
		f := strings.Fields(dst)
		if len(f) < 2 || !(f[0][0] >= '0' && f[0][0] <= '9') && !streetHeads.has(strings.ToLower(f[len(f)-1])) {
			return true
		}
		for _, o := range out {
			if x.sameName(o, dst) {
				return true
			}
		}
		out = append(out, dst)
		return true
	})
	return out
}

// soldHome ends living in a home the sentence says its owner sold: "we've
// sold the Harrow Lane house" after "we bought a little house on Harrow
// Lane". The home is the street or address the sale names, where an
// episode said its owner lives.
func (sc *sentCtx) soldHome(told int) {
	x := sc.u.x
	for i := told; i < len(x.facts); i++ {
		f := x.facts[i]
		if f.rel != "OWNS" || f.invalid.IsZero() || !f.valid.IsZero() {
			continue
		}
		for _, h := range x.dwellingsOf(f.src) {
			if x.sameName(h, f.dst) {
				cc := &clauseCtx{te: tensePast}
				sc.fact(cc, ref{name: f.src, kind: kindPerson, str: strPattern}, ref{name: h, kind: kindLocation, str: strPattern}, "LIVES_IN", tEnd, "{s} sold the home on {o}", kindPerson, kindLocation)
				x.facts[len(x.facts)-1].invalid = f.invalid
			}
		}
	}
}
