package main

import (
	"slices"
	"strings"
	"unicode"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// resolveEntities is the mnemo_resolve_entities handler. The pipeline has
// already merged equal normalized names and near-identical spellings; the
// questions left are the ones that need knowledge of names: acronyms,
// partial names, honorifics, corporate suffixes, plurals and typos.
func resolveEntities(req abi.ResolveEntitiesRequest) (abi.ResolveEntitiesResponse, error) {
	resp := abi.ResolveEntitiesResponse{Answers: make([]abi.EntityAnswer, 0, len(req.Questions))}
	for _, q := range req.Questions {
		resp.Answers = append(resp.Answers, resolveEntity(q))
	}
	return resp, nil
}

// Strengths of a name match, best first.
const (
	nameNoMatch = iota
	namePartial // "Alice" ↔ "Alice Smith", "Halvorsen" ↔ "Halvorsen University": needs a unique candidate
	nameVariant // plural, possessive, typo
	nameAcronym // "IBM" ↔ "International Business Machines"
	nameCore    // equal once honorifics, suffixes and "the" are gone
)

// nameInfo is a name prepared for comparison.
type nameInfo struct {
	raw   string
	core  []string // lower-case words without honorific, suffix, "the"
	words int      // words of the raw name, honorifics left out
	extra bool     // the raw name has an honorific or a corporate suffix
	kind  kind
	acro  string // the letters of a one-word name in capitals, for acronyms
}

// describeName prepares a name of kind k.
func describeName(name string, k kind) nameInfo {
	n := nameInfo{raw: name, kind: k}
	var ws []string
	for _, f := range strings.Fields(strings.ToLower(name)) {
		w := strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '&' })
		w = strings.TrimSuffix(w, "'s")
		if w != "" {
			ws = append(ws, w)
		}
	}
	for len(ws) > 1 && (honorifics.has(ws[0]) || honorifics.has(ws[0]+".") || ws[0] == "the") {
		if ws[0] != "the" {
			n.extra = true
		}
		ws = ws[1:]
	}
	if len(ws) == 2 && idNouns.has(ws[0]) && looksLikeID(ws[1]) {
		ws = ws[1:]
	}
	n.words = len(ws)
	for len(ws) > 1 && corpSuffixes.has(ws[len(ws)-1]) {
		n.extra = true
		ws = ws[:len(ws)-1]
	}
	if (k == kindPlan || k == kindVaccine) && len(ws) > 1 && classNouns[ws[len(ws)-1]] == k {
		// "the Pro subscription" is the plan called Pro, "the MMR
		// booster" the vaccine called MMR.
		n.extra = true
		ws = ws[:len(ws)-1]
	}
	n.core = ws
	if len(ws) == 1 && !strings.ContainsFunc(name, unicode.IsLower) {
		var b strings.Builder
		for _, r := range ws[0] {
			if unicode.IsLetter(r) {
				b.WriteRune(r)
			}
		}
		if l := b.Len(); l >= 2 && l <= 6 {
			n.acro = b.String()
		}
	}
	return n
}

// coreString joins the core words.
func (n *nameInfo) coreString() string { return strings.Join(n.core, " ") }

// initials returns the initials of the core words, with and without small
// words ("of", "and", "the"): "Bank of America" gives "boa" and "ba".
func (n *nameInfo) initials() (all, content string) {
	var a, c strings.Builder
	for _, w := range n.core {
		r := []rune(w)[0]
		a.WriteRune(r)
		if !smallWords.has(w) {
			c.WriteRune(r)
		}
	}
	return a.String(), c.String()
}

// smallWords are left out of acronyms.
var smallWords = words("of and the for & de in on at a an")

// entityKind returns the kind of an entity from its ontology type or
// labels, its "kind" attribute, or a strong cue in its name.
func entityKind(types []string, attrs map[string]any, name string) kind {
	for _, t := range types {
		if k := kindOfTypeName(t); k != kindNone {
			return k
		}
	}
	if s, ok := attrs["kind"].(string); ok {
		if k := kindOfTypeName(s); k != kindNone {
			return k
		}
	}
	toks := tokenize(name)
	var words []token
	for _, t := range toks {
		if t.word {
			words = append(words, t)
		}
	}
	if len(words) == 0 {
		return kindNone
	}
	if k, str := guessKind(words); str >= strCue {
		return k
	}
	return kindNone
}

// compatible reports whether two kinds can be the same entity: equal, or
// one unknown.
func compatible(a, b kind) bool {
	return a == kindNone || b == kindNone || a == b
}

