package main

import "github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"

// timeHeads are the nouns a phrase that says when ends with ("over the
// weekend", "in the spring"), beside months and weekdays.
var timeHeads = words("weekend week month year day night morning afternoon evening summer winter spring autumn fall holiday holidays season term semester quarter end")

// timePP reports whether a prepositional phrase says when a thing
// happened rather than what it happened to.
func (sc *sentCtx) timePP(pp nlp.PP) bool {
	if pp.Obj.Phrase < 0 || pp.Prep == "of" {
		return false
	}
	h := sc.headWord(pp.Obj.Phrase)
	_, m := months[h]
	_, wd := weekdays[h]
	return m || wd || timeHeads.has(h)
}

// noArgs reports whether a clause has no object and no phrase but those
// that say when: "moved out over the weekend" takes nothing.
func (sc *sentCtx) noArgs(c *nlp.Clause) bool {
	if !c.Obj.None() || c.AsRole >= 0 {
		return false
	}
	for _, pp := range c.PPs {
		if !sc.timePP(pp) {
			return false
		}
	}
	return true
}

// timePreps are the prepositions of a phrase that may say when.
var timePreps = words("from until till since by on after before")

// withoutTimes drops from a clause's slots the phrases that say when
// ("moved you to Individual from your next billing date"): no place
// and no party of the clause. A date noun ("billing date") or a noun
// WordNet files as a time heads them.
func (sc *sentCtx) withoutTimes(out []arg) []arg {
	kept := out[:0]
	for _, a := range out {
		if len(a.phrases) == 1 && (timePreps.has(a.prep) || a.prep == "for" && !sc.nameCovers(sc.p.Phrases[a.phrases[0]].Start, sc.p.Phrases[a.phrases[0]].Head)) && sc.timeNoun(a.phrases[0]) {
			// ("for a while", "for years": how long, no employer; "for
			// the Tarnwell Times" names one.)
			continue
		}
		kept = append(kept, a)
	}
	return kept
}

// timeNoun reports whether phrase pi is a common noun phrase headed by a
// time: "your next billing date", "the renewal period".
func (sc *sentCtx) timeNoun(pi int) bool {
	p := &sc.p.Phrases[pi]
	if p.Name {
		return false
	}
	if _, named := sc.nameAt[p.Head]; named {
		return false
	}
	h := sc.headWord(pi)
	if h == "date" || timeHeads.has(h) {
		return true
	}
	lex, _, ok := nlp.Noun(h)
	return ok && lex == nlp.NounTime
}

// namedTimes reads a date set after a comma beside the time it names
// ("from your next billing date, 15 April"): the date is what the
// preposition before the time says of it, and reaches back to it.
func namedTimes(toks []token, out []dateExpr) {
	for k := range out {
		d := &out[k]
		if d.role != dateAt || d.start < 3 || toks[d.start-1].text != "," {
			continue
		}
		j := d.start - 2
		h := toks[j].lower
		if h != "date" && !timeHeads.has(h) {
			continue
		}
		for j > 0 && d.start-1-j < 5 && toks[j-1].word && !timePreps.has(toks[j-1].lower) {
			j--
		}
		if j == 0 || !timePreps.has(toks[j-1].lower) {
			continue
		}
		if r, ok := datePrefixes[toks[j-1].lower]; ok {
			d.role, d.start, d.upcoming = r, j-1, true
		}
	}
}
