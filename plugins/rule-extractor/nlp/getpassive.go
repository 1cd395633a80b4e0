package nlp

import "strings"

// retagGetParticiple reads a word in -ed the tagger took for an
// adjective after a form of "get" as the participle of the passive it
// makes ("When we got married/JJ", "she got engaged/JJ"), as it reads it
// at a sentence's start ("We got married/VBN").
func (s *Sentence) retagGetParticiple() {
	for i := 1; i < len(s.Tags); i++ {
		w := s.Lower[i]
		if s.Tags[i] != "JJ" || !strings.HasSuffix(w, "ed") || s.Lemmas[i-1] != "get" || !verbTag(s.Tags[i-1]) {
			continue
		}
		if l := Lemma(w, "VBN"); l != w && IsVerb(l) {
			s.Tags[i], s.Lemmas[i] = "VBN", l
		}
	}
}
