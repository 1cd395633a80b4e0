package main

import (
	"slices"
	"strings"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// Flights and bookings. A passenger is on one flight of a booking at a
// time: "I'm on flight KL1422", then "Booking QX7TRM is now on flight
// KL1426" moves the booking's holder to the new flight, and "Booking
// QX7TRM has been cancelled" ends the booking and its flight. A booking
// is its holder's by a fact of this episode or of the previous ones
// ("booking reference QX7TRM", said by its holder).

// flightNouns are the nouns a flight code follows.
var flightNouns = words("flight train ferry bus sailing")

// bookingRelations are the relations by which a person holds a booking.
var bookingRelations = words("BOOKS BOOKED HAS_BOOKING HAS_TICKET")

// flightCode returns the code a phrase names a flight by: "flight
// KL1422", or the code alone.
func (sc *sentCtx) flightCode(pi int) ref {
	p := &sc.p.Phrases[pi]
	for k := p.Start; k < p.End; k++ {
		if code, ok := spacedFlightCode(sc.toks, k); ok {
			return ref{name: code, kind: kindIdentifier, str: strPattern}
		}
		if w := sc.toks[k].text; codeShaped(w) && (k == p.Start || flightNouns.has(lowerAt(sc.toks, k-1))) {
			return ref{name: w, kind: kindIdentifier, str: strPattern}
		}
	}
	return ref{}
}

// onFlight reads "I'm on flight KL1422", "Booking QX7TRM is now on
// flight KL1426" and "Mr Moyo has been rebooked on KD483": the
// passenger, or the booking's holder, flies on it.
// Said with "now", or of a booking, the flight replaces the one they
// were on. It reports whether the clause was one.
func (sc *sentCtx) onFlight(cc *clauseCtx, subj ref) bool {
	c := cc.c
	if c.Lemma != "be" && !(c.Passive && rebookVerbs.has(c.Lemma)) || c.Negated || c.Modal {
		return false
	}
	for _, pp := range c.PPs {
		if pp.Prep != "on" && pp.Prep != "onto" || pp.Obj.Phrase < 0 {
			continue
		}
		code := sc.flightCode(pp.Obj.Phrase)
		if code.name == "" {
			continue
		}
		cc.date = nil // the flight's date, not when one is on it
		holders, moved := []ref{subj}, sc.saysNow(c) || c.Lemma != "be"
		if b := bookingCode(subj.name); b != "" {
			// The booking's flight, for when the booking ends.
			sc.fact(cc, ref{name: b, kind: kindIdentifier, str: strPattern}, code, "BOOKED_ON", tState, "{s} is booked on flight {o}", kindIdentifier, kindIdentifier)
			holders, moved = sc.bookingHolders(b), true
		} else if !sc.personish(subj) {
			return false
		}
		for _, h := range holders {
			if moved {
				sc.endFlights(cc, h, code.name)
			}
			sc.fact(cc, h, code, "FLIES_ON", tState, "{s} is on flight {o}", kindPerson, kindIdentifier)
		}
		return true
	}
	return false
}

// rebookVerbs put a passenger on a flight: "has been rebooked on KD483".
var rebookVerbs = words("rebook book move put switch transfer")

// cancelledBooking reads "Booking QX7TRM has been cancelled", "flight
// KD481 has been cancelled", "I've cancelled QX7TRM": the booking ends
// for its holder, with the flight it was on; a flight cancelled ends for
// those on it. A request to cancel ("please cancel QX7TRM") ends nothing
// until it is done.
func (sc *sentCtx) cancelledBooking(cc *clauseCtx, ci int) bool {
	c := &sc.p.Clauses[ci]
	if c.Lemma != "cancel" || c.Negated || c.Modal || c.Future || !c.Past && !c.Perfect && !c.Passive {
		return false
	}
	pi := cancelled(c)
	if pi < 0 {
		return false
	}
	p := &sc.p.Phrases[pi]
	code := ""
	for k := p.Start; k < p.End && code == ""; k++ {
		code = bookingCode(sc.toks[k].text)
	}
	if code == "" {
		return false
	}
	holders := sc.bookingHolders(code)
	hotels := sc.codeHotels(code)
	if len(holders) == 0 && len(hotels) == 0 && !slices.ContainsFunc(sc.flightFacts(), func(f abi.ExtractedFact) bool { return f.Relation == "FLIES_ON" && f.Target == code }) {
		// A membership or a plan is the frames'.
		return false
	}
	cc.left, cc.end = p.Start, sc.clauseEnd(c)
	cc.date = sc.nearestDate(c.VerbStart, cc.end)
	if cc.date != nil && cc.date.end <= c.VerbStart && cc.date.start >= p.Start {
		// "flight KD481 on 14 May has been cancelled": the flight's
		// date, not the day it was called off.
		cc.date = nil
	}
	cc.te = tensePast
	var flights []string
	for _, f := range sc.flightFacts() {
		if f.Relation == "BOOKED_ON" && f.Source == code && f.InvalidAt == "" {
			flights = append(flights, f.Target)
		}
	}
	for _, h := range holders {
		sc.fact(cc, h, ref{name: code, kind: kindIdentifier, str: strPattern}, sc.bookingRelation(h.name, code), tEnd, "{s}'s booking {o} was cancelled", kindPerson, kindIdentifier)
		sc.endFlights(cc, h, "")
		for _, fl := range flights {
			sc.fact(cc, h, ref{name: fl, kind: kindIdentifier, str: strPattern}, "FLIES_ON", tEnd, "{s}'s flight {o} was cancelled", kindPerson, kindIdentifier)
		}
	}
	for _, f := range sc.flightFacts() {
		if f.Relation == "STAYS_AT" && f.InvalidAt == "" && hotels[sc.u.x.reg.key(f.Target)] {
			sc.fact(cc, ref{name: f.Source, kind: kindPerson, str: strPattern}, ref{name: f.Target, kind: kindOrg, str: strPattern}, "STAYS_AT", tEnd, "{s}'s hotel booking at {o} was cancelled", kindPerson, kindOrg)
		}
	}
	for _, f := range sc.flightFacts() {
		if f.Target == code && f.Relation == "FLIES_ON" && f.InvalidAt == "" {
			sc.fact(cc, ref{name: f.Source, kind: kindPerson, str: strPattern}, ref{name: code, kind: kindIdentifier, str: strPattern}, "FLIES_ON", tEnd, "{s}'s flight {o} was cancelled", kindPerson, kindIdentifier)
		}
	}
	return true
}

// bookingCode returns the code in a name written as a booking or a
// flight is ("QX7TRM", "Booking QX7TRM", "KL1426"), or "".
func bookingCode(name string) string {
	for _, w := range strings.Fields(name) {
		if codeShaped(w) || len(w) >= 5 && capitalCode(w) && strings.ToUpper(w) == w && strings.ContainsAny(w, "0123456789") {
			return w
		}
	}
	return ""
}

// flightFacts are the facts of the previous episodes and of this one so
// far, as the previous ones give them.
func (sc *sentCtx) flightFacts() []abi.ExtractedFact {
	x := sc.u.x
	out := append([]abi.ExtractedFact(nil), x.previousFacts()...)
	for _, f := range x.facts {
		g := abi.ExtractedFact{Source: f.src, Target: f.dst, Relation: f.rel}
		if !f.invalid.IsZero() {
			g.InvalidAt = f.invalid.Format("2006-01-02")
		}
		out = append(out, g)
	}
	return out
}

// bookingHolders returns the people who hold the booking code.
func (sc *sentCtx) bookingHolders(code string) []ref {
	var out []ref
	seen := map[string]bool{}
	for _, f := range sc.flightFacts() {
		if bookingRelations.has(f.Relation) && bookingCode(f.Target) == code && !seen[f.Source] {
			seen[f.Source] = true
			out = append(out, ref{name: f.Source, kind: kindPerson, str: strPattern})
		}
	}
	return out
}

// bookingRelation is the relation by which holder holds code.
func (sc *sentCtx) bookingRelation(holder, code string) string {
	for _, f := range sc.flightFacts() {
		if f.Source == holder && bookingRelations.has(f.Relation) && bookingCode(f.Target) == code {
			return f.Relation
		}
	}
	return "HAS_BOOKING"
}

// endFlights ends the flights h was on, but the one kept.
func (sc *sentCtx) endFlights(cc *clauseCtx, h ref, kept string) {
	done := map[string]bool{kept: true}
	for _, f := range sc.flightFacts() {
		if f.Relation != "FLIES_ON" || !sc.u.x.sameHolder(h.name, f.Source) || f.InvalidAt != "" || done[f.Target] {
			continue
		}
		done[f.Target] = true
		sc.fact(cc, h, ref{name: f.Target, kind: kindIdentifier, str: strPattern}, "FLIES_ON", tEnd, "{s} is no longer on flight {o}", kindPerson, kindIdentifier)
	}
}

// recordReports reads what an assistant reports of a record it holds:
// "Booking QX7TRM is now on flight KL1426", "Booking QX7TRM has been
// cancelled", "I've upgraded membership FP-55170 to the Anytime plan".
// An assistant's other sentences restate or offer and are not read; a
// sentence that opens with a record's code, or in which the assistant
// says what it has done to one, reports what was done to it.
func (x *extraction) recordReports(uc *uttCtx, text string) {
	cancelled := false
	for _, s := range splitSentences(text) {
		if s.question {
			continue
		}
		x.bookedHotels(uc, s)
		if x.cancelDone(s.toks, &cancelled) {
			// "No problem, that's been cancelled. … your last day of
			// access will be 30 September 2024."
			x.sentence(uc, s)
			continue
		}
		reach := 3
		if doneByMe(s.toks) {
			reach = 8
		}
		for k := 0; k < len(s.toks) && k < reach; k++ {
			if bookingCode(s.toks[k].text) != "" {
				x.sentence(uc, s)
				break
			}
		}
	}
}

// doneByMe reports whether a sentence opens with the one speaking saying
// what they have done: "I've upgraded", "We have moved", "I cancelled".
func doneByMe(toks []token) bool {
	if len(toks) < 2 || toks[0].lower != "i" && toks[0].lower != "we" {
		return false
	}
	switch toks[1].lower {
	case "'ve", "’ve", "have", "just":
		return true
	}
	return strings.HasSuffix(toks[1].lower, "ed")
}

// recordFlight reads a line of a passenger's record that opens with a
// flight ("Passenger: Mr Tendai Moyo. Flight KD481, Harare (HRE) to
// Lusaka (LUN), …", "Flight: KD481"): the one the record is about flies
// on it.
func (sc *sentCtx) recordFlight() {
	x, toks := sc.u.x, sc.toks
	if x.recordSubject == "" || len(toks) < 2 || !flightNouns.has(toks[0].lower) {
		return
	}
	k := 1
	if toks[k].text == ":" {
		k++
	}
	if k >= len(toks) || !codeShaped(toks[k].text) {
		return
	}
	if e := x.reg.get(x.recordSubject); e != nil && e.kind != kindPerson && e.kind != kindNone {
		return
	}
	code := ref{name: toks[k].text, kind: kindIdentifier, str: strPattern}
	sc.fact(&clauseCtx{te: tensePresent}, ref{name: x.recordSubject, kind: kindPerson, str: strSure}, code, "FLIES_ON", tState, "{s} is on flight {o}", kindPerson, kindIdentifier)
}

// rebooked reads clause ci when it puts its one subject on a flight
// ("Mr Moyo has been rebooked on KD483"), and reports whether it did.
func (sc *sentCtx) rebooked(cc *clauseCtx, ci int) bool {
	c := &sc.p.Clauses[ci]
	if !c.Passive || !rebookVerbs.has(c.Lemma) {
		return false
	}
	subjs := sc.subjects(ci)
	return len(subjs) == 1 && sc.onFlight(cc, subjs[0])
}

// spacedFlightCode returns the code of a flight written with a space
// after the airline's ("flight FN 2210", "flight U2 8123") at word i.
func spacedFlightCode(toks []token, i int) (string, bool) {
	if i < 1 || i+1 >= len(toks) || !flightNouns.has(toks[i-1].lower) {
		return "", false
	}
	a, n := toks[i].text, toks[i+1].text
	if len(a) < 2 || len(a) > 3 || len(n) > 4 || !isNumber(n) {
		return "", false
	}
	letters := 0
	for _, r := range a {
		switch {
		case r >= 'A' && r <= 'Z':
			letters++
		case r >= '0' && r <= '9':
		default:
			return "", false
		}
	}
	if letters == 0 {
		return "", false
	}
	return a + " " + n, true
}
