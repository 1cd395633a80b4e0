package nlp

// retagThatBeforeName reads "that" before a name as the conjunction
// that opens a clause, not a determiner: "delighted to announce that/DT
// Prof. Hallorann will give the keynote". A determiner does not stand
// before a proper noun.
func (s *Sentence) retagThatBeforeName() {
	for i := 1; i+1 < len(s.Tags); i++ {
		if s.Lower[i] == "that" && s.Tags[i] == "DT" && (s.Tags[i+1] == "NNP" || s.Tags[i+1] == "NNPS") && s.Tags[i-1] != "IN" {
			s.Tags[i] = "IN"
		}
	}
}
