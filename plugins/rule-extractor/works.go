package main

import "strings"

// Works and who made them. A book, a painting, a song or a film is made
// by someone: "I just finished "The Quiet Harbour" by Ottoline Marsh", "a
// print of "Moonlit Fjord" by Sigvald Rask", "the "Ethereal Fog" painting
// by Ysolde Brannoc". The verbs of making are frames (classes.go: "wrote",
// "was painted by"); a work and its maker joined by "by" in a noun phrase
// are read here.

// workNouns are the common nouns of made works, which a maker's name
// follows after "by".
var workNouns = words("book novel novella memoir biography poem poetry collection story play painting print drawing sketch portrait sculpture photograph photo mural song album record single track symphony opera film movie documentary series show podcast essay article")

// worksBy reads "WORK by PERSON" in each noun phrase: the person
// CREATED the work. The work is a title (quoted, or of the kind Work) or
// a phrase whose head is a work noun and which holds a title or names
// one; the maker is a person's name, never a date, a place or a firm ("a
// novel by Friday", "a print by the window").
func (sc *sentCtx) worksBy() {
	cc := &clauseCtx{c: nil}
	for pi := range sc.p.Phrases {
		p := &sc.p.Phrases[pi]
		if lowerAt(sc.toks, p.End) != "by" {
			continue
		}
		qi := sc.p.PhraseAt(p.End + 1)
		if qi < 0 {
			continue
		}
		work := sc.phraseRef(pi, false)
		if work.name == "" || !sc.isWork(work, pi) {
			continue
		}
		maker := sc.phraseRef(qi, false)
		if maker.name == "" || maker.det != "" || !sc.makerName(maker, qi) {
			continue
		}
		sc.fact(cc, maker, work, "CREATED", tTrait, "{o} is by {s}", kindPerson, kindWork)
	}
}

// isWork reports whether r, the ref of phrase pi, is a made work: a
// title the text marks as one, or a name whose phrase's head is a work
// noun ("the "Ethereal Fog" painting").
func (sc *sentCtx) isWork(r ref, pi int) bool {
	if sc.kindOf(r) == kindWork {
		return true
	}
	head := strings.ToLower(sc.headWord(pi))
	return workNouns.has(head) && !strings.EqualFold(r.name, head) && sc.kindOf(r) == kindNone
}

// makerName reports whether r, the ref of phrase qi, names a person: of
// the kind Person, or a name of no known kind in two words or more, or a
// given name.
func (sc *sentCtx) makerName(r ref, qi int) bool {
	switch sc.semKind(r, qi) {
	case kindPerson:
		return true
	case kindNone:
		return strings.Contains(r.name, " ") || oneGivenName(r.name)
	}
	return false
}
