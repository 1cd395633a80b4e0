package core

import (
	"strings"
	"unicode"
)

// The Porter2 ("English") stemmer of the Snowball project, as Kuzu's text
// index applies it (kuzu/internal/bm25 stems with a Snowball library that
// core and the engine, standard library only, cannot import): the
// in-memory store's index and the ingestion overlay analyze text with it
// (SearchTerms). It follows the published
// algorithm, https://snowballstem.org/algorithms/english/stemmer.html, in
// the version that library implements: its exceptional forms, and words of
// two bytes or less left as they are.

// stemExceptions are the words the algorithm does not stem by its rules:
// its exceptional forms, and the words that keep their form after step 1a
// with their inflections.
var stemExceptions = map[string]string{
	"skis": "ski", "skies": "sky", "dying": "die", "lying": "lie", "tying": "tie",
	"idly": "idl", "gently": "gentl", "ugly": "ugli", "early": "earli", "only": "onli", "singly": "singl",
	"sky": "sky", "news": "news", "howe": "howe", "atlas": "atlas", "cosmos": "cosmos", "bias": "bias", "andes": "andes",
	"inning": "inning", "innings": "inning", "outing": "outing", "outings": "outing",
	"canning": "canning", "cannings": "canning", "herring": "herring", "herrings": "herring",
	"earring": "earring", "earrings": "earring",
	"proceed": "proceed", "proceeds": "proceed", "proceeded": "proceed", "proceeding": "proceed",
	"exceed": "exceed", "exceeds": "exceed", "exceeded": "exceed", "exceeding": "exceed",
	"succeed": "succeed", "succeeds": "succeed", "succeeded": "succeed", "succeeding": "succeed",
}

// stem returns the Porter2 stem of a lower-case word.
func stem(s string) string {
	if len(s) <= 2 {
		return s
	}
	if x, ok := stemExceptions[s]; ok {
		return x
	}
	w := newStemWord(s)
	w.step0()
	w.step1a()
	w.step1b()
	w.step1c()
	w.step2()
	w.step3()
	w.step4()
	w.step5()
	return strings.ReplaceAll(string(w.rs), "Y", "y")
}

// stemWord is a word being stemmed, with its regions R1 and R2 (the
// indexes where they start; the length of the word when empty).
type stemWord struct {
	rs     []rune
	r1, r2 int
}

func isVowel(r rune) bool {
	switch r {
	case 'a', 'e', 'i', 'o', 'u', 'y':
		return true
	}
	return false
}

func newStemWord(s string) *stemWord {
	rs := []rune(s)
	for i, r := range rs {
		if r == '\u2019' || r == '\u2018' || r == '\u201b' {
			rs[i] = '\''
		}
	}
	for len(rs) > 0 && rs[0] == '\'' {
		rs = rs[1:]
	}
	// A y that starts the word or follows a vowel is a consonant: Y.
	for i, r := range rs {
		if r == 'y' && (i == 0 || isVowel(rs[i-1])) {
			rs[i] = 'Y'
		}
	}
	w := &stemWord{rs: rs}
	w.r1 = w.afterVowelConsonant(0)
	for _, prefix := range []string{"gener", "commun", "arsen"} {
		if strings.HasPrefix(string(rs), prefix) {
			w.r1 = len([]rune(prefix))
			break
		}
	}
	w.r2 = w.afterVowelConsonant(w.r1)
	return w
}

// afterVowelConsonant returns the index after the first non-vowel that
// follows a vowel, both at or after start; the length when there is none.
func (w *stemWord) afterVowelConsonant(start int) int {
	for j := start + 1; j < len(w.rs); j++ {
		if isVowel(w.rs[j-1]) && !isVowel(w.rs[j]) {
			return j + 1
		}
	}
	return len(w.rs)
}

// suffix returns the longest of suffixes the word ends with, or "".
func (w *stemWord) suffix(suffixes ...string) string {
	s, best := string(w.rs), ""
	for _, x := range suffixes {
		if len(x) > len(best) && strings.HasSuffix(s, x) {
			best = x
		}
	}
	return best
}

// at returns the index where a suffix of the word starts.
func (w *stemWord) at(suffix string) int { return len(w.rs) - len([]rune(suffix)) }

// replace replaces a suffix of the word. The regions stay where they
// started in the word as given: a region past the end is empty.
func (w *stemWord) replace(suffix, by string) {
	w.rs = append(w.rs[:w.at(suffix)], []rune(by)...)
}

// hasVowel reports whether the runes before index i hold a vowel.
func (w *stemWord) hasVowel(i int) bool {
	for _, r := range w.rs[:i] {
		if isVowel(r) {
			return true
		}
	}
	return false
}

// shortSyllableAt reports whether the runes before index i end in a short
// syllable: a vowel followed by a non-vowel other than w, x and Y and
// preceded by a non-vowel, or, for the first two runes, a vowel followed
// by a non-vowel.
func (w *stemWord) shortSyllableAt(i int) bool {
	rs := w.rs
	switch {
	case i == 2:
		return isVowel(rs[0]) && !isVowel(rs[1])
	case i >= 3:
		c := rs[i-1]
		return !isVowel(c) && c != 'w' && c != 'x' && c != 'Y' && isVowel(rs[i-2]) && !isVowel(rs[i-3])
	}
	return false
}

