package main

import (
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// Subjects a clause does not say before its verb: the "I" a note leaves
// out, and the person a relative "who" stands for past an aside.

// droppedI reports whether a verb group opening a sentence with no
// subject is one a speaker writes without its "I": a past form ("moved
// to Leeds", "got promoted") or a participle whose "I'm" was left out
// ("still taking iron"). A base form is an imperative ("call Dana").
func droppedI(tag string) bool {
	return tag == "VBD" || tag == "VBN" || tag == "VBG"
}

// afterHeading returns the index after a heading that ends in a colon
// before the verb at v ("Note to self: started at Acme"), else 0.
func (sc *sentCtx) afterHeading(v int) int {
	for i := v - 1; i > 0; i-- {
		if sc.toks[i].text == ":" {
			return i + 1
		}
	}
	return 0
}

// personBeforeWho returns the person a relative "who" after phrase pi
// stands for when pi names none: the last name of a person before pi
// in the sentence ("Lars Vinter, our head of QA, who …"), or no one.
func (sc *sentCtx) personBeforeWho(c *nlp.Clause, pi int) ref {
	if w := lowerAt(sc.toks, c.VerbStart-1); w != "who" && !(w == "," && lowerAt(sc.toks, c.VerbStart-2) == "who") {
		if !strings.EqualFold(lowerAt(sc.toks, sc.p.Phrases[pi].End+1), "who") {
			return ref{}
		}
	}
	for q := pi - 1; q >= 0; q-- {
		p := &sc.p.Phrases[q]
		if e, ok := sc.nameAt[p.Start]; ok && e == p.End {
			if r := sc.named(p.Start, e); sc.kindOf(r) == kindPerson {
				return r
			}
		}
	}
	return ref{}
}
