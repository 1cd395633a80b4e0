package main

import "github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"

// Tickets and bookings named in a sentence that is about something else:
// "Ingunn Dahl has ticket TK-5521 from Oslo to Reykjavik", "Ingunn's
// ticket TK-5521 to Reykjavik is for 3 June", "I booked ticket TK-5521
// for Ingunn". The route right after the record's noun and code is the
// record's; the one who has it, whose it is or for whom it was booked
// travels on it.

// ticketFields reads the route after the travel record rec where the
// sentence names it, and its passenger.
func (sc *sentCtx) ticketFields(cc *clauseCtx, rec ref) {
	for i := range sc.toks {
		r, end, ok := sc.identifier(i)
		if !ok || !sameRecord(r.name, rec.name) || !travelRecords.has(sc.toks[i].lower) && !travelRecords.has(lowerAt(sc.toks, i-1)) {
			continue
		}
		at := end
		if lowerAt(sc.toks, at) == "from" {
			if from := sc.p.PhraseAt(at + 1); from >= 0 && sc.p.Phrases[from].Name && sc.p.Phrases[from].Start == at+1 {
				if o := sc.phraseRef(from, false); o.name != "" && sc.kindOf(o) != kindPerson && !sc.personish(o) {
					// (Not "reassigned ticket SUP-4471 from Sigvald to
					// Oddny": a ticket of support goes from one to
					// another.)
					sc.fact(cc, rec, o, "ORIGIN", tState, "{s} goes from {o}", kindIdentifier, kindLocation)
				}
				at = sc.p.Phrases[from].End
			}
		}
		if lowerAt(sc.toks, at) == "to" {
			if to := sc.p.PhraseAt(at + 1); to >= 0 && sc.p.Phrases[to].Name && sc.p.Phrases[to].Start == at+1 {
				if d := sc.phraseRef(to, false); d.name != "" && sc.kindOf(d) != kindPerson && !sc.personish(d) {
					sc.fact(cc, rec, d, "DESTINATION", tState, "{s} goes to {o}", kindIdentifier, kindLocation)
				}
			}
		}
		if i >= 2 && sc.toks[i-1].lower == "'s" {
			// "Ingunn's ticket TK-5521".
			if st := nameStart(sc.toks, i-1, sc.blocked); st >= 0 {
				if s := sc.named(st, i-1); sc.personish(s) {
					sc.fact(cc, rec, s, "PASSENGER", tState, "{s} passenger {o}", kindIdentifier, kindPerson)
				}
			}
		}
		sc.ticketHolder(cc, rec, i)
		return
	}
}

// ticketHolder reads the passenger of a clause whose object holds the
// record at word i: the subject of "have" ("Ingunn has ticket
// TK-5521"), the one "booked" it is "for".
func (sc *sentCtx) ticketHolder(cc *clauseCtx, rec ref, i int) {
	for ci := range sc.p.Clauses {
		c := &sc.p.Clauses[ci]
		if c.Obj.None() || c.Negated || c.Modal || !sc.objectHolds(c, i) {
			continue
		}
		switch c.Lemma {
		case "have":
			for _, s := range sc.subjects(ci) {
				if sc.personish(s) {
					sc.fact(cc, rec, s, "PASSENGER", tState, "{s} passenger {o}", kindIdentifier, kindPerson)
				}
			}
		case "book", "buy", "get", "reserve":
			for _, pp := range c.PPs {
				if pp.Prep != "for" {
					continue
				}
				for _, pi := range pp.Obj.All() {
					if who := sc.phraseRef(pi, false); who.name != "" && sc.personish(who) {
						sc.fact(cc, rec, who, "PASSENGER", tState, "{s} passenger {o}", kindIdentifier, kindPerson)
					}
				}
			}
		}
	}
}

// objectHolds reports whether a phrase of clause c's object spans word
// i.
func (sc *sentCtx) objectHolds(c *nlp.Clause, i int) bool {
	for _, pi := range c.Obj.All() {
		if p := &sc.p.Phrases[pi]; p.Start <= i && i < p.End {
			return true
		}
	}
	return false
}
