package main

import "github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"

// thereAsPlace reads "there" after a verb as the place or organisation
// the sentence named before it: "finished her degree at Fenlow
// University and now teaches there", "moved to Tarnwell in 2019 and
// still lives there". The clause gets the phrase after "at" (a place of
// work or study) or "in" (a place), as if it had said it. Not "there
// is", and not when the clause says where already.
func (sc *sentCtx) thereAsPlace() {
	for ci := range sc.p.Clauses {
		c := &sc.p.Clauses[ci]
		if c.Lemma == "be" || len(c.PPs) > 0 || !c.Obj.None() || c.VerbEnd >= len(sc.toks) || sc.toks[c.VerbEnd].lower != "there" {
			continue
		}
		at := sc.placeBefore(c.VerbStart)
		if at < 0 {
			continue
		}
		prep := "at"
		if r := sc.phraseRef(at, false); sc.semKind(r, at) == kindLocation {
			prep = "in"
		}
		c.PPs = append(c.PPs, nlp.PP{Prep: prep, At: c.VerbEnd, Obj: nlp.Arg{Phrase: at}})
	}
}

// placeBefore returns the last name phrase before word end that is a
// place, an organisation, a school or a team, or -1.
func (sc *sentCtx) placeBefore(end int) int {
	for pi := len(sc.p.Phrases) - 1; pi >= 0; pi-- {
		p := &sc.p.Phrases[pi]
		if p.End > end || !p.Name {
			continue
		}
		r := sc.phraseRef(pi, false)
		switch sc.semKind(r, pi) {
		case kindLocation, kindOrg, kindSchool, kindTeam:
			return pi
		}
	}
	return -1
}
