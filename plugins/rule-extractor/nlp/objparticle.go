package nlp

// A particle after the object: "traded the Fabia in for a Kia", "handed
// the keys back to Oddny". A particle word right after the object
// phrase, before a preposition or the clause's end, belongs to the verb.

// objectParticles are the particles that follow an object.
var objectParticles = set("in back off out away")

// particleAfterObject gives a clause with no particle the one that
// follows its object.
func (s *Sentence) particleAfterObject() {
	for k := range s.Clauses {
		c := &s.Clauses[k]
		if c.Particle != "" || c.Obj.None() || len(c.Obj.Coord) > 0 || c.Passive {
			continue
		}
		e := s.Phrases[c.Obj.Phrase].End
		if e >= len(s.Lower) || !objectParticles[s.Lower[e]] {
			continue
		}
		if a := e + 1; a < len(s.Lower) && s.Tags[a] != "IN" && s.Tags[a] != "TO" && s.Tags[a] != "." && s.Words[a] != "," {
			continue
		}
		c.Particle = s.Lower[e]
	}
}
