package main

import (
	"strings"
	"time"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// Stints and successions: how long a tie lasted before an end ("after
// six years at X"), the last stint of one ("my last shift at X"), who
// held a post before ("took over from B"), and the couple's tie a
// breakup ends.

// leftToJoin reports whether a clause's verb group holds "left" or
// "quit" before its verb, as in "left in May to join Corvid".
func (sc *sentCtx) leftToJoin(c *nlp.Clause) bool {
	for k := c.VerbStart; k < c.Verb; k++ {
		if l := sc.p.Lemmas[k]; l == "leave" || l == "quit" || l == "resign" {
			return true
		}
	}
	return false
}

// handInVerbs give a resignation or a membership up: "handed in my
// notice", "tendered her resignation", "gave up my membership".
var handInVerbs = words("hand give tender submit turn put cancel")

// quitMembership is the verb retirement is told for a membership given
// up: the tie it ends is a membership, not a job.
const quitMembership = "quit membership"

// movingTies are the ties one moves into from another of the same kind:
// a job, a team.
var movingTies = words("WORKS_AT PLAYS_FOR COACHES")

// stintNouns are the stretches of work or play one does a last one of.
var stintNouns = words("shift day game match session class lesson season week service")

// lastStint reports whether phrase pi is "my last shift", "her final
// game".
func lastStint(sc *sentCtx, pi int) bool {
	p := &sc.p.Phrases[pi]
	if p.Head == 0 || !stintNouns.has(sc.toks[p.Head].lower) {
		return false
	}
	l := sc.toks[p.Head-1].lower
	return l == "last" || l == "final"
}

// predecessor returns the one a clause of succession says held the role
// before: the object of "succeeded" or "replaced", the "from" of "took
// over from"; or no one.
func (sc *sentCtx) predecessor(c *nlp.Clause) ref {
	if c.Passive {
		return ref{}
	}
	if successionVerbs.has(c.Lemma) && !c.Obj.None() {
		if o := sc.phraseRef(c.Obj.Phrase, false); o.name != "" && sc.kindOf(o) != kindOrg {
			return o
		}
		return ref{}
	}
	if c.Lemma != "take" || c.Particle != "over" {
		return ref{}
	}
	for _, pp := range c.PPs {
		if pp.Prep != "from" || pp.Obj.Phrase < 0 {
			continue
		}
		if o := sc.phraseRef(pp.Obj.Phrase, false); o.name != "" && personish(sc.kindOf(o)) {
			return o
		}
	}
	return ref{}
}

// spanLeft ends the tie a span names ("after five years at Royal
// Derby") when a clause starts another of its class elsewhere: it began
// the span's length before.
func (sc *sentCtx) spanLeft(cc *clauseCtx, subj, now ref, span *dateExpr, class string) {
	r := sc.nameAfter(span.end)
	if r.name == "" || sc.u.x.reg.key(r.name) == sc.u.x.reg.key(now.name) {
		return
	}
	if k := sc.semKind(r, -1); k != kindOrg && k != kindTeam && k != kindSchool && k != kindNone {
		return
	}
	cc2 := *cc
	cc2.span = span
	sc.fact(&cc2, subj, r, class, tEnd, "{s} left {o}", kindPerson, kindOrg)
}

// coupleTold returns the couple's tie the episode, else the previous
// ones, told between a and b and still holding, for a breakup that ends
// it; class when none was told.
func (sc *sentCtx) coupleTold(a, b ref, class string) string {
	x := sc.u.x
	if p, told := x.coupleOf(a.name); told != "" && x.sameName(p, b.name) {
		return told
	}
	if p, told := x.coupleOf(b.name); told != "" && x.sameName(p, a.name) {
		return told
	}
	return class
}

// sameName reports whether two names are one, a first name said alone
// being the full name it begins.
func (x *extraction) sameName(a, b string) bool {
	if x.reg.key(a) == x.reg.key(b) {
		return true
	}
	fa, fb := personWords(a), personWords(b)
	return len(fa) == 1 && len(fb) > 1 && strings.EqualFold(fa[0], fb[0]) || len(fb) == 1 && len(fa) > 1 && strings.EqualFold(fb[0], fa[0]) ||
		titledSurname(a, b) || titledSurname(b, a)
}

// sameHolder reports whether a fact's source names the one called name:
// the same name, or a title and the surname of it ("Dr. Vlad" for "Dr.
// Corina Vlad").
func (x *extraction) sameHolder(name, source string) bool {
	return x.reg.key(source) == x.reg.key(name) || titledSurname(name, source)
}

// titledSurname reports whether a is an honorific and the surname that
// full name b ends in ("Mrs. Deasy", "Mrs. Fionnuala Deasy").
func titledSurname(a, b string) bool {
	fa, fb := strings.Fields(a), strings.Fields(b)
	return len(fa) == 2 && len(fb) >= 2 && honorifics.has(strings.ToLower(fa[0])) && strings.EqualFold(fa[1], fb[len(fb)-1])
}

// spanGerund reads "I retire on 20 December after 22 years managing Marsh
// Road Library": the parse takes the span for the gerund's subject; the
// one who retires or leaves is, and the tie the gerund states ends when
// they go, having begun the span's length before.
func (sc *sentCtx) spanGerund(cc *clauseCtx, ci int) bool {
	c := &sc.p.Clauses[ci]
	span := sc.lastedSpan()
	if span == nil || c.Verb != span.end || !strings.HasSuffix(sc.toks[c.Verb].lower, "ing") {
		return false
	}
	main := -1
	for k := range sc.p.Clauses {
		if m := &sc.p.Clauses[k]; k != ci && m.VerbStart < span.start && (main < 0 || m.VerbStart > sc.p.Clauses[main].VerbStart) {
			main = k
		}
	}
	if main < 0 {
		return true
	}
	m := &sc.p.Clauses[main]
	verb := m.Lemma
	if m.Particle != "" {
		verb += " " + m.Particle
	}
	if !retireVerbs.has(verb) && verb != "leave" || m.Negated || m.Modal {
		return true
	}
	subjs := sc.subjects(main)

	if len(subjs) != 1 {
		return true
	}
	mc := &clauseCtx{c: m}
	mc.left, mc.end = m.VerbStart, sc.clauseEnd(m)
	gc := *cc
	gc.date = sc.nearestDate(mc.left, mc.end)
	gc.span = span
	gc.left, gc.end = c.VerbStart, sc.clauseEnd(c)
	sc.verbFacts(&gc, c.Lemma, subjs[0], tEnd)
	return true
}

// bareRole reports whether phrase pi is a job or an office said without an
// article ("partner", "captain", "head chef"), as after "made".
func (sc *sentCtx) bareRole(pi int) bool {
	p := &sc.p.Phrases[pi]
	if p.Name || p.PossEnd > p.PossStart || sc.detLen(p) > 0 || sc.p.Tags[p.Head] != "NN" {
		return false
	}
	if _, end := titleAt(sc.toks, p.Start); end > p.Start {
		return true
	}
	return isJobHead(sc.headWord(pi))
}

// replacedWith returns, for "replaced A with B", the one replaced and the
// one put in: the object and the object of "with".
func (sc *sentCtx) replacedWith(c *nlp.Clause) (old, by ref) {
	if c.Lemma != "replace" || c.Passive || c.Obj.None() {
		return ref{}, ref{}
	}
	for _, pp := range c.PPs {
		if pp.Prep != "with" || pp.Obj.Phrase < 0 {
			continue
		}
		old, by = sc.phraseRef(c.Obj.Phrase, false), sc.phraseRef(pp.Obj.Phrase, false)
		if old.name != "" && by.name != "" && old.det == "" && by.det == "" {
			return old, by
		}
	}
	return ref{}, ref{}
}

// isLastDay reports whether phrase pi is "my last day", "her last day".
func (sc *sentCtx) isLastDay(pi int) bool {
	if pi < 0 {
		return false
	}
	p := &sc.p.Phrases[pi]
	return sc.toks[p.Head].lower == "day" && p.Head > 0 && sc.toks[p.Head-1].lower == "last"
}

// bareWeekday returns the date of phrase pi when it is a weekday said
// alone ("my last day was Friday"), which findDates leaves to a
// preposition ("on Friday"): the last such day, movable to the next.
func (sc *sentCtx) bareWeekday(pi int) *dateExpr {
	p := &sc.p.Phrases[pi]
	if p.End != p.Start+1 || !sc.toks[p.Start].cap {
		return nil
	}
	if _, ok := weekdays[sc.toks[p.Start].lower]; !ok {
		return nil
	}
	t, n, ok := parseDate(sc.toks, p.Start, sc.u.x.ref, true)
	if !ok {
		return nil
	}
	return &dateExpr{start: p.Start, end: p.Start + n, t: t, role: dateAt, next: nextOf(sc.toks, p.Start, n)}
}

// lastBefore steps a date said without its year or week back by a year
// or a week, as next steps it forward, until it is not after ref: "my
// last day was 3 May", said in January, was last May's.
func lastBefore(t time.Time, next func(time.Time) time.Time, ref time.Time) time.Time {
	for i := 0; i < 3 && t.After(ref); i++ {
		if next(t).Sub(t) > 30*24*time.Hour {
			t = t.AddDate(-1, 0, 0)
		} else {
			t = t.AddDate(0, 0, -7)
		}
	}
	return t
}