// isShort reports whether the word is short: R1 is empty and the word ends
// in a short syllable.
func (w *stemWord) isShort() bool { return w.r1 >= len(w.rs) && w.shortSyllableAt(len(w.rs)) }

// step0 removes the possessive.
func (w *stemWord) step0() {
	if x := w.suffix("'s'", "'s", "'"); x != "" {
		w.replace(x, "")
	}
}

// step1a handles plurals.
func (w *stemWord) step1a() {
	switch x := w.suffix("sses", "ied", "ies", "us", "ss", "s"); x {
	case "sses":
		w.replace(x, "ss")
	case "ied", "ies":
		if w.at(x) > 1 {
			w.replace(x, "i")
		} else {
			w.replace(x, "ie")
		}
	case "s":
		// Deleted if a vowel comes before the letter before the s.
		if w.hasVowel(w.at(x) - 1) {
			w.replace(x, "")
		}
	}
}

// step1b handles past tenses and gerunds.
func (w *stemWord) step1b() {
	switch x := w.suffix("eed", "eedly", "ed", "edly", "ing", "ingly"); x {
	case "":
	case "eed", "eedly":
		if w.at(x) >= w.r1 {
			w.replace(x, "ee")
		}
	default:
		if !w.hasVowel(w.at(x)) {
			return
		}
		w.replace(x, "")
		switch {
		case w.suffix("at", "bl", "iz") != "":
			w.rs = append(w.rs, 'e')
		case w.suffix("bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt") != "":
			w.rs = w.rs[:len(w.rs)-1]
		case w.isShort():
			w.rs = append(w.rs, 'e')
		}
	}
}

// step1c turns a final y into i after a non-vowel that does not start
// the word.
func (w *stemWord) step1c() {
	n := len(w.rs)
	if n > 2 && (w.rs[n-1] == 'y' || w.rs[n-1] == 'Y') && !isVowel(w.rs[n-2]) {
		w.rs[n-1] = 'i'
	}
}

// step2Suffixes are the suffixes of step 2 and what replaces them.
var step2Suffixes = map[string]string{
	"tional": "tion", "enci": "ence", "anci": "ance", "abli": "able", "entli": "ent",
	"izer": "ize", "ization": "ize", "ational": "ate", "ation": "ate", "ator": "ate",
	"alism": "al", "aliti": "al", "alli": "al", "fulness": "ful", "ousli": "ous", "ousness": "ous",
	"iveness": "ive", "iviti": "ive", "biliti": "ble", "bli": "ble", "ogi": "og",
	"fulli": "ful", "lessli": "less", "li": "",
}

var step2Keys = keysOf(step2Suffixes)

// step2 maps derivational suffixes in R1 to shorter ones.
func (w *stemWord) step2() {
	x := w.suffix(step2Keys...)
	if x == "" || w.at(x) < w.r1 {
		return
	}
	switch x {
	case "ogi":
		if w.at(x) == 0 || w.rs[w.at(x)-1] != 'l' {
			return
		}
	case "li":
		if w.at(x) == 0 || !strings.ContainsRune("cdeghkmnrt", w.rs[w.at(x)-1]) {
			return
		}
	}
	w.replace(x, step2Suffixes[x])
}

// step3Suffixes are the suffixes of step 3 and what replaces them.
var step3Suffixes = map[string]string{
	"tional": "tion", "ational": "ate", "alize": "al", "icate": "ic", "iciti": "ic", "ical": "ic",
	"ful": "", "ness": "", "ative": "",
}

var step3Keys = keysOf(step3Suffixes)

// step3 maps more derivational suffixes in R1; ative goes only from R2.
func (w *stemWord) step3() {
	x := w.suffix(step3Keys...)
	if x == "" || w.at(x) < w.r1 || x == "ative" && w.at(x) < w.r2 {
		return
	}
	w.replace(x, step3Suffixes[x])
}

// step4 deletes suffixes in R2; ion only after s or t.
func (w *stemWord) step4() {
	x := w.suffix("al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent",
		"ism", "ate", "iti", "ous", "ive", "ize", "ion")
	if x == "" || w.at(x) < w.r2 {
		return
	}
	if x == "ion" && (w.at(x) == 0 || w.rs[w.at(x)-1] != 's' && w.rs[w.at(x)-1] != 't') {
		return
	}
	w.replace(x, "")
}

// step5 deletes a final e in R2, or in R1 when no short syllable comes
// before it, and the second l of a final ll in R2.
func (w *stemWord) step5() {
	switch x := w.suffix("e", "l"); x {
	case "e":
		i := w.at(x)
		if i >= w.r2 || i >= w.r1 && !w.shortSyllableAt(i) {
			w.replace(x, "")
		}
	case "l":
		i := w.at(x)
		if i >= w.r2 && i > 0 && w.rs[i-1] == 'l' {
			w.replace(x, "")
		}
	}
}

func keysOf(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// SearchTerms analyzes text into the terms of full-text search as the
// stores' BM25 indexes do: lower case, split on anything but letters and
// digits, English stop words and one-byte words dropped, words stemmed
// with Porter2.
func SearchTerms(text string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		w = strings.ToLower(w)
		if len(w) < 2 || IsStopWord(w) {
			continue
		}
		out = append(out, stem(w))
	}
	return out
}
