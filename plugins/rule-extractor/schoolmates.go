package main

import (
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// Schoolmates. Having gone to one school is a tie two people keep: "Ada
// and I went to college together", "we went to the same high school",
// "I went to school with Ada". The school may go unnamed ("college"), so
// the tie is between the people, CLASSMATE_OF, the relation "we were
// classmates" gives (mutual.go); a named school still gives STUDIES_AT
// through the verb's frame.

// schoolNouns are the heads of a school one goes to or attends.
var schoolNouns = words("school college university kindergarten academy")

// schoolPhrase returns the phrase of the school a clause's subject went
// to or attended ("went to high school", "attended the same college"),
// or -1.
func (sc *sentCtx) schoolPhrase(c *nlp.Clause) int {
	if c.Passive {
		return -1
	}
	var pi int
	switch {
	case c.Lemma == "go" && c.Particle == "":
		pi = -1
		for _, pp := range c.PPs {
			if pp.Prep == "to" && pp.Obj.Phrase >= 0 {
				pi = pp.Obj.Phrase
				break
			}
		}
	case c.Lemma == "attend":
		pi = c.Obj.Phrase
	default:
		return -1
	}
	if pi < 0 || !schoolNouns.has(sc.p.Lemmas[sc.p.Phrases[pi].Head]) {
		return -1
	}
	return pi
}

// schoolmates states the tie of those who went to one school: the
// subjects among themselves when the clause says they went together or
// to the same school, and each subject with the people of a "with"
// phrase.
func (sc *sentCtx) schoolmates(cc *clauseCtx, c *nlp.Clause, subjs []ref) {
	pi := sc.schoolPhrase(c)
	if pi < 0 {
		return
	}
	p := sc.p.Phrases[pi]
	same := false
	for k := p.Start; k < p.End; k++ {
		if sc.toks[k].lower == "same" {
			same = true
		}
	}
	end := sc.clauseEnd(c)
	tog := false
	for k := c.VerbEnd; k <= end && k < len(sc.toks); k++ {
		if sc.toks[k].lower == "together" {
			tog = true
		}
	}
	if (same || tog) && len(subjs) > 1 {
		for i := 1; i < len(subjs); i++ {
			sc.fact(cc, subjs[0], subjs[i], "CLASSMATE_OF", tEvent, "{s} and {o} went to school together", kindPerson, kindPerson)
		}
		return
	}
	for _, pp := range c.PPs {
		if pp.Prep != "with" || pp.At < p.End {
			continue
		}
		for _, q := range pp.Obj.All() {
			o := sc.phraseRef(q, false)
			if k := sc.kindOf(o); o.name == "" || k != kindPerson && k != kindNone {
				continue
			}
			for _, s := range subjs {
				sc.fact(cc, s, o, "CLASSMATE_OF", tEvent, "{s} went to school with {o}", kindPerson, kindPerson)
			}
		}
	}
}

// schoolModifiers may stand between "from" and the school's noun ("from
// high school", "from grad school").
var schoolModifiers = words("high grad graduate law med medical business drama art nursing middle grade primary secondary boarding")

// fromSchool reads a name the speaker places at a school they shared
// ("Oda Lind from college called", "I ran into Tor from high school"):
// the speaker and the one named are schoolmates.
func (sc *sentCtx) fromSchool() {
	u := sc.u
	toks := sc.toks
	if u.speaker == "" {
		return
	}
	for mi := len(u.mentions) - 1; mi >= 0 && u.mentions[mi].sent == u.sent; mi-- {
		n := u.mentions[mi]
		e := nameEnd(toks, n.pos, sc.blocked)
		if e <= n.pos || lowerAt(toks, e) != "from" {
			continue
		}
		k := e + 1
		for k < len(toks) && schoolModifiers.has(toks[k].lower) {
			k++
		}
		if k >= len(toks) || !schoolNouns.has(toks[k].lower) || k+1 < len(toks) && toks[k+1].word && nlp.IsNoun(toks[k+1].lower) {
			continue
		}
		en := u.x.reg.get(n.name)
		if en == nil || en.speaker || en.kind != kindPerson && en.kind != kindNone || en.name == u.speaker {
			continue
		}
		who := sc.named(n.pos, e)
		if who.name == "" {
			continue
		}
		me := ref{name: u.speaker, kind: kindPerson, str: strSure}
		sc.fact(&clauseCtx{te: tensePast}, me, who, "CLASSMATE_OF", tEvent, "{s} knows {o} from school", kindPerson, kindPerson)
	}
}

// schoolName reports whether a name is a school's: its last word a
// school noun, or one inside it ("University of Tresk").
func schoolName(name string) bool {
	f := strings.Fields(strings.ToLower(name))
	return len(f) > 0 && (schoolNouns.has(f[len(f)-1]) || nameSchoolNouns.has(f[len(f)-1]) || schoolWithin(name))
}
