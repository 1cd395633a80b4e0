package main

import (
	"strings"
	"time"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// The start of an appointment. A notice that someone was named to a post
// often says when they take it up in a sentence of its own, naming no
// place: "The University of Tresk has named Dr. Amara Nwachukwu as
// Professor of Hydrology. She takes up the chair in January 2025, moving
// from Kelsfield University." The work and the title the notice gives
// begin that day, not the day of the notice, and the work the person
// moves from ends then.

// takesUpPost records the day a clause says its one subject, a person,
// takes up a post: "takes up the chair", "starts the job", "starts on 1
// March" with no place said.
func (sc *sentCtx) takesUpPost(cc *clauseCtx, subjs []ref) {
	c := cc.c
	if len(subjs) != 1 || c.Negated || c.Modal || c.Passive || !personish(sc.kindOf(subjs[0])) {
		return
	}
	post := -1
	switch c.Lemma {
	case "take":
		for _, pp := range c.PPs {
			if pp.Prep == "up" && !pp.Obj.None() {
				post = pp.Obj.Phrase
			}
		}
		if c.Particle == "up" && !c.Obj.None() {
			post = c.Obj.Phrase
		}
	case "start", "begin", "commence":
		post = c.Obj.Phrase
	default:
		return
	}
	switch {
	case post >= 0:
		if p := &sc.p.Phrases[post]; p.Name || !takenPosts.has(sc.headWord(post)) {
			return
		}
	case c.Lemma != "start" && c.Lemma != "begin" || !c.Obj.None():
		return
	}
	if sc.placeSaid(c) {
		// "to take up a post with the national junior squad": a post
		// elsewhere, of its own.
		return
	}
	d := sc.nearestDate(c.VerbStart, sc.clauseEnd(c))
	if d == nil || d.role == dateUntil {
		return
	}
	x := sc.u.x
	day := d.t
	if !c.Past && !c.Perfect && d.next != nil && day.Before(upcomingFrom(d, x.ref)) {
		// "takes up the role on 1 June", said in January: the coming
		// one.
		day = d.next(day)
	}
	if x.takesUp == nil {
		x.takesUp = map[string]time.Time{}
	}
	x.takesUp[x.reg.key(subjs[0].name)] = day
}

// takenPosts are the nouns of a post one takes up.
var takenPosts = words("post position role job chair professorship lectureship appointment office duties presidency directorship seat")

// placeSaid reports whether a clause names where its subject starts:
// "starts at Brackley Freight on Monday" is a job of its own.
func (sc *sentCtx) placeSaid(c *nlp.Clause) bool {
	for _, pp := range c.PPs {
		if (pp.Prep == "at" || pp.Prep == "with" || pp.Prep == "in") && !pp.Obj.None() {
			if r := sc.phraseRef(pp.Obj.Phrase, false); r.name != "" && !sc.blocked[sc.p.Phrases[pp.Obj.Phrase].Start] {
				return true
			}
		}
	}
	return false
}

// postStarts moves the start of the work and the titles the episode gave
// each person who takes up a post to the day they take it up, when the
// episode gave them no day of their own or only the day they were named,
// and the end of the work they leave.
func (x *extraction) postStarts(final func(string) string) {
	if len(x.takesUp) == 0 {
		return
	}
	for i := range x.facts {
		f := &x.facts[i]
		holder := f.src
		switch {
		case f.rel == "WORKS_AT" || f.rel == "HAS_JOB_TITLE" || f.rel == "COACHES" || f.rel == "BOARD_MEMBER_OF":
		case officeRel(canonRel(f.rel)):
			holder = f.dst
		default:
			continue
		}
		day, ok := x.takesUp[x.reg.key(final(holder))]
		if !ok {
			continue
		}
		switch {
		case f.invalid.IsZero() && (f.valid.Equal(x.ref) || postGiven(f.tmpl) && f.valid.Before(day)):
			// Named last week, taking the post up on 1 June: the
			// title is held from 1 June.
			f.valid = day
		case f.rel == "WORKS_AT" && f.valid.IsZero() && f.invalid.Equal(x.ref):
			f.invalid = day
		}
	}
}

// postGiven reports whether a fact's text says a post was given or taken:
// "{s} became a …", "{o} became the CEO of {s}".
func postGiven(tmpl string) bool {
	return tookTitle(tmpl) || strings.HasPrefix(tmpl, "{o} became ")
}
