package main

import "strings"

// Self-ties. The names speaker identification gives the voices are
// evidence, not certainty, and the facts of the conversation are evidence
// too: a tie holds between two people, so a voice whose name would make a
// fact relate someone to themself ("my husband Stuart" said by the voice
// named Stuart, "Mom!" called to the voice that calls it) was misnamed.
// Before the answer is rendered, such a name is taken back and the voice
// takes the next name its evidence supports that keeps every fact
// between two people, or none.

// voiceName is a name a voice may take: the label, the name's key (its
// first word, lower case) and its longest form, and the evidence.
type voiceName struct {
	label, name, full string
	w                 int
}

// untieSelves takes back the names that tie a voice to itself, and
// names the voice again from its remaining evidence.
func (x *extraction) untieSelves() {
	if len(x.identities) == 0 || len(x.facts) == 0 {
		return
	}
	denied := map[string]bool{} // label key + "\x00" + name
	for round := 0; round < 3; round++ {
		label, name := x.selfTie()
		if label == "" {
			return
		}
		denied[label+"\x00"+name] = true
		delete(x.identities, label)
		if genericSpeaker(label) {
			// The second names the voice was called by go with it.
			for _, k := range x.secondNames {
				if x.identities[k] == name {
					delete(x.identities, k)
				}
			}
		}
		x.renameVoice(label, denied)
	}
}

// selfTie returns the key of a voice whose name makes a fact relate
// someone to themself, and that name; "" when there is none. Of the two
// ends, the one that is a name given to another (a voice's label or a
// second name) is taken back, a second name before a label.
func (x *extraction) selfTie() (string, string) {
	alias := x.reg.aliases()
	for k, n := range x.identities {
		alias[k] = n
	}
	final := func(name string) string {
		k := x.reg.key(name)
		if n, ok := alias[k]; ok {
			return x.reg.key(n)
		}
		return k
	}
	for _, f := range x.facts {
		sk, dk := x.reg.key(f.src), x.reg.key(f.dst)
		if !tie(f.rel) || sk == dk || final(f.src) != final(f.dst) {
			continue
		}
		_, sID := x.identities[sk]
		_, dID := x.identities[dk]
		sLabel, dLabel := genericSpeaker(f.src), genericSpeaker(f.dst)
		switch {
		case sID && !sLabel:
			return sk, x.identities[sk]
		case dID && !dLabel:
			return dk, x.identities[dk]
		case sID:
			return sk, x.identities[sk]
		case dID:
			return dk, x.identities[dk]
		}
	}
	return "", ""
}

// renameVoice gives a voice whose name was taken back the strongest
// remaining name no other voice holds and no denial forbids.
func (x *extraction) renameVoice(label string, denied map[string]bool) {
	held := map[string]bool{}
	for _, n := range x.identities {
		held[x.reg.key(n)] = true
	}
	for _, c := range x.voiceNames {
		if x.reg.key(c.label) != label || c.full == "" || held[x.reg.key(c.full)] || denied[label+"\x00"+c.full] {
			continue
		}
		x.reg.add(c.full, kindPerson, strSure, true)
		x.identities[label] = c.full
		return
	}
}

// tie reports whether a relation holds between two people and never
// between one and themself: kinship and other ties of people, not
// feelings ("likes", "blames") nor an open relation, whose pronouns may
// have been resolved wrongly.
func tie(rel string) bool {
	switch rel {
	case "MARRIED_TO", "ENGAGED_TO", "IS_DATING", "LIVES_WITH", "REPORTS_TO":
		return true
	}
	return strings.HasSuffix(rel, "_OF") && rel != "MEMBER_OF" && rel != "BOARD_MEMBER_OF"
}
