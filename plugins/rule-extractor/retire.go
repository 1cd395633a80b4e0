package main

// Retirements that name no employer. "Osric retired in March after
// twenty years with Marlow Freight": the organisation the clause names
// is the one left. "Dr. Ines Hart, who headed Pellow Clinic for ten
// years, retired in January": with none named, the ties the episode
// gave the one who retires end then. Leaving one tie ends the others
// between the same two (resolve_facts.go, leaveable), so one fact per
// organisation does.

// retireVerbs end every tie of work without an object.
var retireVerbs = words("retire")

// tieClasses are the relations a retirement ends.
var tieClasses = words("WORKS_AT PLAYS_FOR COACHES RUNS MEMBER_OF VOLUNTEERS_AT BOARD_MEMBER_OF")

// retirement emits the ends of subj's ties a retirement clause implies,
// and reports whether it found one.
func (sc *sentCtx) retirement(cc *clauseCtx, subj ref) bool {
	c := cc.c
	// The words up to the next clause's verb: a date or "after eight
	// seasons" may stand between the verb and the name.
	limit := len(sc.toks)
	for _, o := range sc.p.Clauses {
		if o.VerbStart > c.VerbEnd && o.VerbStart < limit {
			limit = o.VerbStart
		}
	}
	for k := c.VerbEnd; k+1 < limit; k++ {
		if l := sc.toks[k].lower; l != "with" && l != "at" && l != "from" && l != "for" {
			continue
		}
		e, ok := sc.nameAt[k+1]
		if !ok {
			continue
		}
		r := sc.named(k+1, e)
		if r.name == "" {
			continue
		}
		k := sc.semKind(r, -1)
		if k == kindOrg && teamName(r.name) {
			k = kindTeam
		}
		switch k {
		case kindTeam:
			sc.fact(cc, subj, r, "PLAYS_FOR", tEnd, "{s} retired from {o}", kindPerson, kindTeam)
			return true
		case kindOrg, kindSchool:
			sc.fact(cc, subj, r, "WORKS_AT", tEnd, "{s} retired from {o}", kindPerson, kindOrg)
			return true
		}
	}
	x := sc.u.x
	key := x.reg.key(subj.name)
	seen := map[string]bool{}
	var ties []fact
	kept := x.facts[:0]
	for _, f := range x.facts {
		if x.reg.key(f.src) != key || !tieClasses.has(f.rel) {
			kept = append(kept, f)
			continue
		}
		if !seen[f.dst] {
			seen[f.dst] = true
			ties = append(ties, f)
		}
		// A past tense ended the tie when it was told ("who ran the
		// clinic"); the retirement says when: it replaces that end.
		if !(f.valid.IsZero() && f.invalid.Equal(x.ref)) {
			kept = append(kept, f)
		}
	}
	x.facts = kept
	for _, f := range ties {
		sc.fact(cc, subj, ref{name: f.dst, str: strPattern}, f.rel, tEnd, "{s} retired from {o}", kindPerson, kindNone)
	}
	return len(ties) > 0
}
