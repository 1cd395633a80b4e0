package main

import (
	"slices"
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// What happened, named by a noun of one party. "My move to Exeter happened in
// August", "her relocation to Porto was a surprise", "his promotion to
// head chef came through", "I made the move to Wrocław in January": a
// noun made from a verb that starts or ends a relation, with a holder
// (its possessor, or the subject of a light verb whose object it is) and
// the verb's preposition after it, says what the verb would say with the
// holder as its subject ("I moved to Exeter in August"), or as its
// passive subject for a verb done to someone ("I was promoted to head
// chef"). The clause the noun stands in must state a past event: "my
// move to Leeds is next month" and "his promotion may come" say nothing
// has happened yet. Relations that are between two people are
// eventnouns.go's.

// nominalVerb returns the verb a noun names an event of, with frames
// that start or end a relation: the noun itself ("move", "transfer") or
// the verb of its ending ("relocation" → relocate, "appointment" →
// appoint, "resignation" → resign, "promotion" → promote, "departure" →
// depart, "arrival" → arrive); "" for none.
func nominalVerb(noun string) string {
	return verbOfNoun(noun, false, func(v string) bool {
		if !nlp.IsVerb(v) {
			return false
		}
		for _, f := range framesOf(v) {
			if (f.role == tStart || f.role == tEnd) && f.prep != "" && f.obj == "" {
				return true
			}
		}
		return false
	})
}

// verbOfNoun returns the first verb a noun may be made from that fits:
// the noun itself, then the verbs its ending may come from ("-ment":
// appointment → appoint; "-ation", "-ion": relocation → relocate,
// promotion → promote; "-ure", "-al": departure → depart, arrival →
// arrive; "-iage": marriage → marry; "-ing": wedding → wed; "-up":
// breakup → break up, the last two only if gerunds is set); "" for none.
// Both readings of event nouns use it, each with its own test of what
// fits: nominalEvents here without gerunds ("signing", "joining" name an
// act, not the relation it starts), eventNounClause in eventnouns.go with
// them ("wedding", "breakup").
func verbOfNoun(noun string, gerunds bool, fits func(verb string) bool) string {
	if fits(noun) {
		return noun
	}
	if v, ok := irregularNominals[noun]; ok {
		if fits(v) {
			return v
		}
		return ""
	}
	var cands [2]string
	switch {
	case strings.HasSuffix(noun, "ment"):
		cands[0] = strings.TrimSuffix(noun, "ment")
	case strings.HasSuffix(noun, "ation"):
		cands[0], cands[1] = strings.TrimSuffix(noun, "ion")+"e", strings.TrimSuffix(noun, "ation")
	case strings.HasSuffix(noun, "ion"):
		cands[0], cands[1] = strings.TrimSuffix(noun, "ion")+"e", strings.TrimSuffix(noun, "ion")
	case strings.HasSuffix(noun, "ure"), strings.HasSuffix(noun, "al"):
		v := strings.TrimSuffix(strings.TrimSuffix(noun, "ure"), "al")
		cands[0], cands[1] = v, v+"e"
	case strings.HasSuffix(noun, "iage"):
		cands[0] = strings.TrimSuffix(noun, "iage") + "y"
	case !gerunds:
	case strings.HasSuffix(noun, "ing"):
		v := strings.TrimSuffix(noun, "ing")
		if n := len(v); n >= 2 && v[n-1] == v[n-2] {
			v = v[:n-1]
		}
		cands[0] = v
	case strings.HasSuffix(noun, "up") && len(noun) > 2:
		cands[0] = strings.TrimSuffix(noun, "up") + " up"
	}
	for _, v := range cands {
		if v != "" && fits(v) {
			return v
		}
	}
	return ""
}

// irregularNominals are event nouns whose verb no regular ending gives.
var irregularNominals = map[string]string{
	"acquisition": "acquire", "takeover": "take over",
	"merger": "merge", "exit": "exit", "hire": "hire", "purchase": "purchase", "buyout": "buy out",
	"signing": "sign", "hiring": "hire", "sale": "sell",
}

// lightVerbs take an event noun as their object and leave the event to
// it: "made the move to", "got a promotion to", "took a transfer to".
var lightVerbs = words("make get take complete finish finalise finalize")

// nominalEvents reads the sentence's event nouns.
func (sc *sentCtx) nominalEvents() {
	if sc.question {
		return
	}
	for pi := range sc.p.Phrases {
		p := &sc.p.Phrases[pi]
		verb, ci := sc.actNoun(pi, nominalVerb, func(c *nlp.Clause) bool { return c.Past || c.Perfect })
		if ci < 0 {
			continue
		}
		c := &sc.p.Clauses[ci]
		var holder ref
		if p.PossEnd > p.PossStart {
			holder = sc.ownerOf(p)
		}
		if holder.name == "" && slices.Contains(c.Obj.All(), pi) && lightVerbs.has(c.Lemma) && !c.Passive {
			// "completed its relocation to Bodø": the possessor the
			// subject is.
			if subjs := sc.subjects(ci); len(subjs) == 1 {
				holder = subjs[0]
			}
		}
		if holder.name == "" || !personish(sc.kindOf(holder)) && sc.kindOf(holder) != kindOrg {
			continue
		}
		sc.nominalEvent(c, p, holder, verb)
	}
}

// actNoun returns the verb verbOf finds for the head of phrase pi, a
// common noun that ends its phrase, and the clause the phrase is an
// argument of, when that clause states the act as done (factual, not
// ended, and told by done); "" and -1 otherwise.
func (sc *sentCtx) actNoun(pi int, verbOf func(string) string, done func(*nlp.Clause) bool) (string, int) {
	p := &sc.p.Phrases[pi]
	if p.Name || !strings.HasPrefix(sc.p.Tags[p.Head], "NN") || p.Head != p.End-1 {
		return "", -1
	}
	verb := verbOf(sc.p.Lemmas[p.Head])
	if verb == "" {
		return "", -1
	}
	ci := sc.clauseOf(pi)
	if ci < 0 {
		return "", -1
	}
	if ended, ok := sc.factual(ci); !ok || ended || !done(&sc.p.Clauses[ci]) {
		return "", -1
	}
	return verb, ci
}

// clauseOf is the clause whose argument phrase pi is: its subject, an
// object or a preposition's; else, for a subject the parse left out
// ("my move to Exeter happened": the verb's nearest phrase is the
// preposition's), the first clause close after it whose subject, if
// any, comes after the noun.
func (sc *sentCtx) clauseOf(pi int) int {
	for ci := range sc.p.Clauses {
		c := &sc.p.Clauses[ci]
		if slices.Contains(c.Subj.All(), pi) && c.SubjFrom == nlp.SubjOwn || c.ArgOf(pi) {
			return ci
		}
	}
	end := sc.p.Phrases[pi].End
	for ci := range sc.p.Clauses {
		c := &sc.p.Clauses[ci]
		if c.VerbStart >= end {
			if (c.Subj.None() || sc.p.Phrases[c.Subj.Phrase].Start > end) && c.VerbStart-end <= 8 {
				return ci
			}
			return -1
		}
	}
	return -1
}

// nominalEvent reads the preposition after the event noun p, in clause
// c, as the verb's.
//
// An organisation's event noun says what its verb says of organisations,
// and "of" its seat names what moved: "Halden Freight completed the move
// of its head office to Bodø" (the frames of "move" with a seat for
// object).
func (sc *sentCtx) nominalEvent(c *nlp.Clause, p *nlp.Phrase, holder ref, verb string) {
	k := p.End
	org := sc.kindOf(holder) == kindOrg
	seat := false
	if lowerAt(sc.toks, k) == "of" {
		if si := sc.p.PhraseAt(k + 1); si >= 0 && sc.p.Phrases[si].Start == k+1 && seatNouns.has(sc.headWord(si)) {
			seat, k = true, sc.p.Phrases[si].End
		}
	}
	prep := lowerAt(sc.toks, k)
	qi := sc.p.PhraseAt(k + 1)
	if prep == "" || qi < 0 || sc.p.Phrases[qi].Start != k+1 {
		return
	}
	cc := &clauseCtx{c: c, te: tensePast, left: p.Start, end: sc.clauseEnd(c)}
	if p.PossEnd > p.PossStart && p.PossStart < cc.left {
		cc.left = p.PossStart
	}
	cc.date = sc.nearestDate(cc.left, cc.end)
	obj := sc.phraseRef(qi, false)
	for _, pass := range []bool{false, true} {
		fs := framesOf(verb)
		for i := range fs {
			f := &fs[i]
			if f.pass != pass || f.obj != "" && (!seat || f.obj != "@seat") || seat && f.obj == "" || f.inverse || f.fromPrep || f.role != tStart && f.role != tEnd || !hasWord(f.prep, prep) {
				continue
			}
			if org && !seat && f.subj != kindOrg || !sc.subjFits(f, holder) {
				continue
			}
			if !org && (prep == "as" || prep == "to" && roleToVerbs.has(verb)) {
				// "his promotion to head chef", "her appointment as
				// chief executive of Acme": the role is the holder's.
				sc.roleFacts(cc, holder, qi, c, f.role, ref{})
				return
			}
			if obj.name == "" {
				return
			}
			k := sc.semKind(obj, qi)
			if !f.fitsRef(k, obj) {
				continue
			}
			w := nlp.Past(verb)
			if pass {
				w = "was " + w
			}
			text := "{s} " + w + " " + prep + " {o}"
			sc.fact(cc, holder, obj, f.class, f.role, text, kindPerson, classKinds[f.class])
			return
		}
	}
}

// hasWord reports whether the "|"-separated list holds w.
func hasWord(list, w string) bool {
	for _, x := range strings.Split(list, "|") {
		if x == w {
			return true
		}
	}
	return false
}

// Acts named by a noun of their object. "Halvorsen has completed its
// acquisition of Lindqvist Robotics", "Brightwater today announces the
// appointment of Priya Raman as CFO", "the signing of Asante-Lund was
// confirmed": a noun made from a transitive verb, with its object after
// "of", says what the verb would say with that object, done by the
// noun's possessor or by the subject of the clause that announces or
// completes it (or by the phrase after "by"). A role after "as" is the
// object's, at the doer.

// announcing are the verbs whose object event took place when they are
// said in the present as well: "announces the appointment of",
// "completes its acquisition of".
var announcing = words("announce confirm complete finalise finalize close celebrate welcome note accept")

// ofNominals reads the sentence's event nouns with an "of" object.
func (sc *sentCtx) ofNominals() {
	if sc.question {
		return
	}
	for pi := range sc.p.Phrases {
		p := &sc.p.Phrases[pi]
		if lowerAt(sc.toks, p.End) != "of" {
			continue
		}
		qi := sc.p.PhraseAt(p.End + 1)
		if qi < 0 || sc.p.Phrases[qi].Start != p.End+1 {
			continue
		}
		if leavingEvents.has(sc.headWord(pi)) && !p.Name && p.Head == p.End-1 {
			sc.leavingOf(pi, qi)
			continue
		}
		verb, ci := sc.actNoun(pi, objectVerb, func(c *nlp.Clause) bool {
			return !c.Future && (c.Past || c.Perfect || announcing.has(c.Lemma))
		})
		if ci < 0 {
			continue
		}
		c := &sc.p.Clauses[ci]
		var doer ref
		q := &sc.p.Phrases[qi]
		if verb == "sell" && lowerAt(sc.toks, q.End) == "to" {
			sc.saleTo(c, p, qi)
			continue
		}
		switch {
		case lowerAt(sc.toks, q.End) == "by":
			if bi := sc.p.PhraseAt(q.End + 1); bi >= 0 && sc.p.Phrases[bi].Start == q.End+1 {
				doer = sc.phraseRef(bi, false)
			}
		case p.PossEnd > p.PossStart:
			doer = sc.ownerOf(p)
			if doer.name == "" && slices.Contains(c.Obj.All(), pi) && isPossessivePronoun(sc.toks[p.PossStart].lower) {
				// "Halvorsen completed its acquisition of …".
				if subjs := sc.subjects(ci); len(subjs) == 1 {
					doer = subjs[0]
				}
			}
		case slices.Contains(c.Obj.All(), pi) && !c.Passive:
			if subjs := sc.subjects(ci); len(subjs) == 1 {
				doer = subjs[0]
			}
		}
		sc.ofNominal(c, p, qi, doer, verb)
	}
}

// objectVerb returns the verb a noun names the act of, when the verb
// takes a direct object in one of its relation frames or gives a role
// in the passive ("acquisition" → acquire, "appointment" → appoint,
// "signing" no: a gerund names the act, and the clause reads it).
func objectVerb(noun string) string {
	return verbOfNoun(noun, false, func(v string) bool {
		if !nlp.IsVerb(v) {
			return false
		}
		for _, f := range framesOf(v) {
			if f.prep == "" && !f.pass && f.obj == "" || f.pass && f.prep != "" && (hasWord(f.prep, "as") || hasWord(f.prep, "by")) {
				return true
			}
		}
		return false
	})
}

// ofNominal states what the event noun p of object qi says, done by
// doer, as the passive "<object> was <verb>ed [as <role>] by <doer>"
// would.
func (sc *sentCtx) ofNominal(c *nlp.Clause, p *nlp.Phrase, qi int, doer ref, verb string) {
	q := &sc.p.Phrases[qi]
	cc := &clauseCtx{c: c, te: tensePast, left: p.Start, end: sc.clauseEnd(c)}
	if p.PossEnd > p.PossStart && p.PossStart < cc.left {
		cc.left = p.PossStart
	}
	cc.date = sc.nearestDate(cc.left, cc.end)
	obj := sc.phraseRef(qi, false)
	if obj.name == "" {
		return
	}
	if lowerAt(sc.toks, q.End) == "as" {
		// "the appointment of Priya Raman as Chief Financial Officer".
		if ri := sc.p.PhraseAt(q.End + 1); ri >= 0 && sc.p.Phrases[ri].Start == q.End+1 && personish(sc.kindOf(obj)) {
			for _, f := range framesOf(verb) {
				if f.pass && hasWord(f.prep, "as") && f.role == tStart {
					at := ref{}
					if doer.name != "" && orgKinds(sc.kindOf(doer)) {
						at = doer
					}
					sc.roleFacts(cc, obj, ri, c, tStart, at)
					return
				}
			}
		}
		return
	}
	if doer.name == "" || doer.name == obj.name {
		return
	}
	ok := sc.semKind(obj, qi)
	dk := sc.kindOf(doer)
	for _, f := range framesOf(verb) {
		switch {
		case f.pass && hasWord(f.prep, "by") && f.inverse:
			// "acquire": "Y was acquired by X" runs X → Y.
			if !f.fitsRef(dk, doer) {
				continue
			}
			sc.fact(cc, doer, obj, f.class, f.role, "{s} "+nlp.Past(verb)+" {o}", dk, ok)
			return
		case !f.pass && f.prep == "" && f.obj == "" && !f.fromPrep:
			if !f.fitsRef(ok, obj) || !sc.subjFits(&f, doer) {
				continue
			}
			src, dst, sk, tk := doer, obj, dk, ok
			if f.inverse {
				src, dst, sk, tk = obj, doer, ok, dk
			}
			text := "{s} " + nlp.Past(verb) + " {o}"
			if f.inverse {
				text = "{o} " + nlp.Past(verb) + " {s}"
			}
			sc.fact(cc, src, dst, f.class, f.role, text, sk, tk)
			return
		}
	}
}

// leavingEvents are the nouns of one's leaving a post.
var leavingEvents = words("resignation retirement departure")

// leavingOf reads "the board noted the resignation of Ms Blom as a
// non-executive director with effect from 31 December", "announced the
// retirement of Dr. Kaur": the one named left, then, the post the "as"
// names, else the ties the text gave them. The clause that tells it must
// state it as done or announced.
func (sc *sentCtx) leavingOf(pi, qi int) {
	ci := sc.clauseOf(pi)
	if ci < 0 {
		return
	}
	c := &sc.p.Clauses[ci]
	if ended, ok := sc.factual(ci); !ok || ended || c.Future || !(c.Past || c.Perfect || announcing.has(c.Lemma)) {
		return
	}
	who := sc.phraseRef(qi, false)
	if who.name == "" || !personish(sc.kindOf(who)) {
		return
	}
	p, q := &sc.p.Phrases[pi], &sc.p.Phrases[qi]
	cc := &clauseCtx{c: c, te: tensePast, left: p.Start, end: sc.clauseEnd(c)}
	cc.date = sc.nearestDate(cc.left, cc.end)
	if lowerAt(sc.toks, q.End) == "as" {
		if ri := sc.p.PhraseAt(q.End + 1); ri >= 0 && sc.p.Phrases[ri].Start == q.End+1 {
			sc.roleFacts(cc, who, ri, c, tEnd, ref{})
			return
		}
	}
	sc.retirement(cc, who, "resign")
}

// tenancyNouns are the nouns of one's right to live in a place.
var tenancyNouns = words("tenancy lease")

// tenancyVerbs start or end a tenancy the clause's subject names.
var tenancyVerbs = map[string]temporal{"begin": tStart, "start": tStart, "commence": tStart, "end": tEnd, "finish": tEnd, "expire": tEnd, "terminate": tEnd}

// tenancies reads "your tenancy at Flat 3, 47 Rosary Gardens begins on 1
// April", "her lease on 14 Orchard Row ends on 31 January": the holder
// lives there from or until then.
func (sc *sentCtx) tenancies() {
	if sc.question {
		return
	}
	for pi := range sc.p.Phrases {
		p := &sc.p.Phrases[pi]
		if p.Name || !tenancyNouns.has(sc.toks[p.Head].lower) || p.PossEnd <= p.PossStart {
			continue
		}
		if l := lowerAt(sc.toks, p.End); l != "at" && l != "of" && l != "on" && l != "for" {
			continue
		}
		// The clause whose verb comes next: its subject is the tenancy,
		// or the place the parse took for it.
		ci := -1
		for k := range sc.p.Clauses {
			if c := &sc.p.Clauses[k]; c.VerbStart > p.End && (ci < 0 || c.VerbStart < sc.p.Clauses[ci].VerbStart) {
				ci = k
			}
		}
		if ci < 0 {
			continue
		}
		c := &sc.p.Clauses[ci]
		role, ok := tenancyVerbs[c.Lemma]
		if !ok || c.Negated || c.Modal || c.Subj.Phrase >= 0 && sc.p.Phrases[c.Subj.Phrase].Start < p.Start {
			continue
		}
		holder := sc.ownerOf(p)
		if holder.name == "" || !personish(sc.kindOf(holder)) && sc.kindOf(holder) != kindOrg {
			continue
		}
		// The place: the last one named before the verb ("Flat 3, 47
		// Rosary Gardens": the address).
		var place ref
		for qi := pi + 1; qi < len(sc.p.Phrases) && sc.p.Phrases[qi].Start < c.VerbStart; qi++ {
			if r := sc.phraseRef(qi, false); r.name != "" && sc.kindOf(r) == kindLocation {
				place = r
			}
		}
		if place.name == "" {
			continue
		}
		cc := &clauseCtx{c: c, te: tensePresent, left: p.Start, end: sc.clauseEnd(c)}
		if c.Past || c.Perfect {
			cc.te = tensePast
		}
		cc.date = sc.nearestDate(cc.left, cc.end)
		text := "{s} lives at {o}"
		if role == tEnd {
			text = "{s} no longer lives at {o}"
		}
		sc.fact(cc, holder, place, "LIVES_IN", role, text, kindNone, kindLocation)
	}
}

// saleTo reads "the sale of 12 Harrow Lane to Ysolde Penhallow completed
// on 13 September": the buyer owns the thing sold from the day the
// clause gives; the sellers' ownership ends by the resolver's rule of
// one owner at a time.
func (sc *sentCtx) saleTo(c *nlp.Clause, p *nlp.Phrase, qi int) {
	q := &sc.p.Phrases[qi]
	bi := sc.p.PhraseAt(q.End + 1)
	if bi < 0 || sc.p.Phrases[bi].Start != q.End+1 {
		return
	}
	thing, buyer := sc.phraseRef(qi, false), sc.phraseRef(bi, false)
	if thing.name == "" || buyer.name == "" || thing.name == buyer.name {
		return
	}
	cc := &clauseCtx{c: c, te: tensePast, left: p.Start, end: sc.clauseEnd(c)}
	cc.date = sc.nearestDate(cc.left, cc.end)
	sc.fact(cc, buyer, thing, "OWNS", tStart, "{s} bought {o}", sc.kindOf(buyer), sc.semKind(thing, qi))
}
