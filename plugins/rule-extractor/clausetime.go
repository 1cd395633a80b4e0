package main

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// When a clause's facts hold: the tense a clause takes from the clauses
// around it, and the dates a fact gets from its clause.

// bareParticipleTime returns the clause whose time a passive participle
// set off after a phrase is in ("The cottage, owned by Halvor Dyb since
// 2009, is for sale", "14 Brisling Row is a cottage, owned by
// …"): the finite clause before it, else the one after; nil when clause
// ci is no such participle or it stands alone.
func (sc *sentCtx) bareParticipleTime(ci int) *nlp.Clause {
	if !sc.setOffParticiple(ci) {
		return nil
	}
	finite := func(q int) bool {
		o := &sc.p.Clauses[q]
		return !o.Gerund && !o.Infinitive && (o.Verb != o.VerbStart || sc.p.Tags[o.Verb] != "VBN")
	}
	switch {
	case ci > 0 && finite(ci-1):
		return &sc.p.Clauses[ci-1]
	case ci+1 < len(sc.p.Clauses) && finite(ci+1):
		return &sc.p.Clauses[ci+1]
	}
	return nil
}

// setOffParticiple reports whether clause ci is a passive participle set
// off after a phrase by a comma: "…, owned by Halvor Dyb since 2009".
func (sc *sentCtx) setOffParticiple(ci int) bool {
	c := &sc.p.Clauses[ci]
	return c.Passive && (c.SubjFrom == nlp.SubjRelative || c.SubjFrom == nlp.SubjShared) && c.Verb == c.VerbStart && sc.p.Tags[c.Verb] == "VBN" && c.Verb > 0 && sc.toks[c.Verb-1].text == ","
}

// participleSince reports whether clause ci is a participle set off
// that stands alone and says since when ("A stone terrace, owned by
// Ernest Blackwood since 1998."): what still holds, as "has been owned"
// says.
func (sc *sentCtx) participleSince(ci int) bool {
	if !sc.setOffParticiple(ci) {
		return false
	}
	c := &sc.p.Clauses[ci]
	d := sc.nearestDate(c.VerbStart, sc.clauseEnd(c))
	return d != nil && d.role == dateSince
}

