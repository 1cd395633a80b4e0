package main

import (
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// departmentCaps are the departments written as capitals: a title's
// field, no organisation ("head of IT").
var departmentCaps = words("it hr qa pr ux ict r&d")

// titleField returns the field a title phrase pi names after "of",
// when the clause's "of" phrase right after it is a bare lower-case
// noun phrase ("head of data", "director of customer experience",
// "professor of history"): a field of work, no employer. It returns ""
// otherwise ("CEO of Acme", "head of the lab").
func (sc *sentCtx) titleField(c *nlp.Clause, pi int) string {
	if c == nil {
		return ""
	}
	p := &sc.p.Phrases[pi]
	if !isJobHead(sc.headWord(pi)) {
		if canon, end := titleAt(sc.toks, p.Start+sc.detLen(p)); canon == "" || end < p.End-1 {
			return ""
		}
	}
	for _, pp := range c.PPs {
		if pp.Prep != "of" || pp.At != p.End || pp.Obj.Phrase < 0 || len(pp.Obj.Coord) > 0 {
			continue
		}
		q := &sc.p.Phrases[pp.Obj.Phrase]
		if q.Start != pp.At+1 || q.PossEnd > q.PossStart || sc.detLen(q) > 0 || determiners.has(sc.toks[q.Start].lower) {
			return ""
		}
		if sc.toks[p.Start+sc.detLen(p)].cap && sc.fieldWords(q) {
			// "Professor of Hydrology", "Head of Data Engineering": a
			// title in capitals, and its field.
			return strings.ToLower(joinTokens(sc.toks[q.Start:q.End]))
		}
		if q.End-q.Start == 1 && departmentCaps.has(sc.toks[q.Start].lower) && sc.toks[q.Start].text == strings.ToUpper(sc.toks[q.Start].text) {
			// "head of IT", "director of HR".
			return sc.toks[q.Start].text
		}
		if q.Name {
			return ""
		}
		for i := q.Start; i < q.End; i++ {
			if t := sc.toks[i]; !t.word || t.text != t.lower || !strings.HasPrefix(sc.p.Tags[i], "NN") && !strings.HasPrefix(sc.p.Tags[i], "JJ") {
				return ""
			}
		}
		if k := sc.nounKind(q.Head); k == kindPerson || k == kindLocation || k == kindPet {
			return ""
		}
		return joinTokens(sc.toks[q.Start:q.End])
	}
	return ""
}

// officeTitle reports whether phrase p, past its determiner, is an
// officer's title of more than one word ("company secretary", "chief
// executive"): an office of an organisation.
func (sc *sentCtx) officeTitle(p *nlp.Phrase) bool {
	start := p.Start + sc.detLen(p)
	_, end := titleAt(sc.toks, start)
	return end == p.End && end-start > 1
}
