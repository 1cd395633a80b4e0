package main

import (
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// promotedFrom reads the post a promotion leaves: "was promoted from
// analyst to senior analyst in January": the title after "from" is no
// longer held from the date the new one starts. The employer stays: a
// promotion is made within it. Only a post: "promoted from within"
// names none. prep is the preposition of the new post's slot.
func (sc *sentCtx) promotedFrom(cc *clauseCtx, c *nlp.Clause, prep string, holder ref) {
	if prep != "to" || !roleToVerbs.has(c.Lemma) || holder.name == "" {
		return
	}
	for _, pp := range c.PPs {
		if pp.Prep != "from" || pp.Obj.Phrase < 0 || len(pp.Obj.Coord) > 0 || !sc.titlePhrase(pp.Obj.Phrase) {
			continue
		}
		p := &sc.p.Phrases[pp.Obj.Phrase]
		title := joinTokens(sc.toks[p.Start+sc.detLen(p) : p.End])
		if strings.ToUpper(title) != title {
			title = strings.ToLower(title)
		}
		sc.fact(cc, holder, ref{name: title, kind: kindOccupation, str: strPattern}, "HAS_JOB_TITLE", tEnd, "{s} was "+withArticle(title), kindPerson, kindOccupation)
	}
}
