package main

import "strings"

// Where a thing was bought. "I bought a new racket at Quillary", "picked
// up a shampoo at Brackley Market", "got my sofa from Fenwick's", "the
// new bookshelf is from Quillary": the buyer bought from the shop
// (BOUGHT_FROM, an event) as well as owning the thing (classes.go). A
// person one got a thing from gave it ("got a mixer from my sister"), no
// shop.

// shopNouns are the common nouns of places of trade.
var shopNouns = words("shop store market supermarket mall boutique outlet bakery pharmacy chemist grocer grocery deli stall garden centre center showroom dealership dealer")

// shoppingVerbs are the verbs of buying, with the prepositions of the
// shop.
var shoppingVerbs = words("buy purchase get order pick")

// boughtFrom states the shop a clause's subject bought its object at.
func (sc *sentCtx) boughtFrom(cc *clauseCtx, subjs []ref) {
	c := cc.c
	if c.Passive || c.Obj.None() || !shoppingVerbs.has(c.Lemma) || c.Lemma == "pick" && c.Particle != "up" || c.Lemma != "pick" && c.Particle != "" {
		return
	}
	thing := sc.phraseRef(c.Obj.Phrase, false)
	if thing.name == "" {
		return
	}
	switch k := sc.semKind(thing, c.Obj.Phrase); {
	case newThing(thing.name), k == kindProduct:
	case k == kindNone && c.Lemma != "get":
	default:
		// "got a cold at work", "bought time": no thing bought.
		return
	}
	for _, pp := range c.PPs {
		if pp.Prep != "at" && pp.Prep != "from" || pp.Obj.Phrase < 0 {
			continue
		}
		shop, ok := sc.shopRef(pp.Obj.Phrase)
		if !ok {
			continue
		}
		// "got my new bookshelf from Quillary": the buyer's own, by name.
		text := strings.Replace(sc.clauseText(cc, nil, pp.Prep, tEvent), " my ", " {s}'s ", 1)
		for _, s := range subjs {
			sc.fact(cc, s, shop, "BOUGHT_FROM", tEvent, text, kindPerson, kindOrg)
		}
		return
	}
}

// shopRef returns the shop phrase pi names: an organisation's name, or a
// common noun of a building or place of trade ("a sports store
// downtown"); never a person, a date or a place's name.
func (sc *sentCtx) shopRef(pi int) (ref, bool) {
	r := sc.phraseRef(pi, false)
	if r.name == "" {
		return ref{}, false
	}
	p := &sc.p.Phrases[pi]
	switch k := sc.semKind(r, pi); {
	case k == kindOrg:
		return r, true
	case r.det == "" && (k == kindNone || k == kindLocation && sc.weakKind(r, pi)) && !oneGivenName(r.name) && !sc.u.x.knownPerson(r.name) && !places.has(strings.ToLower(r.name)):
		// "Trader's Yard", "at Quillary": a name bought at is a shop's,
		// whatever a name after "at" suggests.
		return r, true
	case !p.Name && shopNouns.has(sc.p.Lemmas[p.Head]):
		return r, true
	}
	return ref{}, false
}
