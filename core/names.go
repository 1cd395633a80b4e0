package core

import (
	"maps"
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

// WithAlias returns en with name added to its aliases (AliasesAttribute,
// kept sorted) and true; en unchanged and false when name is empty, is
// en's name or already one of its aliases, up to NormalizeName. en's
// Attributes are copied, never changed in place.
func (en Entity) WithAlias(name string) (Entity, bool) {
	name = strings.TrimSpace(name)
	if name == "" || NormalizeName(name) == NormalizeName(en.Name) {
		return en, false
	}
	as := en.Aliases()
	if slices.ContainsFunc(as, func(a string) bool { return NormalizeName(a) == NormalizeName(name) }) {
		return en, false
	}
	as = append(as, name)
	slices.Sort(as)
	attrs := maps.Clone(en.Attributes)
	if attrs == nil {
		attrs = map[string]any{}
	}
	list := make([]any, len(as))
	for i, a := range as {
		list[i] = a
	}
	attrs[AliasesAttribute] = list
	en.Attributes = attrs
	return en, true
}

// CompatibleWith reports whether an extracted entity may be the stored
// entity c: their types (labels, or the "kind" attribute extractors set
// when the ontology has no type) do not contradict each other. Neither
// resolution nor consolidation binds entities that are not.
func (x ExtractedEntity) CompatibleWith(c Entity) bool {
	if x.Type != "" && len(c.Labels) > 0 && !slices.ContainsFunc(c.Labels, func(l string) bool { return strings.EqualFold(l, x.Type) }) {
		return false
	}
	xk, _ := x.Attributes["kind"].(string)
	ck, _ := c.Attributes["kind"].(string)
	return xk == "" || ck == "" || strings.EqualFold(xk, ck)
}
