package main

import (
	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// Events named by a noun. "Alistair and Corinne's divorce was finalised
// on Friday", "our engagement was in June": the relation that the noun's
// verb states between two people starts or ends, at the clause's date,
// between the noun's possessors, as "they divorced on Friday" would say.
// The clause's own verb only says that the event took place, in the past
// tense, a past copula as well ("their wedding was lovely"); the present
// ("their divorce is pending"), a postponement, a negation or a modal
// says no such thing (factual rules out the last two before
// this runs).

// eventVerb returns the reciprocal verb that starts or ends a relation
// which a noun names: the noun itself ("divorce", "split") or the verb of
// its nominal ending ("separation" → separate, "engagement" → engage,
// "marriage" → marry, "wedding" → wed, "breakup" → break up); "" for
// none.
func eventVerb(noun string) string {
	return verbOfNoun(noun, true, func(v string) bool {
		rc, ok := reciprocal[v]
		return ok && (rc.role == tStart || rc.role == tEnd)
	})
}

// eventNounClause reads a clause whose subject is such an event noun
// with people for its possessors, and reports whether it was one.
func (sc *sentCtx) eventNounClause(cc *clauseCtx, ci int) bool {
	c := &sc.p.Clauses[ci]
	if c.Subj.Phrase < 0 || c.SubjFrom != nlp.SubjOwn || !c.Past || eventUnheld.has(c.Lemma) {
		return false
	}
	verb, noun := "", ""
	var people []ref
	for _, pi := range c.Subj.All() {
		p := &sc.p.Phrases[pi]
		if v := eventVerb(sc.p.Lemmas[p.Head]); v != "" && p.PossEnd > p.PossStart && verb == "" {
			verb, noun = v, sc.toks[p.Head].lower
			people = append(people, sc.eventParties(p)...)
			continue
		}
		if r := sc.phraseRef(pi, true); r.name != "" && personish(sc.kindOf(r)) {
			people = append(people, r)
		}
	}
	if verb == "" || len(people) < 2 {
		return false
	}
	cc.left, cc.end = sc.p.Phrases[c.Subj.Phrase].Start, sc.clauseEnd(c)
	cc.date = sc.nearestDate(cc.left, cc.end)
	cc.te = tensePast
	sc.eventFacts(cc, verb, noun, people)
	return true
}

// eventFacts states the relation the event noun's verb starts or ends
// between the first of people and each other one.
func (sc *sentCtx) eventFacts(cc *clauseCtx, verb, noun string, people []ref) {
	rc := reciprocal[verb]
	text := "the " + noun + " of {s} and {o}"
	for i := 1; i < len(people); i++ {
		if people[i].name != people[0].name {
			sc.fact(cc, people[0], people[i], rc.class, rc.role, text, kindPerson, kindPerson)
		}
	}
}

// eventTakers are the verbs whose object, an event noun, took place
// between the subjects: "Sanna and I finalized the divorce", "Ann and
// Bo got engaged" is the verb's own.
var eventTakers = words("finalize finalise complete get have celebrate")

// eventNounObject reads a past clause whose object is such an event noun
// and whose subjects are two people or more: the relation starts or ends
// between them.
func (sc *sentCtx) eventNounObject(cc *clauseCtx, ci int, subjs []ref) bool {
	c := &sc.p.Clauses[ci]
	if !c.Past || c.Passive || len(subjs) < 2 || c.Obj.Phrase < 0 || !eventTakers.has(c.Lemma) {
		return false
	}
	p := &sc.p.Phrases[c.Obj.Phrase]
	verb := eventVerb(sc.p.Lemmas[p.Head])
	if verb == "" {
		return false
	}
	for _, r := range subjs {
		if !personish(sc.kindOf(r)) {
			return false
		}
	}
	cc.left, cc.end = sc.p.Phrases[c.Subj.Phrase].Start, sc.clauseEnd(c)
	cc.date = sc.nearestDate(cc.left, cc.end)
	cc.te = tensePast
	sc.eventFacts(cc, verb, sc.toks[p.Head].lower, subjs)
	return true
}

// eventParties are the people an event noun's possessor names: "Ann's",
// "my" and, for "our", the speaker and the one spoken to.
func (sc *sentCtx) eventParties(p *nlp.Phrase) []ref {
	owner := sc.ownerOf(p)
	if owner.name == "" || !personish(sc.kindOf(owner)) {
		return nil
	}
	out := []ref{owner}
	if sc.toks[p.PossStart].lower == "our" && sc.u.other != "" {
		out = append(out, ref{name: sc.u.other, kind: kindPerson, str: strSure})
	}
	return out
}

// personish reports whether a party's kind allows a person: a name of no
// known kind does ("Corinne" in a first message).
func personish(k kind) bool {
	return k == kindPerson || k == kindNone
}

// eventUnheld are the verbs after which an event named as their object
// has not taken place: it is planned, put off or called off.
var eventUnheld = words("plan organize organise prepare arrange postpone delay cancel call skip avoid book schedule expect await discuss imagine want")

// eventNounMention reads an event noun with people for its possessors
// named as the object of a verb or a preposition ("we all went to Siobhán
// and Dev's wedding yesterday", "still recovering from Ana and Bo's
// wedding"): the event took place, so the relation its verb states
// starts or ends between them, when the clause is in the past or its
// date is. A planned, delayed or cancelled event took no place.
func (sc *sentCtx) eventNounMention(cc *clauseCtx, ci int) bool {
	c := &sc.p.Clauses[ci]
	if c.Negated || c.Modal || c.Future || eventUnheld.has(c.Lemma) || c.Governor >= 0 {
		return false
	}
	args := []nlp.Arg{c.Obj}
	for _, pp := range c.PPs {
		args = append(args, pp.Obj)
	}
	for _, a := range args {
		if a.Phrase < 0 {
			continue
		}
		verb, noun := "", ""
		var people []ref
		left := a.Phrase
		for _, pi := range a.All() {
			p := &sc.p.Phrases[pi]
			if v := eventVerb(sc.p.Lemmas[p.Head]); v != "" && p.PossEnd > p.PossStart && verb == "" {
				verb, noun = v, sc.toks[p.Head].lower
				if owner := sc.ownerOf(p); owner.name != "" && sc.kindOf(owner) != kindOrg {
					people = append(people, owner)
				}
				continue
			}
			// A name coordinated with the possessor of a wedding is a
			// person's, whatever the preposition made of it ("went to
			// Siobhán and Dev's wedding").
			if r := sc.phraseRef(pi, true); r.name != "" && sc.kindOf(r) != kindOrg {
				people = append(people, r)
			}
		}
		if verb == "" || len(people) < 2 {
			continue
		}
		for i := range people {
			people[i].kind, people[i].str = kindPerson, max(people[i].str, strPattern)
		}
		cc.left, cc.end = sc.p.Phrases[left].Start, sc.clauseEnd(c)
		cc.date = sc.nearestDate(cc.left, cc.end)
		held := c.Past || c.Perfect || cc.date != nil && cc.date.role == dateAt && cc.date.next == nil && cc.date.t.Before(sc.u.x.ref)
		if !held {
			return false
		}
		cc.te = tensePast
		sc.eventFacts(cc, verb, noun, people)
		return true
	}
	return false
}
