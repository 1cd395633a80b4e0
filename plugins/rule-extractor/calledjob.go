package main

// calledJob reads a job noun named by "called" or "named" ("a nurse
// called Ysolde", "an accountant named Thorfinn Varga"): the name holds
// the job. Not in a predicate ("he is called Thorfinn") or after a
// possessor ("my nurse called"): "my GP named Dr. Holm" is read as a tie.
func (sc *sentCtx) calledJob(cc *clauseCtx, pi int) {
	p := &sc.p.Phrases[pi]
	toks := sc.toks
	if p.Name || p.PossEnd > p.PossStart || p.End+1 >= len(toks) || toks[p.End].lower != "called" && toks[p.End].lower != "named" || sc.predicateAt(p.End, pi) {
		return
	}
	head := toks[p.Head].lower
	if !isJobHead(head) || kinNouns.has(head) {
		return
	}
	e, ok := sc.nameAt[p.End+1]
	if !ok {
		return
	}
	r := sc.named(p.End+1, e)
	if r.name == "" || !personish(sc.kindOf(r)) {
		return
	}
	r.kind = kindPerson
	sc.fact(cc, r, ref{name: head, kind: kindOccupation, str: strPattern}, "HAS_JOB_TITLE", tState, "{s} is "+withArticle(head), kindPerson, kindOccupation)
}

// compName returns where the name a copula's complement pi gives
// starts and ends: the complement itself ("My dermatologist is Dr.
// Selim Kaya"), or the name after "called" or "named" ("Our new
// neighbour is a man called Thorfinn").
func (sc *sentCtx) compName(pi int) (start, end int, ok bool) {
	p := &sc.p.Phrases[pi]
	if e, ok := sc.nameAt[p.Start]; ok && e == p.End {
		return p.Start, e, true
	}
	if w := lowerAt(sc.toks, p.End); !p.Name && p.PossEnd == p.PossStart && (w == "called" || w == "named") {
		if e, ok := sc.nameAt[p.End+1]; ok && sc.nounKind(p.Head) == kindPerson {
			return p.End + 1, e, true
		}
	}
	return 0, 0, false
}
