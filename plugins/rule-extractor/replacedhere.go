package main

// replacedHere reads a post left and its holder replaced in one sentence:
// "Quillary's chief executive, Ingunn Dahl, resigned on 2 May and was
// replaced by Sigvald Brekke". The one after "by" holds the post from
// the day it was left. Sentences after it are read by successor.
func (sc *sentCtx) replacedHere() {
	x := sc.u.x
	for ci := range sc.p.Clauses {
		c := &sc.p.Clauses[ci]
		if (c.Lemma != "succeed" && c.Lemma != "replace" || !c.Passive || !c.Obj.None()) && !electVerbs.has(c.Lemma) || c.Subj.Phrase < 0 {
			continue
		}
		if _, ok := sc.factual(ci); !ok {
			continue
		}
		var by ref
		for _, pp := range c.PPs {
			if pp.Prep == "by" && pp.Obj.Phrase >= 0 {
				by = sc.phraseRef(pp.Obj.Phrase, false)
			}
		}
		old := sc.phraseRef(c.Subj.Phrase, true)
		if o, b := sc.inPlaceOf(c); o.name != "" {
			// "…; Oddny Brekke was elected in her place".
			old, by = o, b
		}
		if old.name == "" || by.name == "" || x.sameName(old.name, by.name) || !sc.personish(by) {
			continue
		}
		for _, r := range sc.roles {
			if r.role != tEnd || !x.sameName(r.holder.name, old.name) {
				continue
			}
			cc := &clauseCtx{c: c, te: tensePast, date: sc.endOfRole(r)}
			sc.holdRole(cc, r, by, tStart, "{o} succeeded "+old.name+" as "+roleName(r)+" of {s}")
		}
	}
}
