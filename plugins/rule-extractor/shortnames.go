package main

import (
	"slices"
	"strings"
	"unicode"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// An organisation is often named in full once and then by its
// distinctive words alone: "Halvorsen University" and then "Halvorsen",
// "Brenna Foods Ltd." and then "Brenna Foods", "Kelso Rovers" and then
// "Kelso". The words dropped are generic: an organisation's head noun
// ("University", "Clinic"), a club's word ("United", "FC") or a
// corporate suffix. Industry words are not generic ("Vertex
// Pharmaceuticals" is not "Vertex"), and a place is never the short form
// of an organisation named after it, so the short name must not be known
// as a place or a person.

// nameWords returns the lower-case words of a name without punctuation
// around them and without a leading "the".
func nameWords(name string) []string {
	var ws []string
	for _, f := range strings.Fields(strings.ToLower(name)) {
		w := strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '&' })
		if w != "" {
			ws = append(ws, w)
		}
	}
	if len(ws) > 1 && ws[0] == "the" {
		ws = ws[1:]
	}
	return ws
}

// genericOrgWord reports whether w may be dropped from the end of an
// organisation's name without changing what it names.
func genericOrgWord(w string) bool {
	return orgHeads.has(w) || clubWords.has(w) || corpSuffixes.has(w) || corpSuffixes.has(w+".")
}

// orgShortForm reports whether the words short name the organisation
// long names: long begins with all of short's words and goes on with
// generic words only.
func orgShortForm(short, long []string) bool {
	if len(short) == 0 || len(long) <= len(short) {
		return false
	}
	if len(long[0]) <= 3 && clubWords.has(long[0]) && short[0] != long[0] {
		// "Varnholm" for "FC Varnholm": a club's letters before its
		// name.
		return slices.Equal(short, long[1:]) || orgShortForm(short, long[1:])
	}
	for i, w := range short {
		if long[i] != w {
			return false
		}
	}
	rest := long[len(short):]
	for i, w := range rest {
		if genericOrgWord(w) {
			continue
		}
		// "Trinity" for "Trinity College Dublin": a school or a firm
		// named with its town after its generic word.
		if _, c, ok := nlp.Noun(w); i > 0 && i == len(rest)-1 && ok && c&(nlp.ClassCity|nlp.ClassCountry) != 0 {
			continue
		}
		return false
	}
	return true
}

// leadWord reports whether the one word short is the first word of the
// longer name long: within one text, "Sunmere" after "Sunmere Airways"
// is the airline, though "Airways" is not a generic word (across texts
// the two may be different firms, so only orgShortForm holds there).
func leadWord(short, long []string) bool {
	return len(short) == 1 && len(long) > 1 && len(short[0]) > 2 && short[0] == long[0]
}

// orgKinds reports whether an entity of kind k may be an organisation
// for short-form merging: an organisation, a team or unknown.
func orgKinds(k kind) bool {
	return k == kindOrg || k == kindTeam || k == kindNone
}

// clubOf returns the organisation of the episode whose name ends in the
// one word of name, a plural ("Rovers" after "Kelderwick Rovers"), when
// exactly one does.
func (r *registry) clubOf(name string) *entity {
	short := nameWords(name)
	var match *entity
	for _, e := range r.list {
		if e.kind != kindOrg && e.kind != kindTeam || !nickname(short, nameWords(e.name)) {
			continue
		}
		if match != nil {
			return nil
		}
		match = e
	}
	return match
}

// orgAliases maps the key of each short organisation name of an episode
// to the one fuller name it abbreviates, when exactly one fits and at
// least one of the two is known to be an organisation or a team.
func (r *registry) orgAliases(out map[string]string) {
	words := make([][]string, len(r.list))
	for i, e := range r.list {
		words[i] = nameWords(e.name)
	}
	for si, short := range r.list {
		if short.speaker || !orgKinds(short.kind) {
			continue
		}
		if _, done := out[r.key(short.name)]; done {
			continue
		}
		var match *entity
		n := 0
		for li, long := range r.list {
			if long == short || !orgKinds(long.kind) || long.kind == kindNone && short.kind == kindNone {
				continue
			}
			if orgShortForm(words[si], words[li]) || long.kind != kindNone && (nickname(words[si], words[li]) || leadWord(words[si], words[li])) {
				match = long
				n++
			}
		}
		if n == 1 {
			out[r.key(short.name)] = match.name
			match.confirmed = match.confirmed || short.confirmed
		}
	}
}

// orgLedBy returns the one organisation of the episode whose name's
// first word is the one word name, or nil.
func (r *registry) orgLedBy(name string) *entity {
	short := nameWords(name)
	var match *entity
	for _, e := range r.list {
		if e.kind != kindOrg || !leadWord(short, nameWords(e.name)) {
			continue
		}
		if match != nil {
			return nil
		}
		match = e
	}
	return match
}

// clubTies are the relations whose object is an organisation or a team.
var clubTies = words("PLAYS_FOR COACHES MEMBER_OF WORKS_AT")

// prevClub returns the one club or organisation the previous episodes'
// facts name whose name ends in word ("Riverside Rovers" for "Rovers"),
// or "".
func (x *extraction) prevClub(word string) string {
	if len(x.previous) == 0 || !strings.HasSuffix(word, "s") && !clubWords.has(word) {
		// A club goes by a plural ("Rovers", "Hawks") or a club's
		// word ("United"); the previous episodes are read only then.
		return ""
	}
	found := ""
	for _, f := range x.previousFacts() {
		// The organisation of a tie ("signed for", "coaches", "works
		// at") or an office's ("the captain of"): never a person whose
		// surname ends so ("Wielgus").
		var names []string
		if clubTies.has(f.Relation) {
			names = append(names, f.Target)
		}
		if officeRelation(f.Relation) {
			names = append(names, f.Source)
		}
		for _, n := range names {
			if ws := nameWords(n); len(ws) < 2 || ws[len(ws)-1] != word || len(word) < 4 || corpSuffixes.has(word) {
				continue
			}
			if found != "" && !strings.EqualFold(found, n) {
				return ""
			}
			found = n
		}
	}
	return found
}

// prevLongName returns the one longer name of an organisation the
// previous episodes' facts gave that opens with the single word short
// ("Ironside" for "Ironside Gym"), or "".
func (x *extraction) prevLongName(short string) string {
	if short == "" || strings.Contains(short, " ") || len(x.previous) == 0 {
		return ""
	}
	if e := x.reg.get(short); e != nil && e.kind != kindNone {
		return ""
	}
	long := ""
	for _, f := range x.previousFacts() {
		for _, n := range []string{f.Source, f.Target} {
			w := strings.Fields(n)
			if len(w) < 2 || !strings.EqualFold(w[0], short) || x.prevTypes[x.reg.key(n)] != "Organization" {
				// An organisation's, not a plan's ("Lumora Family").
				continue
			}
			if long != "" && !strings.EqualFold(long, n) {
				return ""
			}
			long = n
		}
	}
	return long
}
