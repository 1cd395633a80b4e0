package main

import "github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"

// electVerbs put someone into a post.
var electVerbs = words("elect appoint name choose select install co-opt vote")

// inPlaceOf reads one put into a post "in her place", "in his place",
// "in Ingunn's place" or "in place of Ingunn": the one put in takes over
// from the one whose place it was. It returns the two, or empty refs.
func (sc *sentCtx) inPlaceOf(c *nlp.Clause) (old, by ref) {
	if !electVerbs.has(c.Lemma) || c.Negated || c.Modal {
		return ref{}, ref{}
	}
	switch {
	case c.Passive && c.Subj.Phrase >= 0:
		by = sc.phraseRef(c.Subj.Phrase, true)
	case !c.Passive && !c.Obj.None():
		by = sc.phraseRef(c.Obj.Phrase, false)
	}
	if by.name == "" {
		return ref{}, ref{}
	}
	for i, pp := range c.PPs {
		if pp.Prep != "in" || pp.Obj.Phrase < 0 || sc.headWord(pp.Obj.Phrase) != "place" {
			continue
		}
		p := &sc.p.Phrases[pp.Obj.Phrase]
		switch {
		case p.PossEnd-p.PossStart == 1 && sc.p.Tags[p.PossStart] == "PRP$":
			// "in her place": someone other than the one put in.
			old = sc.pronounAt(map[string]string{"her": "she", "his": "he"}[sc.toks[p.PossStart].lower], p.PossStart, by)
		case p.PossEnd > p.PossStart:
			// "in Ingunn's place".
			old = sc.ownerOf(p)
		case sc.detLen(p) == 0 && i+1 < len(c.PPs) && c.PPs[i+1].Prep == "of" && c.PPs[i+1].Obj.Phrase >= 0:
			// "in place of Ingunn".
			old = sc.phraseRef(c.PPs[i+1].Obj.Phrase, false)
		default:
			continue
		}
		return old, by
	}
	return ref{}, ref{}
}
