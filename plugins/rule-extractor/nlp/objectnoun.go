package nlp

import "strings"

// retagObjectHeadNoun reads a word the tagger took for a verb at the end
// of a noun phrase that a determiner opens right after a verb, as the
// noun that heads the phrase ("got their second MMR shot/VBD at the
// clinic", "had his MMR jab/VBD in May"): an object does not run on
// into a verb of its own with no conjunction between them.
func (s *Sentence) retagObjectHeadNoun() {
	for i := 2; i < len(s.Tags); i++ {
		if t := s.Tags[i]; t != "VBD" && t != "VBN" && t != "VBP" || !IsNoun(s.Lower[i]) {
			continue
		}
		k := i - 1
		proper := false
		for k > 0 && (s.Tags[k] == "NNP" || s.Tags[k] == "NN" || s.Tags[k] == "JJ" || s.Tags[k] == "CD") {
			proper = proper || s.Tags[k] == "NNP" || s.Tags[k] == "NN"
			k--
		}
		// A noun must stand between: "their second MMR shot", not
		// "their kids shot" (a plural may be the subject of its own
		// verb after a verb of saying).
		if !proper || k == 0 || s.Tags[k] != "PRP$" && s.Tags[k] != "DT" || !verbTag(s.Tags[k-1]) || clauseTakers[s.Lemmas[k-1]] {
			continue
		}
		if i+1 < len(s.Tags) && (s.Tags[i+1] == "DT" || s.Tags[i+1] == "PRP$" || s.Tags[i+1] == "PRP") {
			// "told the MMR team cancelled the order": an object
			// follows, the word is a verb after all.
			continue
		}
		s.Tags[i], s.Lemmas[i] = "NN", s.Lower[i]
	}
}

// clauseTakers are verbs whose object may be a clause that opens with
// its subject ("said the police shot at him").
var clauseTakers = set("say tell think know believe hear see feel guess hope suppose mean claim report find show realize realise notice reckon bet")

// retagOffNoun reads "off" after "be" before a word the tagger took for
// an adjective that no dictionary knows as one as the preposition it is
// and the word as a noun ("has been off/RP warfarin/JJ since March").
func (s *Sentence) retagOffNoun() {
	for i := 1; i+1 < len(s.Tags); i++ {
		if s.Lower[i] != "off" || s.Tags[i] != "RP" {
			continue
		}
		if s.Lemmas[i-1] == "be" && s.Tags[i+1] == "JJ" && !IsAdjective(s.Lower[i+1]) {
			s.Tags[i], s.Tags[i+1], s.Lemmas[i+1] = "IN", "NN", s.Lower[i+1]
			continue
		}
		if s.Lemmas[i-1] == "be" && (s.Tags[i+1] == "DT" || s.Tags[i+1] == "PRP$") && i+2 < len(s.Tags) && strings.HasPrefix(s.Tags[i+2], "NN") {
			// "Been off/RP the citalopram for a month": off a thing.
			s.Tags[i] = "IN"
			continue
		}
		// "took Sigvald off/RP bisoprolol": after the verb's object
		// and before a noun, "off" opens a phrase of its own ("took
		// off his coat" keeps its particle).
		if t := s.Tags[i-1]; (t == "NNP" || (t == "PRP" || t == "PRP$") && objectPronounForms[s.Lower[i-1]]) && strings.HasPrefix(s.Tags[i+1], "NN") {
			s.Tags[i] = "IN"
		}
	}
}

// objectPronounForms are the pronouns that stand as objects.
var objectPronounForms = set("me him her us them you it")

// retagPluralAfterCopula reads a plural noun the tagger took for a verb
// in -s after a form of "be" and its adverbs as the noun it is: "are no
// longer roommates/VBZ", "are still friends/VBZ".
func (s *Sentence) retagPluralAfterCopula() {
	for i := 2; i < len(s.Tags); i++ {
		if s.Tags[i] != "VBZ" || !strings.HasSuffix(s.Lower[i], "s") {
			continue
		}
		k := i - 1
		for k > 0 && s.Tags[k] == "RB" {
			k--
		}
		if k == i-1 || s.Lemmas[k] != "be" {
			continue
		}
		if l := Lemma(s.Lower[i], "NNS"); l != s.Lower[i] && IsNoun(l) {
			s.Tags[i], s.Lemmas[i] = "NNS", l
		}
	}
}

// retagUnknownObject reads a lowercase word the tagger took for a bare
// verb right after a finite verb, that no dictionary knows as a verb, as
// the noun it is: "stopped apixaban/VB on 20 April". A finite verb takes
// no bare verb after it, save a modal's or a verb of perceiving's.
func (s *Sentence) retagUnknownObject() {
	for i := 1; i < len(s.Tags); i++ {
		if s.Words[i] != s.Lower[i] || len(s.Lower[i]) < 4 {
			continue
		}
		switch s.Tags[i] {
		case "VB":
			if t := s.Tags[i-1]; t != "VBD" && t != "VBZ" && t != "VBP" || s.Lemmas[i-1] == "do" || s.Lemmas[i-1] == "let" || s.Lemmas[i-1] == "help" || s.Lemmas[i-1] == "make" {
				continue
			}
			if IsVerb(s.Lower[i]) || IsVerb(Lemma(s.Lower[i], "VB")) {
				continue
			}
		case "VBN":
			// "I have asthma/VBN": a participle after "have" that is no
			// verb's, a noun the dictionary knows, is the object.
			if s.Lemmas[i-1] != "have" || IsVerb(s.Lower[i]) || IsVerb(Lemma(s.Lower[i], "VBN")) || !IsNoun(s.Lower[i]) {
				continue
			}
		case "IN":
			// "commenced losartan/IN 50 mg": a word no dictionary knows
			// after a verb and before its dose is no preposition.
			if _, known := model().dict[s.Lower[i]]; known || !verbTag(s.Tags[i-1]) || i+1 >= len(s.Tags) || s.Tags[i+1] != "CD" || IsNoun(s.Lower[i]) || IsVerb(s.Lower[i]) || IsAdjective(s.Lower[i]) || len(s.Lower[i]) < 6 {
				continue
			}
		default:
			continue
		}
		s.Tags[i], s.Lemmas[i] = "NN", s.Lower[i]
	}
}

// retagVerbAfterName reads a plural noun right after a name and before
// an object pronoun as the verb it is: "so Oddny coaches/NNS me now",
// "Ingunn manages/NNS us": a name takes no plural noun after it that an
// object pronoun follows.
func (s *Sentence) retagVerbAfterName() {
	for i := 1; i+1 < len(s.Tags); i++ {
		if s.Tags[i] != "NNS" || s.Tags[i-1] != "NNP" || !objectPronoun[s.Lower[i+1]] {
			continue
		}
		if l := Lemma(s.Lower[i], "VBZ"); l != s.Lower[i] && IsVerb(l) {
			s.Tags[i], s.Lemmas[i] = "VBZ", l
		}
	}
}

// objectPronoun are the pronouns only an object takes.
var objectPronoun = set("me him us them")
