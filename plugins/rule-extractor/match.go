package main

import (
	"strings"
	"time"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// ref is what a slot of a match resolved to: an entity name with the kind
// the text shows.
type ref struct {
	name string
	kind kind
	str  int
	// det is how a noun phrase was introduced, for the fact text: "a",
	// "the", or the owner's name with "'s" for "my".
	det string
}

// phrase is the ref as the fact text writes it: "a small apartment",
// "Alice's car", "Paris".
func (r ref) phrase() string {
	if r.det == "" {
		return r.name
	}
	return r.det + " " + r.name
}

// tense is the tense of a matched verb group.
type tense int

const (
	tensePresent tense = iota
	// tenseProgressive is the present progressive ("I'm moving to"), which
	// often announces a plan.
	tenseProgressive
	tensePast
)

// aux is what the words between a subject and its verb say: auxiliaries,
// negation, modality.
type aux struct {
	have, had, be, bePast, did bool
	modal, neg, noLonger       bool
	usedTo                     bool
}

// match is one pattern matched in a sentence.
type match struct {
	p          *pattern
	index      int // the pattern's row in the table
	start, end int // the phrase's tokens
	left       int // first token of the subject (start when none)
	subj       ref
	aux        aux
	// found is what the phrase's elements matched, saved and restored
	// around an optional element.
	found
	// partner is the other one of a compound subject ("Sam and I"); more
	// are further subjects ("Ann and Bo report to her").
	partner ref
	more    []ref
}

// found is what a phrase's elements matched.
type found struct {
	form      form
	obj, obj2 ref
	poss      ref
	job       string
	word      string
	// title is a title's canonical name (CEO) and titleText the words.
	title, titleText string
}

// slot returns the entity a slot of m names.
func (m *match) slot(s string) ref {
	switch s {
	case slotSubject:
		return m.subj
	case slotObject:
		return m.obj
	case slotObject2:
		return m.obj2
	case slotPoss:
		return m.poss
	case slotJob:
		return ref{name: m.job, kind: kindOccupation, str: strPattern}
	case slotWord:
		return ref{name: m.word}
	case slotPartner:
		return m.partner
	}
	return ref{}
}

// sentCtx is the state of matching one sentence.
type sentCtx struct {
	u    *uttCtx
	toks []token
	// p is the sentence's parse; nameAt maps the first word of each name
	// and identifier to the word after it; clauseSubjects are the
	// subjects of the clause being read, whom its object pronouns cannot
	// mean.
	p              *nlp.Sentence
	nameAt         map[int]int
	clauseSubjects []ref
	// roles are the title facts the sentence stated, for succession.
	roles    []roleFact
	blocked  []bool
	dates    []dateExpr
	question bool
	// carried is the subject of the sentence's previous match, for "I quit
	// Acme and joined Globex".
	carried ref
	// partner and more are what subject found besides the subject: the
	// other one of "Sam and I", the other names of "Ann and Bo".
	partner ref
	more    []ref
	// curStart and curPattern are the match being tried, for objExclude.
	curStart   int
	curPattern *pattern
	// possI, possRef, possEnd, possOK cache possessor for one token.
	possValid      bool
	possI, possEnd int
	possRef        ref
	possOK         bool
	// subj caches subjectAt for one token.
	subj        subjectFound
	subjValid   bool
	subjCarried string
}

// Words skipped between a subject and its verb.
var (
	auxAdverbs     = words("just also still now currently recently finally actually really already even always officially then eventually originally only both all happily soon ever probably definitely sort kind of gladly")
	modals         = words("will would shall should can could may might must")
	intentionWords = words("want wants wanted going gonna plan plans planning planned hope hopes hoping need needs needed try tries trying tried decided decide deciding like love would wish wishes able about supposed expected ought have has had got")
	conditionals   = words("if unless whether wish imagine suppose supposing whenever")
	objectPronouns = words("it them him her me you us this that")
	possessives    = map[string]string{"my": "i", "our": "i", "your": "you", "his": "he", "her": "she"}
)

// matchSentence finds every pattern in the sentence and emits their facts.
func (sc *sentCtx) matchSentence() {
	toks := sc.toks
	var m, best match
	for i := 0; i < len(toks); i++ {
		found := false
		try := func(pi int) {
			p := &patterns[pi]
			if sc.matchAt(p, i, &m) && (!found || m.end-m.start > best.end-best.start || m.end-m.start == best.end-best.start && pi < best.index) {
				best, found = m, true
				best.index = pi
			}
		}
		for _, pi := range anchors[toks[i].lower] {
			try(pi)
		}
		if _, ok := possessives[toks[i].lower]; ok || toks[i].cap {
			for _, pi := range possLed {
				try(pi)
			}
		}
		if !found {
			continue
		}
		sc.emit(&best)
		if best.subj.name != "" {
			sc.carried = best.subj
		}
	}
}

// matchAt matches p with its first element at toks[i] into m: the
// elements first, then the subject (an object pronoun asks for the
// subject itself, through subjectAt, to know whom it cannot mean).
func (sc *sentCtx) matchAt(p *pattern, i int, m *match) bool {
	*m = match{p: p, start: i, left: i}
	if p.subjKind != kindNone {
		// Cheaper than the elements: "is the …" is everywhere.
		if sj := sc.subjectAt(i); !sj.ok || sc.kindOf(sj.subj) != p.subjKind {
			return false
		}
	}
	sc.curStart, sc.curPattern = i, p
	end, ok := sc.matchElems(p, 0, i, m)
	if !ok {
		return false
	}
	m.end = end
	switch {
	case p.relative:
		s, left, ok := sc.antecedent(i)
		if !ok {
			return false
		}
		m.subj, m.left = s, left
	case !p.leadsWithPoss():
		sj := sc.subjectAt(i)
		if !sj.ok {
			return false
		}
		m.subj, m.left, m.aux, m.partner, m.more = sj.subj, sj.left, sj.aux, sj.partner, sj.more
	}
	if p.subjKind != kindNone && sc.kindOf(m.subj) != p.subjKind {
		return false
	}
	if p.onlyKind == kindNone && p.notKind == kindNone {
		return true
	}
	k := sc.kindOf(m.obj)
	return !(p.onlyKind != kindNone && k != p.onlyKind || p.notKind != kindNone && k == p.notKind)
}

// objExclude returns the names an object pronoun of the pattern being
// matched cannot mean: its subjects ("Ann and Bo report to her").
func (sc *sentCtx) objExclude() []ref {
	p := sc.curPattern
	if p == nil || p.relative || p.leadsWithPoss() {
		return nil
	}
	sj := sc.subjectAt(sc.curStart)
	if !sj.ok {
		return nil
	}
	return append([]ref{sj.subj}, sj.more...)
}

// subjectFound is what subject found for a verb group, cached per token.
type subjectFound struct {
	at, left      int
	subj, partner ref
	more          []ref
	aux           aux
	ok            bool
}

// subjectAt is subject(i), computed once for every pattern tried at i.
func (sc *sentCtx) subjectAt(i int) subjectFound {
	if sc.subjValid && sc.subj.at == i && sc.subjCarried == sc.carried.name {
		return sc.subj
	}
	s, left, a, ok := sc.subject(i)
	sc.subj = subjectFound{at: i, left: left, subj: s, partner: sc.partner, more: sc.more, aux: a, ok: ok}
	sc.subjValid, sc.subjCarried = true, sc.carried.name
	return sc.subj
}

// kindOf is the kind of a ref: the one the text shows, else the one the
// episode has learnt for the name.
func (sc *sentCtx) kindOf(r ref) kind {
	if r.name == "" {
		return kindNone
	}
	if e := sc.u.x.reg.get(r.name); e != nil && e.kind != kindNone && e.str >= r.str {
		return e.kind
	}
	return r.kind
}

// matchElems matches p.elems[k:] from toks[i] and returns the end.
func (sc *sentCtx) matchElems(p *pattern, k, i int, m *match) (int, bool) {
	if k == len(p.elems) {
		return i, true
	}
	e := &p.elems[k]
	if e.opt {
		saved := m.found
		if end, ok := sc.matchElem(p, e, k, i, m); ok {
			return end, true
		}
		m.found = saved
		return sc.matchElems(p, k+1, i, m)
	}
	return sc.matchElem(p, e, k, i, m)
}

// matchElem matches the element e (index k) at toks[i] and the rest after.
func (sc *sentCtx) matchElem(p *pattern, e *elem, k, i int, m *match) (int, bool) {
	toks := sc.toks
	if i >= len(toks) {
		return 0, false
	}
	next := i + 1
	switch e.kind {
	case eWords:
		if e.any {
			t := &toks[i]
			if !t.word || t.cap || sc.blocked[i] || npStop.has(t.lower) || t.lower == "'s" {
				return 0, false
			}
		} else {
			// A date may sit inside a phrase ("left it last year for").
			for k > 0 && i < len(toks)-1 && sc.blocked[i] {
				i++
			}
			if !e.set.has(toks[i].lower) {
				return 0, false
			}
			next = i + 1
		}
		if e.capture {
			m.word = toks[i].lower
		}
	case eVerb:
		var f form
		for _, v := range e.verbs {
			f |= v.forms[toks[i].lower]
		}
		if f == 0 {
			return 0, false
		}
		if m.form == 0 {
			m.form = f
		}
	case eObj, eObj2:
		r, end, ok := sc.object(i, p.np)
		if !ok {
			return 0, false
		}
		if e.kind == eObj {
			m.obj = r
		} else {
			m.obj2 = r
		}
		next = end
	case ePoss:
		r, end, ok := sc.possessor(i)
		if !ok {
			return 0, false
		}
		m.poss, next = r, end
	case eJob:
		end := sc.jobTitle(i)
		if end == i {
			return 0, false
		}
		m.job, next = strings.ToLower(joinTokens(toks[i:end])), end
	case eTitle:
		canon, end := titleAt(toks, i)
		if end == i {
			return 0, false
		}
		m.title, m.titleText, next = canon, joinTokens(toks[i:end]), end
	}
	return sc.matchElems(p, k+1, next, m)
}

// tenseOf reads the tense of a match from its verb form and auxiliaries.
func tenseOf(m *match) tense {
	x, f := m.aux, m.form
	switch {
	case x.usedTo:
		return tensePast
	case f&fIng != 0 && (x.be || x.bePast || x.have || x.had):
		if x.bePast || x.had {
			return tensePast
		}
		if x.have {
			return tensePresent
		}
		return tenseProgressive
	case x.had || x.bePast || x.did:
		return tensePast
	case x.have || x.be:
		return tensePresent
	case f&fPast != 0:
		return tensePast
	}
	return tensePresent
}

// anymore reports whether the clause after toks[end] says "anymore" or
// "any longer".
func (sc *sentCtx) anymore(end int) bool {
	for k := end; k < len(sc.toks) && k < end+8; k++ {
		switch sc.toks[k].lower {
		case "anymore":
			return true
		case "any":
			if n := lowerAt(sc.toks, k+1); n == "more" || n == "longer" {
				return true
			}
		case ",", ";", "but", "because":
			return false
		}
	}
	return false
}

// nearestDate returns the sentence's date expression nearest to the
// tokens [start, end), within a few tokens and the same clause (a date
// opening the sentence reaches across: "Last June, I moved to Paris"), or
// nil.
func (sc *sentCtx) nearestDate(start, end int) *dateExpr {
	var best *dateExpr
	bestDist := 13
	for k := range sc.dates {
		d := &sc.dates[k]
		dist := 0
		switch {
		case d.end <= start:
			dist = start - d.end + 1
			if d.start > 1 && sc.boundary(d.end, start) {
				continue
			}
		case d.start >= end:
			dist = d.start - end
			if sc.boundary(end, d.start) {
				continue
			}
		}
		if dist < bestDist {
			best, bestDist = d, dist
		}
	}
	return best
}

// clauseBreaks separate clauses: a date beyond one belongs to another
// clause.
var clauseBreaks = words(", ; and but because which while so when where after before")

// boundary reports whether toks[from:to] holds a clause break.
func (sc *sentCtx) boundary(from, to int) bool {
	for k := from; k < to; k++ {
		if clauseBreaks.has(sc.toks[k].lower) {
			return true
		}
	}
	return false
}

// placeInTime computes a fact's dates and tells whether to use the past
// template. ok is false when the statement is not a fact (a plan). A date
// in the sentence always wins over the reference time: "I just started at
// Acme" is valid from the reference time, "I started at Acme last week"
// from a week before it.
func placeInTime(o output, te tense, ended bool, d *dateExpr, ref time.Time) (valid, invalid time.Time, past, ok bool) {
	valid, invalid, past, ok = placeInTime1(o, te, ended, d, ref)
	if !valid.IsZero() && !invalid.IsZero() && invalid.Before(valid) {
		valid = time.Time{}
	}
	return valid, invalid, past, ok
}

// placeInTime1 is placeInTime before the check that a fact does not end
// before it starts.
func placeInTime1(o output, te tense, ended bool, d *dateExpr, ref time.Time) (valid, invalid time.Time, past, ok bool) {
	if d != nil && te == tensePast && d.t.After(ref) {
		// "I drove it on June 14th", said in May: last year's June.
		pd := *d
		pd.t = pd.t.AddDate(-1, 0, 0)
		d = &pd
	}
	if d != nil && d.next != nil && te != tensePast && (o.temporal == tStart || o.temporal == tEvent) && d.t.Before(upcomingFrom(d, ref)) {
		// "He starts in August", "On Monday I start", said before: the
		// next August, the coming Monday.
		pd := *d
		pd.t = d.next(d.t)
		d = &pd
	}
	if d != nil && d.role == dateRange {
		if ended && o.temporal != tState && o.temporal != tTrait {
			return valid, invalid, false, false
		}
		switch o.temporal {
		case tEvent:
			return d.t, time.Time{}, te == tensePast, true
		case tEnd:
			return time.Time{}, d.until, true, true
		}
		return d.t, d.until, te == tensePast || !d.until.After(ref), true
	}
	t := o.temporal
	if ended {
		if t != tState && t != tTrait {
			return valid, invalid, false, false
		}
		t = tEnd
	}
	switch t {
	case tState, tTrait:
		if te == tensePast {
			if d != nil {
				switch d.role {
				case dateUntil:
					invalid = d.t
				case dateAt, dateSince:
					valid = d.t
				}
			}
			if t == tState && invalid.IsZero() {
				invalid = ref
			}
			return valid, invalid, true, true
		}
		valid = ref
		if d != nil {
			if d.role == dateUntil {
				invalid = d.t
			} else {
				valid = d.t
			}
		}
		return valid, invalid, false, true
	case tStart:
		if te == tenseProgressive && d == nil {
			return valid, invalid, false, false
		}
		valid = ref
		if d != nil {
			if d.role == dateUntil {
				invalid = d.t
			} else {
				valid = d.t
			}
		}
		return valid, invalid, false, true
	case tEnd:
		invalid = ref
		if d != nil && d.role != dateFor {
			invalid = d.t
		}
		return valid, invalid, true, true
	default: // tEvent
		switch {
		case d != nil && d.role != dateFor:
			valid = d.t
		case te != tensePast:
			valid = ref
		}
		return valid, invalid, te == tensePast, true
	}
}

// upcomingFrom is the earliest time a date said without its year or week
// still names an occurrence to come: the reference day for a weekday, the
// start of the reference month for a month ("in May", said in May, is
// this May).
func upcomingFrom(d *dateExpr, ref time.Time) time.Time {
	if d.next(d.t).Sub(d.t) < 8*24*time.Hour {
		return day(ref, 0, 0, 0)
	}
	return day(ref, 0, 0, 1-ref.Day())
}

// emit turns a match into facts: one set for each subject ("Ann and Bo
// report to her"; "Sam and I moved to Oslo" when the pattern does not
// use the partner itself).
func (sc *sentCtx) emit(m *match) {
	if sc.question || m.aux.modal {
		return
	}
	ended := m.aux.noLonger || m.aux.neg && sc.anymore(m.end)
	if m.aux.neg && !ended {
		return
	}
	te := tenseOf(m)
	var d *dateExpr
	if !m.p.undated {
		d = sc.nearestDate(m.left, m.end)
	}
	subjects := append([]ref{m.subj}, m.more...)
	if m.partner.name != "" && !m.p.usesPartner() {
		subjects = append(subjects, m.partner)
	}
	for _, subj := range subjects {
		m.subj = subj
		sc.emitOne(m, te, ended, d)
	}
	m.subj = subjects[0]
	switch {
	case m.subj.name == "":
	case sc.kindOf(m.subj) == kindPerson:
		sc.u.lastPersonSubj = m.subj.name
	case m.subj.name != sc.u.speaker:
		sc.u.lastThingSubj = m.subj.name
	}
}

// usesPartner reports whether an output of p names the partner.
func (p *pattern) usesPartner() bool {
	for _, o := range p.outs {
		if o.src == slotPartner || o.dst == slotPartner {
			return true
		}
	}
	return false
}

// emitOne emits the facts of m for its current subject.
func (sc *sentCtx) emitOne(m *match, te tense, ended bool, d *dateExpr) {
	for _, o := range m.p.outs {
		rel := o.rel
		oEnded := ended
		switch {
		case rel == relKin:
			k := kinship[m.word]
			rel, oEnded = k.rel, ended || k.ended
		case rel == relTitle:
			rel = titleRelation(m.title)
		case strings.HasSuffix(rel, "@"):
			rel = strings.TrimSuffix(rel, "@") + strings.ToUpper(strings.TrimSuffix(m.word, "s"))
		}
		src, dst := m.slot(o.src), m.slot(o.dst)
		if o.src == slotOrg {
			src = sc.contextOrg()
		}
		if o.dst == slotOrg {
			dst = sc.contextOrg()
		}
		if o.rel == relTitle && m.title == "FOUNDER" {
			// A founder founded the company once; the title is no state.
			if oEnded || o.temporal == tEnd {
				continue
			}
			rel, src, dst = "FOUNDED", dst, src
			o = out(rel, o.dst, o.src, tEvent, "{s} founded {org}", "", kindPerson, kindOrg)
			te = tensePast
		}
		if src.name == "" || dst.name == "" {
			continue
		}
		ote := te
		if m.p.ahead && d != nil && d.t.After(sc.u.x.ref) {
			ote = tensePresent
		}
		valid, invalid, past, ok := placeInTime(o, ote, oEnded, d, sc.u.x.ref)
		if !ok {
			continue
		}
		tmpl := o.text
		if past && o.past != "" {
			tmpl = o.past
		}
		sc.u.x.addFact(m, rel, tmpl, o, src, dst, valid, invalid)
	}
}

// orgNouns, heading an appositive, show its name is an organisation
// ("Halvorsen Freight, the Oslo logistics firm, …").
var orgNouns = words("firm company companies startup start-up studio lab laboratory agency maker retailer manufacturer chain brand provider platform nonprofit charity publisher bank insurer carrier airline operator supplier distributor developer conglomerate corporation business consultancy")
