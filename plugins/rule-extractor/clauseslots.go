package main

import (
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// arg is one object slot of a clause: its preposition ("" for the direct
// object, "as" for a role) and phrases.
type arg struct {
	prep    string
	phrases []int
}

// slots lists a clause's object slots, direct object first.
func (sc *sentCtx) slots(c *nlp.Clause) []arg {
	if c.GerundObj >= 0 {
		return []arg{{"", []int{c.GerundObj}}}
	}
	if !c.Obj.None() && len(c.PPs) > 0 && c.PPs[0].At == sc.p.Phrases[c.Obj.Phrase].End && (c.PPs[0].Prep == "of" && partitives.has(sc.headWord(c.Obj.Phrase)) || sc.stakeIn(c)) {
		out := []arg{{"", c.PPs[0].Obj.All()}}
		for _, pp := range c.PPs[1:] {
			out = append(out, arg{pp.Prep, pp.Obj.All()})
		}
		return out
	}
	out := slots(c)
	sc.partitivePPs(c, out)
	// "the board of Auren": a slot of its own, "board of".
	for i := 0; i+1 < len(out); i++ {
		if len(out[i].phrases) == 1 && out[i+1].prep == "of" && sc.headWord(out[i].phrases[0]) == "board" {
			p := strings.TrimSpace(out[i].prep + " board of")
			out = append(out[:i], append([]arg{{p, out[i+1].phrases}}, out[i+2:]...)...)
		}
	}
	return sc.withoutTimes(out)
}

// slots lists a clause's object slots, direct object first.
func slots(c *nlp.Clause) []arg {
	var out []arg
	if !c.Obj.None() {
		objs := c.Obj.All()
		// "supervise four engineers, including Pavel and Ruth": the
		// names are objects too.
		for _, pp := range c.PPs {
			if pp.Prep == "including" {
				objs = append(objs, pp.Obj.All()...)
			}
		}
		out = append(out, arg{"", objs})
	}
	if c.AsRole >= 0 {
		out = append(out, arg{"as", []int{c.AsRole}})
	}
	for _, pp := range c.PPs {
		if pp.Prep == "including" {
			continue
		}
		out = append(out, arg{pp.Prep, pp.Obj.All()})
	}
	return out
}
