package main

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// A sentence written all in capitals ("WE SIGNED WITH GULLWING RECORDS")
// shows no names by its case: every word looks like an acronym. It is
// read as if written in the usual case: a word the dictionary knows in
// lower case, a word outside it as a name, and an organisation's closing
// word ("Records", "Ltd") after a name as part of it.

// shoutedWords is the fewest words a sentence needs to be read as
// shouted: "NHS" or "BBC ONE" alone are names.
const shoutedWords = 3

// unshouted returns the tokens of a sentence written all in capitals in
// the usual case; any other sentence as it is.
func unshouted(toks []token) []token {
	n := 0
	for _, t := range toks {
		if !t.word || !strings.ContainsFunc(t.text, unicode.IsLetter) || contraction(t) {
			continue
		}
		if !t.acro && !(utf8.RuneCountInString(t.text) == 1 && t.cap) {
			return toks
		}
		n++
	}
	if n < shoutedWords {
		return toks
	}
	out := make([]token, len(toks))
	copy(out, toks)
	first, prevName := true, false
	for i, t := range out {
		if !t.word || !strings.ContainsFunc(t.text, unicode.IsLetter) {
			prevName = false
			continue
		}
		if contraction(t) {
			out[i] = wordToken(strings.ToLower(t.text), t.lower)
			continue
		}
		name := !knownWord(t.lower) || prevName && (orgCloser(t.lower) || pluralNoun(t.lower)) || calendarName(t.lower) ||
			// "MOVING TO LISBON", "STARTED AT GOOGLE": a singular noun
			// with no determiner after a preposition of place is a
			// name, but for the few said bare ("at home", "to work").
			i > 0 && (placePreps.has(out[i-1].lower) || out[i-1].lower == "at") && !bareNouns.has(t.lower) && !pluralNoun(t.lower) && !isCapStop(t.lower)
		text := strings.ToLower(t.text)
		if name || first || t.lower == "i" {
			r, size := utf8.DecodeRuneInString(text)
			text = string(unicode.ToUpper(r)) + text[size:]
		}
		out[i] = wordToken(text, t.lower)
		first, prevName = false, name
	}
	return out
}

// bareNouns are the common nouns said with no determiner after a
// preposition of place.
var bareNouns = words("home work school college university uni church town bed hospital class court prison sea",
	"lunch dinner breakfast love time night hand office camp jail market")

// shoutAdverbs are adverbs and other words the noun, verb and adjective
// dictionary does not hold.
var shoutAdverbs = words("anymore anyway already also just really very too still yet again soon now then here there",
	"today tonight tomorrow yesterday finally actually literally totally honestly basically ever never always",
	"often sometimes maybe perhaps please thanks ok okay yes yeah yay no not omg lol officially")

// calendarName reports whether w names a month or a day of the week.
func calendarName(w string) bool {
	_, m := months[w]
	_, d := weekdays[w]
	return m && w != "may" || d
}

// knownWord reports whether the dictionary knows a lower-case word, as a
// word of a closed class or an inflected noun, verb or adjective.
func knownWord(w string) bool {
	if isCapStop(w) || prepositionWords.has(w) || shoutAdverbs.has(w) || interjections.has(w) || nlp.InflectedVerb(w) {
		return true
	}
	for _, tag := range []string{"NN", "NNS", "VB", "VBD", "VBG", "VBN", "VBZ", "JJ"} {
		l := nlp.Lemma(w, tag)
		if nlp.IsNoun(l) || nlp.IsVerb(l) || nlp.IsAdjective(l) {
			return true
		}
	}
	return false
}

// pluralNoun reports whether w is a plural the dictionary knows as a
// noun: the closing word of "Gullwing Records", "Harbour Hawks".
func pluralNoun(w string) bool {
	one := nlp.Lemma(w, "NNS")
	return one != w && nlp.IsNoun(one)
}

// contraction reports whether t is the split-off end of a contraction:
// "'M" of "I'M", "N'T" of "DON'T".
func contraction(t token) bool {
	return strings.HasPrefix(t.text, "'") || strings.HasPrefix(t.text, "’") || strings.EqualFold(t.text, "n't")
}

// A title written with a capital to every word ("my next song's called
// What Can I Say", "fired off of Days Of Our Lives") shows no names by
// its case either. A run of capitalized words holding at least two
// capitalized function words after the sentence's first word is such a
// title. Within a sentence it is read as if quoted, one work's name; at a
// sentence's start ("I Really Loved When We Were Young") the sentence is
// written in capitals throughout, and its words the dictionary knows are
// read in lower case, its names and places staying names.

// titledFunctionWords is the fewest capitalized function words a run
// needs to be read as a title: "Bank of America" and "The Hague" are
// names, "Stand By Me" is a title.
const titledFunctionWords = 2

