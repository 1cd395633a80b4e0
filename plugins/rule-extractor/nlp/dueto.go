package nlp

// "due to", "owing to", "thanks to": a preposition of two words, whose
// object is a noun the tagger may take for a verb ("discontinued due
// to cough/VB").

// retagDueTo tags such a preposition and its object.
func (s *Sentence) retagDueTo() {
	for i := 0; i+2 < len(s.Tags); i++ {
		if s.Lower[i+1] != "to" || s.Lower[i] != "due" && s.Lower[i] != "owing" && s.Lower[i] != "thanks" {
			continue
		}
		s.Tags[i] = "IN"
		if s.Tags[i+2] == "VB" && IsNoun(s.Lower[i+2]) {
			s.Tags[i+2], s.Lemmas[i+2] = "NN", s.Lower[i+2]
		}
	}
}