// compareNames returns how strongly two names of compatible kinds denote
// the same entity.
func compareNames(a, b nameInfo) int {
	ac, bc := a.coreString(), b.coreString()
	if ac == "" || bc == "" {
		return nameNoMatch
	}
	if ac == bc {
		return nameCore
	}
	if foldMarks(ac) == foldMarks(bc) {
		// "Selin Aydın", "Selin Aydin": one name with and without its
		// marks.
		return nameVariant
	}
	if isAcronymOf(a, b) || isAcronymOf(b, a) {
		return nameAcronym
	}
	if ac+"s" == bc || bc+"s" == ac || ac+"es" == bc || bc+"es" == ac {
		return nameVariant
	}
	// A typo: same number of words and a small edit distance, between
	// names of places, organisations and things only. People's names one
	// letter apart are different people (Jon Berg, Jon Borg; Renée, René),
	// and identifiers one character apart different orders (ORD-1001,
	// ORD-1002), unless something else than the spelling says otherwise.
	if len(a.core) == len(b.core) && typoKind(a) && typoKind(b) {
		short := min(len(ac), len(bc))
		d := editDistance(ac, bc)
		if short >= 6 && d <= 1 || short >= 12 && d <= 2 {
			return nameVariant
		}
	}
	person := (a.kind == kindPerson || b.kind == kindPerson) && compatible(a.kind, b.kind)
	if person && (isPartOf(a, b) || isPartOf(b, a) || leadingWords(a, b) || leadingWords(b, a)) {
		return namePartial
	}
	if (person || a.kind == kindNone && b.kind == kindNone) && (titledName(a, b) || titledName(b, a)) {
		// The job title says a person is named, typed or not.
		return namePartial
	}
	if person && (shortFirst(a, b) || shortFirst(b, a)) {
		// "Gwen" for "Gwendolyn Achterberg".
		return namePartial
	}
	// "the Volvo" for "Volvo V70": a thing by its make.
	product := (a.kind == kindProduct || b.kind == kindProduct) && compatible(a.kind, b.kind)
	if product && (len(a.core) == 1 && len(b.core) > 1 && a.core[0] == b.core[0] || len(b.core) == 1 && len(a.core) > 1 && b.core[0] == a.core[0]) {
		return namePartial
	}
	// "Halvorsen" and "Halvorsen University": an organisation's short
	// form, unique among the candidates like a first name.
	org := orgKinds(a.kind) && orgKinds(b.kind) && (a.kind != kindNone || b.kind != kindNone)
	if org && (orgShortForm(a.core, b.core) || orgShortForm(b.core, a.core) || tradeShortForm(a, b) || tradeShortForm(b, a)) {
		return namePartial
	}
	// "the Herons" for "Harrowgate Herons", "Rovers" for "Kelderwick
	// Rovers": a club's plural name without its town.
	if org && (nickname(a.core, b.core) || nickname(b.core, a.core)) {
		return namePartial
	}
	return nameNoMatch
}

// nickname reports whether the one word short is the plural last word of
// the longer name long, the way a club is called without its town.
func nickname(short, long []string) bool {
	if len(short) != 1 || len(long) < 2 {
		return false
	}
	w := short[0]
	return w == long[len(long)-1] && len(w) > 3 && strings.HasSuffix(w, "s") && !orgHeads.has(w) && !corpSuffixes.has(w)
}

// typoKind reports whether a name may be a misspelling of another of the
// same kind: a known kind other than a person, and no digits.
func typoKind(n nameInfo) bool {
	switch n.kind {
	case kindNone, kindPerson, kindIdentifier, kindDate:
		return false
	}
	return !strings.ContainsAny(n.coreString(), "0123456789")
}

// isAcronymOf reports whether short is an acronym of long.
func isAcronymOf(short, long nameInfo) bool {
	if short.acro == "" || len(long.core) < 2 {
		return false
	}
	all, content := long.initials()
	return short.acro == all || short.acro == content
}

// shortFirst reports whether the one-word name short is a short form of
// the first name of long: its first three letters or more, as "Gwen" is
// of "Gwendolyn Achterberg" and "Tav" of "Tavish".
func shortFirst(short, long nameInfo) bool {
	if len(short.core) != 1 || len(long.core) < 1 {
		return false
	}
	w, f := short.core[0], long.core[0]
	return len(w) >= 3 && len(f) > len(w) && strings.HasPrefix(f, w)
}