// titleFunctionWords are the function words a name seldom holds
// capitalized: determiners, pronouns, conjunctions, prepositions and
// auxiliaries.
var titleFunctionWords = words("a an the this that these those my your his her our their its",
	"me you he she it we they him us them what when where who why how which",
	"and or but nor if so as of in on at to by for from with into about",
	"is are was were be been am have has had do does did can could will would shall should may might must not")

// titlePronouns are the pronouns a title holds capitalized and a name
// does not ("Days of Our Lives", "Take My Breath Away"); one opening a
// run is a form of address ("Your Honour").
var titlePronouns = words("my your our their his her its me us them")

// titleJoiners are the small words a title writes in lower case between
// its capitalized ones.
var titleJoiners = words("of the a an")

// untitled returns the tokens of a sentence with its title runs quoted
// or read in lower case; a sentence with none as it is.
func untitled(toks []token) []token {
	// out is made at the first title; copied is how much of toks it
	// holds up to there.
	var out []token
	copied := 0
	for start := 0; start < len(toks); {
		end := start
		fn := 0
		for end < len(toks) && toks[end].word {
			switch t := toks[end]; {
			case t.cap && end > 0 && titlePronouns.has(t.lower) && end > start:
				// "Days of Our Lives": a pronoun inside a name
				// marks a title on its own.
				fn += titledFunctionWords
			case t.cap && end > 0 && titleFunctionWords.has(t.lower):
				fn++
			case t.cap || contraction(t):
			case end > start && titleJoiners.has(t.lower) && end+1 < len(toks) && toks[end+1].cap:
				// "Days of Our Lives": the small words of a title in
				// lower case.
			default:
				goto runEnd
			}
			end++
		}
	runEnd:
		if end == start {
			start++
			continue
		}
		if fn >= titledFunctionWords && (start == 0 || toks[start-1].text != "\"") {
			if out == nil {
				out = make([]token, 0, len(toks)+4)
			}
			out = append(out, toks[copied:start]...)
			if start > 0 {
				out = append(out, quoteToken)
				out = append(out, toks[start:end]...)
				out = append(out, quoteToken)
			} else {
				for i := start; i < end; i++ {
					out = append(out, lowerInTitle(toks, i))
				}
			}
			copied = end
		}
		start = end
	}
	if out == nil {
		return toks
	}
	return append(out, toks[copied:]...)
}

// quoteToken is a plain double quote.
var quoteToken = token{text: "\"", lower: "\""}

// lowerInTitle returns toks[i], a word of a sentence written in capitals
// throughout, in lower case when the dictionary knows it and it is no
// name or place.
func lowerInTitle(toks []token, i int) token {
	t := toks[i]
	if i == 0 || t.lower == "i" || !t.cap || !knownWord(t.lower) || places.has(t.lower) || nlp.IsGivenName(t.lower) {
		return t
	}
	if placePreps.has(toks[i-1].lower) || toks[i-1].lower == "at" {
		if !bareNouns.has(t.lower) && !pluralNoun(t.lower) && !isCapStop(t.lower) {
			// "Dancing In Tallinn": a place after a preposition of
			// place, as when shouted.
			return t
		}
	}
	return wordToken(t.lower, t.lower)
}

// emphasized returns toks with a word written in capitals for stress
// inside a sentence in the usual case ("your HOT assistant", "I did NOT
// say that") in lower case: one the dictionary knows as an adjective, a
// verb or an adverb, and not only as a noun, standing between words that
// are not in capitals. Letters in a row of capitals ("BBC ONE") and
// words only nouns ("NASA", "GOAL") stay as written.
func emphasized(toks []token) []token {
	usual := 0
	for _, t := range toks {
		if t.word && strings.ContainsFunc(t.text, unicode.IsLower) {
			usual++
		}
	}
	if usual < 2 {
		// A sentence in capitals is unshouted's.
		return toks
	}
	var out []token
	for i, t := range toks {
		if !t.acro || utf8.RuneCountInString(t.text) < 2 || i == 0 || acroAt(toks, i-1) || acroAt(toks, i+1) {
			continue
		}
		// A function word in capitals is more often a name's letters
		// ("the US", "IT"), and so is a word of two letters.
		w := t.lower
		if !shoutAdverbs.has(w) && (isCapStop(w) || utf8.RuneCountInString(w) < 3 || !(nlp.IsAdjective(w) || nlp.IsVerb(w) || nlp.InflectedVerb(w))) {
			continue
		}
		if out == nil {
			out = make([]token, len(toks))
			copy(out, toks)
		}
		out[i] = wordToken(w, w)
	}
	if out == nil {
		return toks
	}
	return out
}

// acroAt reports whether toks[i] is a word in capitals.
func acroAt(toks []token, i int) bool {
	return i >= 0 && i < len(toks) && toks[i].acro
}
