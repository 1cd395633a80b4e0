package nlp

// retagThereAfterNoun tags "there" right after a noun as the adverb of
// place it is ("My supervisor there is Dr. Lie"), not the "there" of
// "there is", which opens a clause.
func (s *Sentence) retagThereAfterNoun() {
	for i := 1; i+1 < len(s.Tags); i++ {
		if s.Lower[i] == "there" && s.Tags[i] == "EX" && nounTag(s.Tags[i-1]) && verbTag(s.Tags[i+1]) {
			s.Tags[i] = "RB"
		}
	}
}
