package text

import (
	"math"
	"strings"
	"unicode"

	"github.com/mnemohq/mnemo/core"
)

// Fuzzy name matching for entity resolution. Two names merge without asking
// the resolver only when their character 3-gram sets are nearly the same
// (Jaccard ≥ fuzzyThreshold) and the name carries enough information to
// make that meaningful: short or repetitive names ("Al", "aaa") never merge
// by fuzz, since many different names look alike at that size.

const fuzzyThreshold = 0.9

// FuzzyKey keeps letters and digits of a name, lower case, one space
// between words.
func FuzzyKey(name string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(name) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
		} else {
			space = true
		}
	}
	return b.String()
}

// Digits returns the digits of a key in order. Names whose digits differ
// never merge by fuzz: "ORD-1001" and "ORD-1002", "Flat 12" and "Flat 21"
// name different things however alike they look.
func Digits(key string) string {
	var b strings.Builder
	for _, r := range key {
		if unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// shingles returns the set of character 3-grams of a fuzzy key.
func shingles(key string) map[string]bool {
	r := []rune(key)
	out := map[string]bool{}
	if len(r) < 3 {
		out[key] = true
		return out
	}
	for i := 0; i+3 <= len(r); i++ {
		out[string(r[i:i+3])] = true
	}
	return out
}

// jaccard is |a ∩ b| / |a ∪ b|.
func jaccard(a, b map[string]bool) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	inter := 0
	for k := range a {
		if b[k] {
			inter++
		}
	}
	return float64(inter) / float64(len(a)+len(b)-inter)
}

// informative reports whether a name is long and varied enough to merge by
// fuzzy match: at least 6 letters or two words, and a character entropy of
// at least 1.5 bits.
func informative(key string) bool {
	letters := 0
	counts := map[rune]int{}
	for _, r := range key {
		if r != ' ' {
			letters++
			counts[r]++
		}
	}
	if letters < 6 && !strings.Contains(key, " ") {
		return false
	}
	var h float64
	for _, c := range counts {
		p := float64(c) / float64(letters)
		h -= p * math.Log2(p)
	}
	return h >= 1.5
}

// FuzzyMatch returns the one candidate whose name is a near-identical
// spelling of name, if name is informative enough to judge.
func FuzzyMatch(name string, cands []core.Entity) (core.Entity, bool) {
	key := FuzzyKey(name)
	if !informative(key) {
		return core.Entity{}, false
	}
	sh := shingles(key)
	best, bestScore, ties := -1, 0.0, 0
	for i, c := range cands {
		ck := FuzzyKey(c.Name)
		if !informative(ck) || Digits(ck) != Digits(key) {
			continue
		}
		s := jaccard(sh, shingles(ck))
		switch {
		case s > bestScore:
			best, bestScore, ties = i, s, 0
		case s == bestScore:
			ties++
		}
	}
	if best < 0 || bestScore < fuzzyThreshold || ties > 0 {
		return core.Entity{}, false
	}
	return cands[best], true
}
