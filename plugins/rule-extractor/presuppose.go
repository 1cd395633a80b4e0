package main

import (
	"slices"
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// Presuppositions. A verb that ends a tie takes the tie for granted:
// "should I break up with Orvar?", "I'm not going to quit Acme", "if I
// ever left Oslo …" assert nothing, but each presupposes that the speaker
// dates Orvar, works at Acme, lives in Oslo. A presupposition survives
// what cancels an assertion (a question, a modal, a plan, a condition, a
// negation: the "holes" of Karttunen 1973), so a clause that states
// nothing still states the tie its verb would end, as a state that holds
// when it is said. It comes from the end frames of the relation classes
// (classes.go), so every ending verb of a class presupposes its tie; the
// clause's own frame is not read.

// presupClasses are the ties whose ending presupposes them: states that
// hold until they end. An event or a trait presupposes nothing.
var presupClasses = words("IS_DATING MARRIED_TO ENGAGED_TO WORKS_AT LIVES_IN STUDIES_AT PLAYS_FOR MEMBER_OF",
	"BOARD_MEMBER_OF TAKES_MEDICATION ON_PLAN OWNS LIVES_WITH")

// presupTexts are the texts of presupposed ties: the state, not the
// clause that takes it for granted.
var presupTexts = map[string]string{
	"IS_DATING": "{s} is dating {o}", "MARRIED_TO": "{s} is married to {o}", "ENGAGED_TO": "{s} is engaged to {o}",
	"WORKS_AT": "{s} works at {o}", "LIVES_IN": "{s} lives in {o}", "STUDIES_AT": "{s} studies at {o}",
	"PLAYS_FOR": "{s} plays for {o}", "MEMBER_OF": "{s} is a member of {o}", "BOARD_MEMBER_OF": "{s} is on the board of {o}",
	"TAKES_MEDICATION": "{s} takes {o}", "ON_PLAN": "{s} is on {o}", "OWNS": "{s} owns {o}", "LIVES_WITH": "{s} lives with {o}",
}

// endsTie reports whether a verb has an end frame of a presupposed tie,
// or is reciprocal and ends one ("break up").
func endsTie(verb string) bool {
	for _, f := range framesOf(verb) {
		if f.role == tEnd && presupClasses.has(f.class) {
			return true
		}
	}
	rc, ok := reciprocal[verb]
	return ok && rc.role == tEnd && presupClasses.has(rc.class)
}

// statesTie reports whether a verb has a state frame of a presupposed
// tie ("take" a drug, "live in").
func statesTie(verb string) bool {
	for _, f := range framesOf(verb) {
		if f.role == tState && presupClasses.has(f.class) {
			return true
		}
	}
	return false
}

// presupposed reads the tie that clause ci's verb would end when the
// clause states nothing: a question, a modal, a plan, a condition or a
// negation. A clause in the past tense outside a condition ("did you quit
// Acme?") is left alone: what it presupposes held before, not now.
func (sc *sentCtx) presupposed(ci int) {
	c := &sc.p.Clauses[ci]
	if sc.missingSomeone(ci) {
		return
	}
	verb := phrasal(c)
	// "stop taking", "quit living in": an aspectual verb ends the state
	// its gerund's frames state.
	aspectEnd := aspectRoles[c.Aspect] == tEnd && c.Aspect != ""
	if c.Passive || !endsTie(verb) && !(aspectEnd && statesTie(verb)) {
		return
	}
	if c.Infinitive && c.SubjFrom != nlp.SubjControl {
		// "time to end it": whose tie is not said.
		return
	}
	if (c.Past || sc.didBefore(c)) && !c.Modal && !sc.conditional(c) {
		return
	}
	if c.Subj.Phrase >= 0 && c.SubjFrom == nlp.SubjOwn && negativeSubjects.has(sc.toks[sc.p.Phrases[c.Subj.Phrase].Start].lower) {
		// "Nobody quits Acme": no one in particular.
		return
	}
	subjs := sc.subjects(ci)
	if len(subjs) == 0 {
		return
	}
	cc := &clauseCtx{c: c, te: tensePresent, presup: true, presupState: aspectEnd}
	cc.left, cc.end = c.VerbStart, sc.clauseEnd(c)
	sc.reading = ci + 1
	defer func() { sc.reading = 0 }()
	if len(subjs) == 1 && sc.u.other != "" && subjs[0].name == sc.u.speaker && sc.subjectIs(c, "we") && sc.mutual(c) != "" {
		// "Should we break up?": the speaker and the one spoken to.
		subjs = append(subjs, ref{name: sc.u.other, kind: kindPerson, str: strSure})
	}
	if len(subjs) > 1 && c.Obj.None() && !sc.hasPrep(c, "with") {
		if rc, ok := sc.reciprocalOf(c, verb); ok && rc.role == tEnd && presupClasses.has(rc.class) {
			for i := 1; i < len(subjs); i++ {
				sc.fact(cc, subjs[0], subjs[i], rc.class, tState, presupTexts[rc.class], kindPerson, kindPerson)
			}
			return
		}
	}
	for _, s := range subjs {
		sc.verbFacts(cc, verb, s, tState)
	}
}

// missingSomeone reads "miss" said of what will be or would be ("we're
// gonna miss Ada", "I'd miss him if he left"): one misses only whom one
// cares for, so the prediction presupposes the regard, as the present
// "I miss you" states it. A question ("will you miss me?") or a negation
// presupposes nothing.
func (sc *sentCtx) missingSomeone(ci int) bool {
	c := &sc.p.Clauses[ci]
	if c.Lemma != "miss" || c.Negated || c.Passive || sc.question || c.Obj.Phrase < 0 || !(c.Future || c.Modal || sc.conditional(c)) {
		return false
	}
	o := sc.phraseRef(c.Obj.Phrase, false)
	if o.name == "" || !sc.personish(o) {
		return false
	}
	cc := &clauseCtx{c: c, te: tensePresent, presup: true}
	cc.left, cc.end = c.VerbStart, sc.clauseEnd(c)
	for _, s := range sc.subjects(ci) {
		if s.name != o.name && sc.personish(s) {
			sc.fact(cc, s, o, "LIKES", tTrait, "{s} would miss {o}", kindPerson, kindPerson)
		}
	}
	return true
}

// conditional reports whether a condition opens clause c ("if I broke up
// with you").
func (sc *sentCtx) conditional(c *nlp.Clause) bool {
	for k := 0; k < c.VerbStart; k++ {
		if conditionals.has(sc.toks[k].lower) {
			return true
		}
	}
	return false
}

// didBefore reports whether "did" stands before clause c's verb in its
// part of the sentence ("did you quit Acme?", "why did you leave?"): a
// question in the past.
func (sc *sentCtx) didBefore(c *nlp.Clause) bool {
	for k := c.VerbStart - 1; k >= 0 && sc.toks[k].word; k-- {
		if w := sc.toks[k].lower; w == "did" || w == "didn't" {
			return true
		}
	}
	return false
}

// possessedTieNouns are nouns of a tie or a feeling that a possessor
// holds toward the phrase after a preposition: "my engagement to Tomas",
// "his crush on Ann", "my feelings for Orvar".
var possessedTieNouns = map[string]struct{ prep, class string }{
	"engagement": {"to", "ENGAGED_TO"}, "marriage": {"to", "MARRIED_TO"}, "friendship": {"with", "FRIEND_OF"},
	"crush": {"on", "LIKES"}, "feeling": {"for", "LIKES"}, "love": {"for", "LOVES"},
}

// sharedTieNouns are the nouns of possessedTieNouns whose tie binds two
// alike, so that "our" with no one named after the noun holds it between
// the speaker and the one spoken to ("our marriage needs
// work", "what our friendship means").
var sharedTieNouns = words("engagement marriage friendship")

// possessedTies reads the ties a possessed noun takes for granted, as a
// definite description presupposes what it describes, whatever the
// clause around it asserts ("I let my feelings for Orvar get in the
// way", "is your engagement to Tomas off?"). The tie verbs of
// relnouns.go read the noun as the object they end or begin.
func (sc *sentCtx) possessedTies() {
	if sc.p == nil {
		return
	}
	starts := map[int]int{}
	for pi, p := range sc.p.Phrases {
		starts[p.Start] = pi
	}
	for pi := range sc.p.Phrases {
		p := &sc.p.Phrases[pi]
		if p.PossEnd == p.PossStart || p.Head != p.End-1 {
			continue
		}
		t, ok := possessedTieNouns[sc.p.Lemmas[p.Head]]
		if !ok || sc.tieVerbObject(pi) {
			continue
		}
		if lowerAt(sc.toks, p.End) != t.prep {
			if sc.toks[p.PossStart].lower == "our" && p.PossEnd == p.PossStart+1 && sharedTieNouns.has(sc.p.Lemmas[p.Head]) && sc.u.speaker != "" && sc.u.other != "" {
				cc := &clauseCtx{te: tensePresent}
				me, you := ref{name: sc.u.speaker, kind: kindPerson, str: strSure}, ref{name: sc.u.other, kind: kindPerson, str: strSure}
				text := presupTexts[t.class]
				if text == "" {
					text = "{s} is friends with {o}"
				}
				sc.fact(cc, me, you, t.class, tState, text, kindPerson, kindPerson)
			}
			continue
		}
		oi, ok := starts[p.End+1]
		if !ok {
			continue
		}
		holder, other := sc.ownerOf(p), sc.phraseRef(oi, false)
		if holder.name == "" || other.name == "" || holder.name == other.name || !sc.personish(holder) || !sc.personish(other) {
			continue
		}
		cc := &clauseCtx{te: tensePresent}
		role, text := tState, "{s}'s "+sc.toks[p.Head].lower+" "+t.prep+" {o}"
		if t.class == "LIKES" || t.class == "LOVES" {
			role = tTrait
		}
		sc.fact(cc, holder, other, t.class, role, text, kindPerson, kindPerson)
	}
}

// tieVerbObject reports whether phrase pi is the object of a verb that
// ends or begins the tie it names ("broke off her engagement to Tomas"),
// which relnouns.go reads.
func (sc *sentCtx) tieVerbObject(pi int) bool {
	for _, c := range sc.p.Clauses {
		verb := phrasal(&c)
		if _, ok := tieVerbs[verb]; ok && (c.Obj.Phrase == pi || slices.Contains(c.Obj.Coord, pi)) {
			return true
		}
	}
	return false
}

// pastHomes are the words that make a home one's no longer, or not where
// one lives: "our old flat in Leeds", "my parents' house".
var pastHomes = words("old former previous last first childhood holiday summer weekend second parents grandparents")

// homeMovers are the verbs that move one into or out of the home they
// take for an object, or deal in it, which frames read.
var homeMovers = words("move leave sell buy rent let view look search find hunt lose list renovate")

// possessedHome reads a home named with its place, "our flat in
// Didsbury", "Maya's house in Leith", as the definite description it is:
// it takes for granted that its owner lives there, whatever the clause
// around it says ("Much shorter commute from our flat in Didsbury").
// An old home, one's parents', and one moved into, out of, sold or
// bought are left to the frames that say so.
func (sc *sentCtx) possessedHome() {
	if sc.p == nil || sc.question {
		return
	}
	for pi := range sc.p.Phrases {
		p := &sc.p.Phrases[pi]
		if p.PossEnd == p.PossStart || p.Head != p.End-1 || !homeNouns.has(sc.p.Lemmas[p.Head]) || lowerAt(sc.toks, p.End) != "in" {
			continue
		}
		if slices.ContainsFunc(sc.toks[p.Start:p.End], func(t token) bool { return pastHomes.has(strings.TrimSuffix(t.lower, "'")) }) || sc.movedHome(pi) {
			continue
		}
		e, ok := sc.nameAt[p.End+1]
		if !ok {
			continue
		}
		if w := lowerAt(sc.toks, e); (w == "for" || w == "from") && sc.dateStarting(e+1) != nil {
			// "Dmitri Sokolov's room in Tallinn for 3-6 June": a stay
			// booked for some days, no home.
			continue
		}
		place, holder := sc.named(p.End+1, e), sc.ownerOf(p)
		if k := sc.kindOf(place); k != kindLocation && (k != kindNone || personLike(place.name)) || holder.name == "" || !sc.personish(holder) {
			continue
		}
		cc := &clauseCtx{te: tensePresent}
		sc.fact(cc, holder, place, "LIVES_IN", tState, "{s} lives in {o}", kindPerson, kindLocation)
	}
}

// movedHome reports whether phrase pi is the object of a verb of
// homeMovers, or of a preposition after one, or said in the past.
func (sc *sentCtx) movedHome(pi int) bool {
	for _, c := range sc.p.Clauses {
		in := c.Obj.Phrase == pi || slices.Contains(c.Obj.Coord, pi) || c.Subj.Phrase == pi
		for _, pp := range c.PPs {
			in = in || pp.Obj.Phrase == pi
		}
		if in && (homeMovers.has(c.Lemma) || c.Past || c.UsedTo || c.NoLonger || c.Negated) {
			return true
		}
	}
	return false
}

// movedAlso reports whether another clause of the sentence moves its
// subject ("moved", "relocated"), and gives cc that clause's date.
func (sc *sentCtx) movedAlso(cc *clauseCtx) bool {
	for ci := range sc.p.Clauses {
		m := &sc.p.Clauses[ci]
		if m == cc.c || m.Lemma != "move" && m.Lemma != "relocate" || m.Negated || m.Modal {
			continue
		}
		cc.date = sc.nearestDate(m.VerbStart, sc.clauseEnd(m))
		if m.Past || m.Perfect {
			cc.te = tensePast
		}
		return true
	}
	return false
}

// atWorkSubject reports whether the subject of "X is at Acme" is one who
// works there: a person, or a one-word name of no known kind said to be
// there now or still ("Is Chidi still at Halden Freight?").
func (sc *sentCtx) atWorkSubject(c *nlp.Clause, subj ref) bool {
	switch sc.kindOf(subj) {
	case kindPerson:
		return true
	case kindNone:
		if strings.Contains(subj.name, " ") {
			return false
		}
		for k := max(0, c.VerbStart-2); k < len(sc.toks) && k <= sc.clauseEnd(c); k++ {
			if w := sc.toks[k].lower; w == "now" || w == "still" {
				return true
			}
		}
	}
	return false
}

// homeIn reads "at home in X" after any verb ("died peacefully at home
// in Harrogate", "she's at home in Marden with the kids"): home is in X,
// so the subject lives there; a death ends it. The clause is read on by
// the other readers: homeIn reports nothing.
func (sc *sentCtx) homeIn(cc *clauseCtx, subjs []ref) {
	c := cc.c
	if len(subjs) != 1 || !sc.personish(subjs[0]) && subjs[0].name != sc.u.speaker || c.Negated || c.Modal || cc.future {
		return
	}
	for i, pp := range c.PPs {
		if pp.Prep != "at" || pp.Obj.Phrase < 0 || i+1 >= len(c.PPs) {
			continue
		}
		p := &sc.p.Phrases[pp.Obj.Phrase]
		next := c.PPs[i+1]
		if p.End-p.Start != 1 || sc.toks[p.Start].lower != "home" || next.Prep != "in" || next.At != p.End || next.Obj.Phrase < 0 {
			continue
		}
		place := sc.phraseRef(next.Obj.Phrase, false)
		if k := sc.kindOf(place); place.name == "" || place.det != "" || k != kindLocation && k != kindNone {
			continue
		}
		cur := *cc
		if c.Lemma == "die" {
			// One lived there until death: the death's date ends it.
			cur.ended, cur.te = true, tensePast
		} else {
			cur.ended, cur.te = false, tensePresent
		}
		sc.fact(&cur, subjs[0], place, "LIVES_IN", tState, "{s} lives in {o}", kindPerson, kindLocation)
		return
	}
}
