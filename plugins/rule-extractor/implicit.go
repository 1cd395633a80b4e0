package main

import "github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"

// Implicit possessors. A relational noun names a tie to someone, and
// when the phrase does not say to whom ("you're a good friend", "Jonas
// is a colleague"), a conversation supplies the one who speaks: an
// indefinite "a friend" said of someone else is a friend of the speaker
// ("a friend of mine"), as a definite "the boss" is not. Only the ties
// one holds to the speaker by saying so are read this way (friends,
// neighbours, a colleague, roommates, classmates); kinship is left to
// "my" and "of".

// implicitTieNouns are the relational nouns whose unsaid possessor is
// the speaker.
var implicitTieNouns = words("friend neighbor neighbour colleague coworker co-worker roommate flatmate housemate classmate")

// implicitTie reads the phrase p after a copula whose subject is
// subj: an indefinite relational noun with no possessor and no "of"
// after it, said of someone other than the speaker, relates subj to the
// speaker.
func (sc *sentCtx) implicitTie(cc *clauseCtx, subj ref, p *nlp.Phrase, head string) bool {
	if !implicitTieNouns.has(head) || p.PossEnd > p.PossStart || sc.u.speaker == "" || subj.name == "" {
		return false
	}
	if det := sc.toks[p.Start].lower; det != "a" && det != "an" && !(det == "such" && lowerAt(sc.toks, p.Start+1) == "a") {
		return false
	}
	if lowerAt(sc.toks, p.End) == "of" || sc.u.x.reg.key(subj.name) == sc.u.x.reg.key(sc.u.speaker) {
		return false
	}
	if k := sc.kindOf(subj); k != kindPerson && k != kindNone {
		return false
	}
	sc.kinFact(cc, subj, ref{name: sc.u.speaker, kind: kindPerson, str: strSure}, head)
	return true
}
