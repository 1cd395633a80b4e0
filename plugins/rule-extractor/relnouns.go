package main

import (
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// Ties named by a noun and ended or begun by a verb: "please cancel my
// subscription to Corbel Weekly", "Wren broke off her engagement to
// Tomas", "she canceled her booking at the Larkspur Hotel", "I took out
// a membership at Kestrel Gym". The noun names the relation, the phrase
// after it (at, with, to, of, for) its other end, and its possessor (or,
// without one, the clause's subject) the one who holds it; the verb says
// whether it ends or begins. The one asked to do it ("please cancel …")
// is not a party to it.

// tieNouns are nouns that name a tie between their holder and the
// phrase after them, by relation class.
var tieNouns = map[string]string{
	"membership": "MEMBER_OF", "booking": "BOOKED", "reservation": "BOOKED",
	"subscription": "SUBSCRIBED_TO", "engagement": "ENGAGED_TO", "marriage": "MARRIED_TO",
	"tenancy": "LIVES_IN", "lease": "LIVES_IN", "enrolment": "STUDIES_AT", "enrollment": "STUDIES_AT",
	"employment": "WORKS_AT", "contract": "WORKS_AT", "policy": "INSURED_WITH", "account": "CUSTOMER_OF",
	"job": "WORKS_AT", "position": "WORKS_AT", "post": "WORKS_AT", "internship": "WORKS_AT",
	"notice": "WORKS_AT", "resignation": "WORKS_AT",
	"degree": "STUDIES_AT", "master": "STUDIES_AT", "masters": "STUDIES_AT", "phd": "STUDIES_AT", "doctorate": "STUDIES_AT",
	"bachelor": "STUDIES_AT", "studies": "STUDIES_AT", "apprenticeship": "WORKS_AT",
}

// leavingNouns are tie nouns that are themselves an end: "handed in my
// notice", "submitted her resignation".
var leavingNouns = words("notice resignation")

// tieVerbs end or begin a tie named by their object.
var tieVerbs = map[string]temporal{
	"cancel": tEnd, "end": tEnd, "terminate": tEnd, "call off": tEnd, "break off": tEnd,
	"give up": tEnd, "close": tEnd, "quit": tEnd, "finish": tEnd, "lose": tEnd, "leave": tEnd,
	"stop": tEnd, "drop": tEnd, "discontinue": tEnd, "cease": tEnd,
	"take out": tStart, "start": tStart, "begin": tStart, "open": tStart, "renew": tStart, "extend": tStart,
	"get": tStart, "land": tStart, "accept": tStart, "take": tStart, "find": tStart,
	"do": tState, "pursue": tState, "complete": tEnd,
}

// tiePreps may introduce the other end of a tie noun.
var tiePreps = words("at with to of for in")

// tieNounClause reads a clause whose verb ends or begins the tie its
// direct object names, and reports whether it was one.
func (sc *sentCtx) tieNounClause(cc *clauseCtx, ci int) bool {
	c := &sc.p.Clauses[ci]
	verb := phrasal(c)
	if c.Passive || c.Obj.None() {
		return false
	}
	p := &sc.p.Phrases[c.Obj.Phrase]
	head := sc.p.Lemmas[p.Head]
	class, ok := tieNouns[head]
	if !ok {
		return false
	}
	role, ok := tieVerbs[verb]
	if verb == "let" && !ok {
		// "let my membership lapse": the verb after the tie ends it.
		_, ok = tieEnders[nlp.Lemma(lowerAt(sc.toks, p.End), "VB")]
		role = tEnd
	}
	if leavingNouns.has(head) {
		if !handingVerbs.has(verb) || p.PossEnd <= p.PossStart {
			return false
		}
		role, ok = tEnd, true
	}
	if !ok {
		return false
	}
	var other ref
	at, of := p.End, -1
	prep := ""
	for i, pp := range c.PPs {
		if pp.At != at && sc.toks[pp.At].lower != "where" || !tiePreps.has(pp.Prep) || pp.Obj.Phrase < 0 {
			// "Northvale Bank, where she closed her account": the
			// place the clause is said at.
			continue
		}
		prep = pp.Prep
		if end := sc.p.Phrases[pp.Obj.Phrase].End; pp.Prep == "in" && class == "STUDIES_AT" && i+1 < len(c.PPs) && c.PPs[i+1].At == end {
			// "a degree in law at Narva College": the field, then the
			// school.
			at = end
			continue
		}
		other = sc.phraseRef(pp.Obj.Phrase, false)
		if pp.Prep == "of" {
			of = i
		}
		break
	}
	if of >= 0 && p.PossEnd == p.PossStart && !leavingNouns.has(head) && sc.heldOf(cc, ci, of, class, role, verb) {
		return true
	}
	if other.name == "" && leavingNouns.has(head) {
		// "I handed in my notice": the ties of work the episodes told.
		if holder := sc.ownerOf(p); holder.name != "" {
			cc.left, cc.end = c.VerbStart, sc.clauseEnd(c)
			cc.date = sc.nearestDate(cc.left, cc.end)
			return sc.retirement(cc, holder, "resign")
		}
	}
	if other.name == "" && class == "WORKS_AT" && role == tEnd && !leavingNouns.has(head) {
		// "I quit my job", "she lost her job at the bank": the ties of
		// work the episodes told end; the job itself is no employer.
		holder := sc.ownerOf(p)
		if holder.name == "" {
			if subjs := sc.subjects(ci); len(subjs) > 0 {
				holder = subjs[0]
			}
		}
		if holder.name != "" {
			cc.left, cc.end = c.VerbStart, sc.clauseEnd(c)
			cc.date = sc.nearestDate(cc.left, cc.end)
			sc.retirement(cc, holder, "quit")
		}
		return true
	}
	named := false
	if other.name == "" {
		// "I've given up my Spotify subscription": the other end named
		// before the noun.
		other, named = sc.tieModifier(p), true
		if long := sc.u.x.prevLongName(other.name); long != "" {
			// "my Ironside membership" after "joined Ironside Gym".
			other.name = long
		}
	}
	var holder ref
	if other.name == "" && coupleRels.has(class) {
		// "Jun-seo and I called off the engagement": the couple is the
		// subject.
		if subjs := sc.subjects(ci); len(subjs) == 2 {
			holder, other = subjs[0], subjs[1]
		}
	}
	if other.name == "" {
		return false
	}
	if holder.name == "" {
		holder = sc.ownerOf(p)
	}
	if holder.name == "" {
		subjs := sc.subjects(ci)
		if len(subjs) == 0 {
			return false
		}
		holder = subjs[0]
	}
	if holder.name == other.name {
		return false
	}
	cc.left, cc.end = c.VerbStart, sc.clauseEnd(c)
	cc.date = sc.nearestDate(cc.left, cc.end)
	noun := sc.toks[p.Head].lower
	text := "{s}'s " + noun + " " + prep + " {o}"
	switch {
	case named && role == tEnd:
		text = "{s} ended the {o} " + noun
	case named && role == tStart:
		text = "{s} began the {o} " + noun
	case named:
		text = "{s} has the {o} " + noun
	case leavingNouns.has(head):
		text = "{s} gave " + noun + " at {o}"
	case role == tEnd:
		text = "{s} ended the " + noun + " " + prep + " {o}"
	case role == tStart:
		text = "{s} began the " + noun + " " + prep + " {o}"
	}
	class = sc.contractClass(class, head, holder)
	if class == "STUDIES_AT" && role == tEnd && degreeNouns.has(head) && (verb == "finish" || verb == "complete") {
		// "I finished my degree at Nordvik Technical University": a
		// graduation then, as well as the end of the studies.
		sc.fact(cc, holder, other, "GRADUATED_FROM", tEvent, "{s} finished "+withArticle(noun)+" at {o}", kindPerson, kindSchool)
	}
	if class == "CUSTOMER_OF" {
		// "a savings account with Fjord Bank": a bank's customer.
		class = sc.providerClass(c, other)
	}
	sc.fact(cc, holder, other, class, role, text, kindNone, classKinds[class])
	return true
}

// contractClass is the class of a tie noun held by holder: an
// organisation's contract with another is a customer's, not a job
// ("our contract with payroll provider Brightledger" in a firm's
// update).
func (sc *sentCtx) contractClass(class, noun string, holder ref) string {
	if noun == "contract" && class == "WORKS_AT" && (sc.kindOf(holder) == kindOrg || sc.u.x.isOrg(holder.name)) {
		return "CUSTOMER_OF"
	}
	return class
}

// heldOf reads a tie noun whose "of" names its holders and whose
// clause's subject is the organisation it ties them to: "FC Vellmar have
// extended the contracts of Ndiaye and Wierzba", "the club cancelled the
// membership of Ana". It reports whether it was one.
func (sc *sentCtx) heldOf(cc *clauseCtx, ci, of int, class string, role temporal, verb string) bool {
	c := &sc.p.Clauses[ci]
	subjs := sc.subjects(ci)
	if len(subjs) != 1 {
		return false
	}
	org := subjs[0]
	if k := sc.kindOf(org); k != kindOrg && k != kindTeam || org.name == sc.u.speaker {
		return false
	}
	cc.left, cc.end = c.VerbStart, sc.clauseEnd(c)
	cc.date = sc.nearestDate(cc.left, cc.end)
	noun := nlp.Lemma(sc.toks[sc.p.Phrases[c.Obj.Phrase].Head].lower, "NNS")
	text := "{s} has a " + noun + " with {o}"
	switch {
	case verb == "extend" || verb == "renew":
		text = "{s}'s " + noun + " with {o} was renewed"
	case role == tStart:
		text = "{s}'s " + noun + " with {o} began"
	case role == tEnd:
		text = "{s}'s " + noun + " with {o} ended"
	}
	n := 0
	for _, ph := range c.PPs[of].Obj.All() {
		holder := sc.phraseRef(ph, false)
		if holder.name == "" || holder.name == org.name {
			continue
		}
		if k := sc.kindOf(holder); k != kindPerson && k != kindNone {
			continue
		}
		sc.fact(cc, holder, org, class, role, text, kindPerson, classKinds[class])
		n++
	}
	return n > 0
}

// tieModifier returns the name right before a tie noun, after its
// possessor ("my Spotify subscription", "her Kestrel Gym membership"), or
// nothing.
func (sc *sentCtx) tieModifier(p *nlp.Phrase) ref {
	if p.PossEnd <= p.PossStart {
		return ref{}
	}
	for k := p.PossEnd; k < p.Head; k++ {
		if e, ok := sc.nameAt[k]; ok && e == p.Head {
			return sc.named(k, e)
		}
	}
	return ref{}
}

// tieEnders end a tie that is their subject: "my lease in Bergen ran out
// in April", "her contract with Vantor ended".
var tieEnders = wordSet{"end": {}, "expire": {}, "run out": {}, "lapse": {}, "terminate": {}, "finish": {}, "run": {}}

// tieNounSubject reads a clause whose subject is a possessed tie noun and
// whose verb ends it, and reports whether it was one.
func (sc *sentCtx) tieNounSubject(cc *clauseCtx, ci int) bool {
	c := &sc.p.Clauses[ci]
	verb := phrasal(c)
	if _, ok := tieEnders[verb]; !ok || verb == "run" && lowerAt(sc.toks, c.VerbEnd) != "out" || c.Passive || c.Negated || c.Modal || c.Subj.Phrase < 0 || c.SubjFrom != nlp.SubjOwn {
		return false
	}
	p := &sc.p.Phrases[c.Subj.Phrase]
	class, ok := tieNouns[sc.p.Lemmas[p.Head]]
	if !ok || leavingNouns.has(sc.p.Lemmas[p.Head]) {
		return false
	}
	holder := sc.ownerOf(p)
	if holder.name == "" {
		return false
	}
	other := sc.tieModifier(p)
	noun := sc.toks[p.Head].lower
	text := "{s}'s {o} " + noun + " ended"
	if other.name == "" && tiePreps.has(lowerAt(sc.toks, p.End)) {
		// "my lease in Bergen": the phrase after the noun.
		if q := sc.p.PhraseAt(p.End + 1); q >= 0 && sc.p.Phrases[q].Start == p.End+1 {
			other = sc.phraseRef(q, false)
			text = "{s}'s " + noun + " " + lowerAt(sc.toks, p.End) + " {o} ended"
		}
	}
	if other.name == "" || other.name == holder.name {
		return false
	}
	cc.left, cc.end = p.Start, sc.clauseEnd(c)
	cc.date = sc.nearestDate(c.VerbStart, cc.end)
	if sc.scheduledEnd(cc, tEnd) {
		// "my contract ends in December": still to come.
		text = strings.TrimSuffix(text, "ended") + "ends"
	}
	class = sc.contractClass(class, sc.p.Lemmas[p.Head], holder)
	if d := sc.nearestDate(p.End, c.VerbStart); d != nil && d.role == dateSince {
		// "Our contract with Brightledger, in place since 2019, ends
		// on 30 November": from then until the end.
		from := *cc
		from.date = d
		sc.fact(&from, holder, other, class, tStart, text, kindNone, classKinds[class])
	}
	sc.fact(cc, holder, other, class, tEnd, text, kindNone, classKinds[class])
	return true
}

// handingVerbs give in a notice or a resignation.
var handingVerbs = wordSet{"hand in": {}, "give": {}, "submit": {}, "tender": {}, "put in": {}, "hand": {}, "send": {}}
