package main

import (
	"time"

	"slices"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// A post named before its holder who leaves it: "head coach Agnieszka
// Lewandowska has stepped down", "our treasurer, Gbenga Afolabi, will
// stand down at the AGM". The sentence is read as the holder leaving
// the post ("Agnieszka Lewandowska has stepped down as head coach"), the
// shape the role readers know, so that the post ends and a successor
// named after it takes it.

// leaveVerbs are the forms of the verbs that leave a post, with the
// particle that goes with each.
var leaveVerbs = map[string]string{
	"stepped": "down", "steps": "down", "step": "down", "stepping": "down",
	"stood": "down", "stands": "down", "stand": "down", "standing": "down",
	"resigned": "", "resigns": "", "resign": "", "resigning": "",
	"retired": "", "retires": "", "retire": "", "retiring": "",
}

// leaveAux are the words that may stand between a holder and the verb.
var leaveAux = words("has had have will is was are 's to be going")

// postBeforeLeaver rewrites a sentence in which a post named before its
// holder is left, and returns the others as they are.
func postBeforeLeaver(toks []token) []token {
	for i := 1; i < len(toks); i++ {
		if !toks[i].word || !toks[i].cap {
			continue
		}
		j := i
		comma := toks[j-1].text == ","
		if comma {
			j--
		}
		// The holder's name, then the verb that leaves a post, first:
		// they are rare, and cheap to look for.
		e := i
		for e < len(toks) && toks[e].word && toks[e].cap {
			e++
		}
		v := e
		if comma {
			if v >= len(toks) || toks[v].text != "," {
				continue
			}
			v++
		}
		for v < len(toks) && leaveAux.has(toks[v].lower) {
			v++
		}
		if v >= len(toks) {
			continue
		}
		particle, ok := leaveVerbs[toks[v].lower]
		if !ok {
			continue
		}
		after := v + 1
		if particle != "" {
			if lowerAt(toks, after) != particle {
				continue
			}
			after++
		}
		if w := lowerAt(toks, after); w == "as" || after < len(toks) && toks[after].word && !prepositionWords.has(w) {
			// "stepped down as chair" says its post; "retired the
			// shirt" is no leaving.
			continue
		}
		// The post: one to three lower-case words ending in a job noun,
		// right before the name or set off by a comma.
		if j < 1 || !isJobHead(toks[j-1].lower) && toks[j-1].lower != "coach" && !titleEndsAt(toks, j) {
			continue
		}
		s := j - 1
		for s > 0 && s > j-3 && toks[s-1].word && (!toks[s-1].cap || s == 1) && !leaveAux.has(toks[s-1].lower) && toks[s-1].lower != "the" && toks[s-1].lower != "a" {
			s--
		}
		if s > 1 && toks[s-1].lower == "'s" {
			// "the club's chief executive".
			s -= 2
		}
		if s > 0 && (toks[s-1].lower == "our" || toks[s-1].lower == "its" || toks[s-1].lower == "their" || toks[s-1].lower == "the") {
			s--
		}
		// "Brightwave CFO Dana Cole resigned": the organisation named
		// before the title is where it was held.
		var org []token
		pre := s
		if titleEndsAt(toks, j) {
			blk := make([]bool, len(toks))
			o, oe := s, nameEnd(toks, s, blk)
			if s > 0 && toks[s-1].cap {
				o, oe = nameStart(toks, s, blk), s
			}
			// "Former Brightwave CEO": a word that opens the sentence
			// before the name is no part of it.
			for o == 0 && o+1 < oe && !toks[o].acro && (nlp.IsAdjective(toks[o].lower) || isCapStop(toks[o].lower) || len(findDates(toks[o:o+1], time.Time{}, time.Time{})) > 0) {
				toks = slices.Clone(toks)
				toks[o].text, toks[o].cap = toks[o].lower, false
				o++
			}
			if o >= 0 && oe > o && oe < j && !postWord(toks[o].lower) && !titleRanks.has(toks[o].lower) {
				org = slices.Clone(toks[o:oe])
				pre, s = min(pre, o), max(s, oe)
				if lowerAt(toks, s) == "'s" {
					// "Quillary's chief executive": the post after
					// the organisation's "'s".
					s++
				}
			}
		}
		if len(org) == 0 && (s == 0 || s == 1 && !toks[0].word) {
			// The post opened the sentence ("Head coach Ana Lim …"): its
			// capital goes with it.
			post := slices.Clone(toks[s:j])
			post[0].text, post[0].cap = post[0].lower, false
			toks = slices.Concat(toks[:s], post, toks[j:])
		}
		out := slices.Clone(toks[:pre])
		out = append(out, toks[i:e]...)
		for _, t := range toks[e:after] {
			if t.text != "," {
				out = append(out, t)
			}
		}
		out = append(out, wordToken("as", "as"))
		out = append(out, toks[s:j]...)
		if len(org) > 0 {
			out = append(append(out, wordToken("of", "of")), org...)
		}
		return append(out, toks[after:]...)
	}
	return toks
}

// titleEndsAt reports whether an officer's title ends right before
// toks[j] ("treasurer", "chief executive").
func titleEndsAt(toks []token, j int) bool {
	for k := max(0, j-3); k < j; k++ {
		if _, end := titleAt(toks, k); end == j {
			return true
		}
	}
	return false
}

// gathering reports whether phrase pi names a meeting or another event
// rather than an organisation: "the AGM", "the annual meeting", "the
// Christmas party".
func (sc *sentCtx) gathering(pi int) bool {
	head := sc.headWord(pi)
	if head == "agm" || head == "egm" {
		return true
	}
	lex, _, ok := nlp.Noun(head)
	return ok && (lex == nlp.NounEvent || lex == nlp.NounAct) && !sc.p.Phrases[pi].Name
}

// offTo reads "he's off to Inverness" said with a move out in the same
// sentence ("Callum moved out yesterday, he's off to Inverness"): the
// one who moved out lives in the place now, from the move. It reports
// whether it read one.
func (sc *sentCtx) offTo(cc *clauseCtx, ci int) bool {
	c := cc.c
	if c.Lemma != "be" || c.Particle != "off" || c.Negated || c.Modal || ci == 0 {
		return false
	}
	var place ref
	for _, pp := range c.PPs {
		if pp.Prep == "to" && pp.Obj.Phrase >= 0 {
			if r := sc.phraseRef(pp.Obj.Phrase, false); r.name != "" && sc.kindOf(r) == kindLocation {
				place = r
			}
		}
	}
	if place.name == "" {
		return false
	}
	subjs := sc.subjects(ci)
	if len(subjs) != 1 || subjs[0].name == "" {
		return false
	}
	for k := 0; k < ci; k++ {
		m := &sc.p.Clauses[k]
		if m.Lemma != "move" || m.Particle != "out" && m.Particle != "away" || m.Negated || m.Modal {
			continue
		}
		ms := sc.subjects(k)
		if len(ms) != 1 || sc.u.x.reg.key(ms[0].name) != sc.u.x.reg.key(subjs[0].name) {
			continue
		}
		mc := sc.dated(&clauseCtx{c: m, te: cc.te}, m)
		if m.Past {
			mc.te = tensePast
		}
		sc.fact(mc, subjs[0], place, "LIVES_IN", tStart, "{s} moved to {o}", kindPerson, kindLocation)
		return true
	}
	return false
}

// leavesUs reads "Dr. Benavides is leaving us", "Tomasz joined us in
// May" said where an organisation was just named ("let's start the
// Halloran Lab meeting"): "us" is that organisation, which the subject
// leaves or joins as a job. It reports whether it did.
func (sc *sentCtx) leavesUs(cc *clauseCtx, subj ref) bool {
	c := cc.c
	if c.Lemma != "leave" && c.Lemma != "join" || c.Particle != "" || c.Passive || c.AsRole >= 0 || c.Obj.Phrase < 0 || len(c.Obj.Coord) > 0 || subj.name == "" || subj.name == sc.u.speaker {
		// "joins us as CTO" is read with its post (orgposts.go).
		return false
	}
	if p := &sc.p.Phrases[c.Obj.Phrase]; p.End != p.Start+1 || sc.toks[p.Start].lower != "us" {
		return false
	}
	org := sc.recentOrg(c.Verb)
	if org.name == "" || !sc.personish(subj) {
		return false
	}
	if c.Lemma == "leave" {
		sc.fact(cc, subj, org, "WORKS_AT", tEnd, "{s} leaves {o}", kindPerson, kindOrg)
	} else {
		sc.fact(cc, subj, org, "WORKS_AT", tStart, "{s} joins {o}", kindPerson, kindOrg)
	}
	return true
}
