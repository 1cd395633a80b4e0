package nlp

import (
	"strings"
	"unicode"
)

// retagNounBeforeCode reads a word the tagger took for a participle
// after "have" as the noun it is when a code follows it ("Ingunn has
// ticket/VBN TK-5521", "we have order/VBN ORD-4410"): a participle in
// -ed keeps its tag ("has booked TK-5521").
func (s *Sentence) retagNounBeforeCode() {
	for i := 1; i+1 < len(s.Tags); i++ {
		w := s.Lower[i]
		if s.Tags[i] != "VBN" || strings.HasSuffix(w, "ed") || !IsNoun(w) || Lemma(w, "VBN") != w || !code(s.Words[i+1]) {
			continue
		}
		s.Tags[i], s.Lemmas[i] = "NN", w
	}
}

// code reports whether w is written like a code: letters and digits.
func code(w string) bool {
	letter, digit := false, false
	for _, r := range w {
		letter = letter || unicode.IsLetter(r)
		digit = digit || unicode.IsDigit(r)
	}
	return letter && digit
}
