package main

import "strings"

// bracketedJob reads a job in brackets after a name in a list of those
// present ("Present: Sigvald Brekke (chair), Oddny Holm (finance
// director)") as work at the organisation the text is about: the minutes'
// body.
func (sc *sentCtx) bracketedJob(n named, k int) {
	toks := sc.toks
	e := k
	for e < len(toks) && e < k+4 && toks[e].word && !toks[e].cap {
		e++
	}
	if e == k || lowerAt(toks, e) != ")" || !isJobHead(toks[e-1].lower) {
		return
	}
	org := sc.contextOrgBefore(n.pos)
	if org.name == "" {
		return
	}
	job := strings.ToLower(joinTokens(toks[k:e]))
	sc.fact(&clauseCtx{te: tensePresent}, ref{name: n.name, kind: kindPerson, str: strPattern}, org, "WORKS_AT", tState, "{s} is "+job+" of {o}", kindPerson, kindOrg)
}
