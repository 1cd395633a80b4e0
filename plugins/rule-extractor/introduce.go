package main

import "slices"

// A meeting is a tie noun a speaker asked someone to meet, before
// the names it means: "Come meet my friends. This is Tuva." The names
// may follow in the same sentence or in the next two of the same turn.
type meeting struct {
	noun  string
	owner ref
	// sent is the sentence of the turn that asked; after is the word in it
	// after the tie noun, from where its names are sought.
	sent, after int
}

// introLemmas are the verbs that present people to someone.
var introLemmas = words("meet introduce")

// presenters are the demonstratives that present the people introduced
// ("this is", "these are").
var presenters = words("this these that those here")

// fillers are the sounds a speaker holds a place with while thinking
// ("this is, uh, Tuva").
var fillers = words("uh uhh um umm uhm er erm hmm , ah oh")

// meetings reads "I'd like you to meet my friends, this is Tuva,
// Eskil and Brita" and "You must meet my sister. This is Sølvi.": a
// tie noun possessed by the speaker as the object of meet or introduce,
// and the names presented after it, each the speaker's tie.
func (sc *sentCtx) meetings() {
	u := sc.u
	if in := u.intro; in != nil {
		from := 0
		if in.sent == u.sent {
			from = in.after
		}
		if sc.present(in, from) {
			u.intro = nil
		} else if u.sent-in.sent >= 2 {
			u.intro = nil
		}
	}
	for ci := range sc.p.Clauses {
		c := &sc.p.Clauses[ci]
		if !introLemmas.has(c.Lemma) || c.Negated {
			continue
		}
		args := c.Obj.All()
		for _, pp := range c.PPs {
			if pp.Prep == "to" {
				args = append(args, pp.Obj.All()...)
			}
		}
		for _, pi := range args {
			p := &sc.p.Phrases[pi]
			if p.PossEnd-p.PossStart != 1 || p.Head != p.End-1 {
				continue
			}
			noun := sc.headWord(pi)
			if !kinNouns.has(noun) {
				continue
			}
			if _, named := sc.nameAt[p.End]; named {
				// "meet my friend Tuva" is read as an apposition.
				continue
			}
			owner := sc.ownerOf(p)
			if owner.name == "" || !sc.personish(owner) {
				continue
			}
			u.intro = &meeting{noun: noun, owner: owner, sent: u.sent, after: p.End}
			if sc.present(u.intro, p.End) {
				u.intro = nil
			}
			return
		}
	}
}

// present makes each name presented from word from on the meeting's
// tie of its owner, and reports whether any was.
func (sc *sentCtx) present(in *meeting, from int) bool {
	names := sc.presented(from)
	for _, n := range names {
		if n.name != in.owner.name {
			sc.relate(nil, n, in.owner, in.noun)
		}
	}
	return len(names) > 0
}

// presented returns the names a sentence presents from word from on:
// after "this is" or "these are", or a list of names that is the whole
// of the rest ("Tuva, Eskil, Brita.").
func (sc *sentCtx) presented(from int) []ref {
	toks := sc.toks
	k := from
	for k < len(toks) && (toks[k].text == "," || fillers.has(toks[k].lower)) {
		k++
	}
	if e, named := sc.nameAt[k]; named && lowerAt(toks, e) == "," && presenters.has(lowerAt(toks, e+1)) {
		// "Eskil, this is Jonas": Eskil is the one spoken to.
		k = e + 1
	}
	bare := true
	if k < len(toks) && presenters.has(toks[k].lower) {
		switch lowerAt(toks, k+1) {
		case "is", "are", "'s":
			k += 2
			bare = false
		default:
			return nil
		}
	}
	for k < len(toks) && fillers.has(toks[k].lower) {
		k++
	}
	var out []ref
	for k < len(toks) {
		e, named := sc.nameAt[k]
		if !named || !slices.Contains([]kind{kindPerson, kindNone}, sc.named(k, e).kind) {
			break
		}
		out = append(out, sc.named(k, e))
		k = e
		glue := k
		for glue < len(toks) && (toks[glue].text == "," || toks[glue].lower == "and") {
			glue++
		}
		if glue == k || glue-k > 2 {
			break
		}
		k = glue
	}
	if len(out) == 0 {
		return nil
	}
	if bare {
		// A bare list must be all that is left of the sentence.
		for ; k < len(toks); k++ {
			if toks[k].word {
				return nil
			}
		}
	}
	return out
}
