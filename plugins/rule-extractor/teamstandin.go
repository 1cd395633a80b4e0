package main

import (
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// "the team", "the club", "the side": the team named before in the
// utterance ("Brackley Rovers sacked their manager … Ottoline Marsh will
// lead the team"), as "the company" stands for the firm named before.

// teamStandIns are the nouns that stand for a team.
var teamStandIns = words("team club side squad")

// teamStandIn returns the team phrase p stands for, or nothing.
func (sc *sentCtx) teamStandIn(p *nlp.Phrase) ref {
	toks := sc.toks
	if p.PossEnd != p.PossStart || p.Start+1 != p.Head || p.Head != p.End-1 || toks[p.Start].lower != "the" || !teamStandIns.has(toks[p.Head].lower) || lowerAt(toks, p.End) == "of" {
		return ref{}
	}
	if r := sc.namedByHead(toks[p.Head].lower, p.Start); r.name != "" {
		// "Tidesend Rowing Club … the club": the name that ends in
		// the noun.
		return r
	}
	isTeam := func(name string) bool {
		if e := sc.u.x.reg.get(name); e != nil && e.kind == kindTeam {
			return true
		}
		// A club's word, not a plural's guess ("Penhallow Builders").
		f := strings.Fields(strings.ToLower(name))
		return len(f) > 1 && (clubWords.has(f[0]) || clubWords.has(f[len(f)-1]))
	}
	if name := sc.lastNamedBefore(p.Start, isTeam); name != "" {
		return ref{name: name, kind: kindTeam, str: strPattern}
	}
	return ref{}
}
