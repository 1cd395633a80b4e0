package nlp

// butCorrections reads a negated copula with a correction after "but"
// ("Ingunn is not Thorfinn's sister but his cousin", "she's not a
// nurse but a doctor"): the phrase after "but" is what the subject is,
// a clause of its own, not negated.
func (s *Sentence) butCorrections() {
	n := len(s.Clauses)
	for k := 0; k < n; k++ {
		c := s.Clauses[k]
		if !linking[c.Lemma] || !c.Negated || c.Comp.Phrase < 0 || len(c.Comp.Coord) > 0 {
			continue
		}
		at := s.Phrases[c.Comp.Phrase].End
		if at >= len(s.Lower) || s.Lower[at] != "but" {
			continue
		}
		p := s.phraseAtWord(at + 1)
		if p < 0 || s.Phrases[p].Start != at+1 {
			continue
		}
		if e := s.Phrases[p].End; e < len(s.Lower) && verbTag(s.Tags[e]) {
			// "not a nurse but a doctor said": a clause of its own.
			continue
		}
		fixed := c
		fixed.Negated = false
		fixed.Comp = Arg{Phrase: p}
		fixed.PPs = nil
		s.Clauses = append(s.Clauses, fixed)
	}
}