// fact places a fact in time and adds it. role < 0 means tTrait.
func (sc *sentCtx) fact(cc *clauseCtx, src, dst ref, rel string, role temporal, text string, srcKind, dstKind kind) {
	if text == "" {
		text = "{s} " + strings.ToLower(strings.ReplaceAll(rel, "_", " ")) + " {o}"
	}
	if rel == "WORKS_AT" && dst.name != "" && dst.name == sc.u.speaker && cc.c != nil && sc.subjectIs(cc.c, "we") {
		// "We hired Ragnhild as CTO": "we" is the organisation the
		// speaker is at, if told; no one works at the speaker.
		if dst = sc.employerOf(dst.name); dst.name == "" {
			return
		}
	}
	if r, _ := utf8.DecodeRuneInString(src.name); rel == "WORKS_AT" && unicode.IsLower(r) && !sc.personish(src) {
		// "title transferred from Ernest Blackwood" in a sale: a thing
		// named by a common noun works nowhere.
		return
	}
	if rel == "TAKES_MEDICATION" && sc.u.x.recordSubject != "" && carerNouns.has(strings.ToLower(strings.TrimPrefix(src.name, "The "))) {
		// "Owner stopped the oclacitinib on 15 July" in a pet's notes:
		// the medicine is the patient's, whoever gives or stops it.
		src = ref{name: sc.u.x.recordSubject, kind: kindPerson, str: strSure}
	}
	if rel == "TAKES_MEDICATION" && sc.u.x.concerning != "" && cc.c != nil && sc.subjectIs(cc.c, "we") {
		// "we stopped the levothyroxine on 9 September" in a clinic's
		// letter about a patient: the clinic prescribes, the patient
		// takes.
		src = ref{name: sc.u.x.concerning, kind: kindPerson, str: strSure}
	}
	if rel == "VISITED" && cc.c != nil && cc.c.Lemma == "go" && schoolName(dst.name) {
		// "went to Oxford University" says more often who studied there
		// than who visited: neither is told.
		return
	}
	if (rel == "WORKS_AT" || rel == "PLAYS_FOR" || rel == "STUDIES_AT") && membershipOrg(dst.name) {
		// One joins a party, a band or a choir as a member, not for a
		// job, a team or a course ("dropped out of the choir").
		rel = "MEMBER_OF"
		text = strings.NewReplacer(" works at ", " is a member of ", " worked at ", " was a member of ", " plays for ", " is a member of ", " played for ", " was a member of ").Replace(text)
	}
	te := cc.te
	d := cc.date
	if r, ro, t, tx, ok := engagedByPlan(cc, rel, role, te, d); ok {
		rel, role, te, text = r, ro, t, tx
	}
	o := out(rel, slotSubject, slotObject, role, text, text, srcKind, dstKind)
	if d != nil && d.lasted && role != tEnd {
		// "After six years as our coordinator, Sina has taken a job
		// with …": how long a tie lasted dates what it ended, never
		// what begins or goes on.
		d = nil
	}
	if d != nil && venueClasses.has(rel) && role == tState && !d.t.Before(sc.u.x.ref) {
		d = nil
	}
	if d != nil && d.t.After(sc.u.x.ref) && aheadClasses.has(rel) {
		// "booked a cleaning for June 3": a booking names a date to come.
		te = tensePresent
	}
	if d != nil && (cc.future || sc.scheduledEnd(cc, role) || te == tenseProgressive && d.role == dateSince && lowerAt(sc.toks, d.start) == "from" || te == tensePresent && role == tState && d.role == dateUntil && d.lead == 0) && d.next != nil && !d.upcoming {
		// "will leave the company at the end of August", "my contract
		// ends in December", "we're moving our order to Ashgrove from
		// June": the coming one, as "starting on Monday".
		fd := *d
		fd.upcoming = true
		d = &fd
	}
	valid, invalid, _, ok := placeInTime(o, te, cc.ended, d, sc.u.x.ref)
	if !ok {
		return
	}
	if u := sc.untilAfterSince(d); u != nil && role == tState {
		// "was Quillary's CEO from 2010 until he retired in 2020".
		invalid = u.t
	}
	if (cc.presup || te != tensePast && cc.c != nil && sc.stillSaid(cc.c)) && d == nil && role == tState {
		// "Should I quit Acme?", "I have to quit the band", "Chidi is
		// still at Halden Freight": the tie is taken for granted, or
		// said to go on, so it held before it was said, since a time
		// not told; a later dated start elsewhere ends it rather than
		// being ended by it.
		valid = time.Time{}
	}
	span := cc.span
	if span == nil && role == tEnd {
		// "after six years I step down as lead maintainer".
		span = sc.lastedSpan()
	}
	if valid.IsZero() && !invalid.IsZero() && span != nil && span.back != nil {
		// "for three years until 2020": from three years before the end.
		valid = span.back(invalid)
	}
	m := &match{subj: src}
	m.obj = dst
	sc.u.x.addFact(m, rel, text, o, src, dst, valid, invalid)
	sc.replacedTie(cc, src, dst, rel, role, text, valid, srcKind, dstKind)
}

// carerNouns name those who give a patient their medicine.
var carerNouns = words("owner owners parent parents mum mom mother dad father carer carers caregiver guardian family")

// scheduledStart reports whether a clause in the future says from when
// its state holds ("will run the Oslo office from May"): a plan with its
// start, as firm as the frames' "will coach Rovers from May".
func (sc *sentCtx) scheduledStart(cc *clauseCtx) bool {
	c := cc.c
	if c.Negated || c.Modal {
		return false
	}
	d := sc.nearestDate(c.VerbStart, sc.clauseEnd(c))
	return d != nil && d.role == dateSince
}
