package core

import (
	"strings"
	"unicode"
)

// NormalizeName returns the key two entity names must share to be the same
// name: lower case, punctuation at either end removed, inner runs of space
// collapsed to one. "  Alice  SMITH. " and "alice smith" share the key
// "alice smith".
func NormalizeName(name string) string {
	var b strings.Builder
	b.Grow(len(name))
	space := false
	for _, r := range strings.TrimFunc(name, func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsPunct(r) && r != '&' && r != '+' && r != '#'
	}) {
		if unicode.IsSpace(r) {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}
