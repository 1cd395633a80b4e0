package main

import (
	"regexp"
	"slices"
	"strings"
)

// Defined terms. A contract or a formal letter names a party once and
// then calls it by a term it defines in brackets: `Fjordhus Eiendom AS
// (the "Landlord") … The Landlord lets to the Tenant …`. The term is
// that party wherever the text uses it afterwards, so the text is read
// with the name in the term's place and the definition left out.

// definition matches a name of capitalised words (or digits, "&" and
// the like) followed by a bracketed term in quotes: `Acme Ltd (the
// "Company")`, `Ann Berg ("the Seller")`, `Kline LLP (hereinafter
// "Counsel")`.
var definition = regexp.MustCompile(`((?:[\p{Lu}0-9][\p{L}0-9&.'’-]*\s+){0,6}[\p{Lu}0-9][\p{L}0-9&.'’-]*)\s*\(\s*(?:(?:hereinafter|hereafter)\s+(?:called\s+|referred\s+to\s+as\s+)?)?(?:the\s+)?["“]\s*(?:the\s+)?(\p{Lu}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*){0,3})\s*["”]\s*\)`)

// definedTerm is a term and the name it stands for.
type definedTerm struct{ name, term string }

// definedTerms returns text with each term it defines replaced by the
// name it defines after its definition, and the definitions left out;
// the terms earlier texts defined ("the Tenant", in a letter after the
// lease) are replaced throughout. It returns the terms the text itself
// defines too. Text with no term is returned as it is.
func definedTerms(text string, earlier []definedTerm) (string, []definedTerm) {
	var ms [][]int
	if strings.Contains(text, "(") {
		ms = definition.FindAllStringSubmatchIndex(text, -1)
	}
	if len(ms) == 0 && len(earlier) == 0 {
		return text, nil
	}
	ts := slices.Clone(earlier)
	var b strings.Builder
	last := 0
	for _, m := range ms {
		name := strings.TrimRight(text[m[2]:m[3]], ".")
		t := text[m[4]:m[5]]
		if strings.EqualFold(name, t) {
			continue
		}
		// The definition goes; the name stays.
		b.WriteString(text[last:m[3]])
		last = m[1]
		ts = append(ts, definedTerm{name: name, term: t})
	}
	b.WriteString(text[last:])
	out := b.String()
	for _, t := range ts {
		// "the Landlord", "The Landlord's", "Landlord": the word with
		// its capital, not inside a longer name ("Counsel Services
		// Ltd"), which "the" does not open ("the Tenant Unit 3").
		re := regexp.MustCompile(`(\b[Tt]he\s+)?\b` + regexp.QuoteMeta(t.term) + `\b(\s+\p{Lu})?`)
		at := 0
		if !slices.Contains(earlier, t) {
			if at = strings.Index(out, t.name); at < 0 {
				continue
			}
			at += len(t.name)
		}
		var b strings.Builder
		b.WriteString(out[:at])
		last := at
		for _, m := range re.FindAllStringSubmatchIndex(out[at:], -1) {
			if m[2] < 0 && m[4] >= 0 {
				continue
			}
			b.WriteString(out[last : at+m[0]])
			b.WriteString(t.name)
			last = at + m[1]
			if m[4] >= 0 {
				last = at + m[4]
			}
		}
		b.WriteString(out[last:])
		out = b.String()
	}
	return out, ts[len(earlier):]
}
