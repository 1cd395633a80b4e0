package main

import "github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"

// A patient's drug as the subject of a passive: "Oddny Berg's apixaban
// was stopped on 20 April", "his metformin was started in May", "her
// sertraline was increased to 100 mg". Whoever stopped it, the one whose
// drug it is stops taking it; a dose changed says it is still taken.

// possessedDrugRoles are what the passive verbs say of the drug.
var possessedDrugRoles = map[string]temporal{
	"stop": tEnd, "discontinue": tEnd, "cease": tEnd, "withdraw": tEnd, "halt": tEnd, "suspend": tEnd, "end": tEnd,
	"start": tStart, "begin": tStart, "initiate": tStart, "restart": tStart, "resume": tStart, "prescribe": tStart,
	"increase": tState, "reduce": tState, "lower": tState, "raise": tState, "double": tState, "halve": tState, "adjust": tState, "titrate": tState,
}

// possessedDrug reads such a clause and reports whether it was one.
func (sc *sentCtx) possessedDrug(cc *clauseCtx, ci int) bool {
	c := cc.c
	role, ok := possessedDrugRoles[c.Lemma]
	if !ok || !c.Passive || c.Particle != "" || c.Subj.Phrase < 0 || len(c.Subj.Coord) > 0 || c.Negated || c.Modal {
		return false
	}
	p := &sc.p.Phrases[c.Subj.Phrase]
	if p.PossEnd <= p.PossStart || p.Name || !sc.drugHead(p.Head) {
		return false
	}
	owner := sc.ownerOf(p)
	if owner.name == "" || owner.group != nil || !sc.personish(owner) {
		return false
	}
	drug := ref{name: sc.toks[p.Head].text, kind: kindDrug, str: strPattern}
	verb := sc.toks[c.Verb].lower
	dc := sc.dated(cc, c)
	if role == tState {
		// A dose changed on a day: the drug is taken now, since before.
		dc.te, dc.date = tensePresent, nil
	}
	sc.fact(dc, owner, drug, "TAKES_MEDICATION", role, "{s}'s {o} was "+verb, kindPerson, kindDrug)
	return true
}

// drugHead reports whether the noun at word i is a drug, to WordNet, by
// its stem or as the episode named it.
func (sc *sentCtx) drugHead(i int) bool {
	if sc.nounKind(i) == kindDrug {
		return true
	}
	e := sc.u.x.reg.get(sc.toks[i].text)
	return e != nil && e.kind == kindDrug
}

// drugVerbsOn are the verbs that put their object on a drug ("put me
// on", "started him on") or take it off one, with the role of each.
var drugVerbsOn = map[string]temporal{"put": tStart, "start": tStart, "take": tEnd}

// putOnBySomeone reads "they started me on apixaban", "they took him off
// warfarin" whose subject names no one: whoever did it, the object takes
// the drug from then, or no longer. It reports whether it did.
func (sc *sentCtx) putOnBySomeone(cc *clauseCtx, ci int) bool {
	c := cc.c
	role, ok := drugVerbsOn[c.Lemma]
	if !ok || c.Passive || c.Negated || c.Modal || c.Obj.None() || len(c.Obj.Coord) > 0 || len(sc.subjects(ci)) > 0 {
		return false
	}
	prep := "on"
	if role == tEnd {
		prep = "off"
	}
	patient := sc.phraseRef(c.Obj.Phrase, false)
	if patient.name == "" || !sc.personish(patient) {
		return false
	}
	for _, pp := range c.PPs {
		if pp.Prep != prep || pp.Obj.Phrase < 0 {
			continue
		}
		drug := sc.phraseRef(pp.Obj.Phrase, false)
		if drug.name == "" || sc.semKind(drug, pp.Obj.Phrase) != kindDrug && drug.kind != kindDrug {
			continue
		}
		drug.kind = kindDrug
		sc.fact(sc.dated(cc, c), patient, drug, "TAKES_MEDICATION", role, "{s} was "+nlp.Participle(c.Lemma)+" "+prep+" {o}", kindPerson, kindDrug)
		return true
	}
	return false
}