// foldMarks returns s without its letters' marks ("aydın" → "aydin").
func foldMarks(s string) string {
	var b strings.Builder
	for _, r := range s {
		if f, ok := markless[r]; ok {
			b.WriteRune(f)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// markless maps the marked Latin letters of names to their base letter.
var markless = func() map[rune]rune {
	m := map[rune]rune{}
	for base, marked := range map[rune]string{
		'a': "àáâãäåāăą", 'c': "çćčĉċ", 'd': "ďđ", 'e': "èéêëēĕėęě", 'g': "ğĝġģ", 'h': "ĥħ",
		'i': "ìíîïīĭįı", 'j': "ĵ", 'k': "ķ", 'l': "ĺļľŀł", 'n': "ñńņňŉ", 'o': "òóôõöøōŏő",
		'r': "ŕŗř", 's': "śŝşšș", 't': "ţťŧț", 'u': "ùúûüũūŭůűų", 'w': "ŵ", 'y': "ýÿŷ", 'z': "źżž",
	} {
		for _, r := range marked {
			m[r] = base
		}
	}
	return m
}()

// isPartOf reports whether the one-word name short is the first or the
// last word of the longer name long, or with an honorific any word after
// the first.
func isPartOf(short, long nameInfo) bool {
	if len(short.core) != 1 || len(long.core) < 2 {
		return false
	}
	w := short.core[0]
	if short.extra && slices.Contains(long.core[1:], w) && !possessed(long) {
		// "Mr. Quispe" for "Raúl Quispe Mamani": with an honorific, a
		// surname, the first of two as well as the last.
		return true
	}
	return w == long.core[0] || w == long.core[len(long.core)-1]
}

// leadingWords reports whether the name short, of two words or more, is the
// first words of the longer name long: a given name and a first surname
// ("Raúl Quispe" of "Raúl Quispe Mamani").
func leadingWords(short, long nameInfo) bool {
	if len(short.core) < 2 || len(long.core) <= len(short.core) || possessed(long) {
		return false
	}
	return slices.Equal(short.core, long.core[:len(short.core)])
}

// titledName reports whether long is the name short, of two words or
// more, after a job title: "Charge Nurse Obinna Eze" for "Obinna Eze".
func titledName(short, long nameInfo) bool {
	n := len(long.core) - len(short.core)
	if len(short.core) < 2 || n < 1 || !slices.Equal(short.core, long.core[n:]) {
		return false
	}
	return isJobHead(long.core[n-1])
}

// tradeShortForm reports whether short names the company long names
// with a corporate suffix, its trade word left out: "Ashgrove" for
// "Ashgrove Grain Co.".
func tradeShortForm(short, long nameInfo) bool {
	n := len(short.core)
	if !long.extra || n == 0 || len(long.core) != n+1 || !slices.Equal(short.core, long.core[:n]) {
		return false
	}
	return businessWord(long.core[n]) || industryHeads.has(long.core[n])
}

// possessed reports whether a name names someone by another's name:
// "Grace Whitlock's brother" is not Grace Whitlock.
func possessed(n nameInfo) bool {
	return strings.Contains(n.raw, "'s ") || strings.Contains(n.raw, "’s ")
}

// editDistance is the optimal string alignment distance between a and b
// (insertions, deletions, substitutions and adjacent transpositions).
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// resolveEntity answers one question: the candidate with the strongest
// match wins; a partial name ("Alice") merges only when exactly one
// candidate shares it, so that two Alices stay apart.
func resolveEntity(q abi.EntityQuestion) abi.EntityAnswer {
	ans := abi.EntityAnswer{ID: q.ID}
	var types []string
	if q.Entity.Type != "" {
		types = []string{q.Entity.Type}
	}
	x := describeName(q.Entity.Name, entityKind(types, q.Entity.Attributes, q.Entity.Name))
	best, bestScore, partials := -1, nameNoMatch, 0
	var cands []nameInfo
	for i, c := range q.Candidates {
		cn := describeName(c.Name, entityKind(c.Labels, c.Attributes, c.Name))
		cands = append(cands, cn)
		if !compatible(x.kind, cn.kind) {
			continue
		}
		s := compareNames(x, cn)
		if s < nameCore && aliasOf(q.Entity.Name, c.Attributes) {
			// "Dev" after "Dev (Devendra Iyer, …)" gave Devendra Iyer
			// the alias.
			s = nameCore
		}
		if s == namePartial {
			partials++
		}
		if s > bestScore {
			best, bestScore = i, s
		}
	}
	if best < 0 || bestScore == namePartial && (partials > 1 || sharedGivenName(x, cands) > 1) {
		return ans
	}
	ans.DuplicateOf = q.Candidates[best].UUID
	if moreComplete(x, cands[best]) {
		ans.Name = q.Entity.Name
	}
	return ans
}

// aliasOf reports whether name is one of the aliases in an entity's
// attributes.
func aliasOf(name string, attrs map[string]any) bool {
	as, _ := attrs["aliases"].([]any)
	for _, a := range as {
		if s, ok := a.(string); ok && strings.EqualFold(strings.TrimSpace(s), strings.TrimSpace(name)) {
			return true
		}
	}
	return false
}

// sharedGivenName counts the candidate people (or entities of unknown
// kind) whose first word is x's first word.
func sharedGivenName(x nameInfo, cands []nameInfo) int {
	if len(x.core) == 0 {
		return 0
	}
	n := 0
	for _, c := range cands {
		if len(c.core) > 0 && c.core[0] == x.core[0] && compatible(x.kind, c.kind) {
			n++
		}
	}
	return n
}

// moreComplete reports whether name a says more than name b: more words,
// or as many words and an honorific or corporate suffix b lacks.
func moreComplete(a, b nameInfo) bool {
	if a.words != b.words {
		return a.words > b.words
	}
	return a.extra && !b.extra
}
