package main

import (
	"slices"
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// Retirements that name no employer. "Osric retired in March after
// twenty years with Marlow Freight": the organisation the clause names
// is the one left. "Dr. Ines Hart, who headed Pellow Clinic for ten
// years, retired in January": with none named, the ties the episode
// gave the one who retires end then. Leaving one tie ends the others
// between the same two (resolve_facts.go, leaveable), so one fact per
// organisation does.

// retireVerbs end every tie of work without an object: "retired in
// June", "resigned last week", "I quit in February", "stepped down".
var retireVerbs = wordSet{"retire": {}, "resign": {}, "quit": {}, "step down": {}}

// dismissVerbs end every tie of work in the passive: "got fired in
// June", "was laid off last week".
var dismissVerbs = wordSet{"fire": {}, "sack": {}, "dismiss": {}, "lay off": {}, "let go": {}}

// tieClasses are the relations a retirement ends; the job title goes
// with the job.
var tieClasses = words("WORKS_AT PLAYS_FOR COACHES RUNS MEMBER_OF VOLUNTEERS_AT BOARD_MEMBER_OF HAS_JOB_TITLE CHAIRS HEADS LEADS MANAGES MANAGER_OF")

// tieKinds are the kinds of a tie's object, for naming it again when a
// retirement ends a tie of an earlier episode.
var tieKinds = map[string]kind{"WORKS_AT": kindOrg, "PLAYS_FOR": kindTeam, "COACHES": kindTeam, "HAS_JOB_TITLE": kindOccupation,
	"DOCTOR_OF": kindPerson, "THERAPIST_OF": kindPerson, "LAWYER_OF": kindPerson, "DENTIST_OF": kindPerson}

// serviceTies are the ties of a professional to the people they serve,
// which the professional's retirement ends: "my GP, Dr. Hallworth,
// retired".
var serviceTies = words("DOCTOR_OF THERAPIST_OF LAWYER_OF DENTIST_OF")

// endsWithWork reports whether a relation is one a retirement or a
// resignation of its source ends.
func endsWithWork(rel string) bool { return tieClasses.has(rel) || serviceTies.has(rel) }

// retirement emits the ends of subj's ties a retirement clause implies,
// and reports whether it found one.
func (sc *sentCtx) retirement(cc *clauseCtx, subj ref, verb string) bool {
	c := cc.c
	if cc.span == nil {
		// "After six years at Pellow Clinic, Ines retired in May",
		// "retired in July after 31 years at Kinloch": the tie began
		// that long before it ended.
		if t := sc.lastedSpan(); t != nil {
			cc2 := *cc
			cc2.span = t
			cc = &cc2
		}
	}
	// The words up to the next clause's verb: a date or "after eight
	// seasons" may stand between the verb and the name.
	limit := len(sc.toks)
	for _, o := range sc.p.Clauses {
		if o.VerbStart > c.VerbEnd && o.VerbStart < limit {
			limit = o.VerbStart
		}
	}
	// From the sentence's start: "after six years at Pellow Clinic, Ines
	// retired" names the organisation before the verb.
	for k0 := 0; k0+1 < limit; k0++ {
		if l := sc.toks[k0].lower; l != "with" && l != "at" && l != "from" && l != "for" {
			continue
		}
		r := sc.nameAfter(k0)
		if r.name == "" {
			continue
		}
		k := sc.semKind(r, -1)
		if k != kindOrg && k != kindPerson {
			// "after 31 years at Kinloch" in a text about Kinloch Primary
			// School: the organisation by its first word.
			if e := sc.u.x.reg.orgLedBy(r.name); e != nil {
				r, k = ref{name: e.name, kind: kindOrg, str: strPattern}, kindOrg
			}
		}
		if k == kindOrg && teamName(r.name) && sc.toks[k0].lower != "at" {
			// One plays for a team and works at an organisation.
			k = kindTeam
		}
		if rel := sc.u.x.tieWith(subj.name, r.name); rel != "" {
			// The tie the episode told ("I used to work at Kelder
			// Tools, but I quit"), and a job an aside of the sentence
			// told ("Oriol Vidal, head of sales at Brightwater, retired").
			sc.fact(cc, subj, r, rel, tEnd, retiredText(rel, verb), kindPerson, tieKinds[rel])
			sc.endJobsToldNow(cc, subj, verb)
			return true
		}
		switch k {
		case kindTeam:
			if verb == quitMembership {
				sc.fact(cc, subj, r, "MEMBER_OF", tEnd, retiredText("MEMBER_OF", verb), kindPerson, kindOrg)
				return true
			}
			sc.fact(cc, subj, r, "PLAYS_FOR", tEnd, retiredText("PLAYS_FOR", verb), kindPerson, kindTeam)
			return true
		case kindOrg, kindSchool:
			rel := "WORKS_AT"
			if verb == quitMembership {
				rel = "MEMBER_OF"
			}
			sc.fact(cc, subj, r, rel, tEnd, retiredText(rel, verb), kindPerson, kindOrg)
			return true
		}
	}
	x := sc.u.x
	key := x.reg.key(subj.name)
	seen := map[string]bool{}
	var ties []fact
	// asides are the texts of the ties an aside of the sentence told
	// ("Our secretary, Nuala Brennan, will step down"), said in the past
	// for their end: "was a secretary at", not only "left".
	asides := map[string]string{}
	kept := x.facts[:0]
	for i, f := range x.facts {
		if x.reg.key(f.src) != key || !endsWithWork(f.rel) {
			kept = append(kept, f)
			continue
		}
		if rest, ok := strings.CutPrefix(f.tmpl, "{s} is "); ok && f.rel == "WORKS_AT" && sc.toldNow(i, f) {
			asides[f.dst] = "{s} was " + rest
		}
		if !seen[f.dst] {
			seen[f.dst] = true
			ties = append(ties, f)
		}
		// A past tense ended the tie when it was told ("who ran the
		// clinic"), or an aside of the sentence said it in the present
		// ("Oriol Vidal, head of sales at Brightwater, retired"); the
		// retirement says when it ended: it replaces that tie.
		if !(f.valid.IsZero() && f.invalid.Equal(x.ref)) && !sc.toldNow(i, f) {
			kept = append(kept, f)
		}
	}
	x.facts = kept
	if len(ties) == 0 {
		ties = x.previousTies(subj.name)
	}
	for _, f := range ties {
		who := subj
		if f.src != "" && x.reg.key(f.src) != key {
			// Told before by the full name.
			who = ref{name: f.src, kind: kindPerson, str: strPattern}
		}
		text := retiredText(f.rel, verb)
		if a, ok := asides[f.dst]; ok && text == "{s} left {o}" {
			text = a
		}
		k := tieKinds[f.rel]
		if f.rel == "COACHES" && x.typedPerson(f.dst) {
			// A coach of a swimmer, not of a team: the one coached
			// stays a person.
			k, text = kindPerson, "{s} no longer coaches {o}"
		}
		sc.fact(cc, who, ref{name: f.dst, kind: k, str: strPattern}, f.rel, tEnd, text, kindPerson, k)
	}
	// An office the subject holds ("Graham Oyinlola, treasurer since
	// 2019, resigned"): the organisation's title ends with it, unless
	// a retirement from another organisation was named.
	var offices []fact
	if verb != quitMembership {
		kept := x.facts[:0]
		for i, f := range x.facts {
			if x.reg.key(f.dst) != key || !officeRelation(f.rel) || !f.invalid.IsZero() || slices.ContainsFunc(ties, func(t fact) bool { return x.reg.key(t.dst) != x.reg.key(f.src) && t.rel != "HAS_JOB_TITLE" }) {
				kept = append(kept, f)
				continue
			}
			offices = append(offices, f)
			if !sc.toldNow(i, f) {
				kept = append(kept, f)
			}
		}
		x.facts = kept
	}
	if len(ties) == 0 && len(offices) == 0 && verb != quitMembership {
		// "Sigvald is the new treasurer; Ingunn stepped down": the
		// office the new holder takes.
		if f, ok := sc.newHolderBefore(subj); ok {
			offices = append(offices, f)
		}
	}
	for _, f := range offices {
		title := strings.ToLower(strings.ReplaceAll(strings.TrimPrefix(f.rel, "HAS_"), "_", " "))
		sc.fact(cc, ref{name: f.src, kind: kindOrg, str: strPattern}, subj, f.rel, tEnd, "{o} is no longer the "+title+" of {s}", kindOrg, kindPerson)
	}
	return len(ties) > 0 || len(offices) > 0
}

// tieJustTold reports whether this sentence or the one before told a tie
// of work of subj as over: what "left" with no object then dates ("Siri
// Dahl coached Harbour Rovers for six seasons, but she left in May"). A
// tie told in the present is not what "she left at noon" ends.
func (sc *sentCtx) tieJustTold(subj ref) bool {
	x := sc.u.x
	key := x.reg.key(subj.name)
	for i := min(sc.u.told[0], sc.first); i < len(x.facts); i++ {
		if f := x.facts[i]; endsWithWork(f.rel) && !f.invalid.IsZero() && x.reg.key(f.src) == key {
			return true
		}
	}
	return false
}

// endJobsToldNow ends the job titles of subj an aside of the sentence
// told in the present.
func (sc *sentCtx) endJobsToldNow(cc *clauseCtx, subj ref, verb string) {
	x := sc.u.x
	var jobs []fact
	kept := x.facts[:0]
	for i, f := range x.facts {
		if f.rel == "HAS_JOB_TITLE" && x.reg.key(f.src) == x.reg.key(subj.name) && sc.toldNow(i, f) {
			jobs = append(jobs, f)
			continue
		}
		kept = append(kept, f)
	}
	x.facts = kept
	for _, f := range jobs {
		sc.fact(cc, subj, ref{name: f.dst, kind: kindOccupation, str: strPattern}, f.rel, tEnd, retiredText(f.rel, verb), kindPerson, kindOccupation)
	}
}

// toldNow reports whether x.facts[i] was told by an aside of the
// sentence being read, in the present: a post the sentence's own verb
// then ends.
func (sc *sentCtx) toldNow(i int, f fact) bool {
	return i >= sc.first && f.valid.Equal(sc.u.x.ref) && f.invalid.IsZero()
}

// officeRelation reports whether rel ties an organisation to the holder
// of one of its offices (HAS_TREASURER, HAS_CEO).
func officeRelation(rel string) bool {
	if !strings.HasPrefix(rel, "HAS_") {
		return false
	}
	for _, canon := range titles {
		if rel == titleRelation(canon) {
			return true
		}
	}
	return false
}

// tieWith returns the relation of a tie of work the episode gave src
// with dst, or "".
func (x *extraction) tieWith(src, dst string) string {
	sk, dk := x.reg.key(src), x.reg.key(dst)
	for _, f := range x.facts {
		if tieClasses.has(f.rel) && x.reg.key(f.src) == sk && x.reg.key(f.dst) == dk {
			return f.rel
		}
	}
	return ""
}

// retiredText is the text of a tie a retirement ended.
func retiredText(rel, verb string) string {
	switch {
	case rel == "HAS_JOB_TITLE":
		return "{s} is no longer {o}"
	case rel == "MANAGER_OF":
		return "{s} is no longer {o}'s manager"
	case serviceTies.has(rel):
		return "{s} is no longer {o}'s " + strings.ToLower(strings.TrimSuffix(rel, "_OF"))
	case verb == "retire":
		return "{s} retired from {o}"
	case dismissVerbs.has(verb):
		return "{s} was dismissed from {o}"
	}
	return "{s} left {o}"
}

// coupleClasses are the relations of a couple.
var coupleClasses = words("PARTNER_OF IS_DATING ENGAGED_TO MARRIED_TO")

// partnerOf returns the one person the episode, else the previous ones,
// gave name as partner (dating, engaged or married, not ended), or "".
func (x *extraction) partnerOf(name string) string {
	key := x.reg.key(name)
	other := func(src, dst string) string {
		switch {
		case x.reg.key(src) == key:
			return dst
		case x.reg.key(dst) == key:
			return src
		}
		return ""
	}
	var found []string
	add := func(p string) {
		if p != "" && !slices.ContainsFunc(found, func(f string) bool { return x.reg.key(f) == x.reg.key(p) }) {
			found = append(found, p)
		}
	}
	for _, f := range x.facts {
		if coupleClasses.has(f.rel) && f.invalid.IsZero() {
			add(other(f.src, f.dst))
		}
	}
	if len(found) == 0 {
		for _, f := range x.previousFacts() {
			if coupleClasses.has(f.Relation) && f.InvalidAt == "" {
				add(other(f.Source, f.Target))
			}
		}
	}
	if len(found) != 1 {
		return ""
	}
	return found[0]
}

// coupleOf returns the one partner the episode, else the previous ones,
// gave name as a couple tie still holding, and that tie's relation; ""
// when there is none or more than one. A first name said alone is the
// full name it begins ("Rosa" for "Rosa Hägglund").
func (x *extraction) coupleOf(name string) (string, string) {
	is := func(n string) bool { return x.reg.key(n) == x.reg.key(name) || beginsName(name, n) }
	partner, rel, n := "", "", 0
	note := func(src, dst, r string) {
		p := ""
		switch {
		case is(src):
			p = dst
		case is(dst):
			p = src
		default:
			return
		}
		if partner == "" || x.reg.key(p) != x.reg.key(partner) {
			partner, rel, n = p, r, n+1
		}
	}
	for _, f := range x.facts {
		if coupleClasses.has(f.rel) && f.invalid.IsZero() {
			note(f.src, f.dst, f.rel)
		}
	}
	if n == 0 {
		for _, f := range x.previousFacts() {
			if coupleClasses.has(f.Relation) && f.InvalidAt == "" {
				note(f.Source, f.Target, f.Relation)
			}
		}
	}
	if n != 1 {
		return "", ""
	}
	return partner, rel
}

// previousFacts returns the facts of the previous episodes, each
// extracted alone, on first need.
func (x *extraction) previousFacts() []abi.ExtractedFact {
	if x.prevFactsRead {
		return x.prevFacts
	}
	x.prevFactsRead = true
	for _, ep := range x.previous {
		if resp, d, err := extractDescribed(abi.ExtractRequest{Episode: ep}); err == nil {
			x.prevFacts = append(x.prevFacts, resp.Facts...)
			for _, e := range resp.Entities {
				if x.prevTypes == nil {
					x.prevTypes = map[string]string{}
				}
				x.prevTypes[x.reg.key(e.Name)] = e.Type
			}
			for noun, name := range d {
				if x.prevDescribed == nil {
					x.prevDescribed = map[string]string{}
				}
				x.prevDescribed[noun] = name
			}
		}
	}
	return x.prevFacts
}

// previousTies returns the ties of work that the previous episodes gave
// name and did not end: "I work at Borealis" … "I quit in February".
// The previous episodes are extracted only then, without their own
// previous ones.
func (x *extraction) previousTies(name string) []fact {
	if len(x.previous) == 0 {
		return nil
	}
	open := x.previousOpen(func(f abi.ExtractedFact) bool {
		// "Dr. Vlad retired" after "Dr. Corina Vlad, his paediatrician":
		// a title and the surname are the full name.
		return x.sameHolder(name, f.Source) && endsWithWork(f.Relation)
	}, func(f abi.ExtractedFact) string { return f.Relation + "\x00" + f.Target })
	if len(open) == 0 && !strings.Contains(name, " ") {
		// "Pieter retired" after "My manager is Pieter van Rooyen":
		// the one person of the previous episodes with that first name.
		full := ""
		open = x.previousOpen(func(f abi.ExtractedFact) bool {
			first, _, more := strings.Cut(f.Source, " ")
			if !more || !strings.EqualFold(first, name) || !endsWithWork(f.Relation) {
				return false
			}
			if full == "" {
				full = f.Source
			}
			return x.reg.key(f.Source) == x.reg.key(full)
		}, func(f abi.ExtractedFact) string { return f.Relation + "\x00" + f.Target })
		if full != "" && x.previousFullNames(name) > 1 {
			open = nil
		}
	}
	ties := make([]fact, 0, len(open))
	for _, f := range open {
		ties = append(ties, fact{src: f.Source, dst: f.Target, rel: f.Relation})
	}
	return ties
}

// previousFullNames counts the full names of the previous episodes'
// facts whose first word is first.
func (x *extraction) previousFullNames(first string) int {
	seen := map[string]bool{}
	for _, f := range x.previousFacts() {
		for _, n := range []string{f.Source, f.Target} {
			if w, _, more := strings.Cut(n, " "); more && strings.EqualFold(w, first) {
				seen[x.reg.key(n)] = true
			}
		}
	}
	return len(seen)
}

// previousOpen returns the facts of the previous episodes that keep
// takes and that no later one of them ended, one for each id, in the
// order they were told.
func (x *extraction) previousOpen(keep func(abi.ExtractedFact) bool, id func(abi.ExtractedFact) string) []abi.ExtractedFact {
	var open []abi.ExtractedFact
	for _, f := range x.previousFacts() {
		if !keep(f) {
			continue
		}
		at := slices.IndexFunc(open, func(o abi.ExtractedFact) bool { return id(o) == id(f) })
		switch {
		case f.InvalidAt != "" && at >= 0:
			open = slices.Delete(open, at, at+1)
		case f.InvalidAt == "" && at < 0:
			open = append(open, f)
		}
	}
	return open
}

// lastedSpan returns the sentence's "after six years at …", or nil.
func (sc *sentCtx) lastedSpan() *dateExpr {
	for k := range sc.dates {
		if sc.dates[k].lasted {
			return &sc.dates[k]
		}
	}
	return nil
}

// nameAfter returns the name right after the preposition at word k, past
// a "the" ("with the Ulaanbaatar Night Runners"), or no one.
func (sc *sentCtx) nameAfter(k int) ref {
	at := k + 1
	if lowerAt(sc.toks, at) == "the" {
		at++
	}
	e, ok := sc.nameAt[at]
	if !ok {
		return ref{}
	}
	return sc.named(at, e)
}

// partings are the idioms of leaving a tie: the verb and its object.
var partings = map[string]string{"part": "way company", "cut": "tie"}

// partedWith returns the organisation of "parted ways with X", "parted
// company with X", "cut ties with X", or no one: a person so left is a
// tie of another kind.
func (sc *sentCtx) partedWith(c *nlp.Clause) ref {
	objs, ok := partings[c.Lemma]
	if !ok || c.Passive || c.Negated || c.Modal || c.Obj.Phrase < 0 || !slices.Contains(strings.Fields(objs), sc.headWord(c.Obj.Phrase)) {
		return ref{}
	}
	for _, pp := range c.PPs {
		if pp.Prep != "with" || pp.Obj.Phrase < 0 {
			continue
		}
		org := sc.phraseRef(pp.Obj.Phrase, false)
		first, _, _ := strings.Cut(strings.ToLower(org.name), " ")
		if org.name == "" || org.det != "" || firstNames.has(first) || givenNameGender(org.name) != 0 || sc.kindOf(org) == kindLocation {
			return ref{}
		}
		return org
	}
	return ref{}
}

// typedPerson reports whether the episode or an extraction of the
// previous ones typed name as a person.
func (x *extraction) typedPerson(name string) bool {
	if e := x.reg.get(name); e != nil && e.kind != kindNone {
		return e.kind == kindPerson
	}
	x.previousFacts()
	return x.prevTypes[x.reg.key(name)] == "Person"
}
