package main

import (
	"slices"
	"strings"
)

// Open relations: a clause whose verb the relation lexicon does not know
// still states a relation, named after its verb and preposition.

// openFact emits the open relation of a clause whose verb the lexicon
// does not know: the direct object, else the first phrase after a
// preposition that names an entity.
func (sc *sentCtx) openFact(cc *clauseCtx, verb string, subj ref, role temporal) {
	c := cc.c
	if openStop.has(c.Lemma) || sc.namesEvent(c.Obj.Phrase) {
		return
	}
	if sc.aDay(subj) {
		return
	}
	if lightVerbs.has(c.Lemma) && !c.Obj.None() && nominalVerb(sc.p.Lemmas[sc.p.Phrases[c.Obj.Phrase].Head]) != "" {
		// "completed the move to Bodø": the event noun's verb is the
		// relation (nominal.go).
		return
	}
	done := false
	// nounEnd is where the common noun of a slot that named nothing ends:
	// a phrase of its topic right after it belongs to the noun
	// ("participated in a webinar on data analysis" did not participate
	// on data analysis).
	nounEnd := -1
	for i, a := range sc.slots(c) {
		if end := nounEnd; end >= 0 {
			nounEnd = -1
			if topicPreps.has(a.prep) && len(a.phrases) > 0 && lowerAt(sc.toks, end) == a.prep && sc.p.Phrases[a.phrases[0]].Start == end+1 {
				nounEnd = sc.p.Phrases[a.phrases[len(a.phrases)-1]].End
				continue
			}
		}
		if done && !placePreps.has(a.prep) {
			// After the first relation, only where it was done: "is
			// staying with her sister in Glasgow".
			continue
		}
		if a.prep == "" && !c.Obj2.None() && slices.Contains(a.phrases, c.Obj.Phrase) {
			// "writing her a list": the first of two objects is the
			// one it is done for.
			continue
		}
		if a.prep == "as" || c.Passive && a.prep != "by" || a.prep == "of" && i > 0 {
			// An "of" after another slot belongs to its noun: "reports
			// to the VP of engineering".
			continue
		}
		r := tTrait
		if role >= 0 {
			r = role
		}
		// Every phrase of the first slot that names something: "mentors
		// Lucia and Ben", one relation and text for all.
		rel, text := "", ""
		for _, pi := range a.phrases {
			obj := sc.phraseRef(pi, false)
			if obj.name == "" || !sc.entityLike(obj, pi) || slices.Contains(sc.served, pi) {
				continue
			}
			if done && sc.semKind(obj, pi) != kindLocation {
				continue
			}
			if c.Lemma == "work" && a.prep != "on" && noEmployer(obj, sc.semKind(obj, pi)) {
				// ("worked for my class", "working in the industry":
				// none of them an employer, which the open relation of
				// "work" would name.)
				continue
			}
			if rel == "" {
				rel, text = openRelation(verb, a.prep, c.Passive), sc.clauseText(cc, nil, a.prep, r)
				if c.Passive {
					text = swapEnds(text)
				}
			}
			src, dst := subj, obj
			if c.Passive {
				src, dst = obj, subj
			}
			sc.fact(cc, src, dst, rel, r, text, kindNone, kindNone)
		}
		if rel == "" && len(a.phrases) > 0 && !done {
			last := &sc.p.Phrases[a.phrases[len(a.phrases)-1]]
			if !last.Name && sc.p.Tags[last.Head] != "PRP" && sc.nounKind(last.Head) != kindDate {
				// (A stretch of time takes no phrase of its own: "spent
				// the weekend at Vesna's".)
				nounEnd = last.End
			}
		}
		if rel != "" {
			if done || a.prep == "" {
				// After a direct object, a place is where it went
				// ("sent me to Dubai"), which the text says already.
				return
			}
			done = true
		}
	}
}

// topicPreps say what a noun is about ("a webinar on data analysis",
// "a talk about Tarnwell").
var topicPreps = words("on about regarding concerning")

