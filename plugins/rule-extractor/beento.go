package main

import "github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"

// beenTo reads "have been to" a place: "I've been to Tarnwell twice",
// "we had been to Fenlow University for a conference". The perfect of
// "be" with "to" and no complement is a visit to the place or the
// organisation named; "has been to the dentist" names neither.
func (sc *sentCtx) beenTo(cc *clauseCtx, subjs []ref) bool {
	c := cc.c
	if c.Lemma != "be" || !c.Perfect || !c.Comp.None() || !c.Obj.None() {
		return false
	}
	for _, pp := range c.PPs {
		if pp.Prep != "to" || pp.Obj.Phrase < 0 {
			continue
		}
		place := sc.phraseRef(pp.Obj.Phrase, false)
		if place.name == "" || place.det != "" {
			return false
		}
		switch k := sc.semKind(place, pp.Obj.Phrase); k {
		case kindLocation, kindOrg, kindSchool:
			for _, s := range subjs {
				if s.det != "" {
					// "the parcel has been to Fenlow": no visitor.
					continue
				}
				sc.fact(cc, s, place, "VISITED", tEvent, "{s} has been to {o}", kindPerson, k)
			}
			return true
		}
		return false
	}
	return false
}

// gatherings are the nouns of the occasions people hold and go to, which
// WordNet files with other senses first ("party", a political one).
var gatherings = words("party reception dinner celebration shower funeral ceremony concert gig recital launch barbecue bbq picnic")

// tripNouns are the nouns of a journey to a place.
var tripNouns = words("trip holiday vacation visit tour getaway journey cruise break")

// backFromTrip reads "just got back from a camping trip to Yosemite",
// "returned from our holiday in Crete": the one back travelled to the
// place the journey went to. It reports whether the clause was one.
func (sc *sentCtx) backFromTrip(cc *clauseCtx, subjs []ref) bool {
	c := cc.c
	if !comingBack(c) || c.Passive {
		return false
	}
	for _, pp := range c.PPs {
		if pp.Prep != "from" || pp.Obj.Phrase < 0 {
			continue
		}
		p := &sc.p.Phrases[pp.Obj.Phrase]
		if p.Name || !tripNouns.has(sc.p.Lemmas[p.Head]) {
			return false
		}
		prep := lowerAt(sc.toks, p.End)
		if prep != "to" && prep != "in" {
			return false
		}
		q := sc.p.PhraseAt(p.End + 1)
		if q < 0 {
			return false
		}
		place := sc.phraseRef(q, false)
		if place.name == "" || place.det != "" {
			return false
		}
		switch sc.semKind(place, q) {
		case kindLocation, kindNone, kindOrg:
			for _, s := range subjs {
				sc.fact(cc, s, place, "TRAVELED_TO", tEvent, "{s} came back from a "+sc.headWord(pp.Obj.Phrase)+" "+prep+" {o}", kindPerson, kindLocation)
			}
			return true
		}
		return false
	}
	return false
}

// heldAtVenue reads the venue of an occasion one attended: "attended the
// evening service at St Oddny's Church", "went to a concert at Tarnwell
// Arena": the occasion was held at the venue, which is a name.
func (sc *sentCtx) heldAtVenue(cc *clauseCtx) {
	c := cc.c
	if c.Passive || c.Negated {
		return
	}
	event := -1
	switch {
	case c.Lemma == "attend" && c.Particle == "" && !c.Obj.None():
		event = c.Obj.Phrase
	case c.Lemma == "go" && c.Particle == "" || comingBack(c):
		for _, pp := range c.PPs {
			if (pp.Prep == "to" || pp.Prep == "from") && pp.Obj.Phrase >= 0 {
				event = pp.Obj.Phrase
				break
			}
		}
	}
	if event < 0 {
		return
	}
	ev := sc.phraseRef(event, false)
	head := sc.p.Phrases[event].Head
	if ev.name == "" || sc.semKind(ev, event) != kindEvent && sc.nounKind(head) != kindEvent && !gatherings.has(sc.p.Lemmas[head]) && !showNouns.has(sc.p.Lemmas[head]) {
		return
	}
	for _, pp := range c.PPs {
		if pp.Prep != "at" || pp.Obj.Phrase < 0 || pp.At < sc.p.Phrases[event].End {
			continue
		}
		venue := sc.phraseRef(pp.Obj.Phrase, false)
		if q := &sc.p.Phrases[pp.Obj.Phrase]; venue.name == "" || !sc.nameCovers(q.Start, q.Head) {
			// "at work", "at the office": no venue's name.
			return
		}
		switch k := sc.semKind(venue, pp.Obj.Phrase); k {
		case kindOrg, kindLocation, kindNone, kindSchool:
			sc.fact(cc, ev, venue, "HELD_AT", tEvent, "{s} was held at {o}", kindEvent, k)
		}
		return
	}
}

// showNouns are occasions one attends at a venue beside gatherings: "the
// evening service at St Oddny's", "an exhibit at the Fenlow Museum".
var showNouns = words("exhibit exhibition festival fair conference workshop webinar lecture service mass show screening")

// backFromShow reads "just got back from a music festival in Brooklyn",
// "came back from a bird-watching workshop": an occasion of the kinds
// WordNet files as no event (a festival, a workshop, a service) come
// back from was attended. (An event by WordNet is the frames'.)
func (sc *sentCtx) backFromShow(cc *clauseCtx, subjs []ref) {
	c := cc.c
	if !comingBack(c) || c.Passive {
		return
	}
	for _, pp := range c.PPs {
		if pp.Prep != "from" || pp.Obj.Phrase < 0 {
			continue
		}
		head := sc.p.Phrases[pp.Obj.Phrase].Head
		if sc.nounKind(head) == kindEvent || !showNouns.has(sc.p.Lemmas[head]) && !gatherings.has(sc.p.Lemmas[head]) {
			return
		}
		ev := sc.phraseRef(pp.Obj.Phrase, false)
		if ev.name == "" {
			return
		}
		ev.kind = kindEvent
		for _, s := range subjs {
			sc.fact(cc, s, ev, "ATTENDED", tEvent, "{s} came back from {o}", kindPerson, kindEvent)
		}
		return
	}
}

// comingBack reports whether a clause's verb is one of coming back: come
// back, get back, return.
func comingBack(c *nlp.Clause) bool {
	v := phrasal(c)
	return v == "come back" || v == "get back" || v == "return"
}
