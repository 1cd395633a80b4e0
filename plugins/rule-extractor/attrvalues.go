package main

import (
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// An amount a thing or a person has: "The monthly rent on 14 Orchard Row
// is 1,240 pounds", "Vesna's salary is 52,000 a year", "the rent went up
// to 1,300 in June", "our landlord raised the rent to 1,300". The noun is
// one WordNet files as a possession, a quantity or an attribute (rent,
// salary, price, fee, weight); its holder is its possessor, the name
// after it ("on", "of", "for", "at"), or else the speaker; the value is
// the number with its currency and unit. The fact reads as a record's
// field does ("The monthly rent of 14 Orchard Row is 1,240 pounds"): one
// value at a time, a newer one replacing it (resolve_facts.go).

// amountFiles are WordNet's files of the nouns an amount is said of.
var amountFiles = map[nlp.LexFile]bool{nlp.NounPossession: true, nlp.NounQuantity: true, nlp.NounAttribute: true}

// notAmounts are nouns of those files read elsewhere or naming no amount.
var notAmounts = words("age name way kind type sort lot deal")

// valueHedges may stand between a verb and its amount.
var valueHedges = words("now currently just about around roughly approximately only nearly almost over under still")

// valueUnits may follow an amount's number.
var valueUnits = words("pounds pound dollars dollar euros euro quid bucks grand k percent % a an per month months year years week weeks day days hour hours annum pcm pa monthly weekly yearly annually kg kilos km miles metres meters")

// amountChanges set an amount anew "to" a value: "went up to", "was
// raised to", "raised the rent to".
var amountChanges = phrases("rise", "go up", "go down", "go", "increase", "drop", "fall", "fall to", "raise", "cut", "reduce", "lower", "put up", "change", "bump up", "climb", "jump")

// attributeValue reads clause ci as an amount stated or changed, and
// reports whether it was one.
func (sc *sentCtx) attributeValue(cc *clauseCtx, ci int) bool {
	c := &sc.p.Clauses[ci]
	if c.Negated || c.Modal && !amountAnnounced(c) || sc.question {
		return false
	}
	noun, from := -1, -1 // the amount's noun phrase; where its value starts
	role := tState
	switch {
	case c.Lemma == "be" && c.SubjFrom == nlp.SubjOwn && c.Subj.Phrase >= 0:
		noun, from = c.Subj.Phrase, c.VerbEnd
	case amountChanges.has(phrasal(c)) || amountChanges.has(c.Lemma):
		for _, pp := range c.PPs {
			if pp.Prep == "to" {
				from = pp.At + 1
			}
		}
		noun, role = c.Subj.Phrase, tStart
		if !c.Passive && c.Obj.Phrase >= 0 {
			// "raised the rent to 1,300": the amount is the object's.
			noun = c.Obj.Phrase
		}
	}
	if noun < 0 || from < 0 {
		return false
	}
	attr, ok := sc.amountNoun(noun)
	if !ok {
		return false
	}
	value := sc.amountAt(from)
	if value == "" {
		return false
	}
	holder := sc.amountHolder(noun)
	if holder.name == "" {
		return false
	}
	rel := "HAS_" + strings.ToUpper(strings.ReplaceAll(attr, " ", "_"))
	v := ref{name: value, kind: kindNone, str: strPattern}
	sc.fact(sc.dated(cc, c), holder, v, rel, role, "The "+attr+" of {s} is {o}", kindNone, kindNone)
	return true
}

// amountNoun returns the words of phrase pi's amount noun ("monthly
// rent", "asking price"), without its determiner, possessor or a word
// of time like "new", when its head is one.
func (sc *sentCtx) amountNoun(pi int) (string, bool) {
	p := &sc.p.Phrases[pi]
	head := sc.p.Lemmas[p.Head]
	if p.Name || notAmounts.has(head) {
		return "", false
	}
	if lex, _, ok := nlp.Noun(head); !ok || !amountFiles[lex] {
		return "", false
	}
	start := max(p.Start+sc.detLen(p), p.PossEnd)
	var ws []string
	for k := start; k <= p.Head; k++ {
		if w := sc.toks[k].lower; !titleAdjectives.has(w) && w != "'s" {
			ws = append(ws, w)
		}
	}
	return strings.Join(ws, " "), len(ws) > 0
}

// amountAt returns the amount that starts at toks[i], past a hedge: a
// currency sign, a number, and the units after it ("£1,240 a month",
// "52,000 a year", "15 percent"); "" when no number is there.
func (sc *sentCtx) amountAt(i int) string {
	for i < len(sc.toks) && valueHedges.has(sc.toks[i].lower) {
		i++
	}
	sign := ""
	if i < len(sc.toks) && nlp.CurrencySign(sc.toks[i].text) {
		// "£310,000", written as one.
		sign = sc.toks[i].text
		i++
	}
	start := i
	if i >= len(sc.toks) || !isNumber(strings.ReplaceAll(sc.toks[i].lower, ",", "")) {
		return ""
	}
	i++
	for i < len(sc.toks) && valueUnits.has(sc.toks[i].lower) {
		i++
	}
	return sign + joinTokens(sc.toks[start:i])
}

// amountHolder returns whose amount phrase pi names: its possessor ("Vesna's
// salary", "my rent": the speaker), the name after it ("the rent on 14
// Orchard Row", "the asking price for 8 Tamarind Close"), or the speaker.
func (sc *sentCtx) amountHolder(pi int) ref {
	p := &sc.p.Phrases[pi]
	if p.PossEnd > p.PossStart {
		return sc.ownerOf(p)
	}
	if l := lowerAt(sc.toks, p.End); l == "on" || l == "of" || l == "for" || l == "at" {
		if e, ok := sc.nameAt[p.End+1]; ok {
			return sc.named(p.End+1, e)
		}
		// "the cost of the trip": an amount of something unnamed.
		return ref{}
	}
	if sc.u.speaker != "" {
		return ref{name: sc.u.speaker, kind: kindPerson, str: strSure}
	}
	return ref{}
}

// amountAnnounced reports whether c says an amount "is going up" or
// "going down": a change announced, as it is done, not a plan's "going
// to".
func amountAnnounced(c *nlp.Clause) bool {
	return c.Modal && c.Progressive && c.Lemma == "go" && (c.Particle == "up" || c.Particle == "down")
}
