package main

import (
	"unicode"
	"unicode/utf8"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// The shapes of words: a word token and its flags, the way references,
// codes and brands are written, quotation marks.

// wordToken builds a word token and its flags.
func wordToken(w, lower string) token {
	t := token{text: w, lower: lower, word: true}
	r, _ := utf8.DecodeRuneInString(w)
	t.cap = unicode.IsUpper(r)
	letters, upper := 0, 0
	for _, r := range w {
		if unicode.IsLetter(r) {
			letters++
			if unicode.IsUpper(r) {
				upper++
			}
		}
	}
	t.acro = letters >= 2 && upper == letters
	if !t.cap && letters >= 4 && upper > 0 && camelBrand(w) {
		// "iPhone", "eBay", "iPad": a brand written with a small first
		// letter and a capital after it is a name's word.
		t.cap = true
	}
	return t
}

// camelBrand reports whether w is one or two lower-case letters, then a
// capital and a lower-case letter: "iPhone", "eBay", "iMac".
func camelBrand(w string) bool {
	rs := []rune(w)
	for k := 1; k <= 2 && k+1 < len(rs); k++ {
		if unicode.IsUpper(rs[k]) && unicode.IsLower(rs[k+1]) {
			for _, r := range rs[:k] {
				if !unicode.IsLower(r) {
					return false
				}
			}
			return true
		}
	}
	return false
}

// codeShaped reports whether a word is capitals then digits, as a flight
// or a booking reference is written ("KD481", "QX20931").
func codeShaped(w string) bool {
	i := 0
	for i < len(w) && w[i] >= 'A' && w[i] <= 'Z' {
		i++
	}
	if i < 2 || len(w)-i < 3 {
		return false
	}
	for _, c := range w[i:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// placeName reports whether a one-word name is a city, a country or a
// region in WordNet.
func placeName(toks []token) bool {
	if len(toks) != 1 {
		return false
	}
	_, c, ok := nlp.Noun(toks[0].lower)
	return ok && c&(nlp.ClassCity|nlp.ClassCountry|nlp.ClassPlace) != 0 && c&nlp.ClassPerson == 0
}

// capitalCode reports whether a word is written as a reference is, in
// capitals and digits ("GE-4471", "HD-60412"), not as a phone number
// ("555-9323") or a measure ("32-ounce").
func capitalCode(w string) bool {
	upper := false
	for _, r := range w {
		switch {
		case r >= 'A' && r <= 'Z':
			upper = true
		case unicode.IsLower(r):
			return false
		}
	}
	return upper
}

// quoteMark reports whether w is a double quotation mark.
func quoteMark(w string) bool { return w == "\"" || w == "“" || w == "”" }
