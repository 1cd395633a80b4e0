package main

import "github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"

// Leases: "Harrowby Estates lets Unit 3 to Tessellate Ceramics", "Unit 3
// is let to Tessellate", "Tessellate leases Unit 3 from Harrowby": the
// tenant rents the place (RENTS) and the one who lets it is the tenant's
// landlord (LANDLORD_OF, as "Harrowby is Tessellate's landlord").

// letVerbs let a place to a tenant ("to"); rentVerbs take one from a
// landlord ("from").
var (
	letVerbs  = words("let lease rent sublet")
	rentVerbs = words("lease rent sublet")
)

// termStarts say when a term starts: "commencing on 1 May 2022".
var termStarts = words("commencing starting beginning effective")

// lease reads clause ci of cc as a lease, and reports whether it did.
func (sc *sentCtx) lease(cc *clauseCtx, ci int) bool {
	c := &sc.p.Clauses[ci]
	if c.Negated || c.Modal || cc.ended || !letVerbs.has(c.Lemma) && !rentVerbs.has(c.Lemma) {
		return false
	}
	var to, from, by int = -1, -1, -1
	for _, pp := range c.PPs {
		if pp.Obj.Phrase < 0 || len(pp.Obj.Coord) > 0 {
			continue
		}
		switch pp.Prep {
		case "to":
			to = pp.Obj.Phrase
		case "from":
			from = pp.Obj.Phrase
		case "by":
			by = pp.Obj.Phrase
		}
	}
	var place, tenant, landlord ref
	named := func(pi int) ref {
		if pi < 0 {
			return ref{}
		}
		if u := sc.unitIn(pi); u.name != "" {
			return u
		}
		if !sc.isName(pi) {
			return ref{}
		}
		return sc.phraseRef(pi, false)
	}
	switch {
	case c.Passive && c.Subj.Phrase >= 0 && to >= 0 && letVerbs.has(c.Lemma):
		// "Unit 3 is let to Tessellate (by Harrowby)".
		place, tenant, landlord = named(c.Subj.Phrase), sc.phraseRef(to, false), named(by)
	case !c.Passive && !c.Obj.None() && to >= 0 && letVerbs.has(c.Lemma):
		place, tenant, landlord = named(c.Obj.Phrase), sc.phraseRef(to, false), sc.subjectRef(c)
	case !c.Passive && c.Obj.None() && to >= 0 && letVerbs.has(c.Lemma):
		// "The Landlord lets to the Tenant Unit 7, Kaiveien 3": the
		// place after the tenant, the object moved behind it.
		k := sc.p.Phrases[to].End
		if numberedUnitAt(sc.toks, k) {
			place = ref{name: joinTokens(sc.toks[k : k+2]), kind: kindLocation, str: strCue}
		}
		tenant, landlord = sc.phraseRef(to, false), sc.subjectRef(c)
	case !c.Passive && !c.Obj.None() && rentVerbs.has(c.Lemma):
		place, tenant, landlord = named(c.Obj.Phrase), sc.subjectRef(c), named(from)
	default:
		return false
	}
	if place.name == "" || tenant.name == "" || sc.kindOf(place) == kindPerson {
		return false
	}
	pc := sc.dated(cc, c)
	if pc.date == nil {
		// "for a term of three years commencing on 1 May 2022": the
		// term's start is the lease's.
		for k := sc.clauseEnd(c); k < len(sc.toks); k++ {
			if termStarts.has(sc.toks[k].lower) {
				for i := range sc.dates {
					if d := &sc.dates[i]; d.start > k && d.start <= k+2 {
						pc.date = d
					}
				}
				break
			}
		}
	}
	verb := "rents"
	if c.Lemma == "lease" {
		verb = "leases"
	}
	sc.fact(pc, tenant, place, "RENTS", tState, "{s} "+verb+" {o}", kindNone, kindLocation)
	if landlord.name != "" && landlord.name != tenant.name {
		sc.fact(pc, landlord, tenant, "LANDLORD_OF", tState, "{s} is {o}'s landlord", kindNone, kindNone)
	}
	return true
}

// subjectRef is the one subject of clause c, or none.
func (sc *sentCtx) subjectRef(c *nlp.Clause) ref {
	if c.Subj.Phrase < 0 || len(c.Subj.Coord) > 0 {
		return ref{}
	}
	return sc.phraseRef(c.Subj.Phrase, true)
}
