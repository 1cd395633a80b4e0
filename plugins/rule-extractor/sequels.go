package main

// Ties read across clauses and sentences: an end or a start said by a
// bare verb after the clause that told the tie ("studied at Coimbra and
// finished in 2018", "… at Birkbeck. Started last September."), and a
// role handed on ("… replacing Malcolm Reyes", "Her successor is X").

import (
	"strings"
	"time"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// bareEnds end, with no object, the tie the clause before them told:
// "studied at Coimbra and finished in 2018", "worked at Acme and left
// last spring".
var bareEnds = words("finish graduate complete leave quit retire resign")

// coordinatedEnds reads a verb of ending with no object, joined by "and"
// to the clause before it and sharing its subject, as the end of the ties
// that clause told in the past, at its date. told[ci] is the number of
// facts the sentence held before clause ci was read.
func (sc *sentCtx) coordinatedEnds(told []int) {
	for ci := 1; ci < len(sc.p.Clauses); ci++ {
		c := &sc.p.Clauses[ci]
		if c.SubjFrom != nlp.SubjShared || !bareEnds.has(c.Lemma) || c.Particle != "" || !c.Obj.None() || lowerAt(sc.toks, c.VerbStart-1) != "and" && lowerAt(sc.toks, c.VerbStart-1) != "," {
			continue
		}
		if ended, ok := sc.factual(ci); !ok || ended {
			continue
		}
		d := sc.nearestDate(c.VerbStart, sc.clauseEnd(c))
		if d == nil || d.role != dateAt || d.t.After(sc.u.x.ref) {
			continue
		}
		fs := sc.u.x.facts[told[ci-1]:told[ci]]
		for i := range fs {
			f := &fs[i]
			if !leaveableRels.has(f.rel) || !f.invalid.Equal(sc.u.x.ref) {
				continue
			}
			if f.valid.Equal(d.t) {
				// The ending clause's date, taken for the tie's start.
				f.valid = time.Time{}
			}
			if f.valid.IsZero() || f.valid.Before(d.t) {
				f.invalid = d.t
			}
		}
	}
}

// bareStarts start, with no subject and no object, the tie the sentence
// before told: "I'm doing a master's at Birkbeck. Started last
// September."
var bareStarts = words("start begin")

// startedThen reads a sentence of a bare verb of starting and a date as
// the start of the ties the sentence before it told with no date of
// their own.
func (sc *sentCtx) startedThen() {
	if len(sc.p.Clauses) == 0 {
		return
	}
	c := &sc.p.Clauses[0]
	if !c.Subj.None() || !bareStarts.has(c.Lemma) || c.Particle != "" || !c.Obj.None() || !c.Past || c.VerbStart > 1 {
		return
	}
	sc.redateBefore(c, func(f *fact) bool {
		return leaveableRels.has(f.rel) && f.valid.Equal(sc.u.x.ref) && f.invalid.IsZero()
	})
}

// startsThere reads "I start there on 1 September" after a sentence
// that told a new tie with no date of its own ("I've accepted a
// professorship at the University of Tartu!") as the day the tie begins,
// past or to come.
func (sc *sentCtx) startsThere() {
	if len(sc.p.Clauses) == 0 {
		return
	}
	c := &sc.p.Clauses[0]
	if !bareStarts.has(c.Lemma) || c.Particle != "" || !c.Obj.None() || c.Negated || lowerAt(sc.toks, c.VerbEnd) != "there" {
		return
	}
	subj := sc.subjects(0)
	if len(subj) != 1 {
		return
	}
	at, ok := sc.dayAhead(c, true)
	if !ok {
		return
	}
	fs := sc.factsBefore()
	for i := range fs {
		if f := &fs[i]; f.src == subj[0].name && leaveableRels.has(f.rel) && f.valid.Equal(sc.u.x.ref) && f.invalid.IsZero() {
			f.valid = at
		}
	}
}

// dayAhead returns the day clause c is dated by (or starts from, with
// since), the coming one when the clause is not in the past: "I start
// there in June", said in May, is the coming June.
func (sc *sentCtx) dayAhead(c *nlp.Clause, since bool) (time.Time, bool) {
	d := sc.nearestDate(c.VerbStart, sc.clauseEnd(c))
	if d == nil || d.role != dateAt && !(since && d.role == dateSince) {
		return time.Time{}, false
	}
	at := d.t
	if !c.Past && d.next != nil && at.Before(upcomingFrom(d, sc.u.x.ref)) {
		at = d.next(at)
	}
	return at, true
}

// factsBefore returns the facts the sentence before told, to change in
// place.
func (sc *sentCtx) factsBefore() []fact {
	told := sc.u.told
	if told[1] > len(sc.u.x.facts) {
		return nil
	}
	return sc.u.x.facts[told[0]:told[1]]
}

// redateBefore dates the facts the sentence before told that which
// picks by the past date clause c says: a sentence that only tells when
// what was just told happened.
func (sc *sentCtx) redateBefore(c *nlp.Clause, which func(f *fact) bool) {
	d := sc.nearestDate(c.VerbStart, sc.clauseEnd(c))
	if d == nil || d.role != dateAt || d.t.After(sc.u.x.ref) {
		return
	}
	fs := sc.factsBefore()
	for i := range fs {
		if f := &fs[i]; which(f) {
			f.valid = d.t
		}
	}
}

// dealNouns name a deal as a whole; dealClosers say it took effect.
var (
	dealNouns   = words("deal transaction acquisition takeover merger purchase buyout sale")
	dealClosers = words("close complete finalise finalize conclude")
	dealRels    = words("ACQUIRED MERGED_WITH")
)

// dealClosed reads a sentence that says when a deal told in the sentence
// before took effect: "X has completed its acquisition of Y. The
// transaction closed yesterday.", "Y has been acquired by X. The deal was
// completed on 7 October." The acquisition holds from that day.
func (sc *sentCtx) dealClosed() {
	if len(sc.p.Clauses) == 0 {
		return
	}
	c := &sc.p.Clauses[0]
	if c.Subj.None() || c.SubjFrom != nlp.SubjOwn || !dealClosers.has(c.Lemma) || c.Negated || c.Modal || c.Future || !c.Obj.None() && !c.Passive {
		return
	}
	if !dealNouns.has(sc.p.Lemmas[sc.p.Phrases[c.Subj.Phrase].Head]) {
		return
	}
	// A deal dated by the day it was reported (the reference time or a
	// dateline) takes the day it closed.
	sc.redateBefore(c, func(f *fact) bool {
		return dealRels.has(f.rel) && (f.valid.IsZero() || sameDay(f.valid, sc.u.x.ref))
	})
	sc.saleCompleted(c)
}

// saleCompleted reads "… have sold it to Linde Wohnbau. The sale
// completes on 1 April.": the ownership the sentence before passed from
// seller to buyer passes on that day, past or to come.
func (sc *sentCtx) saleCompleted(c *nlp.Clause) {
	at, ok := sc.dayAhead(c, false)
	if !ok {
		return
	}
	fs := sc.factsBefore()
	for i := range fs {
		switch f := &fs[i]; {
		case f.rel != "OWNS":
		case f.invalid.Equal(sc.u.x.ref):
			f.invalid = at
		case f.valid.Equal(sc.u.x.ref) && f.invalid.IsZero():
			f.valid = at
		}
	}
}

// leaveableRels are the ties a verb of ending with no object ends.
var leaveableRels = words("STUDIES_AT WORKS_AT LIVES_IN PLAYS_FOR MEMBER_OF COACHES")

// roleFact is a title fact a sentence stated: org has holder as its rel.
type roleFact struct {
	org, holder ref
	rel         string
	role        temporal
	// job is the title of a HAS_JOB_TITLE role ("lead maintainer"),
	// whose org, when known, is where it is held.
	job ref
	// holderFirst is set for a relation from its holder to the
	// organisation ("coaches"), not from the organisation ("HAS_CFO").
	holderFirst bool
}

// holdRole emits that holder takes (tStart) or leaves (tEnd) the role r
// another held: an organisation's officer, or a job with the
// organisation it is held at.
func (sc *sentCtx) holdRole(cc *clauseCtx, r roleFact, holder ref, role temporal, text string) {
	if r.holderFirst {
		sc.fact(cc, holder, r.org, r.rel, role, "{s} "+map[temporal]string{tStart: "now", tEnd: "no longer"}[role]+" "+strings.ToLower(strings.ReplaceAll(r.rel, "_", " "))+" {o}", kindPerson, kindOrg)
		return
	}
	if r.rel != "HAS_JOB_TITLE" {
		sc.fact(cc, r.org, holder, r.rel, role, text, kindOrg, kindPerson)
		return
	}
	verb := "became"
	if role == tEnd {
		verb = "is no longer"
	}
	sc.fact(cc, holder, r.job, "HAS_JOB_TITLE", role, "{s} "+verb+" "+withArticle(r.job.name), kindPerson, kindOccupation)
	if r.org.name != "" && role == tStart {
		sc.fact(cc, holder, r.org, "WORKS_AT", role, "{s} works at {o} as "+withArticle(r.job.name), kindPerson, kindOrg)
	}
}

// roleName is how a text names the role r.
func roleName(r roleFact) string {
	if r.rel == "HAS_JOB_TITLE" {
		return r.job.name
	}
	return titleWord(r.rel)
}

// succession reads who left the role someone took in the same sentence:
// "Ahmed Saleh replaced her", "… replacing Malcolm Reyes", "… after
// Harriet Pell retired". The one replaced held the role until then.
func (sc *sentCtx) succession() {
	defer sc.passRoles()
	if len(sc.roles) == 0 {
		sc.successor()
		return
	}
	sc.replacedHere()
	for ci := range sc.p.Clauses {
		c := &sc.p.Clauses[ci]
		if _, ok := sc.factual(ci); !ok {
			continue
		}
		subjs := sc.subjects(ci)
		if len(subjs) == 0 {
			continue
		}
		cc := &clauseCtx{c: c, te: tensePast}
		cc.date = sc.nearestDate(c.VerbStart, sc.clauseEnd(c))
		// The object pronoun means no one the subject names ("named
		// Eirik Moe to replace her").
		sc.clauseSubjects = subjs
		old := sc.predecessor(c)
		sc.clauseSubjects = nil
		switch {
		case old.name != "":
			// "… replacing Malcolm Reyes", "… taking over from Marjorie
			// Penhaligon".
			by := subjs[0]
			for _, r := range sc.roles {
				switch {
				case r.holder.name == old.name && r.role == tEnd:
					sc.holdRole(cc, r, by, tStart, "{o} replaced "+old.name+" as "+roleName(r)+" of {s}")
				case r.role == tStart && r.holder.name != old.name:
					sc.holdRole(cc, r, old, tEnd, "{o} was replaced as "+roleName(r)+" of {s}")
				default:
					continue
				}
				break
			}
		case roleEnds.has(c.Lemma) && c.Obj.None() && c.AsRole < 0 && len(c.PPs) == 0:
			for _, r := range sc.roles {
				if r.role == tStart && r.holder.name != subjs[0].name && r.rel != "HAS_JOB_TITLE" {
					sc.fact(cc, r.org, subjs[0], r.rel, tEnd, "{o} left as "+titleWord(r.rel)+" of {s}", kindOrg, kindPerson)
					break
				}
			}
		}
	}
}

// passRoles hands the roles the sentence has read since it last did to
// the sentences after it.
func (sc *sentCtx) passRoles() {
	sc.u.roles = append(sc.u.roles, sc.roles[sc.rolesPassed:]...)
	sc.rolesPassed = len(sc.roles)
}

// successorNouns name the one who takes over another's role.
var successorNouns = words("successor replacement")

// successor reads a role taken over in a sentence after the one that
// ended it: "Maja Ekholm stepped down as chief executive. Her successor
// is Tobias Rehn." (or "Tobias Rehn is her successor", "Tobias Rehn
// succeeds her"): the successor holds the role at the organisation from
// then.
func (sc *sentCtx) successor() {
	if len(sc.u.roles) == 0 {
		return
	}
	for ci := range sc.p.Clauses {
		c := &sc.p.Clauses[ci]
		if _, ok := sc.factual(ci); !ok || c.Subj.Phrase < 0 {
			continue
		}
		var old, by ref
		switch {
		case c.Lemma == "be" && !c.Comp.None():
			sp, cp := &sc.p.Phrases[c.Subj.Phrase], &sc.p.Phrases[c.Comp.Phrase]
			switch {
			case successorNouns.has(sc.headWord(c.Subj.Phrase)) && sp.PossEnd > sp.PossStart:
				old, by = sc.ownerOf(sp), sc.phraseRef(c.Comp.Phrase, false)
			case successorNouns.has(sc.headWord(c.Comp.Phrase)) && cp.PossEnd > cp.PossStart:
				old, by = sc.ownerOf(cp), sc.phraseRef(c.Subj.Phrase, false)
			}
		case (c.Lemma == "succeed" || c.Lemma == "replace") && !c.Obj.None() && !c.Passive:
			// The object pronoun means no one the subject names.
			by = sc.phraseRef(c.Subj.Phrase, false)
			sc.clauseSubjects = []ref{by}
			old = sc.phraseRef(c.Obj.Phrase, false)
			sc.clauseSubjects = nil
		case (c.Lemma == "succeed" || c.Lemma == "replace") && c.Passive && c.Obj.None():
			// "She will be succeeded by Rangi Parata": the one after
			// "by" takes over from the subject.
			for _, pp := range c.PPs {
				if pp.Prep == "by" && pp.Obj.Phrase >= 0 {
					by = sc.phraseRef(pp.Obj.Phrase, false)
					old = sc.phraseRef(c.Subj.Phrase, true)
					break
				}
			}
		case c.Lemma == "take" && c.Particle == "over" && c.Obj.None() && !c.Passive && !c.Negated && c.AsRole < 0:
			// "I step down as lead maintainer. Adaeze takes over
			// from September 1st": the last one who left.
			by = sc.phraseRef(c.Subj.Phrase, false)
			for i := len(sc.u.roles) - 1; i >= 0; i-- {
				if sc.u.roles[i].role == tEnd {
					old = sc.u.roles[i].holder
					break
				}
			}
		}
		if old.name == "" {
			// "Oddny Brekke was elected in her place".
			old, by = sc.inPlaceOf(c)
		}
		if old.name == "" || by.name == "" || old.name == by.name || !sc.personish(by) {
			continue
		}
		cc := &clauseCtx{c: c, te: tensePresent}
		cc.date = sc.nearestDate(c.VerbStart, sc.clauseEnd(c))
		if !sc.succeededIn(cc, old, by) {
			sc.predecessorLeft(c, old, by)
		}
	}
}

// succeededIn gives by the role that old was said to leave, and reports
// whether there was one.
func (sc *sentCtx) succeededIn(cc *clauseCtx, old, by ref) bool {
	held := false
	for i := len(sc.u.roles) - 1; i >= 0; i-- {
		r := sc.u.roles[i]
		if r.role == tEnd && sc.u.x.reg.key(r.holder.name) == sc.u.x.reg.key(old.name) {
			if d := sc.endOfRole(r); cc.date == nil && d != nil && d.upcoming {
				// "will step down … at the end of the year. She will be
				// succeeded by Rangi Parata": from when she leaves, not
				// before.
				cc.date = d
			}
			sc.holdRole(cc, r, by, tStart, "{o} succeeded "+old.name+" as "+roleName(r)+" of {s}")
			held = true
		}
	}
	return held
}

// endOfRole returns the date the episode's facts end role r on, or nil;
// upcoming when still to come.
func (sc *sentCtx) endOfRole(r roleFact) *dateExpr {
	x := sc.u.x
	for k := len(x.facts) - 1; k >= 0; k-- {
		if f := x.facts[k]; f.rel == r.rel && !f.invalid.IsZero() && (x.sameName(f.dst, r.holder.name) || x.sameName(f.src, r.holder.name)) {
			return &dateExpr{t: f.invalid, role: dateAt, upcoming: f.invalid.After(x.ref)}
		}
	}
	return nil
}

// predecessorLeft reads the other way round: "… the appointment of Yaw
// Mensah as chief financial officer with effect from 15 July. He
// succeeds Helga Brandt": the role by was said to take was old's, and
// old left it when by took it.
func (sc *sentCtx) predecessorLeft(c *nlp.Clause, old, by ref) {
	if !sc.personish(old) {
		return
	}
	x := sc.u.x
	for i := len(sc.u.roles) - 1; i >= 0; i-- {
		r := sc.u.roles[i]
		if r.role != tStart || !x.sameName(r.holder.name, by.name) {
			continue
		}
		cc := &clauseCtx{c: c, te: tensePast}
		for k := len(x.facts) - 1; k >= 0; k-- {
			if f := x.facts[k]; f.rel == r.rel && !f.valid.IsZero() && (f.dst == by.name || f.src == by.name) {
				// A start still to come ("with effect from 15 July")
				// is the end's date as it stands.
				cc.date = &dateExpr{t: f.valid, role: dateAt, upcoming: f.valid.After(x.ref)}
				break
			}
		}
		sc.holdRole(cc, r, old, tEnd, "{o} was succeeded by "+by.name+" as "+roleName(r)+" of {s}")
		return
	}
}

// titleWord is the title a HAS_ relation names, as written: HAS_CEO →
// CEO, HAS_MANAGING_DIRECTOR → managing director.
func titleWord(rel string) string {
	t := strings.TrimPrefix(rel, "HAS_")
	if len(t) <= 3 {
		return t
	}
	return strings.ToLower(strings.ReplaceAll(t, "_", " "))
}

// proposalAccepted reads a proposal and its acceptance in one sentence
// ("Jun-seo proposed in Jeju and I said yes", "I proposed to Ana and she
// said yes"): the two are engaged from the proposal.
func (sc *sentCtx) proposalAccepted() {
	pi := -1
	for ci := range sc.p.Clauses {
		c := &sc.p.Clauses[ci]
		if c.Lemma == "propose" && !c.Negated && !c.Modal && !c.Subj.None() && (c.Obj.None() || sc.p.Lemmas[sc.p.Phrases[c.Obj.Phrase].Head] == "marriage") {
			// Marriage, not a toast or a plan.
			pi = ci
			continue
		}
		if pi < 0 || c.Lemma != "say" || c.Negated || c.Subj.None() || lowerAt(sc.toks, c.Verb+1) != "yes" {
			continue
		}
		p := &sc.p.Clauses[pi]
		asker := sc.phraseRef(p.Subj.Phrase, true)
		var asked ref
		for _, pp := range p.PPs {
			if pp.Prep == "to" && !pp.Obj.None() {
				asked = sc.phraseRef(pp.Obj.Phrase, false)
			}
		}
		answerer := asked
		if w := sc.toks[sc.p.Phrases[c.Subj.Phrase].Start].lower; asked.name == "" || w != "she" && w != "he" {
			// "proposed to Ana and she said yes": she is the one asked.
			answerer = sc.phraseRef(c.Subj.Phrase, true)
		}
		if asker.name == "" || answerer.name == "" || asker.name == answerer.name || asked.name != "" && asked.name != answerer.name {
			return
		}
		cc := &clauseCtx{c: p, te: tensePast}
		cc.left, cc.end = p.VerbStart, sc.clauseEnd(p)
		cc.date = sc.nearestDate(cc.left, cc.end)
		sc.fact(cc, asker, answerer, "ENGAGED_TO", tStart, "{s} got engaged to {o}", kindPerson, kindPerson)
		return
	}
	if pi >= 0 && sc.u.speaker != "" && lowerAt(sc.toks, len(sc.toks)-1) == "!" && sc.p.Clauses[pi].Past {
		// "Ruben proposed on Christmas Eve!!!": the one who tells it,
		// glad, is the one asked, and said yes.
		p := &sc.p.Clauses[pi]
		asker := sc.phraseRef(p.Subj.Phrase, true)
		for _, pp := range p.PPs {
			if pp.Prep == "to" && !pp.Obj.None() && !sc.pronounPhrase(pp.Obj.Phrase) {
				return
			}
		}
		if asker.name == "" || sc.u.x.reg.key(asker.name) == sc.u.x.reg.key(sc.u.speaker) || !personish(sc.kindOf(asker)) {
			return
		}
		cc := &clauseCtx{c: p, te: tensePast}
		cc.left, cc.end = p.VerbStart, sc.clauseEnd(p)
		cc.date = sc.nearestDate(cc.left, cc.end)
		sc.fact(cc, asker, ref{name: sc.u.speaker, kind: kindPerson, str: strSure}, "ENGAGED_TO", tStart, "{s} proposed to {o}", kindPerson, kindPerson)
	}
}

// lastDay reads "last day is the end of April" ("my last day at Acme is
// Friday", "her last day will be 30 June") as the day a job ends: a job
// the utterance has ended already ("handed in my notice at Acme on
// Friday, last day is the end of April") ends that day instead; else the
// job at the organisation the sentence names after "at".
func (sc *sentCtx) lastDay(told []int) {
	for ci := range sc.p.Clauses {
		c := &sc.p.Clauses[ci]
		if c.Lemma != "be" || c.Negated || c.Modal {
			continue
		}
		// "My last day at Acme is Friday", or the other way round:
		// "Friday was my last day at Acme".
		pi, other := c.Subj.Phrase, c.Comp.Phrase
		if !sc.isLastDay(pi) {
			pi, other = other, pi
		}
		if !sc.isLastDay(pi) {
			continue
		}
		p := &sc.p.Phrases[pi]
		d := sc.nearestDate(c.VerbStart, sc.clauseEnd(c))
		if d == nil && other >= 0 {
			d = sc.bareWeekday(other)
		}
		if d == nil || d.role != dateAt {
			continue
		}
		end := d.t
		if lowerAt(sc.toks, d.start) == "of" && lowerAt(sc.toks, d.start-1) == "end" || lowerAt(sc.toks, d.start-1) == "of" && lowerAt(sc.toks, d.start-2) == "end" {
			// "is the end of April": its last day.
			end = partOf(end, "end", false)
		}
		if d.next != nil && !c.Past && end.Before(sc.u.x.ref) {
			// "last day is the end of April", said in January: the
			// coming one.
			end = d.next(end)
		}
		if d.next != nil && c.Past && end.After(sc.u.x.ref) {
			// "my last day was 3 May", said in January: last May's.
			end = lastBefore(end, d.next, sc.u.x.ref)
		}
		if sc.endsToldBefore(end) {
			// "That's been cancelled. Your last day of access will be
			// 30 September 2024.": what the sentence before ended.
			return
		}
		holder := sc.u.speaker
		if p.PossEnd == p.PossStart+1 && !isPossessivePronoun(sc.toks[p.PossStart].lower) {
			return
		}
		if p.PossEnd == p.PossStart+1 && sc.toks[p.PossStart].lower != "my" {
			holder = sc.thirdAt(p.PossStart)
		}
		if holder == "" {
			return
		}
		redated := false
		for i := range sc.u.x.facts {
			f := &sc.u.x.facts[i]
			if f.rel == "WORKS_AT" && f.src == holder && f.valid.IsZero() && !f.invalid.IsZero() && f.invalid.Before(end) {
				f.invalid, redated = end, true
			}
		}
		if redated {
			return
		}
		// The organisation: "last day at Acme", else the one the
		// utterance said the holder works at.
		var org ref
		limit := c.VerbStart
		if p.Start > c.Verb {
			limit = sc.clauseEnd(c)
		}
		for k := p.End; k+1 < limit; k++ {
			if sc.toks[k].lower == "at" {
				if pi := sc.p.PhraseAt(k + 1); pi >= 0 {
					org = sc.phraseRef(pi, false)
				}
				break
			}
		}
		if org.name == "" {
			// Not a job a later clause tells ("Friday was my last day
			// and I start at Corvid on Monday"), nor one that starts
			// after the last day.
			for i := told[ci+1] - 1; i >= 0; i-- {
				if f := &sc.u.x.facts[i]; f.rel == "WORKS_AT" && f.src == holder && f.invalid.IsZero() && (f.valid.IsZero() || f.valid.Equal(sc.u.x.ref) || f.valid.Before(end)) {
					org = ref{name: f.dst, kind: kindOrg, str: strPattern}
					break
				}
			}
		}
		if org.name == "" {
			// The job an earlier episode told and did not end.
			if name := sc.u.x.previousEmployer(sc.u.x.reg.key(holder)); name != "" {
				org = ref{name: name, kind: kindOrg, str: strPattern}
			}
		}
		if org.name != "" && sc.kindOf(org) != kindPerson {
			fd := *d
			fd.t, fd.next = end, nil
			cc := &clauseCtx{c: c, te: tensePresent, date: &fd}
			sc.fact(cc, ref{name: holder, kind: kindPerson, str: strSure}, org, "WORKS_AT", tEnd, "{s} leaves {o}", kindPerson, kindOrg)
		}
		return
	}
}

// newsVerbs ask whether one has taken in news: "did you see", "have you
// heard".
var newsVerbs = words("see hear know notice read")

// newsAsked returns the clause that tells the news a question asks about
// having heard ("Did you see Rovers signed Kittelsen?", "Have you heard
// that Ana got engaged?"): the first clause with a subject of its own
// after a clause of taking in news whose subject is "you"; -1 when there
// is none.
func (sc *sentCtx) newsAsked() int {
	for ci := 0; ci+1 < len(sc.p.Clauses); ci++ {
		c := &sc.p.Clauses[ci]
		if !newsVerbs.has(c.Lemma) || c.Subj.None() || sc.toks[sc.p.Phrases[c.Subj.Phrase].Start].lower != "you" || c.Negated {
			continue
		}
		n := &sc.p.Clauses[ci+1]
		if n.SubjFrom == nlp.SubjOwn && !n.Subj.None() && (n.Past || n.Perfect) && !n.Modal {
			return ci + 1
		}
	}
	return -1
}

// endsToldBefore moves to end the ends the sentence before told at the
// reference time, other than of a job, and reports whether there were
// any.
func (sc *sentCtx) endsToldBefore(end time.Time) bool {
	moved := false
	fs := sc.factsBefore()
	for i := range fs {
		if f := &fs[i]; f.rel != "WORKS_AT" && f.valid.IsZero() && f.invalid.Equal(sc.u.x.ref) {
			f.invalid, moved = end, true
		}
	}
	return moved
}
