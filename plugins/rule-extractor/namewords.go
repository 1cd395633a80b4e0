package main

import (
	"slices"
	"strings"
	"unicode"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// What a name's words say: a name that begins a fuller one or stands for
// it by an initial, and the words that close a business's name.

// lengthened returns the one person whose name begins with the words sf
// and goes on, or nil.
func (r *registry) lengthened(sf []string, words [][]string) *entity {
	var match *entity
	for li, long := range r.list {
		f := words[li]
		if long.kind != kindPerson || len(f) <= len(sf) || !slices.EqualFunc(f[:len(sf)], sf, strings.EqualFold) {
			continue
		}
		if match != nil {
			return nil
		}
		match = long
	}
	return match
}

// initialWord reports whether w is an initial: "M.", "M".
func initialWord(w string) bool {
	r := []rune(strings.TrimSuffix(w, "."))
	return len(r) == 1 && unicode.IsUpper(r[0])
}

// initialed returns the one person whose full name the initialled name
// sf abbreviates (words holds each entity's words), or nil.
func (r *registry) initialed(sf []string, words [][]string) *entity {
	var match *entity
	for li, long := range r.list {
		f := words[li]
		if long.kind != kindPerson || len(f) != len(sf) || initialWord(f[0]) || !strings.HasPrefix(f[0], strings.TrimSuffix(sf[0], ".")) || !slices.EqualFunc(f[1:], sf[1:], strings.EqualFold) {
			continue
		}
		if match != nil {
			return nil
		}
		match = long
	}
	return match
}

// orgCloser reports whether w closes an organisation's name: a corporate
// suffix, a trade word, an organisation's head noun or a building.
func orgCloser(w string) bool {
	return corpSuffixes.has(w) || industryHeads.has(w) || orgHeads.has(w) || buildingNoun(w)
}

// businessWord reports whether the last word of a name is a common noun
// WordNet knows that is neither a place nor a person: "Lettings",
// "Removals", "Joinery".
func businessWord(w string) bool {
	if placeHeads.has(w) || streetHeads.has(w) {
		return false
	}
	sing := w
	if strings.HasSuffix(w, "s") && len(w) > 3 {
		sing = w[:len(w)-1]
	}
	for _, n := range []string{w, sing} {
		if _, c, ok := nlp.Noun(n); ok {
			return c&(nlp.ClassCity|nlp.ClassCountry|nlp.ClassPlace|nlp.ClassPerson) == 0
		}
	}
	return false
}

// personNoun reports whether WordNet's first sense of a noun is a person.
func personNoun(w string) bool {
	_, c, ok := nlp.Noun(w)
	return ok && c&nlp.ClassPerson != 0
}

// tradeGerund reports whether w is a gerund WordNet knows as a noun of
// no person and no place ("milling", "roofing", "catering"), the trade
// a business may be named for.
func tradeGerund(w string) bool {
	if len(w) < 6 || !strings.HasSuffix(w, "ing") || firstNames.has(w) {
		return false
	}
	_, c, ok := nlp.Noun(w)
	return ok && c&(nlp.ClassCity|nlp.ClassCountry|nlp.ClassPlace|nlp.ClassPerson) == 0
}

// quotedNicknames drops a nickname in quotes inside a full name,
// `Oluwatoyin "Toyin" Adeyemi`, so that the name reads whole: the
// quotes otherwise cut it in two.
func quotedNicknames(toks []token) []token {
	for i := 0; i+4 < len(toks); i++ {
		if toks[i].word && toks[i].cap && toks[i+1].text == "\"" && toks[i+2].word && toks[i+2].cap && toks[i+3].text == "\"" && toks[i+4].word && toks[i+4].cap {
			out := append(append([]token{}, toks[:i+1]...), toks[i+4:]...)
			return quotedNicknames(out)
		}
	}
	return toks
}
