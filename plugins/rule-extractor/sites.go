package main

// Sites of work: "is based at the Runcorn site", "transfers from Runcorn
// to our Ghent facility", "was moved to the Leeds office". One is based
// where one's site is (BASED_IN, as an organisation is based in a
// town): from the move's date at the site moved to, until then at the
// one left.

// siteNouns are the nouns of a place of work named by its town.
var siteNouns = words("site facility office plant depot laboratory lab warehouse hub factory works yard")

// siteVerbs place a person at a site.
var siteVerbs = map[string]temporal{"base": tState, "station": tState, "transfer": tStart, "move": tStart, "relocate": tStart, "post": tStart, "second": tStart, "reassign": tStart}

// siteMove reads clause ci of cc as a person placed at a site, and
// reports whether it did.
func (sc *sentCtx) siteMove(cc *clauseCtx, ci int) bool {
	c := &sc.p.Clauses[ci]
	role, ok := siteVerbs[c.Lemma]
	if !ok || c.Negated || c.Modal || !c.Obj.None() && !c.Passive {
		return false
	}
	subjs := sc.subjects(ci)
	if len(subjs) != 1 || !sc.personish(subjs[0]) {
		return false
	}
	type placed struct {
		place ref
		role  temporal
	}
	var out []placed
	site, ofOrg := false, false
	for _, pp := range c.PPs {
		if pp.Obj.Phrase < 0 || len(pp.Obj.Coord) > 0 {
			continue
		}
		r, isSite := sc.sitePlace(pp.Obj.Phrase)
		if r.name == "" {
			continue
		}
		site = site || isSite
		// "the Abu Dhabi office of Calloway Prentice": work at the
		// organisation too, which the frames read.
		ofOrg = ofOrg || isSite && lowerAt(sc.toks, sc.p.Phrases[pp.Obj.Phrase].End) == "of"
		switch {
		case pp.Prep == "from" && role == tStart:
			out = append(out, placed{r, tEnd})
		case pp.Prep == "to" && role == tStart, (pp.Prep == "at" || pp.Prep == "in") && role == tState:
			out = append(out, placed{r, role})
		}
	}
	if !site || len(out) == 0 {
		return false
	}
	dc := sc.dated(cc, c)
	for _, p := range out {
		text := "{s} is based at the {o} site"
		if p.role == tEnd {
			text = "{s} moved from the {o} site"
		}
		sc.fact(dc, subjs[0], p.place, "BASED_IN", p.role, text, kindPerson, kindLocation)
	}
	return !ofOrg
}

// sitePlace returns the town a phrase names a site by ("the Runcorn
// site", "our Ghent facility") and true, or a bare place's name and
// false ("from Runcorn"), or no one.
func (sc *sentCtx) sitePlace(pi int) (ref, bool) {
	p := &sc.p.Phrases[pi]
	if siteNouns.has(sc.toks[p.Head].lower) && p.Head == p.End-1 {
		s := p.Start + sc.detLen(p)
		if p.PossEnd > p.PossStart {
			s = p.PossEnd
		}
		if e, ok := sc.nameAt[s]; ok && e == p.Head {
			return ref{name: joinTokens(sc.toks[s:e]), kind: kindLocation, str: strCue}, true
		}
		return ref{}, false
	}
	if e, ok := sc.nameAt[p.Start]; ok && e == p.End && sc.kindOf(sc.named(p.Start, e)) == kindLocation {
		return sc.named(p.Start, e), false
	}
	return ref{}, false
}
