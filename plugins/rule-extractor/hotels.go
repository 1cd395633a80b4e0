package main

import (
	"strings"
	"time"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// Hotel stays. A guest holds a stay at a hotel from when it is told
// until it is cancelled or moved: "my two hotel bookings … Hotel
// Mtatsminda in Tbilisi …, then Black Sea Suites in Batumi …",
// "travellers Dmitri Sokolov and Aino Lehtinen … Accommodation: Hotel
// Lydia", "Dmitri Sokolov's room … has been moved to the Sarema
// Residence". A booking's code is the hotel's when a turn says so
// ("GE-4478 is Black Sea Suites"), and cancelling the code ends the stay
// (flights.go).

// lodgingHeads are the words a hotel's name has; lodgingCues the words
// that tell a sentence, or a turn, is about where someone stays.
var (
	lodgingHeads = words("hotel inn suites residence lodge hostel motel resort guesthouse")
	lodgingCues  = words("accommodation booking bookings booked reservation reservations reserved stay stays staying room rooms")
	// guestNouns open a list of the people a booking is for.
	guestNouns = words("traveller travellers traveler travelers passenger passengers guest guests")
	// roomMovers move a room or a booking to another hotel.
	roomMovers = words("move transfer switch change rebook")
	// stayNouns are what is moved from one hotel to another.
	stayNouns = words("room rooms booking reservation stay accommodation")
)

// hotelName reports whether a name of two words or more names a hotel.
func hotelName(name string) bool {
	ws := strings.Fields(strings.ToLower(name))
	if len(ws) < 2 {
		return false
	}
	for _, w := range ws {
		if lodgingHeads.has(w) {
			return true
		}
	}
	return false
}

// stayText is the text of a stay.
const stayText = "{s} has a hotel booking at {o}"

// hotelStays reads the hotels a statement about lodging names as stays
// of its guests: the people a list of travellers named, else the one
// speaking of their own bookings.
func (sc *sentCtx) hotelStays() {
	u := sc.u
	if !u.lodging || sc.question {
		return
	}
	if sc.roomMoved() {
		return
	}
	var guests []ref
	for _, g := range u.x.guests {
		guests = append(guests, ref{name: g, kind: kindPerson, str: strPattern})
	}
	if len(guests) == 0 && u.firstPerson && u.speaker != "" && !voiceLabel(u.speaker) {
		guests = []ref{{name: u.speaker, kind: kindPerson, str: strSure}}
	}
	if len(guests) == 0 {
		return
	}
	for _, h := range sc.hotelsSaid() {
		if sc.subjectAt(h.pos) || sc.otherTie(h.name) {
			// "because Hotel Lydia overbooked": the hotel acts; "my
			// sister works at Hotel Viru Park": it is the sentence's
			// tie of another kind.
			continue
		}
		for _, g := range guests {
			sc.stay(g, h.name)
		}
	}
}

// noteLodging notes whether a sentence, questions too, speaks of where
// one stays, of "I" or "we", and of a list of travellers.
func (sc *sentCtx) noteLodging() {
	u := sc.u
	for _, t := range sc.toks {
		switch {
		case lodgingCues.has(t.lower):
			u.lodging = true
		case t.lower == "i" || t.lower == "my" || t.lower == "we" || t.lower == "our":
			u.firstPerson = true
		}
	}
	sc.noteGuests()
}

// hotelsSaid returns the hotels the sentence names.
func (sc *sentCtx) hotelsSaid() []named {
	var out []named
	for _, n := range sc.u.mentions {
		if n.sent == sc.u.sent && hotelName(n.name) {
			out = append(out, n)
		}
	}
	return out
}

// otherTie reports whether the sentence told a tie to hotel other than
// a booking.
func (sc *sentCtx) otherTie(hotel string) bool {
	for _, f := range sc.u.x.facts[sc.first:] {
		if f.dst == hotel && f.rel != "BOOKS" && f.rel != "BOOKED" && f.rel != "STAYS_AT" {
			return true
		}
	}
	return false
}

// subjectAt reports whether word at is in the subject of a clause.
func (sc *sentCtx) subjectAt(at int) bool {
	for ci := range sc.p.Clauses {
		for _, p := range sc.p.Clauses[ci].Subj.All() {
			if ph := sc.p.Phrases[p]; at >= ph.Start && at < ph.End {
				return true
			}
		}
	}
	return false
}

// stay tells that guest has a stay at hotel, from now, until a later
// episode among the previous ones ended it ("the room has been moved",
// told before a confirmation it amends).
func (sc *sentCtx) stay(guest ref, hotel string) {
	x := sc.u.x
	from := len(x.facts)
	sc.fact(&clauseCtx{te: tensePresent}, guest, ref{name: hotel, kind: kindOrg, str: strPattern}, "STAYS_AT", tState, stayText, kindPerson, kindOrg)
	for _, f := range x.previousFacts() {
		if f.Relation != "STAYS_AT" || x.reg.key(f.Source) != x.reg.key(guest.name) || x.reg.key(f.Target) != x.reg.key(hotel) || f.InvalidAt == "" {
			continue
		}
		end, err := time.Parse(time.RFC3339, f.InvalidAt)
		if err != nil || !end.After(x.ref) {
			// A date only ("2006-01-02") is this episode's own.
			continue
		}
		for i := from; i < len(x.facts); i++ {
			if x.facts[i].rel == "STAYS_AT" && x.facts[i].invalid.IsZero() {
				x.facts[i].invalid = end
			}
		}
	}
}

// roomMoved reads "Dmitri Sokolov's room … has been moved to the Sarema
// Residence": the guest stays at the hotel it was moved to, and no longer
// at the others the sentence, or the guest's earlier stays, name. It
// reports whether the sentence was one.
func (sc *sentCtx) roomMoved() bool {
	for ci := range sc.p.Clauses {
		c := &sc.p.Clauses[ci]
		if !c.Passive || !roomMovers.has(c.Lemma) || c.Negated || c.Modal {
			continue
		}
		// The words before the verb back to a comma, when the parse
		// found no subject ("because Hotel Lydia overbooked, Dmitri
		// Sokolov's room in Tallinn for 3-6 June has been moved").
		start, end := c.VerbStart, c.VerbStart
		if !c.Subj.None() {
			sp := sc.p.Phrases[c.Subj.Phrase]
			start, end = sp.Start, sp.End
		} else {
			for start > 0 && sc.toks[start-1].text != "," && sc.toks[start-1].text != ":" {
				start--
			}
		}
		room := false
		for k := start; k < end; k++ {
			room = room || stayNouns.has(sc.toks[k].lower)
		}
		if !room {
			continue
		}
		to := ""
		for _, pp := range c.PPs {
			if pp.Prep == "to" && pp.Obj.Phrase >= 0 {
				if h := sc.hotelIn(pp.Obj.Phrase); h != "" {
					to = h
				}
			}
		}
		if to == "" {
			continue
		}
		var guests []ref
		for _, n := range sc.u.mentions {
			if n.sent == sc.u.sent && n.pos >= start && n.pos < end && sc.u.x.isPerson(n.name) {
				guests = append(guests, ref{name: n.name, kind: kindPerson, str: strPattern})
			}
		}
		if len(guests) == 0 {
			for _, g := range sc.u.x.guests {
				guests = append(guests, ref{name: g, kind: kindPerson, str: strPattern})
			}
		}
		for _, g := range guests {
			sc.stay(g, to)
			left := map[string]bool{to: true}
			for _, h := range sc.hotelsSaid() {
				if !left[h.name] {
					left[h.name] = true
					sc.fact(&clauseCtx{te: tensePast}, g, ref{name: h.name, kind: kindOrg, str: strPattern}, "STAYS_AT", tEnd, "{s} no longer has a hotel booking at {o}", kindPerson, kindOrg)
				}
			}
			for _, f := range sc.flightFacts() {
				if f.Relation == "STAYS_AT" && f.InvalidAt == "" && sc.u.x.reg.key(f.Source) == sc.u.x.reg.key(g.name) && !left[f.Target] {
					left[f.Target] = true
					sc.fact(&clauseCtx{te: tensePast}, g, ref{name: f.Target, kind: kindOrg, str: strPattern}, "STAYS_AT", tEnd, "{s} no longer has a hotel booking at {o}", kindPerson, kindOrg)
				}
			}
		}
		return true
	}
	return false
}

// hotelIn returns the hotel phrase pi names, or "".
func (sc *sentCtx) hotelIn(pi int) string {
	p := sc.p.Phrases[pi]
	for _, n := range sc.u.mentions {
		if n.sent == sc.u.sent && n.pos >= p.Start && n.pos < p.End && hotelName(n.name) {
			return n.name
		}
	}
	return ""
}

// noteGuests keeps the people a list of travellers names ("travellers
// Dmitri Sokolov and Aino Lehtinen"), for the hotels the text goes on to
// name.
func (sc *sentCtx) noteGuests() {
	toks := sc.toks
	for k := 0; k+1 < len(toks); k++ {
		if !guestNouns.has(toks[k].lower) {
			continue
		}
		next := k + 1
		if toks[next].text == ":" {
			next++
		}
		var guests []string
		for _, n := range sc.u.mentions {
			if n.sent != sc.u.sent || n.pos < next {
				continue
			}
			if n.pos != next || !sc.u.x.isPerson(n.name) {
				break
			}
			guests = append(guests, n.name)
			next = n.pos + len(strings.Fields(n.name))
			for next < len(toks) && (toks[next].lower == "and" || toks[next].text == "," || toks[next].text == "&") {
				next++
			}
		}
		if len(guests) > 0 {
			sc.u.x.guests = guests
			return
		}
	}
}

// bookedHotels reads "reference GE-4471 is Hotel Mtatsminda and GE-4478
// is Black Sea Suites", "GE-4471 at Hotel Mtatsminda": the booking code
// is a stay at that hotel, so that cancelling it ends the stay.
func (x *extraction) bookedHotels(uc *uttCtx, s sentence) {
	toks := s.toks
	var ms []mention
	for k := 0; k+2 < len(toks); k++ {
		code := bookingCode(toks[k].text)
		if code == "" || code != toks[k].text {
			continue
		}
		at := k + 1
		switch toks[at].lower {
		case "is", "at", "for", "=":
			at++
		default:
			continue
		}
		if lowerAt(toks, at) == "the" {
			at++
		}
		if ms == nil {
			ms = findMentions(toks, make([]bool, len(toks)))
		}
		for _, m := range ms {
			if m.start == at && hotelName(m.name) {
				sc := &sentCtx{u: uc, toks: toks, p: &nlp.Sentence{}}
				sc.fact(&clauseCtx{te: tensePresent}, ref{name: code, kind: kindIdentifier, str: strPattern}, ref{name: m.name, kind: kindOrg, str: strPattern}, "BOOKED_AT", tState, "{s} is a booking at {o}", kindIdentifier, kindOrg)
			}
		}
	}
}

// codeHotels returns the keys of the hotels booking code is a stay at.
func (sc *sentCtx) codeHotels(code string) map[string]bool {
	out := map[string]bool{}
	for _, f := range sc.flightFacts() {
		if f.Relation == "BOOKED_AT" && bookingCode(f.Source) == code {
			out[sc.u.x.reg.key(f.Target)] = true
		}
	}
	return out
}

// placeNouns are what a traveller cancels of their own: "has canceled
// her place", "cancelled my booking".
var placeNouns = words("place booking reservation trip seat room stay ticket")

// placeCancelled reads "Aino Lehtinen has canceled her place": the
// traveller's stays and flights, told in this episode or the previous
// ones, end. It reports whether the clause was one.
func (sc *sentCtx) placeCancelled(cc *clauseCtx, ci int) bool {
	c := &sc.p.Clauses[ci]
	if c.Lemma != "cancel" || c.Passive || c.Negated || c.Modal || c.Future || !c.Past && !c.Perfect || c.Obj.Phrase < 0 {
		return false
	}
	p := sc.p.Phrases[c.Obj.Phrase]
	if !placeNouns.has(sc.headWord(c.Obj.Phrase)) || p.PossStart == p.PossEnd {
		return false
	}
	subjs := sc.subjects(ci)
	if len(subjs) != 1 || !personish(sc.kindOf(subjs[0])) {
		return false
	}
	x, g := sc.u.x, subjs[0]
	done := false
	for _, f := range sc.flightFacts() {
		if f.InvalidAt != "" || !x.sameHolder(g.name, f.Source) {
			continue
		}
		switch f.Relation {
		case "STAYS_AT":
			sc.fact(cc, ref{name: f.Source, kind: kindPerson, str: strPattern}, ref{name: f.Target, kind: kindOrg, str: strPattern}, "STAYS_AT", tEnd, "{s}'s hotel booking at {o} was cancelled", kindPerson, kindOrg)
			done = true
		case "FLIES_ON":
			sc.fact(cc, ref{name: f.Source, kind: kindPerson, str: strPattern}, ref{name: f.Target, kind: kindIdentifier, str: strPattern}, "FLIES_ON", tEnd, "{s}'s flight {o} was cancelled", kindPerson, kindIdentifier)
			done = true
		}
	}
	return done
}
