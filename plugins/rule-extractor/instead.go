package main

import (
	"strings"
	"time"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// insteadOf returns the name a clause says its tie replaces: "I report
// to Sigvald instead of Ingunn", "Oddny plays for Garrick Athletic rather
// than Fenlow Town". The one replaced held the tie until the new one
// began.
func (sc *sentCtx) insteadOf(c *nlp.Clause) (ref, bool) {
	r, _, ok := sc.insteadOfAt(c)
	return r, ok
}

// insteadOfAt is insteadOf, with the word of "instead" or "rather".
func (sc *sentCtx) insteadOfAt(c *nlp.Clause) (ref, int, bool) {
	for _, pp := range c.PPs {
		if pp.Obj.None() || pp.At < 1 {
			continue
		}
		before := lowerAt(sc.toks, pp.At-1)
		if !(pp.Prep == "of" && before == "instead" || pp.Prep == "than" && before == "rather") {
			continue
		}
		p := &sc.p.Phrases[pp.Obj.Phrase]
		for i := p.Start; i < p.End; i++ {
			if e, ok := sc.nameAt[i]; ok && e <= p.End {
				return sc.named(i, e), pp.At - 1, true
			}
		}
	}
	return ref{}, -1, false
}

// replacedTie adds the end of the tie a clause's new one replaces: the
// new tie is a state (no event) said to hold, not to begin ("married
// Ingunn instead of Oddny" never married Oddny), and the
// one replaced is of the kind of the new one's object.
func (sc *sentCtx) replacedTie(cc *clauseCtx, src, dst ref, rel string, role temporal, text string, valid time.Time, srcKind, dstKind kind) {
	if cc.c == nil || cc.ended || cc.c.Negated || cc.c.Modal || role != tState {
		return
	}
	if relTable[canonRel(rel)].event {
		return
	}
	alt, at, ok := sc.insteadOfAt(cc.c)
	if !ok {
		return
	}
	key := sc.u.x.reg.key
	if q := sc.p.PhraseEndingAt(at); q >= 0 {
		// "departs Oslo for Akureyri instead of Reykjavik": the tie
		// whose object stands right before "instead" is the one
		// replaced, not every tie of the clause.
		if r := sc.phraseRef(q, false); r.name != "" && key(r.name) != key(dst.name) {
			return
		}
	}
	if key(alt.name) == key(dst.name) || key(alt.name) == key(src.name) || !replaceable(sc.kindOf(alt), sc.kindOf(dst)) {
		return
	}
	if dk := sc.kindOf(dst); sc.kindOf(alt) == kindNone && dk != kindNone && dk != kindPerson {
		// "live in Oslo with Sigvald now instead of Ingunn": a name
		// of no kind stands for a place or a firm only when it is
		// shown to be one.
		return
	}
	end := valid
	if end.IsZero() {
		end = sc.u.x.ref
	}
	text = noLonger(text)
	o := out(rel, slotSubject, slotObject, tEnd, text, text, srcKind, dstKind)
	m := &match{subj: src}
	m.obj = alt
	sc.u.x.addFact(m, rel, text, o, src, alt, time.Time{}, end)
}

// noLonger turns the text of a tie that holds into that of one that
// ended, where its verb allows: "{s} reports to {o}" gives "{s} no longer
// reports to {o}"; another text is kept, its end said by the fact's
// interval.
func noLonger(text string) string {
	rest, ok := strings.CutPrefix(text, "{s} ")
	if !ok {
		return text
	}
	verb, _, _ := strings.Cut(rest, " ")
	if len(verb) < 3 || !strings.HasSuffix(verb, "s") || verb == "was" || verb == "has" || strings.HasSuffix(verb, "ss") {
		return text
	}
	return "{s} no longer " + rest
}

// replaceable reports whether a name of kind a may stand where one of
// kind b stood: the same kind, one unknown, or an organisation and a
// place (a club is often named by its town: "Fenlow Town").
func replaceable(a, b kind) bool {
	if compatible(a, b) {
		return true
	}
	orgOrPlace := func(k kind) bool { return k == kindOrg || k == kindLocation }
	return orgOrPlace(a) && orgOrPlace(b)
}
