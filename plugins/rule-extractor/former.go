package main

import "github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"

// Ties a noun phrase says are over: "my former boss", "the previous
// owner of Pellucid Optics", "Ravi, an old roommate of mine", "Former
// CEO Ravi Menon". A modifier of time before the noun that names a tie
// or a post ends it whatever the clause's tense, as "no longer" does:
// the fact is kept, with its end, and no current one is made.

// pastModifiers say that the tie the noun after them names is over.
var pastModifiers = words("former previous prior erstwhile one-time onetime")

// enduringTies are the ties "old" does not end: "an old friend" is a
// friend of long standing.
var enduringTies = words("FRIEND_OF")

// pastModifier reports whether the word w before the noun head says
// that the tie or post head names is over. "old" does only for a tie
// one leaves, held by someone ("my old boss", "an old roommate of
// mine", "Pellucid's old CEO"): "my old aunt" is an aunt who is old,
// "an old doctor" a doctor who is.
func pastModifier(w, head string, owned bool) bool {
	if pastModifiers.has(w) {
		return true
	}
	if w != "old" || !owned {
		return false
	}
	if k, ok := kinship[head]; ok {
		return !lastingTies.has(k.rel) && !enduringTies.has(k.rel)
	}
	_, role := roleNouns[head]
	return role || isJobHead(head)
}

// formerIn reports whether a word of toks[from:to], the words before
// the noun head, says that the tie it names is over.
func formerIn(toks []token, from, to int, head string, owned bool) bool {
	for k := max(from, 0); k < to && k < len(toks); k++ {
		if pastModifier(toks[k].lower, head, owned) {
			return true
		}
	}
	return false
}

// formerPhrase reports whether phrase pi names a tie that is over:
// a past modifier between its determiner or possessor and its head.
func (sc *sentCtx) formerPhrase(pi int) bool {
	p := &sc.p.Phrases[pi]
	from := p.Start + sc.detLen(p)
	owned := p.PossEnd > p.PossStart || lowerAt(sc.toks, p.End) == "of"
	return formerIn(sc.toks, from, p.Head, sc.headWord(pi), owned)
}

// endedCtx returns cc with the tie it states over, when ended; else cc.
func endedCtx(cc *clauseCtx, ended bool) *clauseCtx {
	if !ended || cc.ended {
		return cc
	}
	e := *cc
	e.ended = true
	return &e
}

// postNamed reads a copula whose subject is a post and whose complement
// a name: "The CEO of Pellucid Optics is Ravi Menon", "Pellucid's
// former CEO is Ravi Menon", "The owner of the Corran Hotel is Ilse
// Brandt" say what "Ravi Menon is the CEO of Pellucid Optics" says. It
// reports whether it read one.
func (sc *sentCtx) postNamed(cc *clauseCtx, role temporal) bool {
	c := cc.c
	sp := c.Subj.Phrase
	if sp < 0 || c.SubjFrom != nlp.SubjOwn || c.Comp.None() || len(c.Comp.Coord) > 0 || c.Negated || c.Modal {
		return false
	}
	q, p := &sc.p.Phrases[sp], &sc.p.Phrases[c.Comp.Phrase]
	head := sc.headWord(sp)
	if q.Name || q.Head != q.End-1 || kinNouns.has(head) && q.PossEnd > q.PossStart {
		// "My boss is Ingrid": a tie to the possessor (relateIn).
		return false
	}
	e, ok := sc.nameAt[p.Start]
	if !ok || e != p.End {
		return false
	}
	holder := sc.named(p.Start, e)
	if k := sc.kindOf(holder); k != kindPerson && !(k == kindNone && personLike(holder.name)) {
		return false
	}
	start := q.Start + sc.detLen(q)
	for start < q.Head && (pastModifiers.has(sc.toks[start].lower) || titleAdjectives.has(sc.toks[start].lower)) {
		start++
	}
	_, isRole := roleNouns[head]
	if _, end := titleAt(sc.toks, start); end != q.End && !isRole && !isJobHead(head) {
		return false
	}
	pc := *c
	pc.PPs = nil
	if q.PossEnd == q.PossStart {
		// The organisation is said after the post: "of", "at", "for".
		prep := lowerAt(sc.toks, q.End)
		oi := sc.p.PhraseAt(q.End + 1)
		if prep != "of" && prep != "at" && prep != "for" || oi < 0 {
			return false
		}
		if r := sc.phraseRef(oi, false); kinNouns.has(head) && (sc.kindOf(r) == kindPerson || sc.kindOf(r) == kindNone && personLike(r.name)) {
			// "The mother of Ann is Dana": kin, not a post.
			return false
		}
		pc.PPs = []nlp.PP{{Prep: prep, At: q.End, Obj: nlp.Arg{Phrase: oi}}}
		// "The head of IT at Garrick Haulage is …": a field, then
		// where.
		if at := sc.p.Phrases[oi].End; prep == "of" && lowerAt(sc.toks, at) == "at" {
			if wi := sc.p.PhraseAt(at + 1); wi >= 0 && sc.p.Phrases[wi].Start == at+1 {
				pc.PPs = append(pc.PPs, nlp.PP{Prep: "at", At: at, Obj: nlp.Arg{Phrase: wi}})
			}
		}
	}
	pcc := *cc
	pcc.c = &pc
	sc.roleFacts(endedCtx(&pcc, sc.formerPhrase(sp)), holder, sp, &pc, role, ref{})
	return true
}

// exNoun reports whether the word w, "ex-" and rest, names a tie or a
// post held before that the lexicon does not list as a word of its own
// ("ex-wife" is one): "ex-boss", "ex-roommate", "ex-CEO".
func exNoun(w, rest string) bool {
	if kinNouns.has(w) {
		return false
	}
	_, role := roleNouns[rest]
	_, title := titles[rest]
	return kinNouns.has(rest) || role || title || isJobHead(rest)
}
