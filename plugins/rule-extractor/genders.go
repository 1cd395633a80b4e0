package main

// Grammatical gender, for "he" and "she". A name said after a gendered
// noun of kinship ("my daughter Linh", "her husband Bo") is known to be
// a woman's or a man's, and so is a given name that the gazetteer's
// lists hold for one gender only ("Linda", "Bram"); "she" then never
// stands for one known to be a man, nor "he" for one known to be a woman.
// Nothing else is guessed: a name of unknown gender ("Kim", "Robin",
// "Tove" if the lists lack it) stays a candidate for either.

import (
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// womenNouns and menNouns are the gendered nouns of kinship and
// partnership.
var (
	womenNouns = words("daughter sister mother mum mom wife girlfriend fiancee fiancée aunt niece granddaughter grandmother grandma stepdaughter stepmother stepsister")
	menNouns   = words("son brother father dad husband boyfriend fiance fiancé uncle nephew grandson grandfather grandpa stepson stepfather stepbrother")
)

// genderBefore returns 'f' or 'm' for a name at toks[i] after a gendered
// noun, else 0.
func genderBefore(toks []token, i int) byte {
	switch w := lowerAt(toks, i-1); {
	case womenNouns.has(w):
		return 'f'
	case menNouns.has(w):
		return 'm'
	}
	return 0
}

// noteGenders records the genders the mentions of a sentence show.
func (x *extraction) noteGenders(toks []token, ms []mention) {
	for _, m := range ms {
		if g := genderBefore(toks, m.start); g != 0 && m.end-m.start <= 3 {
			if x.genders == nil {
				x.genders = map[string]byte{}
			}
			x.genders[x.reg.key(m.name)] = g
		}
	}
}

// readPrevious reads the people of the previous episodes and the
// genders they show, in one pass, once.
func (x *extraction) readPrevious() {
	if x.prevRead {
		return
	}
	x.prevRead = true
	x.prevPersons = previousPersons(x.previous, func(toks []token, m mention) {
		x.noteGenders(toks, []mention{m})
	})
}

// pronounGender is the gender of a third-person pronoun: 'f', 'm' or 0.
func pronounGender(w string) byte {
	switch w {
	case "she", "her", "hers", "herself":
		return 'f'
	case "he", "him", "his", "himself":
		return 'm'
	}
	return 0
}

// otherGender reports whether name is known to be of another gender
// than g.
func (x *extraction) otherGender(name string, g byte) bool {
	if g == 0 {
		return false
	}
	x.readPrevious()
	known := x.genders[x.reg.key(name)]
	if known == 0 {
		known = givenNameGender(name)
	}
	return known != 0 && known != g
}

// givenNameGender returns the gender of a name's first word when the
// gazetteer knows it as a woman's or a man's given name only ("Linda",
// "Bram"), else 0.
func givenNameGender(name string) byte {
	first, rest, _ := strings.Cut(strings.ToLower(name), " ")
	switch first {
	case "mr", "mr.", "sir", "lord":
		return 'm'
	case "mrs", "mrs.", "ms", "ms.", "miss", "dame", "lady":
		return 'f'
	}
	if honorifics.has(first) && rest != "" {
		// "Dr. Corina Vlad": the given name after the title.
		first, _, _ = strings.Cut(rest, " ")
	}
	return nlp.NameGender(first)
}
