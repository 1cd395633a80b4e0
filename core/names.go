package core

import (
	"slices"
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

// Acronym returns the lower-case initials of a name of two or more words,
// leaving out small words and corporate suffixes: "International Business
// Machines Corp." and "Bank of America" give "ibm" and "ba". Names of one
// word give "". Entity resolution looks names up by acronym both ways, so
// that "IBM" and "International Business Machines" meet as candidates.
func Acronym(name string) string {
	words := strings.FieldsFunc(name, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '&' })
	var b strings.Builder
	for _, w := range words {
		lw := strings.ToLower(w)
		if acronymSkip[lw] {
			continue
		}
		r := []rune(lw)
		if !unicode.IsLetter(r[0]) {
			continue
		}
		b.WriteRune(r[0])
	}
	if b.Len() < 2 {
		return ""
	}
	return b.String()
}

var acronymSkip = map[string]bool{
	"of": true, "and": true, "the": true, "for": true, "&": true, "de": true, "la": true, "at": true, "in": true,
	"corp": true, "corporation": true, "inc": true, "incorporated": true, "ltd": true, "llc": true, "co": true,
	"company": true, "gmbh": true, "plc": true, "ag": true, "sa": true,
}

// AliasesAttribute is the entity attribute that lists the other names an
// entity was found under (the names merged into it, and its former names),
// so that a merge can be seen.
const AliasesAttribute = "aliases"

// Aliases returns the other names of an entity (AliasesAttribute), in
// order.
func (en Entity) Aliases() []string {
	var out []string
	switch v := en.Attributes[AliasesAttribute].(type) {
	case []string:
		out = slices.Clone(v)
	case []any:
		for _, a := range v {
			if s, ok := a.(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}
