package main

import (
	"regexp"
	"strings"
)

// Names given after the thing. "We adopted a rescue cat. She's a
// tortoiseshell called Mochi.", "I bought a boat last year; it's called
// Saoirse.", "Her name is Mochi.": a thing first told by a common noun
// ("a rescue cat") is named in the next sentence, whose subject is a
// pronoun for it. The facts told of the thing are the name's.

// laterName reads a sentence that names the thing the utterance last
// took as an object with an indefinite article, and renames it in the
// facts told so far.
func (sc *sentCtx) laterName() {
	old := sc.u.lastObj
	if old.name == "" || old.det != "a" && old.det != "an" || old.kind != kindPet && old.kind != kindNone && old.kind != kindProduct {
		return
	}
	at := sc.namingAt()
	if at < 0 {
		return
	}
	e, ok := sc.nameAt[at]
	if !ok {
		return
	}
	r := sc.named(at, e)
	if r.name == "" || r.name == old.name || sc.kindOf(r) == kindOrg || sc.kindOf(r) == kindLocation {
		return
	}
	k := old.kind
	x := sc.u.x
	x.reg.add(r.name, k, strSure, true)
	for i := range x.facts {
		f := &x.facts[i]
		switch old.name {
		case f.src:
			f.src = r.name
		case f.dst:
			f.dst = r.name
		default:
			continue
		}
		for p, v := range f.subs {
			if strings.EqualFold(v, old.name) || strings.EqualFold(v, old.det+" "+old.name) {
				f.subs[p] = r.name
			}
		}
	}
	sc.u.lastObj = ref{name: r.name, kind: k, str: strSure}
}

// namingAt returns where the name starts in a sentence that names a
// thing just spoken of by a pronoun: "She's called Mochi", "it's a
// tortoiseshell called Mochi", "Her name is Mochi"; or -1.
func (sc *sentCtx) namingAt() int {
	toks := sc.toks
	w := func(i int) string { return lowerAt(toks, i) }
	if at := sc.namedItAt(); at >= 0 {
		return at
	}
	switch {
	case (w(0) == "her" || w(0) == "his" || w(0) == "its") && w(1) == "name" && (w(2) == "is" || w(2) == "'s"):
		return 3
	case w(0) == "she" || w(0) == "he" || w(0) == "it":
	default:
		return -1
	}
	if w(1) != "is" && w(1) != "'s" && w(1) != "was" {
		return -1
	}
	i := 2
	if w(i) == "a" || w(i) == "an" {
		// "a tortoiseshell called Mochi": a few words of what it is.
		j := i + 1
		for j < len(toks) && j <= i+3 && toks[j].word && w(j) != "called" && w(j) != "named" {
			j++
		}
		i = j
	}
	if w(i) != "called" && w(i) != "named" {
		return -1
	}
	return i + 1
}

// namingSubjects are the pronouns of those who name a thing they have.
var namingSubjects = words("i we they he she")

// namedItAt returns where the name starts in "we named her Mochi", "and
// called him Biscuit" (the thing by a pronoun), and in "a little tabby
// we've named Mochi" (the thing the relative clause hangs on); or -1.
func (sc *sentCtx) namedItAt() int {
	toks := sc.toks
	w := func(i int) string { return lowerAt(toks, i) }
	for i := 1; i+1 < len(toks); i++ {
		if w(i) != "named" && w(i) != "called" && w(i) != "renamed" {
			continue
		}
		subj := i - 1
		if w(subj) == "'ve" || w(subj) == "have" || w(subj) == "'d" || w(subj) == "had" || w(subj) == "has" {
			subj--
		}
		switch {
		case (w(i+1) == "her" || w(i+1) == "him" || w(i+1) == "it") && (namingSubjects.has(w(subj)) || w(i-1) == "and"):
			if _, ok := sc.nameAt[i+2]; ok {
				return i + 2
			}
		case namingSubjects.has(w(subj)) && subj > 0 && (sc.p.Tags[subj-1] == "NN" || sc.p.Tags[subj-1] == "NNS"):
			// "a little tabby we've named Mochi".
			if _, ok := sc.nameAt[i+1]; ok {
				return i + 1
			}
		}
	}
	return -1
}

// possessedNamed reads "my husband's name is Tomas" as "my husband is
// Tomas", "the owner's name was Ada Berg" as "the owner was Ada Berg",
// and "Jamie was the name of Susan's girlfriend" as "Jamie was Susan's
// girlfriend": the name of a noun's holder is that holder. A name's own
// name ("Tomas's name is Tom") is left alone.
func possessedNamed(toks []token) []token {
	for i := 1; i+4 < len(toks); i++ {
		// "Jamie was the name of Susan's first girlfriend": Jamie was
		// Susan's first girlfriend.
		if (toks[i].lower == "was" || toks[i].lower == "is") && toks[i-1].cap && toks[i+1].lower == "the" && toks[i+2].lower == "name" && toks[i+3].lower == "of" && (toks[i+4].cap || possessives[toks[i+4].lower] != "") {
			return append(toks[:i+1:i+1], toks[i+4:]...)
		}
	}
	for i := 1; i+3 < len(toks); i++ {
		if toks[i].lower != "'s" || toks[i+1].lower != "name" || !toks[i-1].word || toks[i-1].cap && i > 1 || !toks[i+3].word || !toks[i+3].cap {
			continue
		}
		switch toks[i+2].lower {
		case "is", "'s", "was":
		default:
			continue
		}
		if toks[i+2].lower == "'s" {
			// "my husband's name's Tomas".
			toks[i+2] = wordToken("is", "is")
		}
		return append(toks[:i:i], toks[i+2:]...)
	}
	return toks
}

