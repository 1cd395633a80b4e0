package main

import (
	"slices"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// Implicit possessors. A relational noun names a tie to someone, and
// when the phrase does not say to whom ("you're a good friend", "Jonas
// is a colleague"), a conversation supplies the one who speaks: an
// indefinite "a friend" said of someone else is a friend of the speaker
// ("a friend of mine"), as a definite "the boss" is not. Only the ties
// one holds to the speaker by saying so are read this way (friends,
// neighbours, a colleague, roommates, classmates); kinship is left to
// "my" and "of".

// implicitTieNouns are the relational nouns whose unsaid possessor is
// the speaker.
var implicitTieNouns = words("friend neighbor neighbour colleague coworker co-worker roommate flatmate housemate classmate")

// implicitTie reads the phrase p after a copula whose subject is
// subj: an indefinite relational noun with no possessor and no "of"
// after it, said of someone other than the speaker, relates subj to the
// speaker.
func (sc *sentCtx) implicitTie(cc *clauseCtx, subj ref, p *nlp.Phrase, head string) bool {
	if !implicitTieNouns.has(head) || p.PossEnd > p.PossStart || sc.u.speaker == "" || subj.name == "" {
		return false
	}
	if det := sc.toks[p.Start].lower; det != "a" && det != "an" && !(det == "such" && lowerAt(sc.toks, p.Start+1) == "a") {
		return false
	}
	if lowerAt(sc.toks, p.End) == "of" || sc.u.x.reg.key(subj.name) == sc.u.x.reg.key(sc.u.speaker) {
		return false
	}
	if k := sc.kindOf(subj); k != kindPerson && k != kindNone {
		return false
	}
	sc.kinFact(cc, subj, ref{name: sc.u.speaker, kind: kindPerson, str: strSure}, head)
	return true
}

// A service's title set bare before a name, as the object of a verb
// of engaging or after "with", names the one who serves the clause's
// subject: "is training with coach Lars Ek" (Lars coaches her), "sees
// therapist Anna Holm", "we hired lawyer Tom Berg in May". The tie is
// the title's, as "her coach Lars Ek" would say it.

// engagingVerbs take the one who serves as their object and begin the
// tie; servingVerbs take them as their object and state it.
var (
	engagingVerbs = words("hire retain engage appoint")
	servingVerbs  = words("see visit consult")
	// servingWithVerbs take the one who serves after "with".
	servingWithVerbs = words("train work study practice practise sign start begin continue stay")
	// switchingVerbs take the new one after "to".
	switchingVerbs = words("switch change move")
)

// servedBy reads those phrases of clause cc for each subject, and
// returns the ones it read.
func (sc *sentCtx) servedBy(cc *clauseCtx, subjs []ref) []int {
	c := cc.c
	if c.Passive || c.Lemma == "be" {
		return nil
	}
	type slot struct {
		pi   int
		role temporal
	}
	var slots []slot
	switch {
	case engagingVerbs.has(c.Lemma) && c.Particle == "":
		for _, pi := range c.Obj.All() {
			slots = append(slots, slot{pi, tStart})
		}
	case servingVerbs.has(c.Lemma) && c.Particle == "":
		for _, pi := range c.Obj.All() {
			slots = append(slots, slot{pi, tState})
		}
	}
	for _, pp := range c.PPs {
		switch {
		case pp.Prep == "with" && servingWithVerbs.has(c.Lemma):
			role := tState
			if c.Lemma == "sign" || c.Lemma == "start" || c.Lemma == "begin" {
				role = tStart
			}
			for _, pi := range pp.Obj.All() {
				slots = append(slots, slot{pi, role})
			}
		case pp.Prep == "to" && switchingVerbs.has(c.Lemma):
			for _, pi := range pp.Obj.All() {
				slots = append(slots, slot{pi, tStart})
			}
		}
	}
	var read []int
	for _, s := range slots {
		p := &sc.p.Phrases[s.pi]
		head, first := sc.toks[p.Start].lower, p.Start+1
		if switched := sc.u.x.switched[sc.u.x.reg.key(subjs[0].name)]; switched != "" && len(subjs) == 1 && p.Name && nameEnd(sc.toks, p.Start, sc.blocked) == p.End {
			// "switched coaches, she's working with Inge Bakker now":
			// the one worked with after the switch has the title.
			head, first = switched, p.Start
		} else if p.PossEnd > p.PossStart || p.End-p.Start < 2 || sc.toks[p.Start].text != head || !capitalized(sc.toks[p.Start+1].text) {
			continue
		}
		k, ok := kinship[head]
		if !ok || !servingTies.has(k.rel) {
			continue
		}
		who := sc.named(first, min(p.End, nameEnd(sc.toks, first, sc.blocked)))
		if who.name == "" || !sc.personish(who) && sc.kindOf(who) != kindNone {
			continue
		}
		for _, subj := range subjs {
			if !sc.personish(subj) || subj.name == who.name {
				continue
			}
			text := "{s} is {o}'s " + head
			if cc.te == tensePast && s.role != tStart {
				text = "{s} was {o}'s " + head
			}
			sc.fact(cc, who, subj, k.rel, s.role, text, kindPerson, kindPerson)
			if !slices.Contains(read, s.pi) {
				read = append(read, s.pi)
			}
		}
	}
	return read
}

// servingTies are the ties of kinship.go a title before a name can
// state: the ones a person is served by, not kin or peers.
var servingTies = words("COACHES TEACHER_OF MENTOR_OF DOCTOR_OF THERAPIST_OF DENTIST_OF LAWYER_OF")

// switchedServers reads "switched coaches", "we changed doctors": the
// subject's current one of that title ends, whoever the episode or the
// previous ones named. It reports whether the clause was such.
func (sc *sentCtx) switchedServers(cc *clauseCtx, subj ref) bool {
	c := cc.c
	if c.Passive || c.Lemma != "switch" && c.Lemma != "change" || c.Particle != "" || c.Obj.None() || len(c.Obj.Coord) > 0 {
		return false
	}
	p := &sc.p.Phrases[c.Obj.Phrase]
	if p.Start != p.Head || sc.p.Tags[p.Head] != "NNS" {
		return false
	}
	title := sc.p.Lemmas[p.Head]
	k, ok := kinship[title]
	if !ok || !servingTies.has(k.rel) || !sc.personish(subj) {
		return false
	}
	x := sc.u.x
	key := x.reg.key(subj.name)
	var servers []string
	for _, f := range x.facts {
		if f.rel == k.rel && x.reg.key(f.dst) == key && f.invalid.IsZero() && !slices.Contains(servers, f.src) {
			servers = append(servers, f.src)
		}
	}
	for _, f := range x.previousOpen(func(f abi.ExtractedFact) bool {
		return f.Relation == k.rel && x.reg.key(f.Target) == key
	}, func(f abi.ExtractedFact) string { return f.Source }) {
		if !slices.Contains(servers, f.Source) {
			servers = append(servers, f.Source)
		}
	}
	for _, s := range servers {
		sc.fact(cc, ref{name: s, kind: kindPerson, str: strSure}, subj, k.rel, tEnd, "{s} is no longer {o}'s "+title, kindPerson, kindPerson)
	}
	if x.switched == nil {
		x.switched = map[string]string{}
	}
	x.switched[key] = title
	return true
}
