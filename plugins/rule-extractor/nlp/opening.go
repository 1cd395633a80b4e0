package nlp

import (
	"strings"
	"unicode"
)

// The word that opens a sentence: the tagger takes its capital for a
// name's.

// retagOpeningNoun reads a word in -ing that opens a sentence and that
// WordNet knows as a noun but whose stem it knows as no verb ("Morning
// Hester!", "Evening all") as the noun it is, not the verb the tagger
// makes of it ("morn").
func (s *Sentence) retagOpeningNoun() {
	if len(s.Tags) == 0 || s.Tags[0] != "VBG" {
		return
	}
	if l := Lemma(s.Words[0], "VBG"); !IsVerb(l) && IsNoun(s.Lower[0]) {
		s.Tags[0], s.Lemmas[0] = "NN", s.Lower[0]
	}
}

// retagOpeningWord reads a word that opens a sentence with a capital,
// and that the tagger's lexicon knows in lower case as a word of a closed
// class only ("Ever since my mom died", "Then we left"), as that word, not
// a name: the lexicon is looked up by the word as written, so a capital
// hides it.
func (s *Sentence) retagOpeningWord(named []bool) {
	if len(s.Tags) < 2 || s.Tags[0] != "NNP" {
		return
	}
	if tag, ok := openingTag(s.Lower[0], s.Words[1], named[0]); ok {
		s.Tags[0], s.Lemmas[0] = tag, s.Lower[0]
	}
}

// OpeningFunctionWord reports whether w, opening a sentence with a
// capital before next, is a word of a closed class, no name ("Ever
// since", "Then we").
func OpeningFunctionWord(w, next string) bool {
	_, ok := openingTag(w, next, false)
	return ok
}

// openingTag returns the tag of the closed class the lexicon gives w in
// lower case, when w opens a sentence before next. A word that is also a
// given name keeps its capital's reading but before a word no adverb
// would precede a name with ("Ever since"), or a pronoun after a modal
// ("Will you"): "May left" stays.
func openingTag(w, next string, named bool) (string, bool) {
	if r := []rune(next); len(r) == 0 || unicode.IsUpper(r[0]) {
		// "Great Britain": a name of two words.
		return "", false
	}
	t := model()
	c, ok := t.dict[w]
	if !ok {
		return "", false
	}
	tag := t.classes[c]
	if named || IsGivenName(w) {
		n, ok := t.dict[strings.ToLower(next)]
		if !ok {
			return "", false
		}
		switch nt := t.classes[n]; {
		case tag == "MD" && nt == "PRP":
			// "Will you …?", "May I …?": a question.
			return tag, true
		case tag != "RB" && tag != "IN" && tag != "WRB":
			return "", false
		case nt == "IN" || nt == "DT" || nt == "PRP" || nt == "PRP$":
			return tag, true
		}
		return "", false
	}
	switch tag {
	case "RB", "IN", "MD", "DT", "CC", "WRB", "WDT", "PRP", "PRP$":
		return tag, true
	}
	return "", false
}

// retagOpeningParticiple reads a past participle that opens a sentence
// before an object as the past of a verb whose "I" the writer left out:
// "Cancelled my Ironside membership", "Sold the van last week". A
// participle before a preposition stays one ("Founded in 1990, …").
func (s *Sentence) retagOpeningParticiple() {
	if len(s.Tags) < 3 || s.Tags[0] != "VBN" {
		return
	}
	if t := s.Tags[1]; t == "PRP$" || t == "DT" && s.Lower[1] != "that" {
		s.Tags[0] = "VBD"
	}
}
