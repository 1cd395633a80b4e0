package main

import "github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"

// Services held with a provider, said of the service: "Mrs Halloway's
// home insurance has been with Pellam Mutual since 2019", "her home
// insurance moved to Ravel & Cobb on 1 January", "our savings went to
// Crestmoor". The one who holds the service is its possessor; the
// relation is the service's (an insurance is held with an insurer, one
// at a time), else the provider's by its name (providerClass).

// serviceNouns map what one holds with a provider to its relation; ""
// leaves it to the provider's name.
var serviceNouns = map[string]string{
	"insurance": "INSURED_WITH", "cover": "INSURED_WITH",
	"account": "", "savings": "", "saving": "", "mortgage": "", "pension": "", "loan": "", "broadband": "", "policy": "",
}

// serviceMovers move a service from one provider to another.
var serviceMovers = words("move switch transfer go")

// serviceWith reads a clause whose subject is a possessed service and
// whose provider follows "with" (a copula) or "to" and "from" (a verb
// that moves it). It reports whether it read one.
func (sc *sentCtx) serviceWith(cc *clauseCtx) bool {
	c := cc.c
	sp := c.Subj.Phrase
	if sp < 0 || c.SubjFrom != nlp.SubjOwn || len(c.Subj.Coord) > 0 || c.Negated || c.Modal || cc.future {
		return false
	}
	p := &sc.p.Phrases[sp]
	noun := sc.p.Lemmas[p.Head]
	rel, ok := serviceNouns[noun]
	if !ok || p.PossEnd == p.PossStart || p.Head != p.End-1 {
		return false
	}
	owner := sc.ownerOf(p)
	if owner.name == "" {
		return false
	}
	noun = sc.toks[p.Head].lower
	cc.left, cc.end = p.Start, sc.clauseEnd(c)
	cc.date = sc.nearestDate(cc.left, cc.end)
	read := false
	for _, pp := range c.PPs {
		if pp.Obj.Phrase < 0 {
			continue
		}
		org := sc.phraseRef(pp.Obj.Phrase, false)
		if org.name == "" || org.det != "" || sc.kindOf(org) == kindPerson && givenNameGender(org.name) != 0 {
			// A provider is no person by a given name (a name of two
			// capitalized words is guessed a person's, and one moved
			// to a place's).
			continue
		}
		role, text := temporal(-1), ""
		switch {
		case linking.has(c.Lemma) && pp.Prep == "with":
			role, text = tState, "{s}'s "+noun+" is with {o}"
		case serviceMovers.has(c.Lemma) && pp.Prep == "to":
			role, text = tStart, "{s}'s "+noun+" moved to {o}"
		case serviceMovers.has(c.Lemma) && pp.Prep == "from":
			role, text = tEnd, "{s}'s "+noun+" moved from {o}"
		default:
			continue
		}
		r := rel
		if r == "" {
			r = sc.providerClass(c, org)
		}
		sc.fact(cc, owner, org, r, role, text, kindNone, kindOrg)
		read = true
	}
	return read
}
