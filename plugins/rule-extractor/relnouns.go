package main

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
	"tenancy": "LIVES_IN", "enrolment": "STUDIES_AT", "enrollment": "STUDIES_AT",
	"employment": "WORKS_AT", "contract": "WORKS_AT", "policy": "INSURED_WITH",
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
	"take out": tStart, "start": tStart, "begin": tStart, "renew": tState, "extend": tState,
	"get": tStart, "land": tStart, "accept": tStart, "take": tStart, "find": tStart,
	"do": tState, "pursue": tState, "complete": tEnd,
}

// tiePreps may introduce the other end of a tie noun.
var tiePreps = words("at with to of for in")

// tieNounClause reads a clause whose verb ends or begins the tie its
// direct object names, and reports whether it was one.
func (sc *sentCtx) tieNounClause(cc *clauseCtx, ci int) bool {
	c := &sc.p.Clauses[ci]
	verb := c.Lemma
	if c.Particle != "" {
		verb += " " + c.Particle
	}
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
	at, prepAt := p.End, p.End
	for i, pp := range c.PPs {
		if pp.At != at || !tiePreps.has(pp.Prep) || pp.Obj.Phrase < 0 {
			continue
		}
		if end := sc.p.Phrases[pp.Obj.Phrase].End; pp.Prep == "in" && class == "STUDIES_AT" && i+1 < len(c.PPs) && c.PPs[i+1].At == end {
			// "a degree in law at Narva College": the field, then the
			// school.
			at = end
			continue
		}
		other, prepAt = sc.phraseRef(pp.Obj.Phrase, false), pp.At
		break
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
	if other.name == "" {
		return false
	}
	holder := sc.ownerOf(p)
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
	text := "{s}'s " + noun + " " + sc.toks[prepAt].lower + " {o}"
	switch {
	case leavingNouns.has(head):
		text = "{s} gave " + noun + " at {o}"
	case role == tEnd:
		text = "{s} ended the " + noun + " " + sc.toks[prepAt].lower + " {o}"
	case role == tStart:
		text = "{s} began the " + noun + " " + sc.toks[prepAt].lower + " {o}"
	}
	sc.fact(cc, holder, other, class, role, text, kindNone, classKinds[class])
	return true
}

// handingVerbs give in a notice or a resignation.
var handingVerbs = wordSet{"hand in": {}, "give": {}, "submit": {}, "tender": {}, "put in": {}, "hand": {}, "send": {}}
