package main

import "github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"

// A tie handed on: "Ingunn handed the Tarnwell Otters over to Brannoc",
// "she passed the shop on to her son". What the subject held of the
// object, by the facts told so far (coaching it, running it, owning
// it), is the one handed to's from then, and the subject's no longer.

// tieHanders pass what they take on to someone after "to".
var tieHanders = words("hand pass turn")

// handedClasses are the ties one hands on.
var handedClasses = words("COACHES RUNS MANAGES OWNS LEADS CAPTAINS")

// handedTie reads clause ci as a tie handed on, and reports whether it
// was one.
func (sc *sentCtx) handedTie(cc *clauseCtx, ci int) bool {
	c := &sc.p.Clauses[ci]
	if c.Negated || c.Modal || c.Passive || !tieHanders.has(c.Lemma) || c.Obj.Phrase < 0 || len(c.Obj.Coord) > 0 {
		return false
	}
	office, isOffice := officeNouns[sc.headWord(c.Obj.Phrase)]
	// "handed over X to", "handed X over to", "passed X on to"; an
	// office is handed on with "to" alone ("handed the captaincy to").
	after := lowerAt(sc.toks, sc.p.Phrases[c.Obj.Phrase].End)
	if over := c.Particle == "over" || c.Particle == "on" || after == "over" || after == "on"; !over && !isOffice {
		return false
	}
	to := -1
	for _, pp := range c.PPs {
		if pp.Prep == "to" && pp.Obj.Phrase >= 0 && len(pp.Obj.Coord) == 0 {
			to = pp.Obj.Phrase
		}
	}
	if to < 0 || c.Subj.Phrase < 0 {
		return false
	}
	subjs := sc.subjects(ci)
	thing := sc.phraseRef(c.Obj.Phrase, false)
	taker := sc.phraseRef(to, false)
	if len(subjs) != 1 || thing.name == "" && !isOffice || taker.name == "" || !sc.personish(taker) {
		return false
	}
	giver := subjs[0]
	if isOffice {
		return sc.handedOffice(cc, c, giver, taker, office, sc.headWord(c.Obj.Phrase))
	}
	class := ""
	sc.u.x.openFacts(func(src, dst, rel string) bool {
		if handedClasses.has(rel) && sc.u.x.sameName(src, giver.name) && sc.u.x.sameName(dst, thing.name) {
			class = rel
			return false
		}
		return true
	})
	if class == "" {
		return false
	}
	k := tieKinds[class]
	if k == kindNone {
		k = sc.kindOf(thing)
	}
	dc := sc.dated(cc, c)
	sc.fact(dc, giver, thing, class, tEnd, "{s} "+nlp.Past(c.Lemma)+" {o} on", kindPerson, k)
	sc.fact(dc, taker, thing, class, tStart, "{s} took over {o}", kindPerson, k)
	return true
}

// officeNouns name an office by the holding of it: the office's
// relation, from the organisation to its holder.
var officeNouns = map[string]string{"captaincy": "HAS_CAPTAIN", "chairmanship": "HAS_CHAIR", "chairship": "HAS_CHAIR", "presidency": "HAS_PRESIDENT", "treasurership": "HAS_TREASURER"}

// handedOffice hands an office the giver holds, by the facts told so
// far, to the taker: "Ysolde Berg has handed the captaincy to Oddny
// Lie".
func (sc *sentCtx) handedOffice(cc *clauseCtx, c *nlp.Clause, giver, taker ref, class, noun string) bool {
	org := ""
	sc.u.x.openFacts(func(src, dst, rel string) bool {
		if rel == class && sc.u.x.sameName(dst, giver.name) {
			org = src
			return false
		}
		return true
	})
	if org == "" {
		return false
	}
	at := ref{name: org, kind: sc.kindOf(ref{name: org}), str: strPattern}
	dc := sc.dated(cc, c)
	sc.fact(dc, at, giver, class, tEnd, "{o} handed on the "+noun+" of {s}", kindNone, kindPerson)
	sc.fact(dc, at, taker, class, tStart, "{o} took over the "+noun+" of {s}", kindNone, kindPerson)
	return true
}
