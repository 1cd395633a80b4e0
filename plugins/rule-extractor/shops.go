package main

import (
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// Where a thing was bought. "I bought a new racket at Quillary", "picked
// up a shampoo at Brackley Market", "got my sofa from Fenwick's", "the
// new bookshelf is from Quillary": the buyer bought from the shop
// (BOUGHT_FROM, an event) as well as owning the thing (classes.go). A
// person one got a thing from gave it ("got a mixer from my sister"), no
// shop.

// shopNouns are the common nouns of places of trade.
var shopNouns = words("shop store market supermarket mall boutique outlet bakery pharmacy chemist grocer grocery deli stall garden centre center showroom dealership dealer")

// placeWords may follow a shop's noun in its phrase.
var placeWords = words("downtown uptown nearby")

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
	case !p.Name && p.Head > p.Start && placeWords.has(sc.p.Lemmas[p.Head]) && shopNouns.has(sc.p.Lemmas[p.Head-1]):
		// "a sports store downtown": the shop, where it is.
		return r, true
	}
	return ref{}, false
}

// gifts reads a thing given: "my sister gave me a stand mixer", "got a
// chandelier from my aunt", "received a bike from Vesna for my birthday":
// the giver GAVE the thing, the one given it told in the fact's text.
func (sc *sentCtx) gifts(cc *clauseCtx, subjs []ref) {
	c := cc.c
	if c.Passive || c.Obj.None() {
		return
	}
	switch {
	case c.Lemma == "give" && c.Particle == "" && !c.Obj2.None():
		to := sc.phraseRef(c.Obj.Phrase, false)
		thing, ok := sc.giftRef(c.Obj2.Phrase)
		if !ok || to.name == "" {
			return
		}
		for _, s := range subjs {
			sc.fact(cc, s, thing, "GAVE", tEvent, "{s} gave "+to.name+" "+sc.phraseWords(c.Obj2.Phrase), kindPerson, kindProduct)
		}
	case (c.Lemma == "get" || c.Lemma == "receive") && c.Particle == "":
		thing, ok := sc.giftRef(c.Obj.Phrase)
		if !ok {
			return
		}
		for _, pp := range c.PPs {
			if pp.Prep != "from" || pp.Obj.Phrase < 0 {
				continue
			}
			giver := sc.phraseRef(pp.Obj.Phrase, false)
			if giver.name == "" || sc.semKind(giver, pp.Obj.Phrase) != kindPerson && !sc.personish(giver) {
				return
			}
			for _, s := range subjs {
				sc.fact(cc, giver, thing, "GAVE", tEvent, "{s} gave "+s.name+" "+sc.phraseWords(c.Obj.Phrase), kindPerson, kindProduct)
			}
			return
		}
	}
}

// giftRef returns the thing phrase pi names when it is a thing one owns.
func (sc *sentCtx) giftRef(pi int) (ref, bool) {
	thing := sc.phraseRef(pi, false)
	if thing.name == "" {
		return ref{}, false
	}
	switch k := sc.semKind(thing, pi); {
	case k == kindProduct, newThing(thing.name):
		return thing, true
	}
	return ref{}, false
}

// phraseWords are the words of phrase pi, "my" made the speaker's.
func (sc *sentCtx) phraseWords(pi int) string {
	p := &sc.p.Phrases[pi]
	w := joinTokens(sc.toks[p.Start:p.End])
	if len(w) > 3 && strings.EqualFold(w[:3], "my ") && sc.u.speaker != "" {
		return sc.u.speaker + "'s " + w[3:]
	}
	return w
}

// appositiveThing reads a thing of one's own named beside it: "my new
// laptop, a Dell XPS 13,", "my portable power bank, Anker PowerCore
// 20000,": the owner owns the thing by its name.
func (sc *sentCtx) appositiveThing(pi int) {
	q := &sc.p.Phrases[pi]
	if q.PossEnd == q.PossStart || q.Name || pi+1 >= len(sc.p.Phrases) || lowerAt(sc.toks, q.End) != "," {
		return
	}
	if lex, _, ok := nlp.Noun(sc.p.Lemmas[q.Head]); !ok || lex != nlp.NounArtifact || sc.establishment(q.Head) || homeNouns.has(sc.headWord(pi)) {
		return
	}
	p := &sc.p.Phrases[pi+1]
	if p.Start != q.End+1 && !(p.Start == q.End+2 && (lowerAt(sc.toks, q.End+1) == "a" || lowerAt(sc.toks, q.End+1) == "an")) {
		return
	}
	e, named := sc.nameAt[p.Start+sc.detLen(p)]
	if !named || e != p.End {
		return
	}
	owner := sc.ownerOf(q)
	thing := sc.named(p.Start+sc.detLen(p), e)
	if owner.name == "" || sc.kindOf(thing) == kindPerson && thing.str >= strCue {
		return
	}
	sc.fact(&clauseCtx{te: tensePresent}, owner, ref{name: thing.name, kind: kindProduct, str: strPattern}, "OWNS", tState, "{s}'s "+joinTokens(sc.toks[q.PossEnd:q.End])+" is {o}", kindPerson, kindProduct)
}