// namesEvent reports whether phrase pi names an act by its object
// ("the acquisition of Helix"), which ofNominals reads: the clause that
// announces or completes it is no relation of its own.
func (sc *sentCtx) namesEvent(pi int) bool {
	if pi < 0 {
		return false
	}
	p := &sc.p.Phrases[pi]
	return !p.Name && p.Head == p.End-1 && lowerAt(sc.toks, p.End) == "of" && (objectVerb(sc.p.Lemmas[p.Head]) != "" || leavingEvents.has(sc.toks[p.Head].lower))
}

// openStop are verbs too vague to be a relation of their own.
var openStop = words("be have do get make go come say tell ask think know want need let see look seem feel try give put take keep use call mean guess thank hope wish inform notify remind assure")

// bareSettings are the nouns said with no article for where one is or
// what one is doing there.
var bareSettings = words("home bed hospital town church prison court sea")

// entityLike reports whether an object is worth a fact of an open
// relation: a name, a person, or a thing WordNet classes.
func (sc *sentCtx) entityLike(r ref, pi int) bool {
	if sc.nounKind(sc.p.Phrases[pi].Head) == kindDate && !sc.p.Phrases[pi].Name {
		// "spent two weeks at my aunt's": a stretch of time.
		return false
	}
	if p := sc.p.Phrases[pi]; !p.Name && p.End-p.Start == 1 && r.det == "" && bareSettings.has(sc.toks[p.Head].lower) {
		// "died at home", "stayed in bed", "went into hospital": a
		// setting, not a place of its own.
		return false
	}
	if p := sc.p.Phrases[pi]; !p.Name && p.End-p.Start == 1 && r.det == "" && addressWords.has(sc.toks[p.Head].lower) && !wordAt(sc.toks, p.End) {
		// "You hold on pal!": a term of address ending the sentence,
		// no object.
		return false
	}
	if r.det == "" && r.kind != kindNone {
		return true
	}
	if _, ok := sc.nameAt[sc.p.Phrases[pi].Head]; ok {
		return true
	}
	if sc.p.Tags[sc.p.Phrases[pi].Head] == "PRP" {
		return true
	}
	switch sc.nounKind(sc.p.Phrases[pi].Head) {
	case kindNone, kindEvent, kindDate:
		return false
	}
	return true
}

// openRelation names the relation of a verb: its third person, particle
// and preposition in capitals ("sponsor" → SPONSORS, "vote for" →
// VOTES_FOR); a passive keeps the active verb with the ends swapped.
func openRelation(verb, prep string, passive bool) string {
	f := strings.Fields(verb)
	f[0] = thirdPerson(f[0])
	if prep != "" && !(passive && prep == "by") {
		f = append(f, prep)
	}
	return strings.ToUpper(strings.Join(f, "_"))
}

// thirdPerson is the third person singular of a verb lemma.
func thirdPerson(v string) string {
	switch v {
	case "be":
		return "is"
	case "have":
		return "has"
	case "do", "go":
		return v + "es"
	}
	n := len(v)
	switch {
	case strings.HasSuffix(v, "s") || strings.HasSuffix(v, "sh") || strings.HasSuffix(v, "ch") || strings.HasSuffix(v, "x") || strings.HasSuffix(v, "z"):
		return v + "es"
	case n > 2 && v[n-1] == 'y' && !strings.ContainsRune("aeiou", rune(v[n-2])):
		return v[:n-1] + "ies"
	}
	return v + "s"
}

// wordAt reports whether toks[i] is a word.
func wordAt(toks []token, i int) bool {
	return i >= 0 && i < len(toks) && toks[i].word
}

// aDay reports whether r is a day or a date: "Tuesday works for me" says
// what suits whom, and a day holds no relation as a subject.
func (sc *sentCtx) aDay(r ref) bool {
	l := strings.ToLower(r.name)
	_, day := weekdays[l]
	return sc.kindOf(r) == kindDate || weekdayShort.has(l) || day
}
