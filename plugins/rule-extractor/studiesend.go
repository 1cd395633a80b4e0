package main

import "strings"

// Leaving one's studies before their end: "I withdrew from my MSc at
// Tarnwell University", "she dropped out of her course at Fenlow
// College", "I've quit my degree at Tarnwell", "pulled out of Fenlow
// College". Each ends the studies at the school (STUDIES_AT), as
// graduating does, whatever the verb of leaving.

// studyLeavers are the verbs and prepositions of leaving one's studies
// ("" for the direct object).
var studyLeavers = words("withdraw_from drop_out_of pull_out_of quit_ leave_ drop_ abandon_ give_up_")

// schoolLeavers are the verbs of leaving that a school's name alone
// makes a student's leaving.
var schoolLeavers = words("withdraw_from drop_out_of pull_out_of")

// studyNouns are the nouns of a course of study, beside degrees.
var studyNouns = words("course studies programme program degree")

// studiesLeft reads such a clause, states the end and reports whether it
// did.
func (sc *sentCtx) studiesLeft(cc *clauseCtx, subjs []ref) bool {
	c := cc.c
	if c.Passive {
		return false
	}
	for _, slot := range sc.verbSlots(c) {
		if !studyLeavers.has(underscored(slot.verb)) {
			continue
		}
		school, named := sc.schoolOfStudies(slot.phrase)
		if school.name == "" || named && !schoolLeavers.has(underscored(slot.verb)) {
			// ("left Tarnwell University": a student's or a
			// lecturer's leaving, which the frames read.)
			continue
		}
		text := "{s} left {o}"
		if !named {
			text = "{s} left " + sc.phraseWords(slot.phrase) + " at {o}"
		}
		for _, s := range subjs {
			sc.fact(cc, s, school, "STUDIES_AT", tEnd, text, kindPerson, kindSchool)
		}
		return true
	}
	return false
}

// underscored writes a verb and its preposition as one word: "drop out
// of" → "drop_out_of", "quit" → "quit_".
func underscored(verbPrep string) string {
	f := strings.Fields(verbPrep)
	if len(f) == 1 {
		return f[0] + "_"
	}
	return strings.Join(f, "_")
}

// schoolOfStudies returns the school phrase pi's studies are at: a
// school named by the phrase ("Fenlow College"), or the one after "at"
// a course or degree ("my MSc at Tarnwell University").
// (named is set when the phrase is the school's name.)
func (sc *sentCtx) schoolOfStudies(pi int) (school ref, named bool) {
	p := &sc.p.Phrases[pi]
	head := sc.p.Lemmas[p.Head]
	if r := sc.phraseRef(pi, false); r.name != "" && !studyNouns.has(head) && !degreeNouns.has(head) {
		if sc.semKind(r, pi) == kindSchool || schoolName(r.name) {
			return r, true
		}
		return ref{}, false
	}
	if !studyNouns.has(head) && !degreeNouns.has(sc.toks[p.Head].lower) || lowerAt(sc.toks, p.End) != "at" && lowerAt(sc.toks, p.End) != "with" {
		return ref{}, false
	}
	q := sc.p.PhraseAt(p.End + 1)
	if q < 0 {
		return ref{}, false
	}
	r := sc.phraseRef(q, false)
	if k := sc.semKind(r, q); r.name == "" || k != kindSchool && k != kindOrg && k != kindNone {
		return ref{}, false
	}
	return r, false
}
