package nlp

import (
	"fmt"
	"strings"
)

// phraseText writes an argument's phrases.
func (s *Sentence) phraseText(a Arg) string {
	var out []string
	for _, p := range a.All() {
		ph := s.Phrases[p]
		out = append(out, strings.Join(s.Words[ph.Start:ph.End], " "))
	}
	return strings.Join(out, " & ")
}

// String writes the sentence's tags and clauses, one clause a line, for
// trying the parser out (the plugin's host command: -call parse).
func (s *Sentence) String() string {
	var b strings.Builder
	for i := range s.Words {
		fmt.Fprintf(&b, "%s/%s ", s.Words[i], s.Tags[i])
	}
	b.WriteString("\n")
	for _, c := range s.Clauses {
		fmt.Fprintf(&b, "  [%s %s] subj=%q(%d) obj=%q obj2=%q comp=%q as=%d adj=%d rel=%v pass=%v neg=%v modal=%v past=%v prog=%v perf=%v asp=%q inf=%v", c.Lemma, c.Particle, s.phraseText(c.Subj), c.SubjFrom, s.phraseText(c.Obj), s.phraseText(c.Obj2), s.phraseText(c.Comp), c.AsRole, c.Adj, c.Relative, c.Passive, c.Negated, c.Modal, c.Past, c.Progressive, c.Perfect, c.Aspect, c.Infinitive)
		for _, pp := range c.PPs {
			fmt.Fprintf(&b, " %s:%q", pp.Prep, s.phraseText(pp.Obj))
		}
		b.WriteString("\n")
	}
	return b.String()
}
