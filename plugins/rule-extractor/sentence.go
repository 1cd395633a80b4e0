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
	// group, for a plural "you" ("you guys", "you all", "you two"), are
	// the people it stands for: every other speaker of the conversation.
	// A fact with such an end holds for each of them.
	group []string
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

// pattern is the facts a construction read by hand states (appositives).
type pattern struct {
	outs []output
	// ahead patterns may name a date to come in the past tense.
	ahead bool
}

// match is what a construction found: its ends and the words its fact
// texts name.
type match struct {
	p    *pattern
	subj ref
	found
	// partner is the other one of a compound subject ("Noor and I").
	partner ref
}

// found is what a construction's words named.
type found struct {
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

// sentCtx is the state of reading one sentence.
type sentCtx struct {
	u    *uttCtx
	toks []token
	// p is the sentence's parse; nameAt maps the first word of each name
	// and identifier to the word after it; clauseSubjects are the
	// subjects of the clause being read, whom its object pronouns cannot
	// mean.
	p      *nlp.Sentence
	nameAt map[int]int
	// first is the index in x.facts of the sentence's first fact.
	first          int
	clauseSubjects []ref
	// reading is one more than the index of the clause being read (0:
	// none), so that a phrase a copula identifies is read as what the
	// copula names in every other clause (refs.go, identified).
	reading int
	// served are the phrases of the clause being read that servedBy
	// read as the one who serves its subject (implicit.go), which no
	// frame reads again.
	served []int
	// roles are the title facts the sentence stated, for succession.
	roles []roleFact
	// rolesPassed counts the roles handed on to later sentences.
	rolesPassed int
	blocked     []bool
	dates       []dateExpr
	question    bool
	// tagged is set for a statement ending in a tag question.
	tagged bool
	// prevSubj is the one person who was the subject of the last clause
	// read, for "he" and "she" as the subject of a clause after it in the
	// sentence ("Dana left Acme; she now works at Lumo").
	prevSubj ref
}

// Words of mood and reference.
var (
	intentionWords = words("want wants wanted going gonna plan plans planning planned hope hopes hoping need needs needed try tries trying tried decided decide deciding like love would wish wishes able about supposed expected ought have has had got")
	conditionals   = words("if unless whether wish imagine suppose supposing whenever")
	objectPronouns = words("it them him her me you us this that")
	possessives    = map[string]string{"my": "i", "our": "i", "your": "you", "his": "he", "her": "she"}
)

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
// nil. A point or a period wins over a duration.
func (sc *sentCtx) nearestDate(start, end int) *dateExpr {
	var best, span *dateExpr
	bestDist, spanDist := 13, 13
	for k := range sc.dates {
		d := &sc.dates[k]
		if lowerAt(sc.toks, d.start-1) == "than" {
			// "more beautiful than yesterday": the time compared with,
			// not the clause's.
			continue
		}
		dist := 0
		switch {
		case d.end <= start:
			dist = start - d.end + 1
			if d.start > 1 && sc.boundary(d.end, start) && !sc.openingAdverbial(d) {
				w := sc.whenOf(d.end, start)
				if w < 0 || d.role == dateFor {
					continue
				}
				// "until April, when my doctor switched me": the clause
				// after "when" happened at the date, or at the end of a
				// range ("from 2010 to 2014, when I joined Lumo").
				at := *d
				if at.role == dateRange {
					at.t, at.until = at.until, time.Time{}
				}
				at.role, at.lead = dateAt, 0
				d, dist = &at, start-w
			}
		case d.lead > 0 && d.lead >= end:
			// The date of an "until" clause after this one.
			dist = d.lead - end
			if sc.boundary(end, d.lead) {
				continue
			}
		case d.start >= end:
			dist = d.start - end
			if d.upcoming {
				// "…, starting in October": the whole sentence's.
				dist = 1
			} else if sc.boundary(end, d.start) && !sc.closingBound(end, d) {
				continue
			}
		}
		// A duration says how long, a point when: "on the 20th I fly
		// to Oslo for a week" is dated the 20th, wherever the duration
		// stands.
		if d.role == dateFor {
			if dist < spanDist {
				span, spanDist = d, dist
			}
			continue
		}
		if dist < bestDist {
			best, bestDist = d, dist
		}
	}
	if best == nil {
		return span
	}
	return best
}

// openingAdverbial reports whether date d closes the phrase that opens
// the sentence before its first verb and comma: "At the AGM on 2 May,
// Cedric was elected chair" is dated as "On 2 May, …" is.
func (sc *sentCtx) openingAdverbial(d *dateExpr) bool {
	if d.role == dateFor || d.end >= len(sc.toks) || sc.toks[d.end].text != "," {
		return false
	}
	for k := 0; k < d.start; k++ {
		if !sc.toks[k].word && sc.toks[k].text != "'s" {
			return false
		}
	}
	for ci := range sc.p.Clauses {
		if sc.p.Clauses[ci].VerbStart < d.start {
			return false
		}
	}
	return d.start <= 6
}

// spanBeside returns the duration said in toks[left:end] beside the
// clause's date d, a point or an end ("for three years until 2020"), or
// nil.
func (sc *sentCtx) spanBeside(d *dateExpr, left, end int) *dateExpr {
	if d == nil || d.role == dateFor {
		return nil
	}
	for k := range sc.dates {
		s := &sc.dates[k]
		if s.role != dateFor || s.back == nil || s.start < left || sc.boundary(end, s.start) {
			continue
		}
		if d.lead > 0 && d.lead >= s.end && !sc.boundary(s.end, d.lead) {
			// "for four years before joining Quillary in 2019": the span
			// ends where the clause "before" opens is dated.
			return s
		}
		if !sc.boundary(min(s.end, d.start), max(s.start, d.end)) {
			return s
		}
	}
	return nil
}

// whenOf returns the index of a "when" that opens a relative clause on
// the date ending at toks[end] ("in 2019, when I moved"), if the clause
// reaches toks[to] without another break, else -1.
func (sc *sentCtx) whenOf(end, to int) int {
	w := end
	if lowerAt(sc.toks, w) == "," {
		w++
	}
	if w >= to || lowerAt(sc.toks, w) != "when" || sc.boundary(w+1, to) {
		return -1
	}
	return w
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
	if d != nil && te == tensePast && d.t.After(ref) && !d.upcoming && (d.next != nil || d.t.Before(ref.AddDate(0, 0, 7))) {
		// "I drove it on June 14th", said in May: last year's June;
		// "on Friday", said on Wednesday: last week's. "This weekend",
		// said midweek of what is done: the one just past. A date with
		// its year written stays where it is ("joined on 15 July 2024").
		pd := *d
		switch {
		case d.next == nil && d.t.Before(ref.AddDate(0, 0, 7)):
			pd.t = pd.t.AddDate(0, 0, -7)
		case d.next != nil && d.next(ref).Before(ref.AddDate(0, 0, 8)):
			pd.t = pd.t.AddDate(0, 0, -7)
		default:
			pd.t = pd.t.AddDate(-1, 0, 0)
		}
		d = &pd
	}
	if d != nil && d.next != nil && d.upcoming && d.t.Before(upcomingFrom(d, ref)) {
		// "starting on Monday": the coming one, whatever the verb.
		pd := *d
		pd.t = d.next(d.t)
		d = &pd
	} else if d != nil && d.next != nil && te != tensePast && (o.temporal == tStart || o.temporal == tEvent || o.temporal == tEnd && te == tenseProgressive || (o.temporal == tState || o.temporal == tTrait) && te == tenseProgressive && d.role == dateAt) && d.t.Before(upcomingFrom(d, ref)) {
		// "He starts in August", "On Monday I start", "she's leaving in
		// August" (an end only in the progressive: "quit in April" is
		// past), "we're recording the album in October" (a state in the
		// progressive, at a time said bare), said before: the next
		// August, the coming Monday.
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
			// A past tense with a length of time ("ran the clinic for
			// twelve years") speaks of a state that is over, whatever
			// the verb.
			if (t == tState || d != nil && d.role == dateFor) && invalid.IsZero() {
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
		case d != nil && d.role != dateFor && d.lead == 0:
			// (The date of an "until" or "before" clause after an event
			// is not the event's.)
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

// hangingWords cannot end a sentence: a subject pronoun, a determiner, a
// preposition, a conjunction or a form of "be" wants what follows it.
var hangingWords = words("i my your his her our their its the a an to of for with is was are were be am and or but in at on from by")

// pauses drops an ellipsis that only marks a pause inside a
// sentence ("Ethan is my... boyfriend"): one after a word that cannot
// end a sentence and before a word in lower case.
func pauses(toks []token) []token {
	i := 1
	for i < len(toks) && !(toks[i-1].text == "." && toks[i].text == ".") {
		i++
	}
	if i >= len(toks) {
		// No ellipsis: nothing to drop.
		return toks
	}
	out := toks[:0:0]
	for i := 0; i < len(toks); i++ {
		if toks[i].text == "." && i+1 < len(toks) && toks[i+1].text == "." && i > 0 && hangingWords.has(toks[i-1].lower) {
			j := i
			for j < len(toks) && toks[j].text == "." {
				j++
			}
			if j < len(toks) && toks[j].word && !toks[j].cap {
				i = j - 1
				continue
			}
		}
		out = append(out, toks[i])
	}
	return out
}
