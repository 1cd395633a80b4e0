package nlp

// retagPastAfterOpeningName reads a participle right after a name of one
// word that opens the sentence, before a preposition, as the past tense
// it is ("Ysolde/NNP moved/VBN to Oslo"). The tagger reads a known given
// name there as the subject of a past verb ("Sigvald moved/VBD to
// Oslo") but a name it has never seen as a participle's, which left the
// sentence without a finite verb. Not before "by", which a passive's
// agent follows ("Quillary acquired by Brackley Freight", a headline).
func (s *Sentence) retagPastAfterOpeningName() {
	if len(s.Tags) < 3 || s.Tags[0] != "NNP" || s.Tags[1] != "VBN" {
		return
	}
	if t := s.Tags[2]; t != "IN" && t != "TO" || s.Lower[2] == "by" {
		return
	}
	if l := Lemma(s.Lower[1], "VBD"); l != s.Lower[1] && IsVerb(l) {
		s.Tags[1], s.Lemmas[1] = "VBD", l
	}
}
