package main

// Records written as text, and ages: fields of a ticket, an order or an
// account named in prose, and "X is 34".

import (
	"slices"
	"strconv"
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// fieldNouns name a field of a record (a ticket, an order, an account):
// "the destination is now Oslo", "passenger Lior Ben-David".
var fieldNouns = words("destination origin status passenger traveller traveler owner assignee priority plan tier seat gate hotel airline carrier route customer agent")

// recordFields reads a record written as text: "Ticket TK-55812:
// passenger Lior Ben-David, flight from Tel Aviv to Reykjavík" and "the
// destination is now Oslo". The record is the identifier the sentence, or
// the utterance before it, names.
func (sc *sentCtx) recordFields() {
	rec := sc.lastIdentifier()
	if rec.name == "" {
		return
	}
	cc := &clauseCtx{date: nil}
	sc.ticketFields(cc, rec)
	// Fields follow a colon ("Ticket TK-55812: passenger …") or the
	// record's identifier in the sentence ("Booking BK-7781 is for Ana
	// Berg, from Oslo to Rome").
	colon := -1
	for i, t := range sc.toks {
		if t.text == ":" {
			colon = i
			break
		}
		if r, end, ok := sc.identifier(i); ok && sameRecord(r.name, rec.name) {
			colon = end - 1
			break
		}
	}
	for pi, p := range sc.p.Phrases {
		if colon < 0 || p.Start <= colon {
			continue
		}
		// "passenger Lior Ben-David": a field noun, then its value.
		if k := p.Start + sc.detLen(&sc.p.Phrases[pi]); k < p.End && fieldNouns.has(sc.toks[k].lower) {
			if e, ok := sc.nameAt[k+1]; ok && e == p.End {
				f := sc.toks[k].lower
				sc.fact(cc, rec, sc.named(k+1, e), strings.ToUpper(f), tState, "{s} "+f+" {o}", kindIdentifier, kindNone)
				continue
			}
		}
		// "flight from Tel Aviv to Reykjavík", "for Ana Berg, from Oslo
		// to Rome".
		if p.Name && p.Start > 0 && sc.toks[p.Start-1].text == "," && lowerAt(sc.toks, p.End) == "to" {
			// "for passenger Harold Bexley, Manchester to Faro": a
			// route set off by commas.
			if to := sc.p.PhraseAt(p.End + 1); to >= 0 && sc.p.Phrases[to].Name {
				o, d := sc.phraseRef(pi, false), sc.phraseRef(to, false)
				if o.name != "" && d.name != "" {
					sc.fact(cc, rec, o, "ORIGIN", tState, "{s} goes from {o}", kindIdentifier, kindLocation)
					sc.fact(cc, rec, d, "DESTINATION", tState, "{s} goes to {o}", kindIdentifier, kindLocation)
					continue
				}
			}
		}
		at := p.End
		if lowerAt(sc.toks, at) == "," {
			at++
		}
		if lowerAt(sc.toks, at) == "from" {
			from := sc.p.PhraseAt(at + 1)
			if from < 0 || lowerAt(sc.toks, sc.p.Phrases[from].End) != "to" {
				continue
			}
			to := sc.p.PhraseAt(sc.p.Phrases[from].End + 1)
			if to < 0 {
				continue
			}
			noun := sc.headWord(pi)
			if p.Name || nameHead(sc, pi) {
				// "for Thorfinn Aas, from Oslo to Reykjavik": a name is
				// no noun of the route.
				noun = "goes"
			}
			if o := sc.phraseRef(from, false); o.name != "" {
				sc.fact(cc, rec, o, "ORIGIN", tState, "{s} "+noun+" from {o}", kindIdentifier, kindLocation)
			}
			if d := sc.phraseRef(to, false); d.name != "" {
				sc.fact(cc, rec, d, "DESTINATION", tState, "{s} "+noun+" to {o}", kindIdentifier, kindLocation)
			}
		}
	}
	// "the destination is now Oslo".
	for ci := range sc.p.Clauses {
		c := &sc.p.Clauses[ci]
		if sc.changedField(c, rec) || sc.recordFor(c, rec) {
			continue
		}
		if c.Lemma != "be" || c.Subj.Phrase < 0 || c.Comp.None() || c.Negated || c.Modal {
			continue
		}
		sp := &sc.p.Phrases[c.Subj.Phrase]
		f := sc.headWord(c.Subj.Phrase)
		if !fieldNouns.has(f) || sp.Head != sp.End-1 || sc.toks[sp.Start].lower != "the" {
			continue
		}
		if v := sc.phraseRef(c.Comp.Phrase, false); v.name != "" {
			sc.fact(&clauseCtx{c: c, date: sc.nearestDate(c.VerbStart, sc.clauseEnd(c))}, rec, v, strings.ToUpper(f), tState, "{s} "+f+" is {o}", kindIdentifier, kindNone)
		}
	}
}

// fieldChangers set a record's field anew: "change the
// destination on TK-5512 to Madrid".
var fieldChangers = words("change update switch move set correct")

// changedField reads a field of the record changed, and reports
// whether the clause was one: "please change the destination on ticket
// TK-5512 to Madrid", "update the passenger to Ola Nord". The new one
// holds from the clause's date.
func (sc *sentCtx) changedField(c *nlp.Clause, rec ref) bool {
	if !fieldChangers.has(c.Lemma) || c.Obj.None() || c.Negated || c.Passive {
		return false
	}
	f := sc.headWord(c.Obj.Phrase)
	if !fieldNouns.has(f) {
		return false
	}
	for _, pp := range c.PPs {
		if pp.Prep != "to" || pp.Obj.Phrase < 0 {
			continue
		}
		v := sc.phraseRef(pp.Obj.Phrase, false)
		if v.name == "" || v.name == rec.name {
			return false
		}
		cc := &clauseCtx{c: c, date: sc.nearestDate(c.VerbStart, sc.clauseEnd(c))}
		sc.fact(cc, rec, v, strings.ToUpper(f), tStart, "{s} "+f+" is {o}", kindIdentifier, kindNone)
		return true
	}
	return false
}

// sameRecord reports whether two names of records name one: "TK-5512"
// and "Ticket TK-5512".
func sameRecord(a, b string) bool {
	a, b = strings.ToLower(a), strings.ToLower(b)
	return a == b || strings.HasSuffix(a, " "+b) || strings.HasSuffix(b, " "+a)
}

// travelRecords are the records of a trip, which are for a passenger.
var travelRecords = words("ticket tickets booking bookings reservation flight trip itinerary")

// recordFor reads a travel record said to be for a person, and reports
// whether the clause was one: "Booking BK-7781 is for Ana Berg".
func (sc *sentCtx) recordFor(c *nlp.Clause, rec ref) bool {
	if c.Lemma != "be" || c.Negated || c.Subj.Phrase < 0 || !c.Comp.None() {
		return false
	}
	sp := &sc.p.Phrases[c.Subj.Phrase]
	if r, _, ok := sc.identifier(sp.Start); !ok || !sameRecord(r.name, rec.name) || !travelRecords.has(sc.toks[sp.Start].lower) {
		return false
	}
	for _, pp := range c.PPs {
		if pp.Prep != "for" {
			continue
		}
		for _, pi := range pp.Obj.All() {
			if who := sc.phraseRef(pi, false); who.name != "" && sc.personish(who) {
				sc.fact(&clauseCtx{c: c}, rec, who, "PASSENGER", tState, "{s} passenger {o}", kindIdentifier, kindPerson)
			}
		}
		return true
	}
	return false
}

// lastIdentifier is the last identifier named in the utterance so far.
func (sc *sentCtx) lastIdentifier() ref {
	u := sc.u
	for i := len(u.mentions) - 1; i >= 0; i-- {
		if e := u.x.reg.get(u.mentions[i].name); e != nil && e.kind == kindIdentifier {
			return ref{name: e.name, kind: kindIdentifier, str: strCue}
		}
	}
	for i := range sc.toks {
		if r, _, ok := sc.identifier(i); ok {
			return r
		}
	}
	return ref{}
}

// turnedAge reads an age reached: "Elena turned 70 last week", "I'll
// turn 40 in May". The age holds from then.
func (sc *sentCtx) turnedAge(cc *clauseCtx, subj ref) bool {
	c := cc.c
	if c.Lemma != "turn" || c.Particle != "" || c.Passive || c.Obj.None() || len(c.Obj.All()) > 1 || !sc.personish(subj) {
		return false
	}
	p := &sc.p.Phrases[c.Obj.Phrase]
	n := p.Start
	if sc.p.Tags[n] != "CD" || p.End != n+1 {
		return false
	}
	v, _, ok := ageNumber(sc.toks[n].lower)
	if !ok || v < 2 || v > 120 {
		return false
	}
	sc.fact(cc, subj, ref{name: sc.toks[n].text, kind: kindNone, str: strPattern}, "HAS_AGE", tStart, "{s} turned {o}", kindPerson, kindNone)
	return true
}

// age reads a person's age said with "be" and a number: "I'm 29", "he's
// 18 years old", "when I was eight" (an age held then, ended now). The
// age is an entity named by the number as said, so that a later age
// ends it (HAS_AGE holds one at a time).
func (sc *sentCtx) age(cc *clauseCtx, subj ref) bool {
	c := cc.c
	pi := c.Comp.Phrase
	if pi < 0 || len(c.Comp.All()) > 1 || !sc.personish(subj) {
		return false
	}
	p := &sc.p.Phrases[pi]
	n := p.Start
	if sc.p.Tags[n] != "CD" {
		return false
	}
	v, spelled, ok := ageNumber(sc.toks[n].lower)
	if !ok || v < 1 || v > 120 || spelled && v < 2 {
		return false
	}
	// Nothing after the number but "years old" or "year old".
	rest := sc.toks[n+1 : p.End]
	if len(rest) > 0 && !(len(rest) == 1 && (rest[0].lower == "years" || rest[0].lower == "year") && lowerAt(sc.toks, p.End) == "old") {
		return false
	}
	if len(rest) == 0 && (p.End != n+1 || len(c.PPs) > 0) {
		return false
	}
	sc.fact(cc, subj, ref{name: sc.toks[n].text, kind: kindNone, str: strPattern}, "HAS_AGE", tState, "{s} "+sc.copulaWord(cc, c)+" {o}", kindPerson, kindNone)
	return true
}

// ageBefore reads an age said before the noun a person is ("Alice is a
// 30-year-old nurse"): toks[from:to] holds the noun's modifiers.
func (sc *sentCtx) ageBefore(cc *clauseCtx, subj ref, from, to int) {
	for i := from; i < to; i++ {
		if nlp.IsAgeModifier(sc.toks[i].lower) && sc.personish(subj) {
			n, _, _ := strings.Cut(sc.toks[i].text, "-")
			sc.fact(cc, subj, ref{name: n, kind: kindNone, str: strPattern}, "HAS_AGE", tState, "{s} "+sc.copulaWord(cc, cc.c)+" {o}", kindPerson, kindNone)
		}
	}
}

// ageNumber reads a number said as a word ("eight") or in digits ("29");
// spelled tells which.
func ageNumber(w string) (v int, spelled, ok bool) {
	if v, ok := nlp.SpelledNumber(w); ok {
		return v, true, true
	}
	if w == "one" {
		return 1, true, true
	}
	if !isNumber(w) {
		return 0, false, false
	}
	v, err := strconv.Atoi(w)
	return v, false, err == nil
}

// handlerNouns name who handles a case, as a record's field: "Owner
// changed from A to B".
var handlerNouns = words("owner assignee handler agent")

// changeVerbs change a field's value "from" one "to" another.
var changeVerbs = words("change switch update move")

// assignedThing returns the case a clause of assigning assigns: its
// object, or its subject in the passive ("Ticket reassigned from A to
// B", a note's participle read as the passive it stands for); a case
// named by its noun is the one the text named last by its code.
func (sc *sentCtx) assignedThing(c *nlp.Clause, subj ref) ref {
	thing, pi := subj, c.Subj.Phrase
	passive := c.Passive || c.Obj.None() && c.Past && c.VerbStart == c.Verb && pi >= 0 && c.SubjFrom == nlp.SubjOwn
	if !passive {
		if c.Obj.None() {
			return ref{}
		}
		pi = c.Obj.Phrase
		thing = sc.phraseRef(pi, false)
	}
	if pi < 0 || sc.kindOf(thing) != kindIdentifier && !caseNouns.has(sc.headWord(pi)) && sc.toks[sc.p.Phrases[pi].Head].lower != "it" {
		return ref{}
	}
	if sc.kindOf(thing) != kindIdentifier {
		return sc.lastCode()
	}
	return thing
}

// lastCode returns the record the text named last by its code, or none.
func (sc *sentCtx) lastCode() ref {
	if n := len(sc.u.codes); n > 0 {
		return ref{name: sc.u.codes[n-1], kind: kindIdentifier, str: strCue}
	}
	return ref{}
}

// caseNouns are the things a desk assigns to someone to handle.
var caseNouns = words("ticket case request issue incident order claim complaint query job task")

// assignment reads a ticket, a case or an order assigned to someone:
// "Ticket HD-60412 was assigned to Precious Mahlangu", "assigned it to
// Wendell Osei", "reassigned from Precious Mahlangu to Viktor Šimůnek".
// The one it is assigned to handles it from then, the one it is taken
// from no longer. It reports whether it read the clause.
func (sc *sentCtx) assignment(cc *clauseCtx, c *nlp.Clause, subj ref) bool {
	handlerChange := changeVerbs.has(c.Lemma) && c.Subj.Phrase >= 0 && c.SubjFrom == nlp.SubjOwn && handlerNouns.has(sc.headWord(c.Subj.Phrase)) && sc.p.Phrases[c.Subj.Phrase].PossEnd == sc.p.Phrases[c.Subj.Phrase].PossStart
	if c.Lemma != "assign" && c.Lemma != "reassign" && !handlerChange {
		return false
	}

	var thing ref
	if handlerChange {
		// "Owner changed from Mateusz Lis to Oriane Duval" in a
		// ticket's notes: the case's handler changes hands, as
		// "reassigned from … to …" says.
		thing = sc.lastCode()
	} else {
		thing = sc.assignedThing(c, subj)
	}
	if thing.name == "" {
		return false
	}
	read := false
	for _, pp := range c.PPs {
		if pp.Prep != "to" && pp.Prep != "from" || pp.Obj.Phrase < 0 {
			continue
		}
		p := sc.phraseRef(pp.Obj.Phrase, false)
		// A name after "to" is guessed a place; here it is whoever
		// handles the case: a person, or a team or a company.
		k := sc.kindOf(p)
		if p.name == "" || p.name == thing.name || k == kindIdentifier || k == kindDate || k == kindDrug || k == kindProduct {
			continue
		}
		if k != kindOrg && k != kindTeam {
			k = kindPerson
		}
		if pp.Prep == "from" {
			sc.fact(cc, thing, p, "ASSIGNED_TO", tEnd, "{s} is no longer assigned to {o}", kindIdentifier, k)
		} else {
			sc.fact(cc, thing, p, "ASSIGNED_TO", tStart, "{s} is assigned to {o}", kindIdentifier, k)
		}
		read = true
	}
	return read
}

// cancelled returns the phrase of what clause c cancels: its object, or
// its subject in the passive; -1 for none.
func cancelled(c *nlp.Clause) int {
	if c.Passive {
		return c.Subj.Phrase
	}
	return c.Obj.Phrase
}

// cancelVerbs end what a reference number stands for.
var cancelVerbs = words("cancel terminate end close")

// cancelByNumber reads "I cancelled FP-55170", "booking GE-4471 has been
// cancelled": the holder's tie to the number ends (the membership, the
// booking), whoever says it. It reports whether it read the clause.
func (sc *sentCtx) cancelByNumber(cc *clauseCtx, c *nlp.Clause) bool {
	if !cancelVerbs.has(c.Lemma) || c.Negated || c.Modal || cc.future {
		return false
	}
	pi := cancelled(c)
	if pi < 0 {
		return false
	}
	id := sc.phraseRef(pi, false)
	if f := strings.Fields(id.name); len(f) == 2 && idNouns.has(strings.ToLower(f[0])) && looksLikeID(f[1]) {
		// "Membership FP-55170 has been cancelled" opening a sentence.
		id = ref{name: f[1], kind: kindIdentifier, str: strCue}
	}
	if id.name == "" && c.Passive && c.Perfect && c.VerbStart > 0 {
		// "That's been cancelled" after "Please cancel FP-55170": the
		// number the request before asked to cancel.
		if w := sc.toks[c.VerbStart-1].lower; w == "that" || w == "it" || w == "this" {
			if code := sc.u.x.cancelAsked(); code != "" {
				id = ref{name: code, kind: kindIdentifier, str: strCue}
			}
		}
	}
	if id.name == "" || sc.kindOf(id) != kindIdentifier {
		return false
	}
	owner, rel := sc.u.x.identifierTie(id.name)
	if owner == "" {
		return false
	}
	sc.fact(cc, ref{name: owner, kind: kindPerson, str: strPattern}, id, rel, tEnd, "{s} no longer has {o}", kindPerson, kindIdentifier)
	if rel == "HAS_MEMBERSHIP" {
		// The membership was the holder's plan at the one organisation
		// they are a customer of: that ends with it.
		var open []abi.ExtractedFact
		for _, f := range sc.flightFacts() {
			if f.Relation == "CUSTOMER_OF" && f.InvalidAt == "" && sc.u.x.reg.key(f.Source) == sc.u.x.reg.key(owner) && !slices.ContainsFunc(open, func(g abi.ExtractedFact) bool { return g.Target == f.Target }) {
				open = append(open, f)
			}
		}
		if len(open) == 1 {
			sc.fact(cc, ref{name: owner, kind: kindPerson, str: strPattern}, ref{name: open[0].Target, kind: kindOrg, str: strPattern}, "CUSTOMER_OF", tEnd, "{s} no longer has a plan at {o}", kindPerson, kindOrg)
		}
	}
	return true
}

// cancelAsked returns the number the turn before asked to cancel
// ("Please cancel FP-55170"), in the last previous episode, or "".
func (x *extraction) cancelAsked() string {
	if len(x.previous) == 0 {
		return ""
	}
	toks := tokenize(x.previous[len(x.previous)-1].Content)
	for k, t := range toks {
		if t.lower != "cancel" {
			continue
		}
		for j := k + 1; j < len(toks) && j <= k+3; j++ {
			if looksLikeID(toks[j].text) {
				return toks[j].text
			}
		}
	}
	return ""
}

// discharged reads "Dad was discharged on Friday": the stay told before
// ends.
func (sc *sentCtx) discharged(cc *clauseCtx, c *nlp.Clause, subj ref) bool {
	if c.Lemma != "discharge" || !c.Passive || c.Negated || c.Modal || !onlyPPs(c, "on", "in", "at") {
		return false
	}
	return sc.endTold(cc, subj, "PATIENT_AT", "{s} was discharged from {o}")
}

// onlyPPs reports whether each prepositional phrase of c opens with one
// of preps (dates are no phrases).
func onlyPPs(c *nlp.Clause, preps ...string) bool {
	for _, pp := range c.PPs {
		if !slices.Contains(preps, pp.Prep) {
			return false
		}
	}
	return true
}

// endTold ends subj's open tie of relation rel that this episode or an
// earlier one told ("admitted to St Columba's" … "was discharged on
// Friday"), and reports whether there was one.
func (sc *sentCtx) endTold(cc *clauseCtx, subj ref, rel, text string) bool {
	x := sc.u.x
	if _, ok := kinship[strings.ToLower(subj.name)]; ok && sc.u.speaker != "" {
		// "Dad was discharged", the speaker's dad.
		subj = ref{name: sc.u.speaker + "'s " + strings.ToLower(subj.name)}
	}
	if owner, kin, ok := strings.Cut(subj.name, "'s "); ok {
		// "Dad was discharged": the father an earlier episode named.
		if named := x.namedKin(owner, kin); named != "" {
			subj = ref{name: named, kind: kindPerson, str: strPattern}
		}
	}
	k := x.reg.key(subj.name)
	is := func(name string) bool {
		// "Bernard" for the Bernard Quinlan told before.
		return x.reg.key(name) == k || !strings.Contains(subj.name, " ") && beginsName(subj.name, name)
	}
	src, dst := "", ""
	for _, f := range x.facts {
		if f.rel == rel && is(f.src) && f.invalid.IsZero() {
			src, dst = f.src, f.dst
		}
	}
	if dst == "" {
		for _, f := range x.previousFacts() {
			if f.Relation == rel && is(f.Source) && f.InvalidAt == "" {
				src, dst = f.Source, f.Target
			}
		}
	}
	if dst == "" {
		return false
	}
	sc.fact(cc, ref{name: src, kind: kindPerson, str: strPattern}, ref{name: dst, kind: kindOrg, str: strPattern}, rel, tEnd, text, kindPerson, kindOrg)
	return true
}

// namedKin returns the person this episode or an earlier one named as
// owner's kin ("Dad (Bernard Quinlan)": Bernard Quinlan is Róisín's
// dad), or "".
func (x *extraction) namedKin(owner, kin string) string {
	k, ok := kinship[strings.ToLower(kin)]
	if !ok || k.rel == "" {
		return ""
	}
	ok2 := x.reg.key(owner)
	for _, f := range x.facts {
		if f.rel == k.rel && x.reg.key(f.dst) == ok2 {
			return f.src
		}
	}
	for _, f := range x.previousFacts() {
		if f.Relation == k.rel && x.reg.key(f.Target) == ok2 {
			return f.Source
		}
	}
	return ""
}

// assignVerbs give a record to the one who handles it: "assigned to
// Mateusz Lis", "reassigned to Oriane Duval".
var assignVerbs = words("assign reassign allocate allot")

// recordPassive reads a participle with no subject after a record's
// identifier as what was done to the record: "Ticket HD-60412 — opened
// by Branwen Lloyd", "HD-60412: assigned to Mateusz Lis". Without it the
// participle was read as the speaker's, with "I" left out ("User was
// assigned to Mateusz Lis"). It reports whether it read one.
func (sc *sentCtx) recordPassive(cc *clauseCtx) bool {
	c := cc.c
	if c.SubjFrom != nlp.SubjNone || !c.Obj.None() || c.Negated || c.Modal || c.Verb < 0 {
		return false
	}
	if t := sc.p.Tags[c.Verb]; t != "VBN" && t != "VBD" || !strings.HasSuffix(sc.toks[c.Verb].lower, "ed") {
		return false
	}
	rec := ref{}
	for i := 0; i < c.VerbStart; i++ {
		if r, _, ok := sc.identifier(i); ok {
			rec = r
		}
	}
	if rec.name == "" && c.VerbStart == 0 {
		// "Assigned to: Mateusz Lis" opening a line of the record.
		rec = sc.lastIdentifier()
		if noun, id, ok := strings.Cut(rec.name, " "); ok && idNouns.has(strings.ToLower(noun)) && looksLikeID(id) {
			// "Ticket HD-60412": the record as its identifier names it.
			rec.name = id
		}
	}
	if rec.name == "" {
		return false
	}
	cc.left, cc.end = 0, sc.clauseEnd(c)
	cc.date = sc.nearestDate(cc.left, cc.end)
	said := sc.toks[c.Verb].lower
	type agent struct {
		prep string
		o    ref
	}
	var ags []agent
	if p := lowerAt(sc.toks, c.Verb+1); (p == "to" || p == "by") && lowerAt(sc.toks, c.Verb+2) == ":" {
		// A label: "Assigned to: Mateusz Lis".
		if e, ok := sc.nameAt[c.Verb+3]; ok {
			ags = append(ags, agent{p, sc.named(c.Verb+3, e)})
		}
	} else {
		for _, pp := range c.PPs {
			ags = append(ags, agent{pp.Prep, sc.phraseRef(pp.Obj.Phrase, false)})
		}
	}
	for _, a := range ags {
		pp, o := a, a.o
		if o.name == "" {
			continue
		}
		switch {
		case pp.prep == "by" && sc.personish(o):
			sc.fact(cc, o, rec, openRelation(c.Lemma, "", false), tEvent, "{s} "+said+" {o}", kindPerson, kindIdentifier)
			return true
		case pp.prep == "to" && assignVerbs.has(c.Lemma) && (sc.personish(o) || personLike(o.name)):
			// Given then, and still: the past is the participle's.
			now := *cc
			now.te, now.ended = tensePast, false
			sc.fact(&now, rec, o, "ASSIGNED_TO", tStart, "{s} is assigned to {o}", kindIdentifier, kindPerson)
			return true
		}
	}
	return false
}

// registeredPatient reads "Ms Gisela Marchetti, 47, registered patient"
// in a practice's notes ("Parkview Surgery — consultation …"): the
// patient is registered with the practice the text is about. It reports
// whether the clause was one.
func (sc *sentCtx) registeredPatient(cc *clauseCtx, ci int) bool {
	c := &sc.p.Clauses[ci]
	if c.Lemma != "register" || c.Passive || c.Obj.Phrase < 0 || sc.headWord(c.Obj.Phrase) != "patient" || len(c.PPs) > 0 {
		return false
	}
	subjs := sc.subjects(ci)
	practice := sc.u.topicOrg
	if practice == "" {
		practice = sc.contextOrg().name
	}
	if len(subjs) != 1 || practice == "" || !personish(sc.kindOf(subjs[0])) {
		return false
	}
	cc.te = tensePresent
	sc.fact(cc, subjs[0], ref{name: practice, kind: kindOrg, str: strPattern}, "REGISTERED_WITH", tState, "{s} is a registered patient at {o}", kindPerson, kindOrg)
	return true
}

// cancelDone reports whether an assistant's sentence says that what the
// turn before asked to cancel is cancelled ("that's been cancelled"), or,
// after one that did, when access ends ("your last day of access will
// be …"); *done keeps whether the turn said so.
func (x *extraction) cancelDone(toks []token, done *bool) bool {
	for k, t := range toks {
		switch {
		case t.lower == "cancelled" || t.lower == "canceled":
			if k > 0 && (toks[k-1].lower == "been" || toks[k-1].lower == "is") && x.cancelAsked() != "" {
				*done = true
				return true
			}
		case t.lower == "last" && lowerAt(toks, k+1) == "day" && *done:
			return true
		}
	}
	return false
}

// cancelledThat reads "that's been cancelled" after a request to cancel
// a number, whose pronoun names no one to read it as a subject.
func (sc *sentCtx) cancelledThat(cc *clauseCtx, ci int) bool {
	c := &sc.p.Clauses[ci]
	if c.Lemma != "cancel" || !c.Passive || !c.Perfect || c.VerbStart == 0 {
		return false
	}
	if w := sc.toks[c.VerbStart-1].lower; w != "that" && w != "it" && w != "this" {
		return false
	}
	return sc.cancelByNumber(cc, c)
}

// nameHead reports whether the head of phrase pi is part of a name.
func nameHead(sc *sentCtx, pi int) bool {
	h := sc.p.Phrases[pi].Head
	for k, e := range sc.nameAt {
		if k <= h && h < e {
			return true
		}
	}
	return false
}
