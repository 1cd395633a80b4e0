package main

import (
	"regexp"
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// The last dose of a course: "Last doxycycline tablet was on Friday", "my
// last dose of methotrexate was on 2 May". The course of the drug ends
// that day, as "I stopped taking doxycycline on Friday" would say.

// doseNouns are the units a drug is taken in.
var doseNouns = words("tablet pill dose capsule injection shot jab infusion")

// lastDose reads such a copula.
func (sc *sentCtx) lastDose() {
	for ci := range sc.p.Clauses {
		c := &sc.p.Clauses[ci]
		if c.Lemma != "be" || c.Subj.None() || c.Negated || c.Modal || c.Future {
			continue
		}
		p := &sc.p.Phrases[c.Subj.Phrase]
		if !doseNouns.has(sc.p.Lemmas[p.Head]) {
			continue
		}
		last, drug := -1, ""
		for k := p.Start; k < p.Head; k++ {
			switch w := sc.toks[k].lower; {
			case w == "last" || w == "final":
				last = k
			case last >= 0 && drugWord(w):
				drug = sc.toks[k].text
			}
		}
		if drug == "" && lowerAt(sc.toks, p.End) == "of" && drugWord(lowerAt(sc.toks, p.End+1)) {
			drug = sc.toks[p.End+1].text
		}
		if last < 0 || drug == "" {
			continue
		}
		d := sc.nearestDate(c.VerbStart, sc.clauseEnd(c))
		if d == nil || d.role != dateAt {
			continue
		}
		holder := sc.u.speaker
		if p.PossEnd == p.PossStart+1 && sc.toks[p.PossStart].lower != "my" {
			holder = sc.thirdAt(p.PossStart)
		}
		if holder == "" {
			continue
		}
		cc := &clauseCtx{c: c, te: tensePast, date: d}
		cc.left, cc.end = p.Start, sc.clauseEnd(c)
		sc.fact(cc, ref{name: holder, kind: kindPerson, str: strSure}, ref{name: drug, kind: kindDrug, str: strPattern}, "TAKES_MEDICATION", tEnd, "{s} took the last dose of {o}", kindPerson, kindDrug)
	}
}

// drugWord reports whether WordNet knows w as a drug.
func drugWord(w string) bool {
	_, c, ok := nlp.Noun(w)
	return ok && c&nlp.ClassDrug != 0
}

// dosedWord matches a word in lower case before a dose ("on levothyroxine
// 75 mcg", "started sertraline 50 mg").
var dosedWord = regexp.MustCompile(`\b([a-z][a-z]{4,})\s+\d+(?:\.\d+)?\s*(?:mg|mcg|µg|ml|iu|micrograms|milligrams)\b`)

// dosedDrugs records as medicines the words a text gives a dose, so that
// the text's later "the levothyroxine" is one, wherever the dose stood.
func (x *extraction) dosedDrugs(text string) {
	if !strings.Contains(text, "mg") && !strings.Contains(text, "mcg") && !strings.Contains(text, "µg") && !strings.Contains(text, "ml") && !strings.Contains(text, "iu") && !strings.Contains(text, "grams") {
		// No unit of a dose: the regular expression, slow for its
		// word boundaries, need not run.
		return
	}
	for _, m := range dosedWord.FindAllStringSubmatch(text, -1) {
		if w := m[1]; !doseNouns.has(w) && !doseUnits.has(w) && !nlp.IsVerb(w) && !nlp.IsAdjective(w) {
			x.reg.add(w, kindDrug, strCue, false)
		}
	}
}

// doubleObjectDrugs give their first object the second ("prescribed me
// sertraline").
var doubleObjectDrugs = words("prescribe give")

// prescribedBy reads the one who put a patient on a drug: a doctor by
// title ("Dr. Oyelaran put me on sertraline") is the patient's doctor,
// whatever the clause's tense.
func (sc *sentCtx) prescribedBy(c *nlp.Clause, by, patient ref) {
	f := strings.Fields(strings.ToLower(by.name))
	if len(f) < 2 || f[0] != "dr." && f[0] != "dr" && f[0] != "doctor" {
		return
	}
	sc.fact(&clauseCtx{c: c, te: tensePresent}, by, patient, "DOCTOR_OF", tState, "{s} treats {o}", kindPerson, kindPerson)
}
