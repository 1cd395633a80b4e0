package main

import "strings"

// titleOfBefore reads a post or a tie named with "of" before a name set
// off by commas: "The chief executive of Quillary, Ingunn Dahl, said",
// "the coach of Fenlow Rovers, Ingunn Dahl,", "The sister of Sigvald,
// Ingunn, lives in Oslo". The name holds the post at the organisation,
// or the tie with the person, after "of". c is the comma before the
// name; it reports whether it read one.
func (sc *sentCtx) titleOfBefore(n named, c int) bool {
	toks := sc.toks
	if c < 3 || toks[c].text != "," {
		return false
	}
	s := nameStart(toks, c, sc.blocked)
	if s < 2 || lowerAt(toks, s-1) != "of" {
		return false
	}
	of := s - 1
	head := lowerAt(toks, of-1)
	// The post: "chief executive", "CEO", "head coach".
	for k := of - 1; k >= 0 && k >= of-3; k-- {
		canon, end := titleAt(toks, k)
		if end != of || !determinerBefore(toks, k) {
			continue
		}
		org, _ := sc.orgNamed(s, c)
		if org.name == "" {
			return false
		}
		m := &match{subj: ref{name: n.name, kind: kindPerson, str: strPattern}}
		m.obj, m.title, m.titleText = org, canon, strings.ToLower(joinTokens(toks[k:end]))
		m.p = &pattern{outs: []output{out(relTitle, slotObject, slotSubject, tState, "{s} is the {t} of {o}", "{s} was the {t} of {o}", kindOrg, kindPerson)}}
		sc.emitOne(m, tensePresent, false, nil)
		return true
	}
	if !determinerBefore(toks, of-1) {
		return false
	}
	owner := sc.named(s, c)
	name := ref{name: n.name, kind: kindPerson, str: strPattern}
	switch rn, ok := roleNouns[head]; {
	case ok && rn.org:
		// "the coach of Fenlow Rovers, Ingunn Dahl".
		if org, _ := sc.orgNamed(s, c); org.name != "" {
			sc.relateIn(&clauseCtx{te: tensePresent}, name, org, head, tState)
			return true
		}
	case kinNouns.has(head) && personish(sc.kindOf(owner)):
		// "The sister of Sigvald, Ingunn".
		sc.relateIn(&clauseCtx{te: tensePresent}, name, owner, head, tState)
		return true
	}
	return false
}

// determinerBefore reports whether the word before toks[k] is "the"
// ("the chief executive of …"), or toks[k] opens the sentence.
func determinerBefore(toks []token, k int) bool {
	return k == 0 || lowerAt(toks, k-1) == "the"
}
