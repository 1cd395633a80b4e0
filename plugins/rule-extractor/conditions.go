package main

import (
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// Illnesses one has. "I've had asthma since I was a child", "she's been
// suffering from migraines", "I had a bad case of bronchitis last
// month", "caught the flu", "I've got over the flu": a condition is held
// (HAS_CONDITION) from catching it to getting over it. WordNet tells the
// illness: a disease by its hypernyms; a state of the body that is no
// disease ("a persistent cough", "migraines") only after a verb that
// says one suffers it.

// conditionVerbs give the role of a verb and its preposition ("" for
// the direct object) towards an illness, and whether a symptom, not
// only a disease, fits it.
var conditionVerbs = map[string]struct {
	role    temporal
	symptom bool
}{
	"have": {tState, false}, "suffer from": {tState, true}, "deal with": {tState, true},
	"battle": {tState, false}, "fight": {tState, false}, "live with": {tState, false},
	"catch": {tStart, false}, "develop": {tStart, true}, "come down with": {tStart, true},
	"recover from": {tEnd, true}, "get over": {tEnd, true},
}

// illnessWrappers are the nouns an illness follows with "of": "a bad
// case of bronchitis", "a bout of flu".
var illnessWrappers = words("case bout touch attack flare-up flare episode")

// condition states the illness a clause's subject has, catches or gets
// over, and reports whether it did.
func (sc *sentCtx) condition(cc *clauseCtx, subjs []ref) bool {
	c := cc.c
	if c.Passive {
		return false
	}
	for _, slot := range sc.verbSlots(c) {
		v, ok := conditionVerbs[slot.verb]
		if !ok {
			continue
		}
		pi := sc.illnessIn(slot.phrase)
		if pi < 0 {
			continue
		}
		_, class, _ := nlp.Noun(sc.p.Lemmas[sc.p.Phrases[pi].Head])
		if class&nlp.ClassDisease == 0 && !(v.symptom && sc.bodilyState(pi)) {
			continue
		}
		ill := sc.phraseRef(pi, false)
		if ill.name == "" {
			continue
		}
		role := v.role
		if role == tEnd && c.Progressive {
			// "I'm recovering from the flu": not over it yet.
			role = tState
		}
		text := "{s} has {o}"
		switch role {
		case tStart:
			text = "{s} " + sc.toks[c.Verb].lower + " {o}"
		case tEnd:
			text = "{s} recovered from {o}"
		}
		for _, s := range subjs {
			sc.fact(cc, s, ill, "HAS_CONDITION", role, text, kindPerson, kindNone)
		}
		return true
	}
	return false
}

// phrasal returns a clause's verb as its lemma and particle: "move
// out", "give up".
func phrasal(c *nlp.Clause) string {
	if c.Particle != "" {
		return c.Lemma + " " + c.Particle
	}
	return c.Lemma
}

// verbSlot is a verb with its preposition and the phrase after it, for
// the readings that take a verb and its object as one key ("suffer
// from", "drop out of").
type verbSlot struct {
	verb   string
	phrase int
}

// verbSlots returns the clause's verb with its direct object, and
// with each preposition and its phrase ("suffer from", "come down
// with").
func (sc *sentCtx) verbSlots(c *nlp.Clause) []verbSlot {
	verb := phrasal(c)
	var out []verbSlot
	if !c.Obj.None() {
		out = append(out, verbSlot{verb, c.Obj.Phrase})
	}
	for _, pp := range c.PPs {
		if pp.Obj.Phrase >= 0 {
			out = append(out, verbSlot{verb + " " + pp.Prep, pp.Obj.Phrase})
		}
	}
	return out
}

// illnessIn returns the phrase that names the illness in phrase pi: pi
// itself, or the phrase after "of" when pi is "a case of" or "a bout
// of" one; -1 when pi is a name.
func (sc *sentCtx) illnessIn(pi int) int {
	p := &sc.p.Phrases[pi]
	if sc.nameCovers(p.Start, p.Head) {
		return -1
	}
	if illnessWrappers.has(sc.p.Lemmas[p.Head]) && lowerAt(sc.toks, p.End) == "of" {
		if q := sc.p.PhraseAt(p.End + 1); q >= 0 {
			return q
		}
	}
	return pi
}

// bodilyState reports whether phrase pi's head is a state to WordNet
// (a cough, a migraine) and no word of the mind's troubles at large ("a
// problem", "stress").
func (sc *sentCtx) bodilyState(pi int) bool {
	head := sc.p.Lemmas[sc.p.Phrases[pi].Head]
	lex, _, ok := nlp.Noun(head)
	return ok && lex == nlp.NounState && !strings.Contains(head, " ") && !troubleNouns.has(head)
}

// troubleNouns are states one deals with that are no illness.
var troubleNouns = words("problem issue situation difficulty trouble stress crisis debt pressure mess conflict shortage backlog delay")
