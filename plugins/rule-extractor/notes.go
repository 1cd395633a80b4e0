package main

import (
	"slices"
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// Notes written without their subject, as records and memos are:
// "Diagnosed with primary hypothyroidism", "Admitted to Ward 7",
// "Impression: asthma", "Plan: start levothyroxine 50 mcg daily".

// droppedPassives marks as passive a clause that opens its sentence with
// a past form, no subject and no object, when its verb reads the
// preposition after it only in the passive: "Diagnosed with asthma" is
// "I was diagnosed with asthma", "Engaged to Tom" "I was engaged to
// Tom"; "Moved to Leeds" stays active (move has no passive frame).
func (sc *sentCtx) droppedPassives() {
	for ci := range sc.p.Clauses {
		c := &sc.p.Clauses[ci]
		if ci > 0 || c.Passive || !c.Subj.None() || !c.Obj.None() || len(c.PPs) == 0 {
			continue
		}
		if t := sc.p.Tags[c.Verb]; t != "VBD" && t != "VBN" || c.VerbStart != c.Verb {
			continue
		}
		verb := phrasal(c)
		passive, active, state := false, false, false
		for _, f := range framesOf(verb) {
			for _, pp := range c.PPs {
				if f.prep != "" && slices.Contains(strings.Split(f.prep, "|"), pp.Prep) {
					if f.pass {
						passive, state = true, state || f.role == tState
					} else {
						active = true
					}
				}
			}
		}
		if !passive || active {
			continue
		}
		c.Passive = true
		if state || sc.u.x.recordSubject != "" {
			// "Engaged to Tom!" is "I'm engaged to Tom"; in a record,
			// "Diagnosed with asthma" is what the note says of its day.
			c.Past = false
		}
	}
}

// diagnosisLabels open a record's field that names a condition found.
var diagnosisLabels = words("impression diagnosis diagnoses dx assessment")

// planStarts are the verbs of a record's plan that start or stop a
// treatment, with the past form the note means: the plan is made as it
// is written.
var planStarts = map[string]string{
	"start": "started", "commence": "commenced", "begin": "began", "restart": "restarted",
	"stop": "stopped", "discontinue": "discontinued", "switch": "switched", "increase": "increased", "reduce": "reduced",
}

// noteFields reads the fields of a record about someone as the notes
// they stand for: "Impression: primary hypothyroidism" as "Diagnosed
// with primary hypothyroidism", "Plan: start levothyroxine 50 mcg daily"
// as "Started levothyroxine 50 mcg daily". Other sentences are returned
// as they are.
func noteFields(toks []token) []token {
	if len(toks) < 3 || toks[1].text != ":" {
		return toks
	}
	label := toks[0].lower
	rest := toks[2:]
	switch {
	case diagnosisLabels.has(label):
		if !rest[0].word || rest[0].lower == "no" || rest[0].lower == "none" {
			return toks
		}
		return slices.Concat([]token{wordToken("Diagnosed", "diagnosed"), wordToken("with", "with")}, rest)
	case label == "plan" && planStarts[rest[0].lower] != "":
		past := planStarts[rest[0].lower]
		return slices.Concat([]token{wordToken(strings.ToUpper(past[:1])+past[1:], past)}, rest[1:])
	}
	return toks
}

// noteDescriptions remembers what a copula says a name is, by the head
// noun of its complement: "The Copper Ladle is still the busiest cafe on
// Lowgate" makes "the cafe" after it The Copper Ladle.
func (sc *sentCtx) noteDescriptions() {
	for ci := range sc.p.Clauses {
		c := &sc.p.Clauses[ci]
		if c.Lemma != "be" || c.SubjFrom != nlp.SubjOwn || c.Subj.Phrase < 0 || c.Comp.Phrase < 0 || c.Negated || len(c.Subj.Coord) > 0 {
			continue
		}
		p, q := &sc.p.Phrases[c.Subj.Phrase], &sc.p.Phrases[c.Comp.Phrase]
		e, ok := sc.nameAt[p.Start]
		if !ok {
			// "the Brass Kettle": the name after the article; "Ten years
			// in, The Brass Kettle is …": the article is the name's.
			e, ok = sc.nameAt[p.Start+sc.detLen(p)]
		}
		if !ok || e != p.End || q.Name || q.PossEnd > q.PossStart || !determiners.has(sc.toks[q.Start].lower) {
			continue
		}
		if _, named := sc.nameAt[q.Head]; named || sc.p.Tags[q.Head] != "NN" {
			continue
		}
		r := sc.phraseRef(c.Subj.Phrase, true)
		if r.name == "" || sc.kindOf(r) == kindPerson && !sc.weakKind(r, -1) {
			// ("Ana is a nurse": "the nurse" later may be anyone.)
			continue
		}
		if k := sc.nounKind(q.Head); k != kindNone && k != kindPerson && sc.weakKind(r, -1) {
			// "The Copper Ladle is the busiest cafe": a business, not a
			// person's full name.
			sc.u.x.reg.add(r.name, k, strCue, true)
		}
		if sc.u.x.described == nil {
			sc.u.x.described = map[string]string{}
		}
		sc.u.x.described[sc.toks[q.Head].lower] = r.name
	}
}

// stillSaid reports whether clause c's verb group holds "still": "is
// still at", "still works at", "has still got".
func (sc *sentCtx) stillSaid(c *nlp.Clause) bool {
	for k := max(0, c.VerbStart-1); k <= c.VerbEnd+1 && k < len(sc.toks); k++ {
		if sc.toks[k].lower == "still" {
			return true
		}
	}
	return false
}

// noteWriterAfterThing returns the one a note is by or about for a verb
// with an object after a semicolon, whose subject the parse shared from
// a thing: "Ramipril discontinued due to cough; commenced losartan" (the
// drug commenced nothing).
func (sc *sentCtx) noteWriterAfterThing(c *nlp.Clause) (ref, bool) {
	if c.SubjFrom != nlp.SubjShared || c.Obj.None() || c.Passive || sc.u.speaker == "" || sc.u.speaker == assistantName || lowerAt(sc.toks, c.VerbStart-1) != ";" {
		return ref{}, false
	}
	if r := sc.phraseRef(c.Subj.Phrase, true); r.name == "" || sc.personish(r) || sc.kindOf(r) == kindOrg {
		return ref{}, false
	}
	return ref{name: sc.u.speaker, kind: kindPerson, str: strSure}, true
}
