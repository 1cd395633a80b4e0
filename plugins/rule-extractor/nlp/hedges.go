package nlp

import "strings"

// hedgeWords soften the verb after them ("I kinda like you", "she sorta
// knows"): adverbs, though a tagger trained on edited text takes the
// spoken forms for verbs.
var hedgeWords = map[string]bool{"kinda": true, "sorta": true, "kina": true}

// thirdSubjects are the pronouns of the third person singular.
var thirdSubjects = map[string]bool{"he": true, "she": true, "it": true}

// retagHedges reads a hedge between a subject and a verb as the adverb
// it is, and the word after it as the verb: "I kinda/VBP like/IN you"
// becomes "I kinda/RB like/VBP you", as "kind of" does ("I kind of like
// you").
func (s *Sentence) retagHedges() {
	for i := 1; i+1 < len(s.Tags); i++ {
		if !plainSubjects[s.Lower[i-1]] && !thirdSubjects[s.Lower[i-1]] && s.Tags[i-1] != "NNP" {
			continue
		}
		n := 0
		switch {
		case hedgeWords[s.Lower[i]]:
			n = 1
		case (s.Lower[i] == "kind" || s.Lower[i] == "sort") && s.Lower[i+1] == "of" && i+2 < len(s.Tags):
			n = 2
		}
		if w := s.Lower[i+n]; n == 0 || !IsVerb(w) && !IsVerb(Lemma(w, "VBZ")) && !IsVerb(Lemma(w, "VBD")) {
			continue
		}
		for k := i; k < i+n; k++ {
			s.Tags[k] = "RB"
		}
		w, tag := s.Lower[i+n], s.Tags[i+n]
		switch {
		case tag == "VBN" || !verbTag(tag) && strings.HasSuffix(w, "ed"):
			// "I kind of realized": a subject's verb in the past.
			tag = "VBD"
		case !verbTag(tag) && (thirdSubjects[s.Lower[i-1]] || s.Tags[i-1] == "NNP"):
			tag = "VBZ"
		case !verbTag(tag):
			tag = "VBP"
		}
		s.Tags[i+n], s.Lemmas[i+n] = tag, Lemma(w, tag)
	}
}
