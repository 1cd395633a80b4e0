package main

import "github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"

// Relations two people hold to each other, said of both at once: "Ann and
// Bo are friends", "we broke up", "they live together".

// reciprocalPrep joins the partner to a reciprocal verb's text.
var reciprocalPrep = map[string]string{"marry": "to", "engage": "to", "divorce": "from", "separate": "from", "date": "", "break up": "with", "split up": "with", "split": "from", "go out": "with", "wed": "to"}

// transitiveReciprocals take the partner as their object in the active
// voice ("Ann married Bo"), and a preposition only in the passive.
var transitiveReciprocals = words("marry wed divorce")

// mutualNouns are the plural nouns of a relation two people hold to each
// other ("Ann and Bo are friends").
var mutualNouns = map[string]string{
	"friend": "FRIEND_OF", "roommate": "ROOMMATE_OF", "neighbor": "NEIGHBOR_OF", "neighbour": "NEIGHBOR_OF",
	"sibling": "SIBLING_OF", "brother": "SIBLING_OF", "sister": "SIBLING_OF", "cousin": "COUSIN_OF",
	"couple": "IS_DATING", "colleague": "COLLEAGUE_OF", "classmate": "CLASSMATE_OF",
}

// reciprocalOf returns the relation a reciprocal verb states between
// its subjects: "marry", "break up", and "live together", "move in
// together".
func (sc *sentCtx) reciprocalOf(c *nlp.Clause, verb string) (struct {
	class string
	role  temporal
}, bool) {
	if rc, ok := reciprocal[verb]; ok {
		return rc, true
	}
	if backTogether(sc.toks, c) {
		// "Ada and Bo got back together", "we're back together".
		switch c.Lemma {
		case "get", "come":
			return struct {
				class string
				role  temporal
			}{"IS_DATING", tStart}, true
		case "be":
			return struct {
				class string
				role  temporal
			}{"IS_DATING", tState}, true
		}
	}
	if rc, ok := togetherVerbs[verb]; ok && together(sc.toks, c) {
		return rc, true
	}
	return reciprocal[""], false
}

// togetherVerbs are reciprocal with "together": "we live together".
var togetherVerbs = map[string]struct {
	class string
	role  temporal
}{"live": {"LIVES_WITH", tState}, "move in": {"LIVES_WITH", tStart}, "move": {"LIVES_WITH", tStart}}

// backTogether reports whether "back together" follows the clause's
// verb: two who are or get back together are a couple again.
func backTogether(toks []token, c *nlp.Clause) bool {
	return lowerAt(toks, c.VerbEnd) == "back" && lowerAt(toks, c.VerbEnd+1) == "together"
}

// beTogether reports whether a clause says its subjects are (back)
// together: a couple ("we've been together for two years").
func (sc *sentCtx) beTogether(c *nlp.Clause) bool {
	if !linking.has(c.Lemma) || c.Passive || c.Progressive {
		return false
	}
	at := c.VerbEnd
	if backTogether(sc.toks, c) {
		at++
	} else if lowerAt(sc.toks, at) != "together" {
		return false
	}
	// "We were together in Paris", "together at school": a place shared,
	// not a couple.
	return !placePreps.has(lowerAt(sc.toks, at+1)) && lowerAt(sc.toks, at+1) != "at"
}

// together reports whether "together" follows the clause's verb or its
// particle.
func together(toks []token, c *nlp.Clause) bool {
	return lowerAt(toks, c.VerbEnd) == "together" || lowerAt(toks, c.VerbEnd+1) == "together"
}

// mutual returns the relation a clause states between its subjects when
// they are two or more: a reciprocal verb without an object ("broke up")
// or a copula with a plural relational noun and no possessor ("are
// friends", "are a couple"); "" otherwise.
func (sc *sentCtx) mutual(c *nlp.Clause) string {
	verb := phrasal(c)
	if rc, ok := sc.reciprocalOf(c, verb); ok && c.Obj.None() {
		return rc.class
	}
	if !linking.has(c.Lemma) || c.Passive || c.Comp.None() {
		return ""
	}
	p := sc.p.Phrases[c.Comp.Phrase]
	if p.PossEnd > p.PossStart {
		return ""
	}
	w := sc.headWord(c.Comp.Phrase)
	if sc.p.Tags[p.Head] != "NNS" && w != "couple" {
		return ""
	}
	return mutualNouns[w]
}

// subjectIs reports whether a clause's own subject is the one word w.
func (sc *sentCtx) subjectIs(c *nlp.Clause, w string) bool {
	if c.Subj.Phrase < 0 || len(c.Subj.Coord) > 0 {
		return false
	}
	p := sc.p.Phrases[c.Subj.Phrase]
	return p.End == p.Start+1 && sc.toks[p.Start].lower == w
}

// togetherWith reads the partner of a reciprocal said "together" of one
// subject and "with" the other: "Ross got back together with Rachel",
// "Ada lives together with Bo".
func (sc *sentCtx) togetherWith(cc *clauseCtx, c *nlp.Clause, verb string, subj ref, role temporal) {
	if !together(sc.toks, c) && !backTogether(sc.toks, c) {
		return
	}
	rc, ok := sc.reciprocalOf(c, verb)
	if !ok {
		return
	}
	if role >= 0 {
		rc.role = role
	}
	for _, pp := range c.PPs {
		if pp.Prep != "with" || pp.Obj.Phrase < 0 || pp.At < c.VerbEnd {
			continue
		}
		partner := sc.phraseRef(pp.Obj.Phrase, false)
		if partner.name == "" || sc.kindOf(partner) != kindPerson && !sc.personish(partner) {
			continue
		}
		w := c.Lemma
		if cc.te == tensePast {
			w = nlp.Past(w)
		}
		text := "{s} " + w
		if backTogether(sc.toks, c) {
			text += " back"
		}
		sc.fact(cc, subj, partner, rc.class, rc.role, text+" together with {o}", kindPerson, kindPerson)
	}
}
