package main

import (
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// earlierPets gives the kind Pet to a person, or a name of no kind, of
// this episode whom an earlier episode introduced as an animal: after "My spaniel Juniper
// has been limping", "The carprofen was upsetting Juniper's stomach"
// speaks of the dog, though a name doing a person's things reads as a
// person. A speaker is a person whatever an animal was called.
func (x *extraction) earlierPets() {
	if len(x.previous) == 0 {
		return
	}
	// Each previous episode is tokenized once, when a name is in it.
	toks := make([][]token, len(x.previous))
	for _, e := range x.reg.list {
		if e.kind != kindPerson && e.kind != kindNone || e.speaker || x.speakers[x.reg.key(e.name)] || strings.Contains(e.name, " ") {
			continue
		}
		if namedAnimal(x.previous, toks, e.name) {
			e.kind = kindPet
		}
	}
}

// namedAnimal reports whether an earlier episode writes name right after
// an animal's noun ("my spaniel Juniper", "a cat called Mochi", "our
// puppy, Rex") or right before one ("Juniper, my spaniel").
// tokens holds each previous episode's tokens once read.
func namedAnimal(previous []abi.Episode, tokens [][]token, name string) bool {
	for pi, p := range previous {
		if !strings.Contains(p.Content, name) {
			continue
		}
		if animalAfter(p.Content, name) {
			return true
		}
		if tokens[pi] == nil {
			tokens[pi] = tokenize(p.Content)
		}
		toks := tokens[pi]
		for i, t := range toks {
			if !t.word || t.text != name {
				continue
			}
			j := i - 1
			for j >= 0 && !toks[j].word && toks[j].text == "," {
				j--
			}
			if j >= 0 && (toks[j].lower == "named" || toks[j].lower == "called") {
				j--
			}
			if j >= 0 && toks[j].word && !toks[j].cap && animalHead(toks[j].lower) {
				return true
			}
		}
	}
	return false
}

// animalHead reports whether a noun is first of all an animal, by its
// first sense: "spaniel" and "mare" are, "bear" (a verb too) and "duck"
// are kept by the pet list, "head" and "game" are not.
func animalHead(w string) bool {
	if petNouns.has(w) {
		return true
	}
	lex, c, ok := nlp.Noun(nlp.Lemma(w, "NN"))
	return ok && c&nlp.ClassAnimal != 0 && lex == nlp.NounAnimal
}

// putDown reads "we had to put Pepper down" (or "to sleep") of a pet the speaker named
// before: the pet died, and the speaker has it no longer.
func (sc *sentCtx) putDown(cc *clauseCtx) bool {
	c := cc.c
	if c.Lemma != "put" || c.Obj.None() || len(c.Obj.Coord) > 0 || c.Negated || c.Modal || c.Future || sc.u.speaker == "" {
		return false
	}
	p := &sc.p.Phrases[c.Obj.Phrase]
	if c.Particle != "down" && lowerAt(sc.toks, p.End) != "down" && !(lowerAt(sc.toks, p.End) == "to" && lowerAt(sc.toks, p.End+1) == "sleep") {
		// ("put Biscuit to sleep" says it as well.)
		return false
	}
	pet := sc.phraseRef(c.Obj.Phrase, false)
	if pet.name == "" || sc.u.x.close[sc.u.speaker][strings.ToLower(pet.name)] != "HAS_PET" {
		return false
	}
	speaker := ref{name: sc.u.speaker, kind: kindPerson, str: strSure}
	sc.fact(cc, speaker, pet, "HAS_PET", tEnd, "{o} was put down", kindPerson, kindPet)
	return true
}

// petOf reports whether this episode or the ones before gave owner the
// pet named name, not ended.
func (x *extraction) petOf(owner, name string) bool {
	found := false
	x.openFacts(func(src, dst, rel string) bool {
		found = rel == "HAS_PET" && x.sameName(src, owner) && x.sameName(dst, name)
		return !found
	})
	return found
}
