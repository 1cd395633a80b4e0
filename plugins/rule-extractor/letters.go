package main

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// letterEnds reports whether the period after a capital letter ends the
// sentence rather than an initial: the letter is the last word of a
// common noun's name ("hepatitis B", "vitamin D", "plan B"), after a
// word in lower case, and what follows is the end of the text or a
// closed-class word in capitals ("She", "The"), which no name after an
// initial is ("author J. Smith", "with J. K. Rowling" keep it).
func letterEnds(toks []token, w, rest string) bool {
	if utf8.RuneCountInString(w) != 1 || len(toks) == 0 {
		return false
	}
	if r, _ := utf8.DecodeRuneInString(w); !unicode.IsUpper(r) {
		return false
	}
	prev := toks[len(toks)-1]
	if !prev.word || prev.cap || !isLetters(prev.text) {
		return false
	}
	next := strings.TrimLeft(rest, " \t")
	if next == "" {
		return true
	}
	end := strings.IndexFunc(next, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' })
	if end < 0 {
		end = len(next)
	}
	first, _ := utf8.DecodeRuneInString(next)
	return len(next) < len(rest) && unicode.IsUpper(first) && isCapStop(strings.ToLower(next[:end]))
}

// isLetters reports whether s is letters only.
func isLetters(s string) bool {
	return s != "" && strings.IndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) < 0
}

// letterNamed reports whether toks[i], a capital letter, names a kind
// of thing with the common noun before it: "hepatitis B", "vitamin D",
// "plan B"; not "so I", not after a word of a closed class.
func letterNamed(toks []token, i int) bool {
	w, prev := toks[i], toks[i-1]
	if utf8.RuneCountInString(w.text) != 1 || w.text == "I" || !w.cap || !prev.word || prev.cap || !isLetters(prev.text) {
		return false
	}
	return nlp.IsNoun(prev.lower) && !isCapStop(prev.lower) && !prepositionWords.has(prev.lower)
}

// vowelless reports whether a word that is not in capitals has letters
// but no vowel: "Sssh", "Hmm", "Pfft", "Brr" are sounds, no names
// ("NHS", an acronym, is in capitals).
func vowelless(w string) bool {
	letters, lower := 0, false
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
		if strings.ContainsRune("aeiouyAEIOUYáéíóúýäëïöüÿåøæœàèìòùâêîôû", r) {
			return false
		}
		letters++
		lower = lower || unicode.IsLower(r)
	}
	return letters >= 2 && lower
}
