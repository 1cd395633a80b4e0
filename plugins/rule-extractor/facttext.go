package main

import (
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// The words of a fact: its text written from the clause as said, in the
// tense the fact's place in time asks for.

// clauseText writes a fact's text from the clause as said, with names
// for its ends: "Dmitri took over as head coach of Harbor City Sharks",
// "Halima stopped taking metformin".
func (sc *sentCtx) clauseText(cc *clauseCtx, f *frame, prep string, r temporal) string {
	c := cc.c
	var b strings.Builder
	b.WriteString("{s} ")
	past := cc.pastText(r)
	if c.Aspect != "" {
		b.WriteString(sc.verbWord(c.VerbStart, c.Verb, past, true))
		b.WriteByte(' ')
		b.WriteString(sc.toks[c.Verb].lower)
	} else if c.Passive {
		// The auxiliary as said: "got engaged" is a change, "was
		// engaged" a state.
		switch {
		case c.GetPassive && past:
			b.WriteString("got ")
		case c.GetPassive:
			b.WriteString("gets ")
		case c.Perfect && cc.te != tensePast:
			b.WriteString("has been ")
		case past:
			b.WriteString("was ")
		default:
			b.WriteString("is ")
		}
		b.WriteString(sc.toks[c.Verb].lower)
	} else {
		b.WriteString(sc.verbWord(c.Verb, c.Verb, past, false))
	}
	withObj := prep != "" && prep != "as" && !c.Obj.None() && !(f != nil && f.inverse)
	// "broke it off with {o}": a pronoun goes before the particle.
	objFirst := withObj && c.Particle != "" && sc.p.Tags[sc.p.Phrases[c.Obj.Phrase].Head] == "PRP"
	if c.Particle != "" && !objFirst {
		b.WriteString(" " + c.Particle)
	}
	if withObj {
		// "joined the board of {o}", "moved her practice to {o}".
		p := sc.p.Phrases[c.Obj.Phrase]
		if r := sc.phraseRef(c.Obj.Phrase, false); r.name != "" && r.det == "" {
			b.WriteString(" " + r.name)
		} else {
			b.WriteString(" " + joinTokens(sc.toks[p.Start:p.End]))
		}
		if objFirst {
			b.WriteString(" " + c.Particle)
		}
	}
	role := ""
	if c.AsRole >= 0 && prep != "as" {
		p := sc.p.Phrases[c.AsRole]
		role = " as " + joinTokens(sc.toks[p.Start:p.End])
	}
	if prep != "" {
		b.WriteString(role + " " + prep)
		role = ""
	}
	b.WriteString(" {o}" + role)
	text := b.String()
	if f != nil && f.inverse && !c.Passive && prep != "" && !c.Obj.None() {
		// "My GP started me on metformin": Halima was started on it.
		w := nlp.Participle(sc.p.Lemmas[c.Verb])
		if !past {
			return "{s} is " + w + " " + prep + " {o}"
		}
		return "{s} was " + w + " " + prep + " {o}"
	}
	return text
}

// changeText is clauseText for a fact of a frame whose direct object
// takes the relation, unless the subject changed a thing of its own
// (self): "I changed my plan to Pro" says that the speaker changed to
// Pro, not that the speaker was changed.
func (sc *sentCtx) changeText(cc *clauseCtx, f *frame, prep string, r temporal, self bool) string {
	c := cc.c
	if !self || !f.inverse || c.Passive || prep == "" || c.Obj.None() {
		return sc.clauseText(cc, f, prep, r)
	}
	return "{s} " + sc.verbWord(c.Verb, c.Verb, cc.pastText(r), false) + " " + prep + " {o}"
}

// scheduledEnd reports whether a clause states an end in the simple
// present of the third person ("my contract ends in December", "the lease
// runs out in May"): an end on the calendar, still to come. "I quit in
// April" may be past; "ends" may not.
func (sc *sentCtx) scheduledEnd(cc *clauseCtx, role temporal) bool {
	return role == tEnd && cc.te == tensePresent && cc.c != nil && !cc.c.Past && sc.p.Tags[cc.c.Verb] == "VBZ"
}

// pastText reports whether the text of a fact in the clause's role takes
// the past: a clause in the past, or in the perfect unless it states a
// state that holds at the time of speaking ("I've lived in Boston for six
// years": she lives there, from six years ago; "I've moved to Seattle":
// she moved).
func (cc *clauseCtx) pastText(role temporal) bool {
	c := cc.c
	if cc.te == tensePast || c.Past {
		return true
	}
	return c.Perfect && (role != tState || cc.ended)
}

// swapEnds swaps a text's placeholders, for a fact whose source is the
// clause's object ("Acme hired Dana": Dana works at Acme).
func swapEnds(text string) string {
	return strings.NewReplacer("{s}", "{o}", "{o}", "{s}").Replace(text)
}

// verbWord writes the main verb as the text needs it: the word as said in
// the past, else the third person present of its lemma. With aspect, the
// aspectual verb before it is written instead: the words after it, the
// main verb's among them, follow in the text ("started dating").
func (sc *sentCtx) verbWord(start, v int, past, aspect bool) string {
	if aspect {
		for k := start; k < v; k++ {
			if strings.HasPrefix(sc.p.Tags[k], "VB") {
				if _, ok := aspectRoles[sc.p.Lemmas[k]]; ok {
					if past {
						return sc.toks[k].lower
					}
					return thirdPerson(sc.p.Lemmas[k])
				}
			}
		}
	}
	if past && (sc.p.Tags[v] == "VBD" || sc.p.Tags[v] == "VBN") && !sc.p.IdiomVerb(v) {
		return sc.toks[v].lower
	}
	if past {
		// "used to live", "did move".
		return nlp.Past(sc.p.Lemmas[v])
	}
	return thirdPerson(sc.p.Lemmas[v])
}

// withArticle prefixes a noun phrase with "a" or "an".
func withArticle(np string) string {
	if np == "" {
		return ""
	}
	if strings.ContainsRune("aeiou", rune(np[0])) {
		return "an " + np
	}
	return "a " + np
}

// groupRefs returns a ref for each person of r's group.
func groupRefs(r ref) []ref {
	out := make([]ref, len(r.group))
	for i, name := range r.group {
		out[i] = ref{name: name, kind: kindPerson, str: strSure}
	}
	return out
}