// doubleGenitive reads "a friend of Monica and Chandler's" as "a friend of
// Monica and Chandler": a possessive closing an "of" phrase of names, no
// noun after it, marks the holder once more.
func doubleGenitive(toks []token) []token {
	for i := 2; i < len(toks); i++ {
		if toks[i].lower != "'s" || !toks[i-1].cap || i+1 < len(toks) && toks[i+1].word {
			continue
		}
		k := i - 1
		for k > 0 && k >= i-8 && (toks[k].cap && toks[k].word || toks[k].lower == "and" || toks[k].text == ",") {
			k--
		}
		if toks[k].lower == "of" && k < i-1 {
			return append(toks[:i:i], toks[i+1:]...)
		}
	}
	return toks
}

// identity records that a speaker or the one spoken to is a person named
// in the text ("I'm Per Holm", "you're Ulrik Dahl"), when the label
// names no one ("Speaker 2", "User") or the name completes it.
func (sc *sentCtx) identity(subj, name ref) bool {
	x := sc.u.x
	if e := x.reg.get(subj.name); sc.tagged && e != nil && e.speaker {
		// "You're Greta, aren't you?": the one who answers is named,
		// which speaker identification reads; "you" here is a guess.
		return true
	}
	if subj.name == "" || name.name == "" || sc.kindOf(name) != kindPerson && !personLike(name.name) && !firstNames.has(strings.ToLower(name.name)) {
		return false
	}
	e := x.reg.get(subj.name)
	if e == nil || !e.speaker || x.reg.key(subj.name) == x.reg.key(name.name) {
		return e != nil && e.speaker
	}
	if !genericSpeaker(subj.name) && !strings.Contains(" "+name.name+" ", " "+subj.name+" ") && !shortOfFirst(subj.name, name.name) {
		return false
	}
	if prior, ok := x.identities[x.reg.key(subj.name)]; ok && x.reg.key(prior) != x.reg.key(name.name) {
		// "I'm Sigrun Dahl." "And you're Halvor Brekke!": the voice
		// named itself, so the one told is another.
		return true
	}
	x.reg.add(name.name, kindPerson, strSure, true)
	if x.identities == nil {
		x.identities = map[string]string{}
	}
	x.identities[x.reg.key(subj.name)] = name.name
	return true
}

// shortOfFirst reports whether the one-word label is a short form of
// the first word of the fuller name: "Gwen" of "Gwendolyn Achterberg",
// "Pheebs" of "Phoebe Buffay".
func shortOfFirst(label, name string) bool {
	f := strings.Fields(name)
	if strings.Contains(label, " ") || len(f) < 2 {
		return false
	}
	l, first := strings.ToLower(label), strings.ToLower(f[0])
	return len(l) >= 3 && len(first) > len(l) && strings.HasPrefix(first, l) || petForm(l, first)
}

// selfIntro matches a speaker's line that gives their full name: "Gwen:
// Hi, I'm Gwendolyn Achterberg, Gwen is fine."
var selfIntro = regexp.MustCompile(`(?m)^([\p{L}][\p{L}'. -]{0,30}?)\s*(?:\([^)]*\))?:\s.*?\b(?:I'm|I am|my name is|my name's|My name is|My name's)\s+([A-Z][\p{L}'-]+(?:\s+[A-Z][\p{L}'-]+)+)`)

// earlierSelfNames gives a voice labelled by a short form ("Gwen") the
// full name it gave itself in an earlier episode under the same label
// ("I'm Gwendolyn Achterberg"), when this episode gives it none.
func (x *extraction) earlierSelfNames(labels []string) {
	for _, label := range labels {
		k := x.reg.key(label)
		if _, ok := x.identities[k]; ok || strings.Contains(label, " ") || genericSpeaker(label) {
			continue
		}
	prev:
		for i := len(x.previous) - 1; i >= 0; i-- {
			c := x.previous[i].Content
			if !strings.Contains(c, label) || !strings.Contains(c, "I'm ") && !strings.Contains(c, "I am ") && !strings.Contains(c, " name") {
				// No introduction to look for: the regular expression,
				// slow for its word boundaries, need not run.
				continue
			}
			for _, m := range selfIntro.FindAllStringSubmatch(c, -1) {
				if !strings.EqualFold(strings.TrimSpace(m[1]), label) || !shortOfFirst(label, m[2]) {
					continue
				}
				if x.identities == nil {
					x.identities = map[string]string{}
				}
				x.reg.add(m[2], kindPerson, strSure, true)
				x.identities[k] = m[2]
				break prev
			}
		}
	}
}

// childNouns are the nouns a newborn is named under, with the kinship
// word each gives the parent's tie.
var childNouns = map[string]string{"boy": "son", "girl": "daughter", "baby": "child", "son": "son", "daughter": "daughter", "child": "child", "kid": "child"}

// namedChild reads a child named by its parents: "we named the boy Jack",
// "she called her daughter Ilse" (a name in apposition to a noun of a
// child, the object of "name" or "call"): the subject is its parent. It
// reports whether it did.
func (sc *sentCtx) namedChild(cc *clauseCtx, subj ref) bool {
	c := cc.c
	if c.Lemma != "name" && c.Lemma != "call" || c.Passive || c.Obj.Phrase < 0 || subj.name == "" || !sc.personish(subj) {
		return false
	}
	p := &sc.p.Phrases[c.Obj.Phrase]
	for k := p.Start; k+1 < p.End; k++ {
		kin, ok := childNouns[sc.toks[k].lower]
		if !ok {
			continue
		}
		e, ok := sc.nameAt[k+1]
		if !ok || e > p.End {
			return false
		}
		child := sc.named(k+1, e)
		if child.name == subj.name {
			return false
		}
		child.kind = kindPerson
		sc.kinFact(cc, child, subj, kin)
		return true
	}
	return false
}
