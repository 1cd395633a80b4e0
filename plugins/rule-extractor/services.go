package main

import (
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// Services held with a provider, said of the service: "Mrs Halloway's
// home insurance has been with Pellam Mutual since 2019", "her home
// insurance moved to Ravel & Cobb on 1 January", "our savings went to
// Crestmoor". The one who holds the service is its possessor; the
// relation is the service's (an insurance is held with an insurer, one
// at a time), else the provider's by its name (providerClass).

// serviceNouns map what one holds with a provider to its relation; ""
// leaves it to the provider's name.
var serviceNouns = map[string]string{
	"insurance": "INSURED_WITH", "cover": "INSURED_WITH",
	"account": "", "savings": "", "saving": "", "mortgage": "", "pension": "", "loan": "", "broadband": "", "policy": "",
}

// serviceMovers move a service from one provider to another.
var serviceMovers = words("move switch transfer go")

// serviceWith reads a clause whose subject is a possessed service and
// whose provider follows "with" (a copula) or "to" and "from" (a verb
// that moves it). It reports whether it read one.
func (sc *sentCtx) serviceWith(cc *clauseCtx) bool {
	c := cc.c
	sp := c.Subj.Phrase
	if sp < 0 || c.SubjFrom != nlp.SubjOwn || len(c.Subj.Coord) > 0 || c.Negated || c.Modal || cc.future {
		return false
	}
	p := &sc.p.Phrases[sp]
	noun := sc.p.Lemmas[p.Head]
	rel, ok := serviceNouns[noun]
	if !ok || p.PossEnd == p.PossStart || p.Head != p.End-1 {
		return false
	}
	owner := sc.ownerOf(p)
	if owner.name == "" {
		return false
	}
	noun = sc.toks[p.Head].lower
	cc.left, cc.end = p.Start, sc.clauseEnd(c)
	cc.date = sc.nearestDate(cc.left, cc.end)
	read := false
	for _, pp := range c.PPs {
		if pp.Obj.Phrase < 0 {
			continue
		}
		org := sc.phraseRef(pp.Obj.Phrase, false)
		if org.name == "" || org.det != "" || sc.kindOf(org) == kindPerson && givenNameGender(org.name) != 0 {
			// A provider is no person by a given name (a name of two
			// capitalized words is guessed a person's, and one moved
			// to a place's).
			continue
		}
		role, text := temporal(-1), ""
		switch {
		case linking.has(c.Lemma) && pp.Prep == "with":
			role, text = tState, "{s}'s "+noun+" is with {o}"
		case serviceMovers.has(c.Lemma) && pp.Prep == "to":
			role, text = tStart, "{s}'s "+noun+" moved to {o}"
		case serviceMovers.has(c.Lemma) && pp.Prep == "from":
			role, text = tEnd, "{s}'s "+noun+" moved from {o}"
		default:
			continue
		}
		r := rel
		if r == "" {
			r = sc.providerClass(c, org)
		}
		sc.fact(cc, owner, org, r, role, text, kindNone, kindOrg)
		read = true
	}
	return read
}

// eventPreps open a gerund that dates or explains another clause
// ("after seeing Dr. Holm", "before visiting the clinic").
var eventPreps = words("after before since without while when")

// seeVerbs are the verbs of going to a professional.
var seeVerbs = words("see visit consult")

// seenProfessional reads "I started seeing a physio, Aoife Brennan",
// "she sees a therapist, Dr. Moe" and "he now sees Dr. Moe": the one
// named after the professional, or seen with a doctor's title, is the
// subject's, as "my physio is Aoife Brennan" says; seeing one is no
// courtship. It reports whether it read one.
func (sc *sentCtx) seenProfessional(cc *clauseCtx, ci int) bool {
	c := cc.c
	if !seeVerbs.has(c.Lemma) || c.Obj.None() || c.Negated || c.Modal || cc.future || c.Passive {
		return false
	}
	if sc.p.Tags[c.Verb] == "VBG" && c.Verb > 0 && (prepositionWords.has(sc.toks[c.Verb-1].lower) || eventPreps.has(sc.toks[c.Verb-1].lower)) {
		// "after seeing Dr. Holm": a visit that dates another clause,
		// not one's doctor.
		return false
	}
	pi := c.Obj.Phrase
	var name ref
	if st := sc.p.Phrases[pi].Start; sc.p.Phrases[pi].Name && st > 1 && sc.toks[st-1].text == "," {
		// The parse takes the name set off after the noun for the
		// object: "seeing a physio, Aoife Brennan".
		if q := sc.p.PhraseEndingAt(st - 1); q >= 0 {
			name, pi = sc.phraseRef(c.Obj.Phrase, false), q
		}
	} else {
		// (A name set off in mid-sentence, "a therapist, Dr. Tamm,
		// since January", is the tie nouns' reading.)
		name = sc.nameAfterPP(sc.p.Phrases[pi].End)
	}
	noun := sc.headWord(pi)
	if q := &sc.p.Phrases[pi]; name.name == "" && q.Name && sc.detLen(q) == 0 && (!c.Past || c.Aspect == "start") && (lowerAt(sc.toks, q.Start) == "dr" || lowerAt(sc.toks, q.Start) == "dr.") {
		// "Matei now sees Dr. Sorin Dumitrescu": one seen as a doctor
		// is the subject's doctor; a visit once ("saw Dr. Moe on
		// Monday") says less.
		name, noun = sc.phraseRef(pi, false), "doctor"
	}
	if k, ok := kinship[noun]; !ok || !professions.has(k.rel) || name.name == "" {
		return false
	}
	subjs := sc.subjects(ci)
	if len(subjs) != 1 || subjs[0].name == "" || !sc.personish(subjs[0]) {
		return false
	}
	role := tState
	if c.Aspect == "start" {
		role = tStart
	}
	// "started seeing a physio in March, …": the clause's date.
	sc.relateIn(sc.dated(cc, c), name, subjs[0], noun, role)
	return true
}

// nameAfterPP returns the name that closes a sentence after a short
// prepositional phrase at toks[k] and a comma ("a physio for the knee,
// Aoife Brennan."), or no one.
func (sc *sentCtx) nameAfterPP(k int) ref {
	toks := sc.toks
	if w := lowerAt(toks, k); w != "for" && w != "with" && w != "about" {
		return ref{}
	}
	for j := k + 1; j < len(toks) && j <= k+5; j++ {
		if toks[j].text != "," {
			if !toks[j].word {
				return ref{}
			}
			continue
		}
		e, ok := sc.nameAt[j+1]
		if !ok || e < len(toks) && toks[e].word {
			return ref{}
		}
		r := sc.named(j+1, e)
		r.kind, r.str = kindPerson, strSure
		return r
	}
	return ref{}
}

// allergen returns what phrase pi, "a chicken allergy", names an allergy
// to, or no one.
func (sc *sentCtx) allergen(pi int) ref {
	p := &sc.p.Phrases[pi]
	if w := sc.headWord(pi); w != "allergy" && w != "allergies" {
		return ref{}
	}
	if st := p.Start + sc.detLen(p); st < p.Head {
		return ref{name: strings.ToLower(joinTokens(sc.toks[st:p.Head])), kind: kindNone, str: strPattern}
	}
	return ref{}
}

// allergyHeld reads an allergy said with a noun: "Tomas has a penicillin
// allergy", "she has an allergy to peanuts", "penicillin gives me an
// allergic reaction": what "is allergic to" says. It reports whether it
// read one.
func (sc *sentCtx) allergyHeld(cc *clauseCtx, ci int) bool {
	c := cc.c
	if c.Negated || c.Modal {
		return false
	}
	if c.Passive && c.Lemma == "diagnose" {
		// "Farofa was diagnosed with a chicken allergy".
		for _, pp := range c.PPs {
			if subjs := sc.subjects(ci); pp.Prep == "with" && pp.Obj.Phrase >= 0 && len(subjs) == 1 {
				if what := sc.allergen(pp.Obj.Phrase); what.name != "" {
					sc.fact(cc, subjs[0], what, "ALLERGIC_TO", tTrait, "{s} is allergic to {o}", kindPerson, kindNone)
					return true
				}
			}
		}
		return false
	}
	if c.Passive || c.Obj.None() {
		return false
	}
	var who, what ref
	switch c.Lemma {
	case "confirm", "show", "reveal", "find", "diagnose":
		// "The elimination diet confirms a chicken allergy" in a
		// record: its subject's; "the test showed my peanut allergy".
		p := &sc.p.Phrases[c.Obj.Phrase]
		if what = sc.allergen(c.Obj.Phrase); what.name == "" {
			return false
		}
		switch {
		case p.PossEnd > p.PossStart:
			who = sc.ownerOf(p)
		case sc.u.x.recordSubject != "":
			who = ref{name: sc.u.x.recordSubject, kind: kindPerson, str: strSure}
		}
	case "have", "develop":
		if w := sc.headWord(c.Obj.Phrase); w != "allergy" && w != "allergies" {
			return false
		}
		subjs := sc.subjects(ci)
		if len(subjs) != 1 || !sc.personish(subjs[0]) && sc.kindOf(subjs[0]) != kindPet {
			return false
		}
		who = subjs[0]
		what = sc.allergen(c.Obj.Phrase) // "a penicillin allergy"
		for _, pp := range c.PPs {
			if pp.Prep == "to" && pp.Obj.Phrase >= 0 {
				what = sc.phraseRef(pp.Obj.Phrase, false)
			}
		}
	case "give", "cause":
		if c.Obj2.Phrase < 0 {
			return false
		}
		p := &sc.p.Phrases[c.Obj2.Phrase]
		if sc.headWord(c.Obj2.Phrase) != "reaction" || p.Head == 0 || sc.toks[p.Head-1].lower != "allergic" {
			return false
		}
		who = sc.phraseRef(c.Obj.Phrase, false)
		subjs := sc.subjects(ci)
		if len(subjs) != 1 {
			return false
		}
		what = subjs[0]
	default:
		return false
	}
	if who.name == "" || what.name == "" || sc.u.x.reg.key(who.name) == sc.u.x.reg.key(what.name) {
		return false
	}
	sc.fact(cc, who, what, "ALLERGIC_TO", tTrait, "{s} is allergic to {o}", kindPerson, kindNone)
	return true
}
