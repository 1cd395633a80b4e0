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

// retagThatAfterComma reads "that" after a comma and before a form of
// "be" or "have" as the pronoun that opens a clause of its own, not a
// relative one: "No problem, that's been cancelled" (a pronoun, as "it"
// is). A relative "that"
// takes no comma before it.
func (s *Sentence) retagThatAfterComma() {
	for i := 1; i+1 < len(s.Tags); i++ {
		if s.Lower[i] != "that" || s.Tags[i] != "WDT" || s.Lower[i-1] != "," {
			continue
		}
		switch s.Lower[i+1] {
		case "'s", "is", "was", "has":
			s.Tags[i] = "PRP"
		}
	}
}
