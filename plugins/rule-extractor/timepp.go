package main

import "github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"

// timeHeads are the nouns a phrase that says when ends with ("over the
// weekend", "in the spring"), beside months and weekdays.
var timeHeads = words("weekend week month year day night morning afternoon evening summer winter spring autumn fall holiday holidays season term semester quarter end")

// timePP reports whether a prepositional phrase says when a thing
// happened rather than what it happened to.
func (sc *sentCtx) timePP(pp nlp.PP) bool {
	if pp.Obj.Phrase < 0 || pp.Prep == "of" {
		return false
	}
	h := sc.headWord(pp.Obj.Phrase)
	_, m := months[h]
	_, wd := weekdays[h]
	return m || wd || timeHeads.has(h)
}

// noArgs reports whether a clause has no object and no phrase but those
// that say when: "moved out over the weekend" takes nothing.
func (sc *sentCtx) noArgs(c *nlp.Clause) bool {
	if !c.Obj.None() || c.AsRole >= 0 {
		return false
	}
	for _, pp := range c.PPs {
		if !sc.timePP(pp) {
			return false
		}
	}
	return true
}
