package main

import (
	"encoding/json"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// Context: whom "he", "she", "her" and "it" mean, and which organisation
// a title belongs to when the sentence does not say. Pronouns are resolved
// from the conversation, not from lists of first names: a candidate is a
// person named before the pronoun in the utterance (a name the episode
// has shown to be a person, or a full name of two or three capitalized
// words that nothing shows to be anything else), and failing one, the
// last person named in the previous episodes.

// named is a name mentioned in the utterance, in order.
type named struct {
	name string
	// sent and pos place the mention: its sentence and first token.
	sent, pos int
	// called is set for a name called out ("Ross!!", "Hey, Tom"): the
	// one spoken to, whom no "he" or "she" means.
	called bool
}

// personLike reports whether a name of unknown kind may be a person's
// full name: two or three capitalized words, no acronym, no cue of
// another kind.
func personLike(name string) bool {
	n := 0
	fs := strings.Fields(name)
	for i, w := range fs {
		if r, size := utf8.DecodeRuneInString(w); i > 0 && i < len(fs)-1 && size == len(w) && r > unicode.MaxASCII && unicode.IsUpper(r) {
			// "Tadhg Ó Murchú": an Irish patronymic particle.
			continue
		}
		n++
		r, _ := utf8.DecodeRuneInString(w)
		if n > 3 || !unicode.IsUpper(r) || !strings.ContainsFunc(w, unicode.IsLower) || connectors.has(w) {
			return false
		}
	}
	if n >= 2 {
		if l := strings.ToLower(fs[len(fs)-1]); tradePlurals.has(l) || industryHeads.has(l) || corpSuffixes.has(l) {
			// "Penhallow Builders", "Brackley Freight": a firm.
			return false
		}
	}
	return n >= 2
}

// isPerson reports whether the episode takes a name for a person when
// resolving a pronoun.
func (x *extraction) isPerson(name string) bool {
	e := x.reg.get(name)
	if e == nil || e.speaker {
		return false
	}
	return e.kind == kindPerson || e.kind == kindPet || e.kind == kindNone && personLike(e.name)
}

// maybePerson reports whether a name of no known kind may be a person's:
// one capitalized word the episode shows to be nothing else.
func (x *extraction) maybePerson(name string) bool {
	e := x.reg.get(name)
	if e == nil || e.speaker || e.kind != kindNone || strings.Contains(e.name, " ") || speechSound(e.name) || pluralOfPeople(e.name) {
		// "the pilgrims bringing the Indians": people in the plural are
		// no "she".
		return false
	}
	r, _ := utf8.DecodeRuneInString(e.name)
	return unicode.IsUpper(r) && strings.ContainsFunc(e.name, unicode.IsLower)
}

// speechSound reports whether a word written with a capital is a sound of
// speech or a stammer, in each of its hyphened parts ("Ooh", "Hm-mmm",
// "She'll-she"), which names no one.
func speechSound(name string) bool {
	for p := range strings.SplitSeq(name, "-") {
		w, _, _ := strings.Cut(strings.ToLower(p), "'")
		if !sound(p) && !personalPronouns.has(w) {
			return false
		}
	}
	return true
}

// personalPronouns are the personal pronouns, subject and object.
var personalPronouns = words("i you he she it we they me him her us them")

// isOrg reports whether the episode takes a name for an organisation.
func (x *extraction) isOrg(name string) bool {
	e := x.reg.get(name)
	return e != nil && e.kind == kindOrg
}

// placeStandIns are nouns that, after "the", stand for the address being
// talked about.
var placeStandIns = words("property house flat apartment premises")

// isAddress reports whether the episode takes a name for a street
// address or a numbered unit ("14 Brisling Row", "Unit 7").
func (x *extraction) isAddress(name string) bool {
	e := x.reg.get(name)
	if e == nil || e.kind != kindLocation {
		return false
	}
	f := strings.Fields(name)
	return len(f) >= 2 && (f[0][0] >= '0' && f[0][0] <= '9' || numberedNouns.has(strings.ToLower(f[0])) && f[1][0] >= '0' && f[1][0] <= '9')
}

// sameByFirstName drops from a list of people a one-word name that is the
// first word of a longer name of the list ("Re: Linda Marchetti … Thank
// you for referring Linda. She …"): one person, whom "she" may mean.
func sameByFirstName(names []string) []string {
	if len(names) < 2 {
		return names
	}
	out := names[:0:0]
	for _, n := range names {
		short := !strings.Contains(n, " ")
		dup := false
		for _, m := range names {
			if short && m != n && strings.HasPrefix(m, n+" ") {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, n)
		}
	}
	return out
}

// thirdAt resolves "he", "she" or "her" said at token pos of the current
// sentence: the one candidate person named before it, other than the
// names in exclude (the clause's own subjects: "Ann and Bo report to her"
// is not about Ann); among several, the last person who was a subject;
// with none in the utterance, the last person of the previous episodes.
func (sc *sentCtx) thirdAt(pos int, exclude ...ref) string {
	u := sc.u
	// A third-person pronoun means neither the one speaking nor the one
	// spoken to, under the names the conversation gave them either.
	self, to := "", ""
	if voiceLabel(u.speaker) || strings.EqualFold(u.speaker, userName) {
		// "hi, it's Valentina again … her brother": the user's own name.
		self = u.x.identityKey(u.speaker)
	}
	if voiceLabel(u.other) {
		to = u.x.identityKey(u.other)
	}
	g := pronounGender(lowerAt(sc.toks, pos))
	skip := func(name string) bool {
		if u.x.otherGender(name, g) {
			return true
		}
		if u.x.recordSubject != "" && u.x.reg.key(name) == u.x.reg.key(u.x.recordSubject) {
			// "Employee: Mei-Ling Tan … she will report to": a record is
			// told from its subject's side, but of them in the third
			// person.
			return false
		}
		if name == u.speaker || name == u.other {
			return true
		}
		if k := u.x.reg.key(name); k != "" && (k == self || k == to || u.x.identityKey(name) == self && self != "") {
			return true
		}
		for _, r := range exclude {
			if r.name != "" && u.x.reg.key(r.name) == u.x.reg.key(name) {
				return true
			}
		}
		return false
	}
	// named returns the names before pos that pass ok, each once.
	named := func(ok func(string) bool) []string {
		var out []string
		seen := map[string]bool{}
		for _, n := range u.mentions {
			if n.sent == u.sent && n.pos >= pos {
				break
			}
			key := u.x.reg.key(n.name)
			if seen[key] || n.called || skip(n.name) || !ok(n.name) {
				continue
			}
			seen[key] = true
			out = append(out, n.name)
		}
		return out
	}
	cands := sameByFirstName(named(u.x.isPerson))
	if len(cands) == 0 {
		// No known person: a name of no known kind, one word written
		// with a capital where no sentence starts ("I met Celia. She
		// ..."), is the one candidate when it is alone.
		if cands = named(u.x.maybePerson); len(cands) > 1 {
			cands = nil
		}
	}
	switch {
	case len(cands) == 1:
		return cands[0]
	case len(cands) > 1:
		if u.sent-u.lastPersonSubjSent > 1 {
			// "Dagny Solberg will leave. The board confirms the
			// appointment of Olav Berg as CFO. He succeeds …": a subject
			// two sentences back gives way to the one person the
			// sentence before named.
			if recent := named(func(name string) bool { return u.x.isPerson(name) && u.saidIn(name, u.sent-1) }); len(recent) == 1 {
				return recent[0]
			}
		}
		for _, c := range cands {
			if u.lastPersonSubj != "" && u.x.reg.key(c) == u.x.reg.key(u.lastPersonSubj) {
				return c
			}
		}
		return ""
	}
	// The turns just before: "How is your brother Joran?" "He's well."
	for i := len(u.x.earlier) - 1; i >= 0 && i >= len(u.x.earlier)-earlierTurns; i-- {
		ps := u.x.earlier[i]
		for j := len(ps) - 1; j >= 0; j-- {
			if !skip(ps[j]) {
				return ps[j]
			}
		}
	}
	u.x.readPrevious()
	for i := len(u.x.prevPersons) - 1; i >= 0; i-- {
		if p := u.x.prevPersons[i]; !skip(p) {
			return p
		}
	}
	return ""
}

// saidIn reports whether the utterance named name in sentence sent.
func (u *uttCtx) saidIn(name string, sent int) bool {
	k := u.x.reg.key(name)
	for _, n := range u.mentions {
		if n.sent == sent && u.x.reg.key(n.name) == k {
			return true
		}
	}
	return false
}

// earlierTurns is how many turns back "he" and "she" look for whom they
// mean when their own turn names no one.
const earlierTurns = 2

// itAt resolves "it" at token pos: as a subject, the organisation the
// sentence opened with, else the last thing (not a person) that was a
// subject in the utterance; as an object, the last organisation named
// before it.
func (sc *sentCtx) itAt(pos int, subject bool) ref {
	u := sc.u
	if !subject {
		for i := len(u.things) - 1; i >= 0; i-- {
			t := u.things[i]
			if t.sent == u.sent && t.pos < pos {
				return t.r
			}
			if t.sent < u.sent {
				// "The Copper Ladle is still the busiest cafe on
				// Lowgate. Its owner opened it in 2009": a sentence
				// before is spoken of by its subject.
				if s := u.lastThingSubj; s != "" && s != t.r.name && slices.ContainsFunc(u.mentions, func(n named) bool { return n.sent == t.sent && n.name == s }) {
					r := ref{name: s, str: strPattern}
					r.kind = sc.kindOf(r)
					return r
				}
				return t.r
			}
		}
	}
	var lastOrg string
	for _, n := range u.mentions {
		if n.sent == u.sent && n.pos >= pos {
			break
		}
		if !u.x.isOrg(n.name) {
			continue
		}
		if subject && n.sent == u.sent {
			return ref{name: n.name, kind: kindOrg, str: strPattern}
		}
		lastOrg = n.name
	}
	if subject && u.lastThingSubj != "" {
		return ref{name: u.lastThingSubj, str: strPattern}
	}
	if lastOrg != "" {
		return ref{name: lastOrg, kind: kindOrg, str: strPattern}
	}
	return ref{}
}

// contextOrg is the organisation a title without "of X" belongs to: the
// last organisation named in the utterance.
func (sc *sentCtx) contextOrg() ref {
	return sc.contextOrgBefore(len(sc.toks))
}

// contextOrgBefore is contextOrg said before word at of the sentence: "I quit
// my job at the bank and started my own brewery, Crumb & Co" does not
// mean the brewery by "the bank".
//
// Within the sentence the last organisation named before the title is
// meant; across sentences the one the text is about, the last that was a
// sentence's subject, outranks the last one named.
func (sc *sentCtx) contextOrgBefore(at int) ref {
	name := sc.lastNamedBefore(at, sc.u.x.isOrg)
	if name != "" && sc.namedInSentence(name, at) && sc.formerAsideNames(name, at) {
		// "Thorfinn Aas, previously finance director at Garrick
		// Holdings, takes over as CFO": the aside's organisation was
		// his before; the title is the one the text is about.
		name = sc.lastNamedBefore(at, func(n string) bool {
			return sc.u.x.isOrg(n) && !(sc.namedInSentence(n, at) && sc.formerAsideNames(n, at))
		})
	}
	if t := sc.u.topicOrg; t != "" && name != "" && !sc.namedInSentence(name, at) {
		name = t
	}
	if name != "" {
		return ref{name: name, kind: kindOrg, str: strPattern}
	}
	return ref{}
}

// formerWords open an aside that tells what someone was before.
var formerWords = words("previously formerly once earlier")

// formerAsideNames reports whether every mention of name in the sentence
// before word at stands in an aside set off by commas that opens with a
// word of the past ("Thorfinn Aas, previously finance director at
// Garrick Holdings, takes over"), closed before at.
func (sc *sentCtx) formerAsideNames(name string, at int) bool {
	found := false
	for _, n := range sc.u.mentions {
		if n.sent != sc.u.sent || n.pos >= at || n.name != name {
			continue
		}
		open := -1
		for k := n.pos - 1; k >= 0; k-- {
			if sc.toks[k].text == "," {
				open = k
				break
			}
		}
		closed := false
		for k := n.pos; k < at; k++ {
			if sc.toks[k].text == "," {
				closed = true
				break
			}
		}
		if open < 0 || !closed || !formerWords.has(lowerAt(sc.toks, open+1)) {
			return false
		}
		found = true
	}
	return found
}

// recentOrg returns the last organisation named in the sentence before
// word at or in the sentence before it, or none.
func (sc *sentCtx) recentOrg(at int) ref {
	u := sc.u
	for i := len(u.mentions) - 1; i >= 0; i-- {
		n := u.mentions[i]
		if n.sent < u.sent-1 {
			break
		}
		if (n.sent != u.sent || n.pos < at) && u.x.isOrg(n.name) {
			return ref{name: n.name, kind: kindOrg, str: strPattern}
		}
	}
	return ref{}
}

// namedInSentence reports whether name was said in the current sentence
// before word at.
func (sc *sentCtx) namedInSentence(name string, at int) bool {
	for _, n := range sc.u.mentions {
		if n.sent == sc.u.sent && n.pos < at && n.name == name {
			return true
		}
	}
	return false
}

// noteTopicOrg remembers the organisation the sentence's first clause
// has as its own subject, if any.
func (sc *sentCtx) noteTopicOrg() {
	if len(sc.p.Clauses) == 0 {
		// A first line that names an organisation first ("Vasquez & Oduya
		// Engineering Ltd — Minutes of the board meeting"): the text is
		// about it.
		if sc.u.sent == 1 && sc.u.topicOrg == "" {
			for _, n := range sc.u.mentions {
				if n.sent == 1 {
					if sc.u.x.isOrg(n.name) {
						sc.u.topicOrg = n.name
					}
					break
				}
			}
		}
		return
	}
	if sc.u.sent == 1 && sc.u.topicOrg == "" {
		// "HALDEN ROWING CLUB — Minutes of the meeting held on …": a
		// heading set off by a dash names what the text is about.
		for _, n := range sc.u.mentions {
			if n.sent == 1 && n.pos == 0 && sc.u.x.isOrg(n.name) {
				if e := n.pos + len(strings.Fields(n.name)); e < len(sc.toks) && dashes.has(sc.toks[e].text) {
					sc.u.topicOrg = n.name
				}
			}
		}
	}
	// The first clause with a subject of its own: "Quillon Systems,
	// which was founded in 2014 by …, was acquired by Trevane Group"
	// is about Quillon Systems, the relative clause before it
	// notwithstanding.
	var c *nlp.Clause
	for i := range sc.p.Clauses {
		if k := &sc.p.Clauses[i]; !k.Subj.None() && (k.SubjFrom == nlp.SubjOwn || k.SubjFrom == nlp.SubjShared && i > 0) {
			c = k
			break
		}
		if k := &sc.p.Clauses[i]; !k.Relative && k.SubjFrom != nlp.SubjRelative {
			return
		}
	}
	if c == nil {
		return
	}
	p := &sc.p.Phrases[c.Subj.Phrase]
	for _, n := range sc.u.mentions {
		if n.sent == sc.u.sent && n.pos >= p.Start && n.pos < p.End && sc.u.x.isOrg(n.name) {
			sc.u.topicOrg = n.name
			return
		}
	}
}

// lastNamedBefore returns the last name of the utterance said before word
// at of the sentence for which ok holds, or "".
func (sc *sentCtx) lastNamedBefore(at int, ok func(name string) bool) string {
	u := sc.u
	for i := len(u.mentions) - 1; i >= 0; i-- {
		if n := u.mentions[i]; (n.sent != u.sent || n.pos < at) && ok(n.name) {
			return n.name
		}
	}
	return ""
}

// orgStandIns are nouns that, after "the", stand for the organisation
// being talked about ("the board named …", "the company said …").
var orgStandIns = words("board committee trustees directors company firm group business startup bank employer")

// previousPersons scans the last previous episodes for the people they
// name, oldest first: names the words show to be people, full names, and
// names after a kinship noun ("my sister Henrike"). It reads mentions
// only, no relations, to stay cheap.
func previousPersons(prev []abi.Episode, each func(toks []token, m mention)) []string {
	var out []string
	recentMentions(prev, func(p abi.Episode) {
		// {"manager": "Gareth Pryce"}: a record names people too.
		dec := json.NewDecoder(strings.NewReader(p.Content))
		dec.UseNumber()
		if v, err := decodeJSON(dec); err == nil {
			out = jsonPersons(v, "", out, 0)
		}
	}, func(u utterance, speakers map[string]bool, toks []token, m mention) {
		each(toks, m)
		if u.role == roleAssistant || u.role == roleSystem || speakers[m.name] {
			return
		}
		afterKin := m.start > 0 && kinNouns.has(toks[m.start-1].lower) || inKinList(toks, m.start)
		// "Did Rahel ever sell her flat?": a lone word that is no common
		// noun, capitalised inside the sentence, is a name a later "she"
		// may stand for. After a preposition it is more likely a place
		// or a firm ("works at Charité").
		// Opening the sentence, it is one when no dictionary knows it
		// ("Chidi works at Halden Freight").
		lw := strings.ToLower(m.name)
		lone := m.kind == kindNone && m.end-m.start == 1 && (!m.initial || unknownWord(lw) && !strings.Contains(lw, "'")) && !nlp.IsNoun(lw) && !nlp.IsVerb(lw) &&
			(m.start == 0 || !prepositionWords.has(lowerAt(toks, m.start-1)))
		if _, classed := classNouns[lowerAt(toks, m.end)]; classed {
			// "the Lumora Family plan": a name before the noun of a
			// class is a thing's.
			return
		}
		if m.kind == kindPerson || afterKin || m.kind == kindNone && personLike(m.name) || lone {
			out = append(out, m.name)
		}
	})
	return out
}

// recentMentions reads the last four previous episodes in order: each
// record goes to record, and each name their text mentions to mention,
// with its utterance, the episode's speakers and the sentence's words.
// Four: a chat turn often stands in its own episode, and the person a
// reply names may be two turns back ("my roommate Siddharth", a
// question, its answer, then "Siddharth moved out").
func recentMentions(prev []abi.Episode, record func(abi.Episode), mention func(u utterance, speakers map[string]bool, toks []token, m mention)) {
	const scan = 4
	if len(prev) > scan {
		prev = prev[len(prev)-scan:]
	}
	for _, p := range prev {
		if strings.EqualFold(p.Source, "json") {
			if record != nil {
				record(p)
			}
			continue
		}
		speakers := map[string]bool{}
		utts := parseUtterances(p.Content, strings.EqualFold(p.Source, "message"))
		for _, u := range utts {
			speakers[u.speaker] = true
		}
		for _, u := range utts {
			for _, s := range splitSentences(u.text) {
				for _, m := range findMentions(s.toks, make([]bool, len(s.toks))) {
					mention(u, speakers, s.toks, m)
				}
			}
		}
	}
}

// prevNamedByHead returns the last name of two words or more of an
// organisation, team or place the previous episodes say whose last word
// is head ("Choir" for "the choir"), and its kind, or "".
func (x *extraction) prevNamedByHead(head string) (string, kind) {
	x.readPrevNames()
	for i := len(x.prevNames) - 1; i >= 0; i-- {
		n := x.prevNames[i]
		if endsInHead(n.name, head) {
			return n.name, n.kind
		}
	}
	return "", kindNone
}

// prevDescribedAs returns the name a previous episode's copula said is a
// business or an establishment of the noun head: "The Brass Kettle is
// still the busiest cafe on Fenwick Street" makes a later "took over the
// cafe" The Brass Kettle. The previous episodes are extracted only when
// one of them says the noun.
func (x *extraction) prevDescribedAs(head string) string {
	if len(x.previous) == 0 || !businessNouns.has(head) && !orgNouns.has(head) && !establishmentNoun(head) {
		return ""
	}
	said := false
	for _, p := range x.previous {
		if strings.Contains(strings.ToLower(p.Content), head) {
			said = true
		}
	}
	if !said {
		return ""
	}
	x.previousFacts()
	return x.prevDescribed[head]
}

// establishmentNoun reports whether WordNet classes a noun as a building
// or a place of business.
func establishmentNoun(w string) bool {
	_, c, ok := nlp.Noun(w)
	return ok && c&(nlp.ClassFacility|nlp.ClassPlace) != 0
}

// prevSoleOrg returns the one organisation or team the previous episodes
// name, or none when they name none or several.
func (x *extraction) prevSoleOrg() ref {
	x.readPrevNames()
	one := ""
	for _, n := range x.prevNames {
		if n.kind == kindLocation {
			continue
		}
		if one != "" && !strings.EqualFold(one, n.name) {
			return ref{}
		}
		one = n.name
	}
	if one == "" {
		return ref{}
	}
	return ref{name: one, kind: kindOrg, str: strPattern}
}

// readPrevNames reads the names of two words or more of organisations,
// teams and places the previous episodes say, once.
func (x *extraction) readPrevNames() {
	if !x.prevNamesRead {
		x.prevNamesRead = true
		recentMentions(x.previous, nil, func(_ utterance, _ map[string]bool, toks []token, m mention) {
			// A gathering's name too ("the Fjordlys Festival 2024"), and
			// a name of no known kind after "the" ("the Kestrel Chess
			// Circle").
			if m.end-m.start >= 2 && (m.kind == kindOrg || m.kind == kindTeam || m.kind == kindLocation || m.kind == kindEvent || m.kind == kindNone && lowerAt(toks, m.start-1) == "the") {
				x.prevNames = append(x.prevNames, m)
			}
		})
	}
}

// employerOf returns the organisation a person works at by this episode
// or the previous ones, the latest told, or none.
func (sc *sentCtx) employerOf(name string) ref {
	x := sc.u.x
	k := x.reg.key(name)
	for i := len(x.facts) - 1; i >= 0; i-- {
		if f := x.facts[i]; f.rel == "WORKS_AT" && f.invalid.IsZero() && x.reg.key(f.src) == k {
			return ref{name: f.dst, kind: kindOrg, str: strPattern}
		}
	}
	if org := x.previousEmployer(k); org != "" {
		return ref{name: org, kind: kindOrg, str: strPattern}
	}
	return ref{}
}

// prepositionWords are the prepositions a name after which is more
// likely a place or an organisation than a person.
var prepositionWords = words("at in on from to for near into with by of via across around inside outside")

// jsonPersons appends the people a decoded JSON value names: values under
// a key of a person, and full names under a name key.
func jsonPersons(v any, key string, out []string, depth int) []string {
	if depth > maxJSONDepth {
		return out
	}
	switch t := v.(type) {
	case *jsonObject:
		// In the record's order: the last person named stands for a
		// later "he".
		for i, k := range t.keys {
			out = jsonPersons(t.vals[i], k, out, depth+1)
		}
	case []any:
		for _, c := range t {
			out = jsonPersons(c, key, out, depth+1)
		}
	case string:
		if s := strings.TrimSpace(t); personLike(s) && (keyKind(key) == kindPerson || isNameKey(strings.ToLower(key))) {
			out = append(out, s)
		}
	}
	return out
}

// titles maps the words of a title to its canonical name.
var titles = map[string]string{
	"ceo": "CEO", "chief executive": "CEO", "chief executive officer": "CEO",
	"cfo": "CFO", "chief financial officer": "CFO", "finance chief": "CFO",
	"cto": "CTO", "chief technology officer": "CTO", "chief technical officer": "CTO",
	"coo": "COO", "chief operating officer": "COO",
	"cmo": "CMO", "chief marketing officer": "CMO",
	"cio": "CIO", "chief information officer": "CIO",
	"president": "PRESIDENT", "chair": "CHAIR", "chairman": "CHAIR", "chairwoman": "CHAIR", "chairperson": "CHAIR",
	"managing director": "MANAGING_DIRECTOR", "executive director": "EXECUTIVE_DIRECTOR",
	"founder": "FOUNDER", "co-founder": "FOUNDER", "cofounder": "FOUNDER",
	"general counsel": "GENERAL_COUNSEL", "chief legal officer": "GENERAL_COUNSEL", "company secretary": "COMPANY_SECRETARY",
	// Offices of one holder at a time in a club, a school or a team.
	"treasurer": "TREASURER", "principal": "PRINCIPAL", "headteacher": "PRINCIPAL", "head teacher": "PRINCIPAL", "headmaster": "PRINCIPAL", "headmistress": "PRINCIPAL",
	"captain": "CAPTAIN",
}

// titleAt matches a title at toks[i] ("CEO", "chief executive officer",
// "chief people officer") and returns its canonical name and end, or end
// i.
func titleAt(toks []token, i int) (string, int) {
	best, end := "", i
	var words []string
	for j := i; j < len(toks) && j < i+3; j++ {
		if !toks[j].word {
			break
		}
		words = append(words, toks[j].lower)
		if c, ok := titles[strings.Join(words, " ")]; ok {
			if w := lowerAt(toks, j+1); c == "PRINCIPAL" && w != "of" && j+1 < len(toks) && toks[j+1].word && !toks[j+1].cap {
				// "principal designer": an adjective, not the office.
				continue
			}
			best, end = c, j+1
		}
	}
	// "chief X officer": C, the initial of X, O.
	if best == "" && lowerAt(toks, i) == "chief" && lowerAt(toks, i+2) == "officer" && toks[i+1].word {
		r, _ := utf8.DecodeRuneInString(toks[i+1].lower)
		return "C" + strings.ToUpper(string(r)) + "O", i + 3
	}
	return best, end
}

// titleRelation is the relation of an organisation to the holder of a
// title: HAS_CEO. A founder's is FOUNDED, from the person.
func titleRelation(canon string) string {
	return "HAS_" + canon
}

// inKinList reports whether the name at toks[i] is in a list that follows
// a plural relational noun and its comma: "two roommates, Jasper and
// Elif".
func inKinList(toks []token, i int) bool {
	k := i - 1
	for k >= 0 && (toks[k].text == "," || toks[k].lower == "and" || capitalized(toks[k].text)) {
		k--
	}
	if k < 0 || k+1 >= i || toks[k+1].text != "," {
		return false
	}
	w := toks[k].lower
	return strings.HasSuffix(w, "s") && kinNouns.has(strings.TrimSuffix(w, "s"))
}

// knownPerson reports whether the previous episodes named name as a
// person.
func (x *extraction) knownPerson(name string) bool {
	x.readPrevious()
	single := !strings.Contains(name, " ")
	for _, p := range x.prevPersons {
		if x.reg.key(p) == x.reg.key(name) {
			return true
		}
		if f := strings.Fields(p); single && len(f) > 1 && x.reg.key(f[0]) == x.reg.key(name) {
			// "Callum" after "Callum Rusk".
			return true
		}
	}
	return false
}

// earlierFullNames gives a first name said alone the full name of the one
// person of the previous episodes it begins ("Congratulations Bilal"
// after "Bilal Qureshi" spoke), when the episode names no fuller one: the
// registry gets the full name, which aliases then takes the first name
// for. A place guessed from a weak cue ("a thank you to Philomena") is
// such a first name too.
func (x *extraction) earlierFullNames() {
	if len(x.previous) == 0 {
		return
	}
	x.readPrevious()
	var earlier []string // the previous episodes' speakers and persons, read once
	for _, e := range append([]*entity(nil), x.reg.list...) {
		// "Mr Nygaard": a surname after an honorific names the one
		// earlier person of that surname.
		pw := personWords(e.name)
		titled := len(pw) == 1 && strings.Contains(e.name, " ")
		if e.speaker || strings.Contains(e.name, " ") && !titled || !(e.kind == kindPerson || e.kind == kindNone || e.kind == kindLocation && e.str <= strWeak) {
			continue
		}
		if !titled && x.fullerInEpisode(e.name) {
			continue
		}
		if earlier == nil {
			earlier = append(x.previousSpeakers(), x.prevPersons...)
		}
		full, n, clip := "", 0, false
		for _, p := range earlier {
			f := strings.Fields(p)
			fits, clipped := beginsName(e.name, p), false
			if titled {
				fits = len(f) >= 2 && strings.EqualFold(f[len(f)-1], pw[0]) && !honorifics.has(strings.ToLower(f[0]))
			} else if !fits {
				fits = clippedName(e.name, p)
				clipped = fits
			}
			if fits && !strings.EqualFold(p, full) {
				full, n, clip = p, n+1, clipped
			}
		}
		if n != 1 {
			continue
		}
		e.kind, e.str = kindPerson, strPattern
		x.reg.add(full, kindPerson, strPattern, e.confirmed)
		if clip {
			// "Tav" of Tavish: said for the name, as a first name is.
			x.reg.named(e.name, full)
		}
	}
}

// previousSpeakers returns the named speakers of the previous episodes'
// messages, not their voice labels ("Speaker 1").
func (x *extraction) previousSpeakers() []string {
	var out []string
	for _, p := range x.previous {
		if !strings.EqualFold(p.Source, "message") {
			continue
		}
		for _, u := range parseUtterances(p.Content, true) {
			if u.speaker != "" && !voiceLabel(u.speaker) && !slices.Contains(out, u.speaker) {
				out = append(out, u.speaker)
			}
		}
	}
	return out
}

// fullerInEpisode reports whether the registry holds a name of two words
// or more that begins with the one word name.
func (x *extraction) fullerInEpisode(name string) bool {
	for _, e := range x.reg.list {
		if beginsName(name, e.name) {
			return true
		}
	}
	return false
}

// clippedName reports whether the one word short is a clipped form of
// the one-word name full: its first three letters or more, and no word
// of the dictionary ("Tav" of Tavish, "Dom" of Dominika).
func clippedName(short, full string) bool {
	if strings.Contains(short, " ") || strings.Contains(full, " ") || len(short) < 3 || len(short) >= len(full) {
		return false
	}
	l := strings.ToLower(short)
	return strings.HasPrefix(strings.ToLower(full), l) && !nlp.IsNoun(l) && !nlp.IsVerb(l) && !nlp.IsAdjective(l)
}

// beginsName reports whether the one word short is the first of full's
// two or more words, honorifics aside: "Rosa" begins "Rosa Hägglund".
func beginsName(short, full string) bool {
	f := personWords(full)
	return !strings.Contains(short, " ") && len(f) > 1 && strings.EqualFold(f[0], short)
}

// identityKey returns the key of the name the conversation gave a voice
// (speakerid.go), or "" when it gave none.
func (x *extraction) identityKey(label string) string {
	if label == "" {
		return ""
	}
	if n, ok := x.identities[x.reg.key(label)]; ok {
		return x.reg.key(n)
	}
	return ""
}

// voiceLabel reports whether a speaker is a voice as speech-to-text
// labels it ("Speaker 2"), not the user of an unlabelled text.
func voiceLabel(label string) bool {
	return genericSpeaker(label) && !strings.EqualFold(label, userName)
}

// turnPersons returns the persons a turn named, for the pronouns of the
// turns after it: those known as persons, else the one name of no known
// kind that may be a person's when the turn names no other ("Did you see
// Sigrun?" "I love her."), as within a turn (thirdAt).
func (x *extraction) turnPersons(ms []named, meant []string) []string {
	var named, maybe, inner []string
	for _, n := range ms {
		switch {
		case n.called:
			// "Ross!!": the one spoken to is no one spoken of.
		case x.isPerson(n.name):
			named = append(named, n.name)
		case x.maybePerson(n.name) && (n.pos > 0 || nlp.IsGivenName(strings.ToLower(n.name))):
			// "Feels like two.", "Ever since …": a word that only opens
			// a sentence, and is no given name, is no one to speak of.
			if !slices.Contains(maybe, n.name) {
				maybe = append(maybe, n.name)
			}
			if n.pos > 0 && !slices.Contains(inner, n.name) {
				inner = append(inner, n.name)
			}
		}
	}
	if len(maybe) > 1 && len(inner) == 1 {
		// "Promise you will never tell Anselm": a word that only ever
		// opened a sentence gives way to one said inside it.
		maybe = inner
	}
	if len(named) == 0 && len(maybe) == 1 {
		named = maybe
	}
	if len(named) == 0 {
		// A turn that names no one speaks of whom its pronouns meant.
		return meant
	}
	return named
}
