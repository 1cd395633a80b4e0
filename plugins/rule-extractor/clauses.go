package main

import (
	"slices"
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// From clauses to facts. The parse (package nlp) gives each verb group its
// subject, objects, role and prepositional phrases; this file resolves
// them to entities, finds the relation class of the verb in the lexicon
// (classes.go) or names an open relation after it, places the fact in
// time and writes its text.

// clauseCtx is what a clause's facts share.
type clauseCtx struct {
	c     *nlp.Clause
	te    tense
	ended bool
	date  *dateExpr
	// span is a duration the clause says beside its date ("lived in
	// Riga for three years until 2020"): how long before its end the
	// tie began.
	span *dateExpr
	// left and end bound the clause, for its date.
	left, end int
	// active is set once a passive clause has been read as its active
	// one ("coached by Tarik": Tarik coaches).
	active bool
	// future is set for a clause with "will": it states what its frames
	// read, but no open relation ("I'll call you" is no tie).
	future bool
	// presup is set when only what the clause presupposes is read: the
	// tie an ending verb ends (presuppose.go); presupState when an
	// aspectual verb ends it ("stop taking"), so that the verb's state
	// frames are what is presupposed.
	presup, presupState bool
	// objKinds keeps the kind of each object phrase as first read, for
	// every subject of the clause: the fact made for the first subject
	// registers the object, which must not change the frames the
	// second may take ("Oskar and Petra Lind took over the bakery").
	objKinds map[int]objKind
}

// objKind is the kind of an object phrase and whether it is a guess.
type objKind struct {
	k    kind
	weak bool
}

// readClauses turns the sentence's clauses into facts.
func (sc *sentCtx) readClauses() {
	sc.noteLodging()
	sc.thereAsPlace()
	if ok, past := sc.whPresupposes(); sc.question && ok {
		sc.readPresupposedQuestion(past)
		return
	}
	if sc.question {
		news := sc.newsAsked()
		for ci := range sc.p.Clauses {
			if news >= 0 && ci >= news {
				// "Did you hear Ana got engaged to Bo?": what is asked
				// about having heard is told.
				sc.readClause(ci)
				continue
			}
			sc.presupposed(ci)
		}
		return
	}
	told := make([]int, len(sc.p.Clauses)+1)
	for ci := range sc.p.Clauses {
		told[ci] = len(sc.u.x.facts)
		sc.readClause(ci)
		sc.noteCouple(told[ci])
	}
	told[len(sc.p.Clauses)] = len(sc.u.x.facts)
	for ci := range sc.p.Clauses {
		sc.courseAt(ci)
	}
	sc.coordinatedEnds(told)
	sc.noteTopicOrg()
	sc.proposalAccepted()
	sc.startedThen()
	sc.startsThere()
	sc.dealClosed()
	sc.lastDay(told)
	sc.lastDose()
	sc.soldHome(told[0])
	sc.succession()
	sc.hotelStays()
}

// readClause reads one clause.
func (sc *sentCtx) readClause(ci int) {
	c := &sc.p.Clauses[ci]
	if sc.spanGerund(&clauseCtx{c: c}, ci) {
		return
	}
	if sc.missingSomeone(ci) {
		return
	}
	if sc.talkGiven(ci) || sc.talkWithdrawn(ci) || sc.contractAwarded(ci) {
		return
	}
	if amountAnnounced(c) && sc.attributeValue(&clauseCtx{c: c, te: tenseProgressive}, ci) {
		// "the rent is going up to £1,240 from 1 July".
		return
	}
	ended, ok := sc.factual(ci)
	if !ok && c.Gerund && c.SubjFrom == nlp.SubjControl && sc.endedActivity(&clauseCtx{c: c}, ci) {
		// "stepped back from coaching": the gerund after "from" is no
		// fact of its own, but its ending is.
		return
	}
	if !ok && c.Modal && sc.bodyResolved(c) && sc.firmAppointed(&clauseCtx{c: c}, ci) {
		// "The board agreed to appoint Tarnwell Legal as the
		// company's solicitors": minutes record a decision as done.
		return
	}
	if !ok {
		if !sc.deniedRegard(ci) && !sc.almost(c) {
			sc.presupposed(ci)
		}
		return
	}
	// "will stay on as managing director", "will remain a trustee": what
	// goes on is so now.
	cc := &clauseCtx{c: c, ended: ended, future: c.Future && !continuers.has(c.Lemma)}
	sc.reading = ci + 1
	defer func() { sc.reading = 0 }()
	tc := c
	if c.SubjFrom == nlp.SubjControl && c.Governor >= 0 {
		tc = &sc.p.Clauses[c.Governor]
	} else if c.Gerund && ci > 0 && c.SubjFrom != nlp.SubjOwn {
		// "Ann quit Acme, joining Globex in May": a participle is in
		// the time of the clause it follows.
		tc = &sc.p.Clauses[ci-1]
	} else if t := sc.bareParticipleTime(ci); t != nil {
		tc = t
	} else if sc.participleSince(ci) {
		tc = &nlp.Clause{}
	}
	switch {
	case tc.Past || tc.UsedTo:
		cc.te = tensePast
	case tc.Progressive && !tc.Perfect:
		cc.te = tenseProgressive
	}
	if tc.UsedTo {
		cc.ended = false
	}
	if sc.recordPassive(cc) || sc.serviceWith(cc) || sc.eventNounClause(cc, ci) || sc.tieNounClause(cc, ci) || sc.tieNounSubject(cc, ci) || sc.eventNounMention(cc, ci) || sc.cancelledBooking(cc, ci) || sc.placeCancelled(cc, ci) || sc.cancelledThat(cc, ci) {
		return
	}
	if sc.attributeValue(cc, ci) || sc.thingWhereabouts(cc, ci) || sc.noteStyle(cc, ci) || sc.registeredPatient(cc, ci) || sc.placement(cc, ci) || sc.lease(cc, ci) || sc.handedOver(cc, ci) || sc.handedTie(cc, ci) || sc.rebooked(cc, ci) || sc.siteMove(cc, ci) || sc.seenProfessional(cc, ci) || sc.pupilStart(cc, ci) || sc.pupilMoved(cc, ci) || sc.graduatedUnnamed(cc, ci) || sc.endedActivity(cc, ci) || sc.electedAfterLeaver(cc, ci) || sc.partnerLeft(cc, ci) || sc.possessedDrug(cc, ci) || sc.putOnBySomeone(cc, ci) || sc.firmAppointed(cc, ci) || sc.livingApart(cc, ci) || sc.offTo(cc, ci) || sc.allergyHeld(cc, ci) || sc.fundingRound(cc, ci) {
		return
	}
	sc.postedObject(cc, ci)
	subjs := sc.subjects(ci)
	if len(subjs) == 0 {
		sc.appointedBySomeone(cc)
		return
	}
	sc.takesUpPost(cc, subjs)
	if sc.eventNounObject(cc, ci, subjs) {
		return
	}
	// "We're friends", "we broke up": a relation that takes two, said by
	// "we" in a conversation, holds between the speaker and the one
	// spoken to.
	if len(subjs) == 1 && sc.u.other != "" && subjs[0].name == sc.u.speaker && sc.subjectIs(c, "we") && (sc.mutual(c) != "" || sc.schoolPhrase(c) >= 0 || sc.beTogether(c)) {
		subjs = append(subjs, ref{name: sc.u.other, kind: kindPerson, str: strSure})
	} else if len(subjs) == 1 && sc.u.other == "" && subjs[0].name == sc.u.speaker && sc.subjectIs(c, "we") && coupleClasses.has(sc.mutual(c)) {
		// "We got married on 12 April", told by one with no one to
		// speak to: the speaker and their partner.
		if p := sc.u.x.partnerOf(sc.u.speaker); p != "" {
			subjs = append(subjs, ref{name: p, kind: kindPerson, str: strSure})
		}
	}
	sc.clauseSubjects = subjs
	defer func() { sc.clauseSubjects = nil }()
	sc.notePair(subjs)
	cc.left, cc.end = c.VerbStart, sc.clauseEnd(c)
	if c.Subj.Phrase >= 0 && c.SubjFrom == nlp.SubjOwn && !sc.asideBetween(sc.p.Phrases[c.Subj.Phrase].End, c.VerbStart) {
		// The subject's clause starts at it, unless an aside set off by
		// commas comes between ("Acme, which Dana founded in 2010, was
		// bought": 2010 is the founding's).
		cc.left = sc.p.Phrases[c.Subj.Phrase].Start
	}
	cc.date = sc.nearestDate(cc.left, cc.end)
	if cc.date == nil {
		cc.date = sc.dateAfterRelative(cc.end)
	}
	cc.span = sc.spanBeside(cc.date, cc.left, cc.end)
	if d := cc.date; d != nil && d.lead > 0 && d.lead < cc.left {
		// The "until" or "before" clause itself: its date says when it
		// happened.
		at := *d
		at.role, at.lead = dateAt, 0
		cc.date = &at
	}
	sc.placedAt(c, subjs)
	verb := phrasal(c)
	defer sc.noteSubject(subjs[0])
	if len(subjs) == 1 && subjs[0].name != sc.u.speaker && subjs[0].name != sc.u.other && (sc.u.x.isPerson(subjs[0].name) || sc.u.x.maybePerson(subjs[0].name)) {
		defer func(r ref) { sc.prevSubj = r }(subjs[0])
	}
	sc.homeIn(cc, subjs)
	if org := sc.partedWith(c); org.name != "" {
		// "parted ways with Frostvale Studios", "cut ties with": a
		// leaving, which ends whatever tie of work the subject had there.
		text := "{s} " + joinTokens(sc.toks[c.Verb:sc.p.Phrases[c.Obj.Phrase].End]) + " with {o}"
		for _, s := range subjs {
			sc.fact(cc, s, org, "WORKS_AT", tEnd, text, kindPerson, kindOrg)
		}
		return
	}
	if sc.birth(cc, subjs) || sc.participleFeeling(cc, subjs) {
		return
	}
	sc.schoolmates(cc, c, subjs)
	if linking.has(c.Lemma) && !c.Passive && !c.Progressive {
		if len(subjs) > 1 && sc.beTogether(c) {
			// "Saoirse and I have been together for two years".
			for i := 1; i < len(subjs); i++ {
				sc.fact(cc, subjs[0], subjs[i], "IS_DATING", tState, "{s} and {o} are together", kindPerson, kindPerson)
			}
			return
		}
		if rel := sc.mutual(c); len(subjs) > 1 && rel != "" && !c.Comp.None() {
			// "Ann and I are friends", "we're roommates".
			text := "{s} and {o} are " + sc.toks[sc.p.Phrases[c.Comp.Phrase].Head].lower
			if rel == "IS_DATING" {
				text = "{s} and {o} are a couple"
			}
			for i := 1; i < len(subjs); i++ {
				sc.fact(cc, subjs[0], subjs[i], rel, tState, text, kindPerson, kindPerson)
			}
			return
		}
		if rel := sc.mutual(c); rel != "" && !c.Comp.None() {
			// "I'm friends with Kim", "we were roommates with Bo".
			for _, pp := range c.PPs {
				if pp.Prep != "with" || pp.Obj.Phrase < 0 || pp.At < sc.p.Phrases[c.Comp.Phrase].End {
					continue
				}
				o := sc.phraseRef(pp.Obj.Phrase, false)
				if k := sc.kindOf(o); o.name == "" || k != kindPerson && k != kindNone {
					continue
				}
				text := "{s} " + sc.copulaWord(cc, c) + " " + sc.toks[sc.p.Phrases[c.Comp.Phrase].Head].lower + " with {o}"
				for _, s := range subjs {
					sc.fact(cc, s, o, rel, tState, text, kindPerson, kindPerson)
				}
				return
			}
		}
		if sc.beenTo(cc, subjs) {
			return
		}
		for _, s := range subjs {
			sc.copula(cc, s)
		}
		return
	}
	if c.Lemma != "be" && c.Progressive && !c.Perfect && c.Obj.None() && len(c.PPs) == 0 && sc.toks[c.VerbStart].lower != sc.toks[c.Verb].lower {
		// "You're amazing", "he's so boring": a participle that
		// evaluates, read as the adjective it is.
		if w := sc.toks[c.Verb].lower; praise.has(w) || blame.has(w) {
			for _, s := range subjs {
				sc.evaluated(cc, s, w)
			}
			return
		}
	}
	if sc.appearance(cc, subjs) || sc.condition(cc, subjs) || sc.lessons(cc, subjs) || sc.backFromTrip(cc, subjs) || sc.studiesLeft(cc, subjs) || sc.serviceTaken(cc, subjs) {
		return
	}
	sc.boughtFrom(cc, subjs)
	sc.gifts(cc, subjs)
	sc.heldAtVenue(cc)
	sc.backFromShow(cc, subjs)
	sc.served = sc.servedBy(cc, subjs)
	defer func() { sc.served = nil }()
	role := temporal(-1)
	if r, ok := aspectRoles[c.Aspect]; ok {
		role = r
	}
	for _, s := range subjs {
		if (c.Lemma == "have" || c.Lemma == "fall") && sc.feelingFor(cc, s) || sc.switchedServers(cc, s) {
			continue
		}
		sc.verbFacts(cc, verb, s, role)
	}
	if len(subjs) == 1 && c.Obj.None() {
		sc.togetherWith(cc, c, verb, subjs[0], role)
	}
	if len(subjs) > 1 && c.Obj.None() {
		if rc, ok := sc.reciprocalOf(c, verb); ok && !sc.hasPrep(c, "to") && !sc.hasPrep(c, "with") {
			if role >= 0 {
				rc.role = role
			}
			text := "{s} " + sc.verbWord(c.VerbStart, c.Verb, cc.pastText(rc.role), c.Aspect != "")
			if c.Passive {
				text = "{s} got " + sc.toks[c.Verb].lower
			}
			if c.Particle != "" {
				text += " " + c.Particle
			}
			if p := reciprocalPrep[verb]; p != "" && (c.Passive || !transitiveReciprocals.has(verb)) {
				// "got married to {o}", "broke up with {o}"; "married {o}".
				text += " " + p
			}
			text += " {o}"
			if together(sc.toks, c) || backTogether(sc.toks, c) {
				w := c.Lemma
				if cc.te == tensePast {
					w = nlp.Past(w)
				}
				text = "{s} and {o} " + w
				if c.Particle != "" {
					text += " " + c.Particle
				}
				if backTogether(sc.toks, c) {
					text += " back"
				}
				text += " together"
			}
			for i := 1; i < len(subjs); i++ {
				class := rc.class
				if rc.role == tEnd && coupleClasses.has(class) {
					// "Ruben and I split up" after they got engaged: the
					// engagement ends.
					class = sc.coupleTold(subjs[0], subjs[i], class)
				}
				sc.fact(cc, subjs[0], subjs[i], class, rc.role, text, kindPerson, kindPerson)
			}
		}
	}
}

// aheadClasses are booked in the past for a date to come.
var aheadClasses = words("HAS_APPOINTMENT_WITH")

// venueClasses are the ties of an event to its venue, whose clause's date
// is the event's ("will take place on 17 October at the Aalto Centre"):
// the venue holds from when it is said.
var venueClasses = words("HELD_AT")

// noteCouple remembers the two people of a couple's tie the clause told
// (facts from index from on), neither the speaker, for "they".
func (sc *sentCtx) noteCouple(from int) {
	for i := from; i < len(sc.u.x.facts); i++ {
		if f := &sc.u.x.facts[i]; coupleRels.has(f.rel) && f.invalid.IsZero() && f.src != sc.u.speaker && f.dst != sc.u.speaker {
			sc.u.lastPair = []string{f.src, f.dst}
		}
	}
}

// noteSubject remembers a clause's subject for "he", "she" and "it".
func (sc *sentCtx) noteSubject(r ref) {
	switch {
	case r.name == "":
	case sc.kindOf(r) == kindPerson:
		sc.u.lastPersonSubj, sc.u.lastPersonSubjSent = r.name, sc.u.sent
	case r.name != sc.u.speaker:
		sc.u.lastThingSubj = r.name
	}
}

// hasPrep reports whether a clause has a phrase after preposition p.
func (sc *sentCtx) hasPrep(c *nlp.Clause, p string) bool {
	for _, pp := range c.PPs {
		if pp.Prep == p {
			return true
		}
	}
	return false
}

// clauseEnd is the word after a clause's last argument.
func (sc *sentCtx) clauseEnd(c *nlp.Clause) int {
	end := c.VerbEnd
	for _, a := range []nlp.Arg{c.Obj, c.Obj2, c.Comp} {
		for _, p := range a.All() {
			end = max(end, sc.p.Phrases[p].End)
		}
	}
	if c.AsRole >= 0 {
		end = max(end, sc.p.Phrases[c.AsRole].End)
	}
	for _, pp := range c.PPs {
		for _, p := range pp.Obj.All() {
			end = max(end, sc.p.Phrases[p].End)
		}
	}
	// An apposition between commas after the clause's last phrase is the
	// clause's ("sold my car, a blue Honda Civic, in May").
	for end+1 < len(sc.toks) && sc.toks[end].text == "," {
		next := -1
		if k := sc.appositionEnd(end + 1); k > end+1 && k < len(sc.toks) && sc.toks[k].text == "," {
			next = k
		}
		if next < 0 {
			// The closing comma of an apposition the clause took as its
			// object ("sold my boat, a Nordkapp 22, in May").
			for _, p := range c.Obj.All() {
				if st := sc.p.Phrases[p].Start; sc.p.Phrases[p].End == end && st > 0 && sc.toks[st-1].text == "," {
					end++
					break
				}
			}
			break
		}
		end = next + 1
	}
	return end
}

// subjects resolves a clause's subjects; a clause that opens a sentence
// with a past verb and no subject is the speaker's ("Moved to Kraków in
// January").
func (sc *sentCtx) subjects(ci int) []ref {
	c := &sc.p.Clauses[ci]
	if r, ok := sc.noteWriterAfterThing(c); ok {
		return []ref{r}
	}
	var out []ref
	for _, p := range c.Subj.All() {
		if b := sc.bodyOf(p); b.name != "" && personnelVerbs.has(c.Lemma) {
			// "The directors of the Corran Hotel fired Gideon": the
			// board or the directors hire and fire for the organisation.
			out = append(out, b)
			continue
		}
		if r := sc.phraseRef(p, true); r.name != "" {
			rc := c
			if c.SubjFrom == nlp.SubjControl && c.Governor >= 0 {
				rc = &sc.p.Clauses[c.Governor]
			}
			if rc.SubjFrom == nlp.SubjRelative && !sc.personish(r) {
				// "Lars Vinter, our head of QA, who leaves us": "who"
				// is a person's, past an aside that ends in a thing.
				if who := sc.personBeforeWho(rc, p); who.name != "" {
					r = who
				}
			}
			out = append(out, r)
		}
	}
	if len(out) == 0 && c.SubjFrom == nlp.SubjNone && sc.u.speaker != "" && ci > 0 && droppedI(sc.p.Tags[c.Verb]) && sc.p.Clauses[ci-1].SubjFrom == nlp.SubjNone {
		// "Got rid of the Volvo, traded it in for a Kia": a second verb
		// after a comma or "and" shares the left-out "I" of the first.
		if w := lowerAt(sc.toks, c.VerbStart-1); w == "," || w == "and" {
			if prev := sc.subjects(ci - 1); len(prev) == 1 && prev[0].name == sc.u.speaker {
				return prev
			}
		}
	}
	if len(out) == 0 && c.SubjFrom == nlp.SubjNone && sc.u.speaker != "" && ci == 0 && (droppedI(sc.p.Tags[c.Verb]) || sc.onOwnBehalf(c)) {
		first := sc.afterHeading(c.VerbStart)
		for first < c.VerbStart && (!sc.toks[first].word || sc.p.Tags[first] == "UH" || sc.p.Tags[first] == "RB") {
			first++
		}
		if first == c.VerbStart {
			out = append(out, ref{name: sc.u.speaker, kind: kindPerson, str: strSure})
		}
	}
	return out
}

// objectLeftBe are the words after an object that leave it in a state.
var objectLeftBe = words("alone be")

// verbFacts emits the facts of a verb clause for one subject. role, when
// set, is the aspect's ("stopped taking": an end).
func (sc *sentCtx) verbFacts(cc *clauseCtx, verb string, subj ref, role temporal) {
	c := cc.c
	if !cc.presup && sc.death(cc, subj) {
		return
	}
	if !cc.presup && sc.turnedAge(cc, subj) {
		return
	}
	fs := framesOf(verb)
	if len(fs) == 0 && c.Particle != "" {
		fs = framesOf(c.Lemma)
	}
	if all := c.Obj.All(); len(all) > 0 && objectLeftBe.has(lowerAt(sc.toks, sc.p.Phrases[all[len(all)-1]].End)) {
		// "leave Chandler alone", "let her be": the object is left in a
		// state, not left.
		return
	}
	matched := false
	if cc.presup {
		// Only the frames below, read for the tie they end.
	} else if c.Passive && !c.Obj.None() && roleStartsPassive.has(c.Lemma) {
		// "was appointed chief executive of Nordvik Energy".
		sc.roleFacts(cc, subj, c.Obj.Phrase, c, role, ref{})
		matched = true
	}
	if !cc.presup && c.Passive && (c.Lemma == "assign" || c.Lemma == "reassign" || c.Lemma == "refer" || c.Lemma == "transfer") {
		// "Got assigned to Dr. Mensah-Ofori": a doctor from then;
		// "reassigned from Dr. Sørbø to Dr. Boateng": no longer the first.
		for _, pp := range c.PPs {
			if pp.Prep != "to" && pp.Prep != "from" || pp.Obj.Phrase < 0 {
				continue
			}
			if d := sc.phraseRef(pp.Obj.Phrase, false); d.name != "" && doctorName(d.name) && d.name != subj.name {
				if pp.Prep == "from" {
					sc.fact(cc, d, subj, "DOCTOR_OF", tEnd, "{s} is no longer {o}'s doctor", kindPerson, kindPerson)
				} else {
					sc.fact(cc, d, subj, "DOCTOR_OF", tStart, "{s} is {o}'s doctor", kindPerson, kindPerson)
				}
				matched = true
			}
		}
	}
	if !cc.presup && (sc.namedChild(cc, subj) || sc.leavesUs(cc, subj)) {
		return
	}
	if !cc.presup && !matched && sc.assignment(cc, c, subj) {
		return
	}
	if !cc.presup && !matched && sc.cancelByNumber(cc, c) {
		return
	}
	if !cc.presup && !matched && sc.discharged(cc, c, subj) {
		return
	}
	if !cc.presup && c.Lemma == "make" && c.Particle == "" && !c.Passive && c.Obj2.None() && c.Obj.Phrase >= 0 && sc.bareRole(c.Obj.Phrase) {
		// "made partner", "makes captain on January 1st": becomes it.
		bc := *c
		bc.Lemma = "become"
		bcc := *cc
		bcc.c = &bc
		sc.roleFacts(&bcc, subj, c.Obj.Phrase, &bc, tStart, ref{})
		return
	}
	if !cc.presup && !c.Obj2.None() && !c.Obj.None() && !c.Passive && roleStartsPassive.has(c.Lemma) && sc.titlePhrase(c.Obj2.Phrase) {
		// "Vantor named Sara Lind its chief financial officer", "the
		// board made her chief executive": the object takes the
		// role, at the subject.
		if o := sc.phraseRef(c.Obj.Phrase, false); o.name != "" && sc.personish(o) {
			sc.roleFacts(cc, o, c.Obj2.Phrase, c, tStart, subj)
			return
		}
	}
	if !cc.presup && !c.Obj2.None() && !c.Obj.None() && !c.Passive && doubleObjectDrugs.has(c.Lemma) {
		// "prescribed me sertraline": the first object takes the second.
		taker := sc.phraseRef(c.Obj.Phrase, false)
		for _, pi := range c.Obj2.All() {
			drug := sc.phraseRef(pi, false)
			if taker.name == "" || drug.name == "" || sc.semKind(drug, pi) != kindDrug {
				continue
			}
			sc.fact(cc, taker, drug, "TAKES_MEDICATION", tStart, "{s} was "+nlp.Past(c.Lemma)+" {o}", kindPerson, kindDrug)
			sc.prescribedBy(c, subj, taker)
			matched = true
		}
		if matched {
			return
		}
	}
	for _, a := range sc.slots(c) {
		if c.Passive && a.prep == "by" && len(fs) == 0 {
			continue
		}
		for _, pi := range a.phrases {
			if slices.Contains(sc.served, pi) {
				continue
			}
			if (cc.presup || sc.namesEvent(c.Obj.Phrase)) && (a.prep == "as" || a.prep == "to" && roleToVerbs.has(c.Lemma)) {
				// "announced the appointment of Ada as CFO": the role is
				// the event noun's object's (ofNominals).
				continue
			}
			if a.prep == "as" || a.prep == "to" && roleToVerbs.has(c.Lemma) {
				// "joined Acme as a nurse": the role is the subject's;
				// "was promoted to head nurse at Acme" as well;
				// "named Rune Dahl as CEO": the object's.
				// The one who names the object to the role is where the
				// role is held, unless the role says where.
				holder, at := subj, ref{}
				if old, by := sc.replacedWith(c); by.name != "" {
					// "Verdance Energy has replaced Marlowe & Quist with
					// Abernathy Kell as its counsel": the one put in
					// holds the role from then, the one replaced no
					// longer, both at the subject.
					starts, ends := *c, *c
					starts.Lemma, ends.Lemma, ends.Particle = "become", "leave", ""
					now := *cc
					if now.te == tenseProgressive {
						now.te = tensePresent
					}
					sc.roleFacts(&now, by, pi, &starts, tStart, subj)
					sc.roleFacts(cc, old, pi, &ends, tEnd, subj)
					matched = true
					continue
				}
				if o := sc.predecessor(c); o.name != "" {
					// "Meera Joshi succeeded Ravindra Kulkarni as chief
					// executive", "took over from Bilal as treasurer":
					// hers from then, no longer his. Worded as "became"
					// and "was" the role.
					starts, ends := *c, *c
					starts.Lemma, ends.Lemma, ends.Particle = "become", "leave", ""
					now := *cc
					if now.te == tenseProgressive {
						// "I'm taking over from Bilal as treasurer": the
						// post changes hands as it is said, both ways.
						now.te = tensePresent
					}
					sc.roleFacts(&now, subj, pi, &starts, tStart, ref{})
					sc.roleFacts(cc, o, pi, &ends, tEnd, ref{})
					matched = true
					continue
				}
				if owner, ok := sc.postOwner(pi); ok {
					// "automating workflows in my new role as a senior
					// analyst": the role's owner holds it.
					holder = owner
				} else if !c.Obj.None() && !c.Passive && !jobNouns.has(sc.headWord(c.Obj.Phrase)) {
					// ("started a new job as a data analyst": the job is
					// no one.)
					if sc.thingObject(c.Obj.Phrase) {
						// "walked down the aisle as a bridesmaid", "used
						// the room as an office": a thing holds no post,
						// and the role is the thing's use, no job.
						continue
					}
					if o := sc.phraseRef(c.Obj.Phrase, false); o.name != "" && sc.kindOf(o) != kindOrg && !(c.Lemma == "join" && (o.name == sc.u.speaker || !sc.personish(o))) {
						holder, at = o, subj
					} else if c.Lemma == "join" && o.name != "" && o.name == sc.u.speaker {
						// "Ragnhild joins us as CTO": the subject takes
						// the post, at the organisation the speaker is
						// at (roleFacts).
						at = o
					}
				}
				rc, r := c, role
				if pr, reword, post, held := sc.postRole(c, pi); post && !held {
					// "applied for a job as a nurse": no one's role.
					matched = true
					continue
				} else if post {
					rc, r = &reword, pr
				}
				sc.roleFacts(cc, holder, pi, rc, r, at)
				sc.promotedFrom(cc, c, a.prep, holder)
				matched = true
				continue
			}
			obj := sc.phraseRef(pi, false)
			kindAt := pi
			if b, ok := sc.branchOf(pi, sc.residencePrep(c, a.prep)); ok {
				// "to their Victoria Centre branch": its organisation.
				obj, kindAt = b, -1
			}
			if obj.name == "" {
				continue
			}
			petTaken := c.Lemma == "rescue" || c.Lemma == "buy" || c.Lemma == "pick" && c.Particle == "up"
			if !cc.presup && a.prep == "" && !c.Passive && (c.Lemma == "have" || c.Lemma == "adopt" || c.Lemma == "get" || petTaken) {
				// "I have a sister named Carol", "we adopted a puppy named
				// Max", "I have a dog", "we picked up a rescue kitten".
				noun := sc.headWord(pi)
				if q := sc.p.PhraseEndingAt(sc.p.Phrases[pi].Start - 1); q >= 0 && sc.kindOf(obj) == kindPet && obj.str == strSure && !petNouns.has(noun) {
					// "I have a dog, Rex": the noun in apposition.
					noun = sc.headWord(q)
				}
				if !petTaken && kinNouns.has(noun) && obj.det == "" || petNouns.has(noun) || sc.isAnimal(noun) && !sc.madeCompound(pi) {
					r := tState
					if c.Lemma != "have" {
						r = tStart
					}
					if role >= 0 {
						r = role
					}
					sc.relateIn(cc, obj, subj, noun, r)
					matched = true
					continue
				}
				if sc.postOfNamed(cc, c, pi, subj, obj, role) {
					matched = true
					continue
				}
			}
			ok, seen := cc.objKinds[pi]
			if !seen {
				ok = objKind{sc.semKind(obj, kindAt), sc.weakKind(obj, pi)}
				if cc.objKinds == nil {
					cc.objKinds = map[int]objKind{}
				}
				cc.objKinds[pi] = ok
			}
			k := ok.k
			if a.prep == "to" && (k == kindNone || ok.weak) && planChangers.has(c.Lemma) && !c.Obj.None() && (sc.nounKind(sc.p.Phrases[c.Obj.Phrase].Head) == kindPlan || sc.onPlan(c.Obj.Phrase)) {
				// "changed my plan to Basic": what a plan is changed
				// to is a plan.
				k = kindPlan
			}
			// A weak guess of the kind (a full name of two words, a name
			// after "in") does not rule a frame out when no frame takes it.
			tries := []kind{k}
			// A thing WordNet files as made, or an event, said with its
			// possessor or with a determiner and no building's noun, is
			// one ("left my keys at home", "left the room", "left the
			// meeting"), not a guess of a workplace ("left the
			// restaurant" may be one).
			if ph := &sc.p.Phrases[pi]; k != kindNone && ok.weak && !((k == kindProduct || k == kindEvent) && !ph.Name && (ph.PossEnd > ph.PossStart || sc.detLen(ph) > 0 && !sc.establishment(ph.Head))) {
				tries = append(tries, kindNone)
			}
			hit := false
			for _, kk := range tries {
				for i := range fs {
					f := &fs[i]
					if cc.presup && (f.role != tEnd && !(cc.presupState && f.role == tState) || f.inverse || f.fromPrep || !presupClasses.has(f.class)) {
						continue
					}
					if f.pass != c.Passive || f.prog && !c.Progressive || f.asRole && c.AsRole < 0 || f.named && subj.det != "" || !f.takes(a.prep) || !f.fitsRef(kk, obj) || !sc.objFits(f, c) || !sc.subjFits(f, subj) {
						continue
					}
					if !f.inverse && personTies.has(f.class) && (thingKinds[sc.kindOf(subj)] || sc.u.x.isAddress(subj.name) || commonNounName(subj, sc.kindOf(subj))) {
						// "Influenza vaccine administered …, left
						// deltoid": a thing holds no job and no home,
						// nor does a house ("title transferred from
						// Halvor Dyb").
						continue
					}
					if !f.inverse && a.prep != "" && !c.Passive && !c.Obj.None() && (c.Lemma == "move" || c.Lemma == "relocate") && !sc.movesPeople(c) &&
						f.obj != "@funds" && (f.class == "LIVES_IN" || !workplaceNouns.has(sc.headWord(c.Obj.Phrase))) {
						// "moved everything to Nordea": things moved,
						// not a home or a club of the subject's;
						// "relocated her practice to Elmwood General": a
						// job there, no home.
						continue
					}
					if f.class == "IS_DATING" && f.verb == "see" && (sc.professional(c, obj) || sc.appointment(c)) {
						// "I've been seeing a therapist, Dr. Amir Sadeghi":
						// a visit, not a date; the therapist is the
						// subject's. "Dating a dentist" is a date.
						if head := sc.jobObject(c); head != "" && obj.name != "" && !strings.EqualFold(obj.name, head) {
							if k, ok := kinship[head]; ok && k.rel != "" {
								sc.fact(cc, obj, subj, k.rel, f.role, "{s} is {o}'s "+head, kindPerson, kindPerson)
								matched, hit = true, true
							}
						}
						continue
					}
					sc.movedFact(cc, f, a.prep, subj, obj, kk, role)
					matched, hit = true, true
					break
				}
				if hit {
					// The weaker guess of the kind only when this phrase
					// took no frame: another slot's does not count.
					break
				}
			}
		}
	}
	if cc.presup {
		return
	}
	if !matched && sc.noArgs(c) && verb == "move out" && subj.name != sc.u.speaker && sc.u.speaker != "" && (sc.kindOf(subj) == kindPerson || sc.u.x.knownPerson(subj.name)) {
		me := ref{name: sc.u.speaker, kind: kindPerson, str: strSure} // "Aiko moved out": no longer with me.
		sc.fact(cc, subj, me, "ROOMMATE_OF", tEnd, "{s} moved out", kindPerson, kindPerson)
		sc.fact(cc, me, subj, "LIVES_WITH", tEnd, "{s} no longer lives with {o}", kindPerson, kindPerson)
		return
	}
	if !c.Passive && !c.Negated && !c.Modal && c.Obj.Phrase >= 0 && handInVerbs.has(c.Lemma) {
		// "handed in my notice", "tendered her resignation", "gave up
		// my membership": a resignation from the tie the sentence names.
		switch sc.headWord(c.Obj.Phrase) {
		case "notice", "resignation":
			if sc.retirement(cc, subj, "resign") {
				return
			}
		case "membership":
			if sc.retirement(cc, subj, quitMembership) {
				return
			}
		}
	}
	if !c.Passive && !c.Negated && !c.Modal && !c.Future && c.Obj.Phrase >= 0 && lastStint(sc, c.Obj.Phrase) {
		// "Did my last shift at Riverside Pantry on Saturday", "played
		// his last game for Rovers": the tie there ends then.
		if sc.retirement(cc, subj, "leave") {
			return
		}
	}
	if sc.lastedSpan() != nil && sc.leftToJoin(c) {
		// "After six years at Brightwell, Nadia left in May to join
		// Corvid": the clause of "join" holds the leaving too.
		sc.retirement(cc, subj, "leave")
	}
	if !matched && (retireVerbs.has(verb) && !c.Passive || dismissVerbs.has(verb) && c.Passive || verb == "leave" && !c.Passive && (sc.lastedSpan() != nil || sc.tieJustTold(subj) || sc.leftDated(c, subj))) && c.Obj.None() && sc.retirement(cc, subj, verb) {
		return
	}
	if !matched && verb == "move on" && !c.Passive && c.Obj.None() && len(c.PPs) == 0 && sc.u.x.oneTieOf(subj.name, "WORKS_AT") != "" && sc.retirement(cc, subj, "leave") {
		// "Vesna Holt has moved on", of one whose work was told: she
		// left it ("moved on from the break-up" is no job's end).
		return
	}
	if !matched && sc.soldUnnamed(cc, subj) {
		return
	}
	if !matched && c.Passive && !cc.active && c.Subj.Phrase >= 0 {
		// "The Rovers are coached by Tarik", "Lucia is mentored by
		// Hamid": the passive no frame reads is its active clause, the
		// agent doing it to the subject.
		for i, pp := range c.PPs {
			if pp.Prep != "by" {
				continue
			}
			ac := *c
			ac.Passive, ac.GetPassive = false, false
			ac.Obj, ac.Subj = c.Subj, pp.Obj
			ac.PPs = append(append([]nlp.PP{}, c.PPs[:i]...), c.PPs[i+1:]...)
			acc := *cc
			acc.c, acc.active = &ac, true
			for _, pi := range pp.Obj.All() {
				if agent := sc.phraseRef(pi, true); agent.name != "" && agent.name != subj.name {
					sc.verbFacts(&acc, verb, agent, role)
				}
			}
			cc.active = true // once for all the clause's subjects
			return
		}
	}
	if matched || c.Passive || len(fs) > 0 && len(slots(c)) == 0 {
		return
	}
	if cc.future && !sc.scheduledStart(cc) {
		return
	}
	sc.openFact(cc, verb, subj, role)
}

// frameFact emits the fact of a frame (and its second relation).
func (sc *sentCtx) frameFact(cc *clauseCtx, f *frame, prep string, subj, obj ref, k kind, role temporal) {
	c := cc.c
	if sc.aDay(subj) {
		return
	}
	r := f.role
	if role >= 0 {
		r = role
	} else if c.GetPassive && r == tState {
		r = tStart
	}
	src, dst := subj, obj
	switch {
	case f.fromPrep && !c.Obj.None():
		// "sold it to Nordic Bake Group": the buyer acquired it.
		src, dst = obj, sc.phraseRef(sc.ownedPhrase(c), false)
		if dst.name == "" {
			return
		}
	case f.inverse && prep != "" && !c.Passive && !c.Obj.None():
		// "started me on metformin": the direct object takes it.
		src = sc.phraseRef(c.Obj.Phrase, false)
		if ok := sc.semKind(src, c.Obj.Phrase); src.name != "" && (ok == kindDrug || ok == kindPlan || f.class == "CUSTOMER_OF" && sc.serviceObject(c.Obj.Phrase)) {
			// "changed it to valsartan", "changed my plan to Pro",
			// "switched our broadband to Lumio": the object is what
			// is replaced; its taker or owner takes the new one.
			src = sc.holderOf(src, c.Obj.Phrase, subj)
		}
	case f.inverse && prep != "" && !c.Passive:
		// "I switched to fexofenadine": the subject takes it.
	case f.inverse:
		src, dst = obj, subj
	}
	if src.name == "" {
		return
	}
	// The object's kind is what the text showed; the relation's own kind
	// for its target wins over a weak guess ("married to Joaquín": a
	// person, not a place after "to").
	sk, dk := kindNone, k
	if f.inverse && (prep == "" || c.Passive) {
		sk, dk = k, kindNone
	}
	if ck := classKinds[f.class]; ck != kindNone && (dk == kindNone || sc.weakKind(dst, -1)) {
		dk = ck
	}
	if sk == kindNone && humanSubjects.has(f.class) && sc.kindOf(src) == kindNone {
		// "Born in Onitsha, Ebele came …": a name of no known kind that
		// is born, studies, marries or holds a post is a person.
		sk = kindPerson
	}
	text := sc.changeText(cc, f, prep, r, src.name == subj.name)
	if f.inverse && (prep == "" || c.Passive) {
		text = swapEnds(text)
	}
	if cc.presup {
		text = presupTexts[f.class]
	}
	stake := sc.stakeWords(c)
	if f.fromPrep {
		text = sc.soldToText(c, stake)
		sk, dk = kindNone, kindNone
	} else if stake != "" && prep == "" && !f.inverse {
		// "bought a 40% stake in {o}", not "bought {o}".
		text = "{s} " + sc.verbWord(c.Verb, c.Verb, cc.pastText(r), false) + " " + stake + "{o}"
	}
	class := f.class
	if class == "CUSTOMER_OF" {
		class = sc.providerClass(c, dst)
	}
	if class == "INSURED_WITH" && c.Subj.Phrase >= 0 && c.SubjFrom == nlp.SubjOwn {
		// "My car is insured with Havenmark": the one it belongs to is.
		if o := sc.ownerOf(&sc.p.Phrases[c.Subj.Phrase]); o.name != "" && o.name != src.name && sc.kindOf(src) != kindPerson {
			src = o
		}
	}
	if class == "TRAVELED_TO" && sc.kindOf(src) == kindIdentifier {
		// "Ticket TK-5512 now goes to Madrid": a record's destination,
		// not a trip, known from when it is said (the date is the
		// trip's).
		class, r, sk, dk = "DESTINATION", tState, kindIdentifier, kindLocation
		text, cc = "{s} goes to {o}", &clauseCtx{c: c}
	}
	if r == tEnd && tieClasses.has(class) {
		// "joined the Ravens … left them": the end of the tie the
		// episode told, whichever class the verb guessed.
		if told := sc.u.x.tieWith(src.name, dst.name); told != "" && told != "HAS_JOB_TITLE" {
			class = told
		}
	}
	if r == tEnd && coupleClasses.has(class) {
		// "Ruben broke up with me" after "Ruben proposed": the couple's
		// tie the episodes told ends, an engagement as well as dating.
		class = sc.coupleTold(src, dst, class)
	}
	sc.fact(cc, src, dst, class, r, text, sk, dk)
	if r == tStart && !f.inverse && !f.fromPrep && movingTies.has(class) {
		if span := sc.lastedSpan(); span != nil {
			// "I started at Leicester Royal Infirmary last week, after
			// five years at Royal Derby": the years before end there.
			sc.spanLeft(cc, src, dst, span, class)
		}
		// "joined Corvid Labs from Brightwell Partners", "signed for
		// Rovers from Town": the one come from is left then.
		for _, pp := range c.PPs {
			if pp.Prep != "from" {
				continue
			}
			for _, pi := range pp.Obj.All() {
				o := sc.phraseRef(pi, false)
				if ok := sc.kindOf(o); o.name != "" && o.name != dst.name && (ok == kindOrg || ok == kindTeam) {
					sc.fact(cc, src, o, class, tEnd, "{s} left {o}", kindPerson, ok)
				}
			}
		}
	}
	if prep == "" && !f.inverse && !f.fromPrep && dk != kindPerson && !c.Obj.None() && !sc.pronounPhrase(c.Obj.Phrase) {
		sc.u.lastObj = dst
		sc.u.lastObj.kind = dk
	} else if (dk == kindDrug || dk == kindPlan) && dst.name != "" && !sc.isPronounRef(dst) {
		// "was put on nifedipine … changed it to valsartan".
		sc.u.lastObj = dst
		sc.u.lastObj.kind = dk
	}
	if f.class == "LIVES_IN" && !f.inverse && (r == tState || r == tStart) && !cc.ended {
		// "Kwaku lives in Accra with his wife Abena": she lives there too.
		for _, pp := range c.PPs {
			if pp.Prep != "with" {
				continue
			}
			for _, pi := range pp.Obj.All() {
				if o := sc.phraseRef(pi, false); o.name != "" && o.name != src.name && len(o.group) == 0 && sc.kindOf(o) == kindPerson {
					sc.fact(cc, o, dst, f.class, r, text, kindPerson, dk)
				}
			}
		}
	}
	if f.class == "TAKES_MEDICATION" && src.name != subj.name && !c.Passive {
		sc.prescribedBy(c, subj, src)
	}
	switch {
	case f.also != "" && f.fromPrep:
		// The subject gave up what the preposition's object took.
		sc.fact(cc, subj, dst, f.also, f.alsoRole, "{s} "+sc.toks[c.Verb].lower+" "+stake+"{o} to "+src.name, kindNone, kindNone)
	case f.also != "":
		// A text of its own: the resolver takes two facts of one text
		// between the same two for one.
		sc.fact(cc, src, dst, f.also, f.alsoRole, "", sk, dk)
	}
}
