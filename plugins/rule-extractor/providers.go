package main

import "github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"

// Firms that serve a firm: "Garrick Haulage has appointed Tarnwell Legal
// as its solicitors", "the board agreed to appoint Tarnwell Legal as the
// company's solicitors in place of Fenlow & Co". The firm appointed
// serves the organisation from then; the one it replaces does no longer.

// providerNouns are the roles one firm holds for another, by the
// relation each gives.
var providerNouns = map[string]string{
	"solicitor": "LAWYER_OF", "solicitors": "LAWYER_OF", "lawyer": "LAWYER_OF", "lawyers": "LAWYER_OF",
	"counsel": "LAWYER_OF", "attorney": "LAWYER_OF", "attorneys": "LAWYER_OF",
	"auditor": "AUDITOR_OF", "auditors": "AUDITOR_OF",
	"accountant": "ACCOUNTANT_OF", "accountants": "ACCOUNTANT_OF",
	"banker": "BANKER_OF", "bankers": "BANKER_OF",
	"broker": "BROKER_OF", "brokers": "BROKER_OF",
	"adviser": "ADVISER_OF", "advisers": "ADVISER_OF", "advisor": "ADVISER_OF", "advisors": "ADVISER_OF",
}

// firmAppointed reads such a clause and reports whether it was one.
func (sc *sentCtx) firmAppointed(cc *clauseCtx, ci int) bool {
	c := cc.c
	if !roleStartsPassive.has(c.Lemma) || c.Negated || c.Modal && !sc.bodyResolved(c) || c.Passive || c.Obj.None() || c.AsRole < 0 {
		return false
	}
	noun := sc.toks[sc.p.Phrases[c.AsRole].Head].lower
	rel, ok := providerNouns[noun]
	if !ok {
		return false
	}
	firm := sc.phraseRef(c.Obj.Phrase, false)
	if firm.name == "" || sc.kindOf(firm) != kindOrg {
		return false
	}
	client := sc.appointingOrg(c)
	if client.name == "" || sc.u.x.sameName(client.name, firm.name) {
		return false
	}
	dc := sc.dated(cc, c)
	sc.fact(dc, firm, client, rel, tStart, "{s} are {o}'s "+noun, kindOrg, kindOrg)
	old, _ := sc.insteadOf(c)
	for i, pp := range c.PPs {
		// "in place of Fenlow & Co".
		if pp.Prep == "in" && pp.Obj.Phrase >= 0 && sc.headWord(pp.Obj.Phrase) == "place" && i+1 < len(c.PPs) && c.PPs[i+1].Prep == "of" && c.PPs[i+1].Obj.Phrase >= 0 {
			old = sc.phraseRef(c.PPs[i+1].Obj.Phrase, false)
		}
	}
	if old.name != "" && !sc.u.x.sameName(old.name, firm.name) {
		sc.fact(dc, old, client, rel, tEnd, "{s} are no longer {o}'s "+noun, kindOrg, kindOrg)
	}
	return true
}

// appointingOrg is the organisation a clause of appointing is for: the
// owner of the role ("as its solicitors", "as the company's"), else the
// subject when it names one, else the organisation the text is about.
func (sc *sentCtx) appointingOrg(c *nlp.Clause) ref {
	subj := ref{}
	if c.Subj.Phrase >= 0 {
		subj = sc.phraseRef(c.Subj.Phrase, true)
	}
	if p := &sc.p.Phrases[c.AsRole]; p.PossEnd > p.PossStart {
		if w := sc.toks[p.PossStart].lower; (w == "its" || w == "their" || w == "his" || w == "her") && subj.name != "" {
			return subj
		}
		if o := sc.ownerOf(p); o.name != "" {
			return o
		}
	}
	if subj.name != "" && c.Subj.Phrase >= 0 && sc.p.Phrases[c.Subj.Phrase].Name {
		// "Quillary appointed Fenlow & Co as auditors".
		return subj
	}
	// "The board appointed …": the organisation the text is about.
	return sc.contextOrgBefore(0)
}

// bodyResolved reports whether a clause's modal is a body's decision,
// said in the past ("the board agreed to appoint", "the committee
// resolved to co-opt"): minutes record it as done. One person's
// agreeing ("she agreed to marry him") is a promise.
func (sc *sentCtx) bodyResolved(c *nlp.Clause) bool {
	if c.Subj.Phrase < 0 || c.Negated || !appointingBodies.has(sc.headWord(c.Subj.Phrase)) && sc.headWord(c.Subj.Phrase) != "meeting" {
		return false
	}
	for k := c.VerbStart; k < c.Verb; k++ {
		switch sc.toks[k].lower {
		case "agreed", "resolved", "decided", "voted":
			return true
		}
	}
	return false
}
