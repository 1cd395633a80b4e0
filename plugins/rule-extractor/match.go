package main

import (
	"strings"
	"time"
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
	form       form
	subj       ref
	aux        aux
	obj, obj2  ref
	poss       ref
	job        string
	word       string
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
	}
	return ref{}
}

// sentCtx is the state of matching one sentence.
type sentCtx struct {
	u        *uttCtx
	toks     []token
	blocked  []bool
	dates    []dateExpr
	question bool
	// carried is the subject of the sentence's previous match, for "I quit
	// Acme and joined Globex".
	carried ref
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

// matchAt matches p with its first element at toks[i] into m.
func (sc *sentCtx) matchAt(p *pattern, i int, m *match) bool {
	*m = match{p: p, start: i, left: i}
	end, ok := sc.matchElems(p, 0, i, m)
	if !ok {
		return false
	}
	m.end = end
	if !p.leadsWithPoss() {
		s, left, a, ok := sc.subject(i)
		if !ok {
			return false
		}
		m.subj, m.left, m.aux = s, left, a
	}
	return !(p.onlyKind != kindNone && m.obj.kind != p.onlyKind || p.notKind != kindNone && m.obj.kind == p.notKind)
}

// matchElems matches p.elems[k:] from toks[i] and returns the end.
func (sc *sentCtx) matchElems(p *pattern, k, i int, m *match) (int, bool) {
	if k == len(p.elems) {
		return i, true
	}
	e := &p.elems[k]
	if e.opt {
		saved := *m
		if end, ok := sc.matchElem(p, e, k, i, m); ok {
			return end, true
		}
		*m = saved
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
		if !e.set.has(toks[i].lower) {
			return 0, false
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
	}
	return sc.matchElems(p, k+1, next, m)
}

// jobTitle returns the end of a job title starting at toks[i] ("software
// engineer"), or i.
func (sc *sentCtx) jobTitle(i int) int {
	end := i
	for j := i; j < len(sc.toks) && j-i < 4; j++ {
		t := &sc.toks[j]
		if !t.word || sc.blocked[j] || npStop.has(t.lower) {
			break
		}
		if jobHeads.has(t.lower) || jobHeads.has(strings.TrimSuffix(t.lower, "s")) {
			end = j + 1
		}
	}
	return end
}

// possessor resolves "my", "your", "her" or "Alice's" at toks[i].
func (sc *sentCtx) possessor(i int) (ref, int, bool) {
	l := sc.toks[i].lower
	if p, ok := possessives[l]; ok {
		r := sc.pronoun(p)
		return r, i + 1, r.name != ""
	}
	e := nameEnd(sc.toks, i, sc.blocked)
	if e == i || lowerAt(sc.toks, e) != "'s" {
		return ref{}, 0, false
	}
	k, str := guessKind(sc.toks[i:e])
	return ref{name: joinTokens(sc.toks[i:e]), kind: k, str: str}, e + 1, true
}

// pronoun resolves a personal pronoun (subject form) to an entity.
func (sc *sentCtx) pronoun(p string) ref {
	switch p {
	case "i", "we", "me", "us", "myself":
		if sc.u.speaker != "" {
			return ref{name: sc.u.speaker, kind: kindPerson, str: strSure}
		}
	case "you":
		if sc.u.other != "" {
			return ref{name: sc.u.other, kind: kindPerson, str: strSure}
		}
	case "he", "she", "him":
		if name := sc.u.third(); name != "" {
			return ref{name: name, kind: kindPerson, str: strPattern}
		}
	}
	return ref{}
}

// kinRef names an unnamed relative: "my sister" → "Alice's sister".
func kinRef(owner ref, kin string) ref {
	return ref{name: owner.name + "'s " + kin, kind: kindPerson, str: strPattern}
}

// object resolves an object at toks[i]: a pronoun, a relative ("my
// sister"), a name, a quoted title or, when np is set, a noun phrase.
func (sc *sentCtx) object(i int, np bool) (ref, int, bool) {
	toks := sc.toks
	l := toks[i].lower
	switch l {
	case "me", "us", "myself", "you", "him":
		r := sc.pronoun(l)
		return r, i + 1, r.name != ""
	case "her":
		if i+1 >= len(toks) || !toks[i+1].word || npStop.has(toks[i+1].lower) {
			r := sc.pronoun("her")
			return r, i + 1, r.name != ""
		}
	}
	j := i
	det := ""
	if determiners.has(l) {
		det = toks[i].lower
		j++
	}
	if j < len(toks) {
		if p, ok := possessives[toks[j].lower]; ok {
			owner := sc.pronoun(p)
			det = ""
			if owner.name != "" {
				det = owner.name + "'s"
			}
			k := j + 1
			if k < len(toks) && classes["adj"].has(toks[k].lower) {
				k++
			}
			if k < len(toks) && kinNouns.has(toks[k].lower) && lowerAt(toks, k+1) != "'s" {
				if e := nameEnd(toks, k+1, sc.blocked); e > k+1 {
					return sc.named(k+1, e), e, true
				}
				if owner.name == "" {
					return ref{}, 0, false
				}
				return kinRef(owner, toks[k].lower), k + 1, true
			}
			j++
		}
	}
	if s, e, ok := quotedTitle(toks, j); ok {
		return ref{name: joinTokens(toks[s:e]), kind: kindWork, str: strCue}, e + 1, true
	}
	if e := nameEnd(toks, j, sc.blocked); e > j {
		return sc.named(j, e), e, true
	}
	if !np {
		return ref{}, 0, false
	}
	k := j
	for k < len(toks) && k-j < 4 && toks[k].word && (!toks[k].cap || nationalities.has(toks[k].lower)) && !sc.blocked[k] && !npStop.has(toks[k].lower) {
		k++
	}
	if k < len(toks) && k-j <= 2 && toks[k].cap {
		if e := nameEnd(toks, k, sc.blocked); e > k {
			return sc.named(k, e), e, true
		}
	}
	if k == j || junkHeads.has(toks[k-1].lower) || junkHeads.has(toks[j].lower) || isNumber(toks[k-1].lower) || demonstratives.has(det) {
		return ref{}, 0, false
	}
	// "I love seeing the sunset": a bare gerund cut off before its own
	// object says too little.
	if k-j == 1 && strings.HasSuffix(toks[j].lower, "ing") && k < len(toks) && (determiners.has(toks[k].lower) || possessives[toks[k].lower] != "" || objectPronouns.has(toks[k].lower)) {
		return ref{}, 0, false
	}
	if k-j == 1 && nationalities.has(toks[j].lower) {
		return ref{}, 0, false
	}
	return ref{name: joinTokens(toks[j:k]), det: det}, k, true
}

// named is the ref of the name toks[s:e].
func (sc *sentCtx) named(s, e int) ref {
	k, str := guessKind(sc.toks[s:e])
	return ref{name: joinTokens(sc.toks[s:e]), kind: k, str: str}
}

// subject finds the subject left of the verb group at toks[a], skipping
// auxiliaries and adverbs. It returns the subject, its first token and
// what the skipped words say.
func (sc *sentCtx) subject(a int) (ref, int, aux, bool) {
	toks := sc.toks
	var x aux
	j := a - 1
scan:
	for steps := 0; j >= 0 && steps < 8; steps++ {
		l := toks[j].lower
		switch {
		case l == "have" || l == "has":
			x.have = true
		case l == "had":
			x.had = true
		case l == "am" || l == "is" || l == "are" || l == "been" || l == "being":
			x.be = true
		case l == "was" || l == "were":
			x.bePast = true
		case l == "do" || l == "does":
		case l == "did":
			x.did = true
		case modals.has(l):
			x.modal = true
		case l == "not" || l == "never":
			x.neg = true
		case l == "longer" && lowerAt(toks, j-1) == "no":
			x.noLonger = true
			j--
		case auxAdverbs.has(l):
		case l == "to":
			prev := lowerAt(toks, j-1)
			switch {
			case prev == "used":
				x.usedTo = true
			case intentionWords.has(prev):
				x.modal = true
			default:
				return ref{}, 0, x, false
			}
			j--
		default:
			break scan
		}
		j--
	}
	if j < 0 {
		return ref{}, 0, x, false
	}
	for k := 0; k < j; k++ {
		if conditionals.has(toks[k].lower) {
			x.modal = true
		}
	}
	l := toks[j].lower
	switch l {
	case "i", "we", "you", "he", "she":
		r := sc.pronoun(l)
		return r, j, x, r.name != ""
	case "and", "then", ",":
		if sc.carried.name != "" {
			return sc.carried, j, x, true
		}
		return ref{}, 0, x, false
	case "who":
		k := j - 1
		if lowerAt(toks, k) == "," {
			k--
		}
		if s := nameStart(toks, k+1, sc.blocked); s >= 0 {
			return sc.named(s, k+1), s, x, true
		}
		return ref{}, 0, x, false
	}
	if kinNouns.has(l) {
		k := j - 1
		if k >= 0 && classes["adj"].has(toks[k].lower) {
			k--
		}
		if k >= 0 {
			if p, ok := possessives[toks[k].lower]; ok {
				if owner := sc.pronoun(p); owner.name != "" {
					return kinRef(owner, l), k, x, true
				}
			}
			if toks[k].lower == "'s" {
				if s := nameStart(toks, k, sc.blocked); s >= 0 {
					return kinRef(sc.named(s, k), l), s, x, true
				}
			}
		}
		return ref{}, 0, x, false
	}
	if s := nameStart(toks, j+1, sc.blocked); s >= 0 {
		return sc.named(s, j+1), s, x, true
	}
	return ref{}, 0, x, false
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

// emit turns a match into facts.
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
	for _, o := range m.p.outs {
		rel := o.rel
		oEnded := ended
		if rel == relKin {
			k := kinship[m.word]
			rel, oEnded = k.rel, ended || k.ended
		}
		src, dst := m.slot(o.src), m.slot(o.dst)
		if src.name == "" || dst.name == "" {
			continue
		}
		valid, invalid, past, ok := placeInTime(o, te, oEnded, d, sc.u.x.ref)
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
