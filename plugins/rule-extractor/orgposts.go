package main

import (
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// Posts held at an organisation named right before them: "the Northlea
// CFO", "Northlea's CFO", "the PTA chair", "Gullhaven Otters coach Maddox
// Kerr"; and an office named with no organisation at all, which is the
// one the same office was held at earlier in the conversation.

// orgNamedBefore reads a name at toks[k] that stands before a title or a
// post ("the Brightwave CFO", "the PTA chair", "Harbour Hawks coach Dana
// Cole"): the organisation the post is held at, and the word after its
// name; or none and k when the name is no organisation's.
func (sc *sentCtx) orgNamedBefore(k int) (ref, int) {
	e := nameEnd(sc.toks, k, sc.blocked)
	if e <= k {
		return ref{}, k
	}
	return sc.orgNamed(k, e)
}

// orgNamed is the organisation toks[s:e] names before a post, or none and
// s: an organisation, a team, or a name of no known kind that is not a
// person's.
func (sc *sentCtx) orgNamed(s, e int) (ref, int) {
	if e == s+1 && (s == 0 || opensAfterDash(sc.toks, s)) && capitalizedWord(sc.toks[s].lower) {
		// "Marine microbiologist Dr. Menon", "Software engineer Tom
		// Berg": a word of the job its place capitalized, no employer.
		return ref{}, s
	}
	r := sc.named(s, e)
	switch k := sc.kindOf(r); {
	case k == kindOrg || k == kindTeam || teamName(r.name):
	case k == kindNone && !personLike(r.name) && !firstNames.has(strings.ToLower(r.name)):
	default:
		return ref{}, s
	}
	r.kind = kindOrg
	return r, e
}

// postOf states the post one word long at toks[k] that m's subject holds
// at org, when the word is a relational noun of an organisation ("coach",
// "captain", "secretary"): "Dana Cole, the Harbour Hawks coach,",
// "Harbour Hawks coach Dana Cole". It reports whether it did.
func (sc *sentCtx) postOf(m *match, k int, org ref) bool {
	rn, ok := roleNouns[lowerAt(sc.toks, k)]
	if !ok || !rn.org || org.name == "" {
		return false
	}
	post := sc.toks[k].lower
	m.obj = org
	outs := []output{sub(rn.class, tState, "{s} is "+post+" of {o}", "{s} was "+post+" of {o}", kindOrg)}
	if rn.job {
		m.job = post
		outs = append(outs, out("HAS_JOB_TITLE", slotSubject, slotJob, tState, "{s} is {aj}", "{s} was {aj}", kindPerson, kindOccupation))
	}
	m.p = &pattern{outs: outs}
	sc.emitOne(m, tensePresent, false, nil)
	return true
}

// officeHeldAt returns the organisation whose office rel (HAS_CHAIR) the
// conversation last named, in this episode or an earlier one: "Reminder
// from your friendly PTA chair", then "Congratulations Bilal on being
// elected chair" is the PTA's chair. Failing that, an office of the one
// organisation whose offices the conversation named: "I'm taking over as
// treasurer" there is the PTA's treasurer too. Else none.
func (sc *sentCtx) officeHeldAt(rel string) ref {
	x := sc.u.x
	var only string
	several := false
	note := func(r, org string) bool {
		if r == rel {
			return true
		}
		if officeRelation(r) {
			several = several || only != "" && x.reg.key(only) != x.reg.key(org)
			only = org
		}
		return false
	}
	for i := len(x.facts) - 1; i >= 0; i-- {
		if f := x.facts[i]; note(f.rel, f.src) {
			return ref{name: f.src, kind: kindOrg, str: strPattern}
		}
	}
	prev := x.previousFacts()
	for i := len(prev) - 1; i >= 0; i-- {
		if f := prev[i]; note(f.Relation, f.Source) {
			return ref{name: f.Source, kind: kindOrg, str: strPattern}
		}
	}
	if only == "" || several {
		return ref{}
	}
	return ref{name: only, kind: kindOrg, str: strPattern}
}

// postAt reports whether phrase pi names a post: a title ("the CFO"), a
// job ("a nurse"), or either after an organisation's name ("the PTA
// chair").
func (sc *sentCtx) postAt(pi int) bool {
	p := &sc.p.Phrases[pi]
	start := p.Start + sc.detLen(p)
	for start < p.Head && (classes["adj"].has(sc.toks[start].lower) || strings.HasPrefix(sc.p.Tags[start], "JJ") && !sc.toks[start].cap) {
		start++
	}
	if _, e := sc.orgNamedBefore(start); e > start {
		start = e
	}
	_, end := titleAt(sc.toks, start)
	return end > start || isJobHead(sc.headWord(pi)) || roleNouns[sc.headWord(pi)].org
}

// signedPost reads the post a message's author signs with in an opening
// "from your …": "Reminder from your friendly PTA chair", "A quick note
// from your captain". The words before "from" must hold no verb ("I heard
// from your coach" is someone else).
func (sc *sentCtx) signedPost() {
	if sc.question || sc.u.speaker == "" {
		return
	}
	for pi := range sc.p.Phrases {
		p := &sc.p.Phrases[pi]
		f := p.Start - 1
		if p.PossEnd-p.PossStart != 1 || lowerAt(sc.toks, p.PossStart) != "your" || lowerAt(sc.toks, f) != "from" || f > 3 {
			continue
		}
		for k := 0; k < f; k++ {
			if strings.HasPrefix(sc.p.Tags[k], "VB") || strings.HasPrefix(sc.p.Tags[k], "PRP") {
				return
			}
		}
		if !sc.postAt(pi) {
			return
		}
		bc := nlp.Clause{Lemma: "be", Subj: nlp.Arg{Phrase: -1}, Obj: nlp.Arg{Phrase: -1}, Obj2: nlp.Arg{Phrase: -1}, Comp: nlp.Arg{Phrase: pi}}
		speaker := ref{name: sc.u.speaker, kind: kindPerson, str: strSure}
		sc.roleFacts(&clauseCtx{c: &bc, te: tensePresent}, speaker, pi, &bc, tState, ref{})
		return
	}
}

// orgPartNouns name an organisation as a part of another: "Quillon is a
// subsidiary of Brandt Holdings", "Pellow Labs is part of Corvid".
var orgPartNouns = words("part subsidiary division arm unit affiliate")

// orgOnlyParts are the parts no person is, whatever the subject's name
// looks like ("Tessel Audio is a subsidiary of …").
var orgOnlyParts = words("subsidiary division affiliate")

// orgPart reads a copula that makes an organisation part of another:
// "Tessel Audio is now part of Brandt Holdings", "Tessel Audio became a
// subsidiary of Brandt Holdings". People are part of teams, not owned
// by them, so a person's subject says no such thing.
func (sc *sentCtx) orgPart(cc *clauseCtx, subj ref, role temporal) bool {
	c := cc.c
	if c.Comp.None() {
		return false
	}
	p := &sc.p.Phrases[c.Comp.Phrase]
	head := sc.headWord(c.Comp.Phrase)
	if !orgPartNouns.has(head) || p.PossEnd > p.PossStart || lowerAt(sc.toks, p.End) != "of" {
		return false
	}
	if sc.kindOf(subj) == kindPerson && !orgOnlyParts.has(head) {
		// "Tove is part of the choir".
		return false
	}
	qi := sc.p.PhraseAt(p.End + 1)
	if qi < 0 || sc.p.Phrases[qi].Start != p.End+1 {
		return false
	}
	parent := sc.phraseRef(qi, false)
	if parent.name == "" || sc.kindOf(parent) == kindPerson || !sc.p.Phrases[qi].Name {
		return false
	}
	rel, text := "SUBSIDIARY_OF", "{s} is a "+head+" of {o}"
	if head == "part" {
		rel, text = "PART_OF", "{s} is part of {o}"
	}
	sc.fact(cc, subj, parent, rel, role, text, kindOrg, kindOrg)
	return true
}

// asRoleOpening reads a sentence opening "As CTO, my first act …", "As a
// nurse, I see …": the speaker, who then speaks in the first person,
// holds the role.
func (sc *sentCtx) asRoleOpening() {
	if sc.question || len(sc.p.Clauses) == 0 || sc.u.speaker == "" || len(sc.toks) < 4 || sc.toks[0].lower != "as" {
		return
	}
	pi := sc.p.PhraseAt(1)
	if pi < 0 || sc.p.Phrases[pi].Start != 1 {
		return
	}
	if !sc.postAt(pi) {
		return
	}
	k := sc.p.Phrases[pi].End
	if lowerAt(sc.toks, k) == "," {
		k++
	}
	if !firstPerson.has(lowerAt(sc.toks, k)) || lowerAt(sc.toks, k) == "me" || lowerAt(sc.toks, k) == "us" {
		return
	}
	// The role holds whatever the clause says of it ("As an actor, I
	// can't cry on cue"), when the clause is said: then if in the past.
	c := &sc.p.Clauses[0]
	bc := *c
	bc.Lemma, bc.Passive, bc.Negated, bc.Modal = "be", false, false, false
	te := tensePresent
	if c.Past && !c.Modal {
		te = tensePast
	}
	speaker := ref{name: sc.u.speaker, kind: kindPerson, str: strSure}
	sc.roleFacts(&clauseCtx{c: &bc, te: te}, speaker, pi, &bc, tState, ref{})
}

// personnelVerbs take people on or let them go.
var personnelVerbs = words("hire fire sack dismiss lay appoint name promote elect suspend employ recruit")

// governingBodies are the people who hire and fire for an organisation.
var governingBodies = words("board management director boss partner shareholder trustee governor")

// bodyOf returns the organisation that subject phrase pi, a body that
// hires and fires for it, belongs to ("the directors of the Corran
// Hotel", "the board at Acme"), or no one.
func (sc *sentCtx) bodyOf(pi int) ref {
	if pi < 0 {
		return ref{}
	}
	p := sc.p.Phrases[pi]
	if !governingBodies.has(sc.p.Lemmas[p.Head]) || p.PossEnd > p.PossStart {
		return ref{}
	}
	if l := lowerAt(sc.toks, p.End); l != "of" && l != "at" {
		return ref{}
	}
	q := sc.p.PhraseAt(p.End + 1)
	if q < 0 {
		return ref{}
	}
	r := sc.phraseRef(q, false)
	if r.name == "" || sc.kindOf(r) == kindPerson || sc.pronounPhrase(q) {
		return ref{}
	}
	return r
}

// postedObject reads the post of the one a personnel verb takes on or
// lets go, said before the name ("sacked head coach Ilse Brandauer",
// "appointed chief executive Dana Cole") or before it and a comma
// ("fired its CEO, Ilse Brandauer,"): the post at the subject, started
// or ended as "sacked Ilse Brandauer as head coach" would say.
func (sc *sentCtx) postedObject(cc *clauseCtx, ci int) {
	c := cc.c
	if c.Passive || c.Obj.None() || c.Negated || c.Modal || cc.future || c.AsRole >= 0 {
		return
	}
	role := tStart
	switch {
	case dismissVerbs.has(c.Lemma):
		role = tEnd
	case roleStartsPassive.has(c.Lemma):
	default:
		return
	}
	subjs := sc.subjects(ci)
	if len(subjs) != 1 || subjs[0].name == "" {
		return
	}
	org := subjs[0]
	if k := sc.kindOf(org); k != kindOrg && k != kindTeam && k != kindNone {
		return
	}
	pi := c.Obj.Phrase
	p := &sc.p.Phrases[pi]
	var holder ref
	titleEnd := p.End
	if r, ok := sc.namedAfter(pi); ok {
		holder = r
	} else {
		for k := p.Start + 1; k < p.End; k++ {
			if e, ok := sc.nameAt[k]; ok && e == p.End && (isJobHead(sc.toks[k-1].lower) || roleNouns[sc.toks[k-1].lower].org || titleEndsAt(sc.toks, k)) {
				holder, titleEnd = sc.named(k, e), k
				break
			}
		}
	}
	if k := sc.kindOf(holder); holder.name == "" || k == kindOrg || k == kindLocation || k == kindTeam {
		return
	}
	holder.kind = kindPerson
	dc := sc.dated(cc, c)
	// The post is the phrase's words before the name: read as that
	// phrase for as long as roleFacts reads it.
	end, head := p.End, p.Head
	p.End = titleEnd
	p.Head = min(p.Head, titleEnd-1)
	sc.roleFacts(dc, holder, pi, c, role, org)
	p.End, p.Head = end, head
}

// postOfNamed reads "Halvard Foods has a new CFO, Ilse Brandt": an
// organisation or team that has or gets a post, and the one named after
// it, holds it as "Ilse Brandt is Halvard Foods's new CFO" says. obj is
// the object phrase pi's reference. It reports whether it read one.
func (sc *sentCtx) postOfNamed(cc *clauseCtx, c *nlp.Clause, pi int, subj, obj ref, role temporal) bool {
	if c.Lemma != "have" && c.Lemma != "get" || c.Negated || c.Modal {
		return false
	}
	if k := sc.kindOf(subj); k != kindOrg && k != kindTeam {
		return false
	}
	if r, ok := sc.namedAfter(pi); !ok || r.name != obj.name || !sc.personish(obj) {
		return false
	}
	p := &sc.p.Phrases[pi]
	if p.PossEnd > p.PossStart {
		return false
	}
	head := sc.headWord(pi)
	rn, isRole := roleNouns[head]
	title := isRole && rn.org
	for k := p.Start + sc.detLen(p); k <= p.Head && !title; k++ {
		_, end := titleAt(sc.toks, k)
		title = end == p.Head+1
	}
	if !title {
		return false
	}
	r := tState
	if c.Lemma == "get" {
		r = tStart
	}
	if role >= 0 {
		r = role
	}
	sc.roleFacts(cc, obj, pi, c, r, subj)
	return true
}

// itsOrg returns the organisation "its" said at word at stands for: the
// subject of a clause before it, when an organisation ("the lab stays at
// Dalhousie under Dr. Tremblay, who becomes its director"), else the one
// the text is about or last named.
func (sc *sentCtx) itsOrg(at int) ref {
	// The nearest clause's subject before it: "His team will move; the
	// lab itself stays under Dr. Tremblay, who becomes its director".
	for ci := len(sc.p.Clauses) - 1; ci >= 0; ci-- {
		c := &sc.p.Clauses[ci]
		if c.SubjFrom != nlp.SubjOwn || c.Subj.Phrase < 0 || sc.p.Phrases[c.Subj.Phrase].End > at {
			continue
		}
		if r := sc.phraseRef(c.Subj.Phrase, true); r.name != "" && sc.u.x.isOrg(r.name) {
			return r
		}
	}
	if r := sc.contextOrgBefore(at); r.name != "" {
		return r
	}
	if t := sc.u.topicOrg; t != "" {
		return ref{name: t, kind: kindOrg, str: strPattern}
	}
	return sc.recentOrg(at)
}

// opensAfterDash reports whether toks[i] follows a dash or a colon, which
// open a sentence within a line ("Dunedin — Marine microbiologist …").
func opensAfterDash(toks []token, i int) bool {
	if i < 1 {
		return false
	}
	d := toks[i-1].text
	return d == "—" || d == "–" || d == ":"
}

// capitalizedWord reports whether w, written with a capital, is a word of
// the dictionary and no name the episode gives a person: its capital may
// be its place's ("Marine", though a given name too).
func capitalizedWord(w string) bool {
	return (nlp.IsAdjective(w) || nlp.IsNoun(w)) && !firstNames.has(w)
}
