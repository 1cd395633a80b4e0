package text

import (
	"strings"
	"unicode"

	"github.com/mnemohq/mnemo/core"
)

// Evidence finds the sentence of content that states a fact between the
// entities named names, with the fact's text: the sentence that names
// most of them (a whole name, or a word of it of three letters or more,
// in any case), then shares most words with the text (compared on their
// first four letters, so "lives" meets "live"), the earliest on a tie. It
// returns the sentence's byte offsets, trailing space left out; end is 0
// when no sentence names any of them. It is how a fact's record
// (core.WhyStep) points into its episode without copying its text.
func Evidence(content, fact string, names ...string) (start, end int) {
	if content == "" {
		return 0, 0
	}
	s := SpansOf(core.Episode{Content: content}, len(content)+1)
	factWords := stems(fact)
	best := 0
	for i := 0; i < s.Len(); i++ {
		a, b := s.bounds[i], s.bounds[i+1]
		sent := content[a:b]
		lower := strings.ToLower(sent)
		score := 0
		for _, n := range names {
			if namedIn(lower, n) {
				score += 100
			}
		}
		if score == 0 {
			continue
		}
		words := stems(sent)
		for w := range factWords {
			if words[w] {
				score++
			}
		}
		if score > best {
			best = score
			start, end = a, a+len(strings.TrimRightFunc(sent, unicode.IsSpace))
		}
	}
	return start, end
}

// namedIn reports whether the lowercase sentence names name: the whole
// name, or one of its words of three letters or more, as whole words.
func namedIn(lower, name string) bool {
	name = strings.ToLower(strings.TrimSpace(name))
	if name == "" {
		return false
	}
	if wordIn(lower, name) {
		return true
	}
	for _, w := range strings.FieldsFunc(name, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if len(w) >= 3 && wordIn(lower, w) {
			return true
		}
	}
	return false
}

// wordIn reports whether w occurs in s between non-letters.
func wordIn(s, w string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		a, b := i+j, i+j+len(w)
		if (a == 0 || !isWordByte(s[a-1])) && (b == len(s) || !isWordByte(s[b])) {
			return true
		}
		i = a + 1
	}
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 0x80
}

// stems are the first four letters of the words of s of three letters or
// more, lowercased.
func stems(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if len(w) < 3 {
			continue
		}
		if len(w) > 4 {
			w = w[:4]
		}
		out[w] = true
	}
	return out
}
