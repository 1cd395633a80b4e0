package main

import (
	"slices"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// The parse's phrases as entities: who a pronoun means, which name a
// phrase holds, and the kind a thing is (a drug, a team, a plan).

// parse parses the sentence, with its names and identifiers as phrases
// of their own and its dates left out of every phrase.
func (sc *sentCtx) parse(mentions []mention) {
	words := make([]string, len(sc.toks))
	lower := make([]string, len(sc.toks))
	for i, t := range sc.toks {
		words[i], lower[i] = t.text, t.lower
		if t.text == "'s" && (t.lower == "is" || t.lower == "has") {
			// The tagger reads a name's "'s" as a possessive.
			words[i] = t.lower
		}
	}
	skip := sc.asides(mentions)
	var names [][2]int
	sc.nameAt = map[int]int{}
	for _, m := range mentions {
		if skip[m.start] && !sc.blocked[m.start] {
			continue
		}
		names = append(names, [2]int{m.start, m.end})
		sc.nameAt[m.start] = m.end
	}
	inName := make([]bool, len(sc.toks))
	for _, m := range mentions {
		for k := m.start; k < m.end; k++ {
			inName[k] = true
		}
	}
	for i, t := range sc.toks {
		if !inName[i] && t.word && looksLikeID(t.text) && !sc.blocked[i] {
			names = append(names, [2]int{i, i + 1})
			sc.nameAt[i] = i + 1
		}
		if t.word && looksLikeID(t.text) && !sc.blocked[i] {
			sc.u.codes = append(sc.u.codes, t.text)
			// An order, ticket or booking number said is a thing the
			// memory keeps, with or without a fact about it yet: a
			// later episode may cancel or reassign it by that number.
			if !inName[i] && (strings.ContainsAny(t.text, "-_/#") && capitalCode(t.text) || codeShaped(t.text)) {
				sc.u.x.reg.add(t.text, kindIdentifier, strCue, true)
			}
		}
	}
	sc.p = nlp.Parse(words, lower, names, skip)
	if !sc.u.saysIt {
		return
	}
	for pi, p := range sc.p.Phrases {
		if sc.p.Tags[p.Head] == "PRP" || sc.p.Tags[p.Head] == "PRP$" {
			continue
		}
		r := sc.phraseRef(pi, false)
		switch k := sc.semKind(r, pi); {
		case r.name == "", k == kindPerson, k == kindOccupation, k == kindEvent, k == kindDate, k == kindNone && r.det != "" && !sc.entityLike(r, pi):
			continue
		}
		sc.u.things = append(sc.u.things, thing{r: r, sent: sc.u.sent, pos: p.Start})
	}
}

// parseText parses a sentence alone (no names known before it) and writes
// the parse, for the host command's -call parse.
func parseText(s sentence) string {
	x := newExtraction(time.Now())
	sc := &sentCtx{u: &uttCtx{x: x}, toks: s.toks, blocked: make([]bool, len(s.toks))}
	for _, d := range findDates(s.toks, x.ref, time.Time{}) {
		for k := d.start; k < d.end; k++ {
			sc.blocked[k] = true
		}
	}
	sc.parse(findMentions(s.toks, sc.blocked))
	return sc.p.String()
}

// asideOpeners open an aside about a name's past or present, set between
// commas after it: "Rosa Huamán, currently director of programmes, as
// executive director".
var asideOpeners = words("currently previously once lately")

// asides returns the words the parse leaves out: the dates, and each
// aside between commas that follows a name and opens with an
// asideOpeners word (the aside's own words are still read as names and
// as an appositive, from the tokens).
func (sc *sentCtx) asides(mentions []mention) []bool {
	skip := append([]bool(nil), sc.blocked...)
	toks := sc.toks
	for mi := 1; mi < len(mentions); mi++ {
		// "from Airport City, Accra, to Tema", "in Ennis, Clare, where":
		// the larger place a place is in, between commas, is an aside
		// that would cut the place from what follows it.
		m, prev := mentions[mi], mentions[mi-1]
		if prev.end+1 == m.start && lowerAt(toks, prev.end) == "," && prev.end-prev.start == 2 && numberedNouns.has(toks[prev.start].lower) && m.kind == kindLocation {
			// "Flat 3, 47 Rosary Gardens": the flat is in the address,
			// which stands for both.
			for k := prev.start; k <= prev.end; k++ {
				skip[k] = true
			}
			continue
		}
		if prev.end+1 != m.start || lowerAt(toks, prev.end) != "," || lowerAt(toks, m.end) != "," || m.end+1 >= len(toks) {
			continue
		}
		if !placePreps.has(toks[m.end+1].lower) && toks[m.end+1].lower != "where" && toks[m.end+1].lower != "on" && toks[m.end+1].lower != "with" {
			continue
		}
		if prev.kind != kindLocation && m.kind != kindLocation && !placeName(toks[m.start:m.end]) {
			continue
		}
		for k := prev.end; k <= m.end; k++ {
			skip[k] = true
		}
	}
	for i := 1; i+2 < len(toks); i++ {
		if toks[i].text != "," || !asideOpeners.has(toks[i+1].lower) || !toks[i-1].cap {
			continue
		}
		for j := i + 2; j < len(toks) && j < i+10; j++ {
			if !toks[j].word && toks[j].text != "," && toks[j].text != "&" {
				break
			}
			if toks[j].text == "," {
				if toks[i+1].lower == "currently" && lowerAt(toks, j+1) != "as" && lowerAt(toks, j+1) != "to" {
					// "Ife Adebayo, currently assistant coach at Wyvern,
					// lives …" is read as a post the name holds; only
					// between an object and its role ("named Rosa,
					// currently director of programmes, as …") is it
					// left out.
					break
				}
				for k := i; k <= j; k++ {
					skip[k] = true
				}
				break
			}
		}
	}
	return skip
}

// predicateAt reports whether word k is the active verb of a clause whose
// subject is phrase pi: "Acme named Rune Dahl as CEO" names no one Acme,
// as "a dog named Rex" names the dog.
func (sc *sentCtx) predicateAt(k, pi int) bool {
	for ci := range sc.p.Clauses {
		c := &sc.p.Clauses[ci]
		if c.Verb == k && !c.Passive && c.Subj.Phrase == pi && c.SubjFrom == nlp.SubjOwn {
			return true
		}
	}
	return false
}

// pluralYou are the words after "you" that make it plural: "you guys",
// "you all", "you two".
var pluralYou = words("guys all two both people")

// phraseRef resolves phrase pi to an entity: a pronoun to whom it means, a
// phrase with a name to the name ("my cousin Leyla" is Leyla), an
// identifier, an unnamed relative ("my sister" is "Alice's sister"), or a
// noun phrase that names a thing ("metformin", "a flat").
func (sc *sentCtx) phraseRef(pi int, subject bool) ref {
	if q := sc.namedBy(pi); q >= 0 {
		return sc.phraseRef(q, subject)
	}
	p := &sc.p.Phrases[pi]
	toks := sc.toks
	if p.End-p.Start == 1 && sc.p.Tags[p.Start] == "PRP" || p.End-p.Start == 1 && sc.p.Tags[p.Start] == "PRP$" && objectPronouns.has(toks[p.Start].lower) {
		l := toks[p.Start].lower
		switch l {
		case "it":
			if subject && sc.selfAnnounced(p.Start) {
				return sc.pronounAt("i", p.Start)
			}
			if !subject && sc.u.lastObj.name != "" && sc.u.lastObj.kind != kindTeam {
				return sc.u.lastObj
			}
			return sc.itAt(p.Start, subject)
		case "them":
			// An organisation or a team one joins or leaves, told in
			// the clause before ("joined the Ravens and left them").
			if k := sc.u.lastObj.kind; !subject && sc.u.lastObj.name != "" && (k == kindTeam || k == kindOrg) {
				return sc.u.lastObj
			}
			// A team the sentence before had for its subject ("Rovers
			// have a new coach. Ines coached them for six seasons").
			if t := sc.u.topicOrg; !subject && t != "" && teamName(t) {
				return ref{name: t, kind: kindTeam, str: strPattern}
			}
		case "you":
			r := sc.pronounAt(l, p.Start)
			if r.name != "" && len(sc.u.others) > 1 && pluralYou.has(lowerAt(toks, p.End)) {
				r.group = sc.u.others
			}
			return r
		case "i", "me", "we", "us", "myself", "yourself", "mine":
			return sc.pronounAt(l, p.Start)
		case "they":
			// "Duarte married Beatriz last summer, and they live in
			// Guimarães": the people of the last subject that named two
			// or more, or the couple told last.
			if g := sc.theirs(p.Start); subject && len(g) > 1 {
				return ref{name: g[0], kind: kindPerson, str: strPattern, group: g}
			}
		case "he", "she", "him", "her":
			if subject && (l == "he" || l == "she") && sc.prevSubj.name != "" && !sc.u.x.otherGender(sc.prevSubj.name, pronounGender(l)) {
				// The subject of the clause before it in the sentence,
				// unless its gender is the other ("He's keeping the
				// house, she's moved back to Lyon").
				return sc.prevSubj
			}
			return sc.pronounAt(l, p.Start, sc.clauseSubjects...)
		}
		return ref{}
	}
	if r, ok := sc.reciprocal(p); ok && !subject {
		return r
	}
	// "a fan of yours", "a friend of mine".
	if p.End-p.Start == 1 && (toks[p.Start].lower == "yours" || toks[p.Start].lower == "mine") {
		if lowerAt(toks, p.Start-1) != "of" {
			// "my friend borrowed mine": the speaker's thing, not the
			// speaker.
			return ref{}
		}
		return sc.pronounAt(map[string]string{"yours": "you", "mine": "i"}[toks[p.Start].lower], p.Start)
	}
	// "you guys", "you people": every other speaker, or the one other
	// when there is one (never a person called "guys").
	if p.End-p.Start == 2 && toks[p.Start].lower == "you" && pluralYou.has(toks[p.Start+1].lower) ||
		p.End-p.Start == 1 && p.Start > 0 && toks[p.Start-1].lower == "you" && pluralYou.has(toks[p.Start].lower) {
		r := sc.pronounAt("you", p.Start)
		if r.name != "" && len(sc.u.others) > 1 {
			r.group = sc.u.others
		}
		return r
	}
	// "have a dog, Rex": a name the parse took for the object in
	// apposition to an animal's noun is a pet's.
	if e, ok := sc.nameAt[p.Start]; ok && e == p.End && p.Start >= 2 && toks[p.Start-1].text == "," {
		if q := sc.p.PhraseEndingAt(p.Start - 1); q >= 0 {
			if h := sc.p.Phrases[q].Head; (toks[sc.p.Phrases[q].Start].lower == "a" || toks[sc.p.Phrases[q].Start].lower == "an") && (petNouns.has(toks[h].lower) || sc.isAnimal(sc.p.Lemmas[h])) {
				r := sc.named(p.Start, e)
				r.kind, r.str = kindPet, strSure
				return r
			}
		}
	}
	// "a cat, Saffron, but she died", "a cat too, Saffron": the name set
	// off after an animal's noun.
	if j := p.End; (toks[p.Start].lower == "a" || toks[p.Start].lower == "an") && (petNouns.has(toks[p.Head].lower) || sc.isAnimal(sc.p.Lemmas[p.Head])) {
		if j < len(toks) && (toks[j].lower == "too" || toks[j].lower == "once") {
			j++
		}
		if e, ok := sc.nameAt[j+1]; ok && j < len(toks) && toks[j].text == "," && (e >= len(toks) || !toks[e].word || toks[e].lower == "but" || toks[e].lower == "who") {
			r := sc.named(j+1, e)
			r.kind, r.str = kindPet, strSure
			return r
		}
	}
	// "a dog named Rex", "a sister called Carol": the name.
	if p.End+1 < len(toks) && (toks[p.End].lower == "named" || toks[p.End].lower == "called") && !sc.predicateAt(p.End, pi) {
		at := p.End + 1
		if quoteMark(toks[at].text) && at+1 < len(toks) {
			// "a book club called "Page Turners"".
			at++
		}
		if e, ok := sc.nameAt[at]; ok {
			r := sc.named(at, e)
			switch head := toks[p.Head].lower; {
			case petNouns.has(head) || sc.isAnimal(sc.p.Lemmas[p.Head]):
				r.kind, r.str = kindPet, strSure
			case kinNouns.has(head):
				r.kind, r.str = kindPerson, strSure
			case sc.nounKind(p.Head) == kindProduct && sc.establishment(p.Head):
				// "a cake shop called Crumb and Co", "a cafe called The
				// Copper Ladle": a named shop, pub or hotel is the business
				// run in it, which WordNet files with things made.
				r.kind, r.str = kindOrg, strSure
			default:
				// "a band called Velvet Harbor": the kind of a band, over
				// what the name's shape suggests; a club or a group that
				// no sport names is an organisation one belongs to ("a
				// book club called Page Turners").
				k := sc.nounKind(p.Head)
				if k == kindTeam && !ensembles.has(sc.p.Lemmas[p.Head]) || k == kindTeam && sc.p.Lemmas[p.Head] == "club" && !sc.sportingClub(p) || memberGroups.has(sc.p.Lemmas[p.Head]) {
					k = kindOrg
				}
				if k != kindNone {
					r.kind, r.str = k, strSure
				}
			}
			return r
		}
	}
	// "a shop on Gottingen Street called Crumb & Co.": the name given
	// past the place the phrase is in.
	if q := sc.p.PhraseAt(p.End + 1); q >= 0 && p.End+1 == sc.p.Phrases[q].Start && sitePreps.has(lowerAt(toks, p.End)) && p.PossEnd == p.PossStart {
		if at := sc.p.Phrases[q].End; at+1 < len(toks) && (toks[at].lower == "called" || toks[at].lower == "named") && !sc.predicateAt(at, pi) {
			if e, ok := sc.nameAt[at+1]; ok {
				if _, named := sc.nameAt[p.Head]; !named {
					r := sc.named(at+1, e)
					if k := sc.nounKind(p.Head); k != kindNone {
						r.kind, r.str = k, strSure
					}
					return r
				}
			}
		}
	}
	// "the malaria tablets (Malarone)": the name in brackets after a
	// common noun is what it names.
	if _, named := sc.nameAt[p.Head]; !named && lowerAt(toks, p.End) == "(" {
		if e, ok := sc.nameAt[p.End+1]; ok && lowerAt(toks, e) == ")" {
			r := sc.named(p.End+1, e)
			if k := sc.nounKind(p.Head); k != kindNone && r.kind == kindNone {
				r.kind = k
			}
			return r
		}
	}
	// "report to the CTO, Helen Marsh": a person named after the role or
	// tie that stands for them.
	if r, ok := sc.namedAfter(pi); ok {
		return r
	}
	// "Helix, the Boston company that …": the phrase is the name before
	// it.
	if _, named := sc.nameAt[p.Head]; !named && p.Start >= 2 && toks[p.Start-1].text == "," && p.PossEnd == p.PossStart && determiners.has(toks[p.Start].lower) {
		if q := sc.p.PhraseEndingAt(p.Start - 1); q >= 0 {
			if e, ok := sc.nameAt[sc.p.Phrases[q].Start]; ok && e == sc.p.Phrases[q].End {
				return sc.named(sc.p.Phrases[q].Start, e)
			}
		}
	}
	if r, ok := sc.doseRef(p); ok {
		return r
	}
	// "the Leeds office of Calloway Prentice": the organisation, whose
	// office the place names.
	if branchNouns.has(toks[p.Head].lower) && p.Head == p.End-1 {
		if r := sc.ofNamed(p); r.name != "" && sc.kindOf(r) == kindOrg {
			return r
		}
	}
	// A name in the phrase: the last one, with a class noun after it
	// ("the Pro plan").
	for k := p.End - 1; k >= p.Start; k-- {
		e, ok := sc.nameAt[k]
		if !ok || e > p.End || e <= p.PossEnd && p.Head >= p.PossEnd && sc.possessedPerson(p) {
			// "Ana's sister" is not Ana: the name is the possessor of
			// another person ("Ana's car", "Acme's youth team" still
			// stand for the name).
			continue
		}
		r := sc.named(k, e)
		if e <= p.PossEnd && p.Head >= p.PossEnd && p.PossEnd < p.End && !homeNouns.has(toks[p.Head].lower) &&
			sc.nounKind(p.Head) != kindTeam && (sc.kindOf(r) == kindPerson || sc.u.x.knownPerson(r.name) || sc.nounKind(p.Head) == kindEvent || gatherings.has(sc.p.Lemmas[p.Head])) {
			// "Freya's bed", "my uncle Ivar's brewery": a thing of a
			// person's is not the person, nor is an event of a name
			// ("Vesna's engagement party", "Quillary's summer party"). A
			// team is no one's belonging:
			// "Acme's youth team", even when the club is named for a man,
			// stands for the club, as "Ana's place" stands for her home.
			k := sc.nounKind(p.Head)
			if gatherings.has(sc.p.Lemmas[p.Head]) {
				k = kindEvent
			}
			return ref{name: r.name + "'s " + joinTokens(toks[p.PossEnd:p.End]), kind: k, str: strPattern}
		}
		if _, ok := classNouns[toks[p.End-1].lower]; ok && e < p.End {
			// "the hepatitis B vaccine", "the Pro plan": the whole phrase.
			r = ref{name: joinTokens(toks[p.Start+sc.detLen(p) : p.End]), kind: classNouns[toks[p.End-1].lower], str: strPattern}
		} else if ok := sc.orgAfterName(p, e); ok != kindNone {
			// "the Tarnwell library", "the Fenlow food bank": a place's
			// name before the noun of an organisation names the
			// organisation, all of it.
			r = ref{name: joinTokens(toks[k:p.End]), kind: ok, str: strPattern}
		}
		if r.kind == kindNone {
			if k > p.Start && petNouns.has(toks[k-1].lower) {
				r.kind, r.str = kindPet, strCue
			}
		}
		return r
	}
	if r, e, ok := sc.identifier(p.Start + sc.detLen(p)); ok && e <= p.End {
		return r
	}
	// "the black kettle, SKU KT-4410-BLK": the identifier after it.
	if p.End+1 < len(toks) && toks[p.End].text == "," {
		if r, _, ok := sc.identifier(p.End + 1); ok {
			return r
		}
	}
	head := toks[p.Head].lower
	if p.PossEnd > p.PossStart && (sc.nounKind(p.Head) == kindEvent || gatherings.has(sc.p.Lemmas[p.Head])) {
		// "my cousin's wedding": a relative's occasion, by the
		// relative's name.
		if owner := sc.kinPossessor(p); owner.name != "" {
			return ref{name: owner.name + "'s " + joinTokens(toks[p.PossEnd:p.End]), kind: kindEvent, str: strPattern}
		}
	}
	// "my sister", "Bob's boss": an unnamed relative.
	if p.PossEnd > p.PossStart && kinNouns.has(head) {
		if owner := sc.ownerOf(p); owner.name != "" {
			return kinRef(owner, head)
		}
		return ref{}
	}
	if r := sc.teamStandIn(p); r.name != "" {
		return r
	}
	if p.PossEnd == p.PossStart && orgStandIns.has(head) && p.Start < p.Head && toks[p.Start].lower == "the" {
		if lowerAt(toks, p.End) == "of" {
			// "the board of Auren" is no stand-in for the company named
			// before.
			return ref{}
		}
		return sc.contextOrgBefore(p.Start)
	}
	if p.End+1 < len(toks) && toks[p.End].text == "," {
		if r, _, ok := sc.identifier(p.End + 1); ok {
			return r
		}
	}
	if p.PossEnd == p.PossStart && placeStandIns.has(head) && p.Head == p.Start+1 && toks[p.Start].lower == "the" && lowerAt(toks, p.End) != "of" {
		// "the sale of 14 Brisling Row completed … The property was
		// bought by …": the address said before.
		if name := sc.lastNamedBefore(p.Start, sc.u.x.isAddress); name != "" {
			return ref{name: name, kind: kindLocation, str: strPattern}
		}
	}
	if p.PossEnd == p.PossStart && p.Start < p.Head && toks[p.Start].lower == "the" && p.Head == p.End-1 {
		// "the Birchfield Clinic … the director of the clinic": the
		// name said before whose last word is the noun.
		if r := sc.namedByHead(toks[p.Head].lower, p.Start); r.name != "" {
			return r
		}
	}
	// A noun phrase.
	start := p.Start + sc.detLen(p)
	if start >= p.End || junkHeads.has(head) || isNumber(head) || demonstratives.has(toks[p.Start].lower) {
		return ref{}
	}
	det := ""
	switch {
	case p.PossEnd > p.PossStart:
		if owner := sc.ownerOf(p); owner.name != "" {
			det = owner.name + "'s"
		}
	case determiners.has(toks[p.Start].lower):
		det = toks[p.Start].lower
	}
	return ref{name: joinTokens(toks[start:p.End]), det: det, kind: sc.nounKind(p.Head), str: strPattern}
}

// namedByHead returns the last name of two words or more said before
// toks[at] in the utterance whose last word is the noun head ("clinic"
// for "Birchfield Clinic"), or nothing.
func (sc *sentCtx) namedByHead(head string, at int) ref {
	name := sc.lastNamedBefore(at, func(name string) bool {
		return len(strings.Fields(name)) >= 2 && endsInHead(name, head)
	})
	if name == "" {
		// "The Copper Ladle is the busiest cafe … took over the cafe".
		name = sc.u.x.described[head]
	}
	if name == "" {
		// "has stepped down from the choir" a week after "joined the
		// Kelvinside Community Choir": the name an earlier episode said.
		if n, k := sc.u.x.prevNamedByHead(head); n != "" {
			return ref{name: n, kind: k, str: strPattern}
		}
		if n := sc.u.x.prevDescribedAs(head); n != "" {
			return ref{name: n, kind: kindOrg, str: strPattern}
		}
		return ref{}
	}
	k := kindNone
	if e := sc.u.x.reg.get(name); e != nil {
		k = e.kind
	}
	return ref{name: name, kind: k, str: strPattern}
}

// endsInHead reports whether a name's last word is the noun head, or
// its word before a year ("NordicDB Summit 2024" for "summit").
func endsInHead(name, head string) bool {
	f := strings.Fields(name)
	last := len(f) - 1
	if last > 0 && len(f[last]) == 4 && isNumber(f[last]) {
		last--
	}
	return strings.EqualFold(f[last], head)
}

// isDecimal reports whether s is a number, with a decimal point or comma
// at most ("5.4", "0,5", "20").
func isDecimal(s string) bool {
	if i := strings.IndexAny(s, ".,"); i > 0 && i < len(s)-1 {
		return isNumber(s[:i]) && isNumber(s[i+1:])
	}
	return isNumber(s)
}

// doseUnits are the units of a medicine's dose.
var doseUnits = words("mg mcg µg ml iu milligrams micrograms")

// doseRef reads a phrase that ends with a dose ("metformin 500 mg") or
// stands before one ("Korvaxin 20 mg", where the name is a phrase of its
// own) as a medicine: a dose names a medicine whether or not the lexicon
// knows the word.
func (sc *sentCtx) doseRef(p *nlp.Phrase) (ref, bool) {
	toks, e := sc.toks, p.End
	start := p.Start + sc.detLen(p)
	dose := func(at int) bool {
		return at+1 < len(toks) && isDecimal(toks[at].lower) && doseUnits.has(toks[at+1].lower)
	}
	switch {
	case e-start >= 3 && dose(e-2):
		return ref{name: joinTokens(toks[start : e-2]), kind: kindDrug, str: strCue}, true
	case e > start && dose(e) && !isNumber(toks[e-1].lower):
		return ref{name: joinTokens(toks[start:e]), kind: kindDrug, str: strCue}, true
	}
	if lowerAt(toks, e) == "of" && (e-start == 1 && glued(toks[start].lower) || e-start == 2 && dose(start)) {
		// "put me on 20mg of citalopram": the drug after the measure.
		if q := sc.p.PhraseAt(e + 1); q >= 0 && sc.p.Phrases[q].Start == e+1 {
			if h := sc.p.Phrases[q].Head; sc.nounKind(h) == kindDrug || unknownLowerWord(ref{name: toks[h].lower}) {
				return ref{name: toks[h].text, kind: kindDrug, str: strCue}, true
			}
		}
	}
	return ref{}, false
}

// glued reports whether w is a dose written as one word: "20mg", "2.5ml".
func glued(w string) bool {
	i := 0
	for i < len(w) && (w[i] >= '0' && w[i] <= '9' || w[i] == '.') {
		i++
	}
	return i > 0 && i < len(w) && doseUnits.has(w[i:])
}

// possessedPerson reports whether a phrase with a possessor heads on a
// person noun: a relative, a role, a noun WordNet classes as a person.
func (sc *sentCtx) possessedPerson(p *nlp.Phrase) bool {
	head := sc.toks[p.Head].lower
	if _, ok := roleNouns[head]; ok || kinNouns.has(head) {
		return true
	}
	return sc.nounKind(p.Head) == kindPerson
}

// detLen is the number of words of a phrase's determiner or possessor.
func (sc *sentCtx) detLen(p *nlp.Phrase) int {
	if p.PossEnd > p.PossStart {
		if p.PossEnd+1 < p.End && sc.toks[p.PossEnd].lower == "own" {
			// "her own Solo plan": "own" goes with the possessor.
			return p.PossEnd + 1 - p.Start
		}
		return p.PossEnd - p.Start
	}
	if determiners.has(sc.toks[p.Start].lower) && p.End-p.Start > 1 {
		return 1
	}
	return 0
}

// possRef resolves the possessor of a phrase: "my", "Bob's".
func (sc *sentCtx) ownerOf(p *nlp.Phrase) ref {
	if p.PossEnd-p.PossStart == 1 {
		if sc.toks[p.PossStart].lower == "their" {
			// "Ann and her husband Bo run a shop, and their son Dev
			// …": the people of the last subject that named several.
			if g := sc.theirs(p.PossStart); len(g) > 1 {
				return ref{name: g[0], kind: kindPerson, str: strPattern, group: g}
			}
			return ref{}
		}
		if sc.toks[p.PossStart].lower == "our" {
			// "Amber and I went to meet our half-brother": "our" is
			// the speaker's and the one named with "I".
			if g := sc.theirs(p.PossStart); len(g) > 1 && slices.Contains(g, sc.u.speaker) {
				return ref{name: g[0], kind: kindPerson, str: strPattern, group: g}
			}
		}
		if pr, ok := possessives[sc.toks[p.PossStart].lower]; ok {
			if pr == "he" || pr == "she" {
				// "Priyanka and her husband Arjun": the name joined to
				// the phrase.
				if a := p.PossStart - 1; a > 0 && sc.toks[a].lower == "and" {
					if q := sc.p.PhraseEndingAt(a); q >= 0 && sc.p.Phrases[q].Name {
						if r := sc.phraseRef(q, false); r.name != "" && sc.personish(r) && r.name != sc.u.speaker {
							return r
						}
					}
				}
				if r := sc.subjectOver(p.Start); r.name != "" {
					return r
				}
			}
			return sc.pronounAt(pr, p.PossStart)
		}
		// "Bertrand, whose brother Ilan …": the phrase the relative
		// clause hangs on.
		if sc.toks[p.PossStart].lower == "whose" {
			e := p.PossStart
			if e > 0 && sc.toks[e-1].lower == "," {
				e--
			}
			if a := sc.p.PhraseEndingAt(e); a >= 0 && sc.p.Phrases[a].PossEnd <= sc.p.Phrases[a].PossStart {
				return sc.phraseRef(a, false)
			}
			return ref{}
		}
	}
	if e, ok := sc.nameAt[p.PossStart]; ok && e < p.PossEnd {
		return sc.named(p.PossStart, e)
	}
	// "my husband Aurelio's mum": the name the possessor ends with,
	// after words of a tie (not "the CEO of Acme's").
	for k := p.PossStart + 1; k < p.PossEnd; k++ {
		if sc.toks[k].lower == "of" {
			break
		}
		if e, ok := sc.nameAt[k]; ok && e == p.PossEnd-1 && lowerAt(sc.toks, e) == "'s" {
			return sc.named(k, e)
		}
	}
	return ref{}
}

// theirs returns the people "their" at word w stands for: those of the
// nearest subject before it in the sentence that names two or more
// people, else of the utterance's last such subject.
func (sc *sentCtx) theirs(w int) []string {
	for ci := len(sc.p.Clauses) - 1; ci >= 0; ci-- {
		c := &sc.p.Clauses[ci]
		if c.Subj.Phrase < 0 || len(c.Subj.Coord) == 0 || c.SubjFrom != nlp.SubjOwn || sc.p.Phrases[c.Subj.Phrase].End > w {
			continue
		}
		var g []string
		for _, pi := range c.Subj.All() {
			r := sc.phraseRef(pi, true)
			if r.name == "" || len(r.group) > 0 || !sc.personish(r) {
				g = nil
				break
			}
			g = append(g, r.name)
		}
		if len(g) > 1 {
			return g
		}
	}
	return sc.u.lastPair
}

// sitePreps place a thing: "a shop on Gottingen Street".
var sitePreps = words("on in at near off")

// namedAfter returns the name set off after phrase pi, a singular common
// noun of a person ("the CTO, Helen Marsh", "my GP, Dr. Hallworth"), when
// the name closes the clause or another comma follows it.
func (sc *sentCtx) namedAfter(pi int) (ref, bool) {
	p := &sc.p.Phrases[pi]
	toks := sc.toks
	if p.Name || lowerAt(toks, p.End) != "," || sc.p.Tags[p.Head] != "NN" && sc.p.Tags[p.Head] != "NNP" {
		return ref{}, false
	}
	if _, named := sc.nameAt[p.Head]; named {
		return ref{}, false
	}
	e, ok := sc.nameAt[p.End+1]
	if !ok || e < len(toks) && toks[e].word && toks[e].lower != "and" {
		return ref{}, false
	}
	if w := lowerAt(toks, e); w == "and" || w == "," && e+1 < len(toks) && sc.nameAt[e+1] > 0 {
		// "my friends, Ann and Bo" is a list, not one name.
		return ref{}, false
	}
	head := toks[p.Head].lower
	if orgNouns.has(head) || sc.nounKind(p.Head) == kindOrg {
		// "works for a small logistics firm, Quillary, in Fenlow",
		// "runs his own company, Quillary": the firm named after its
		// noun.
		r := sc.named(p.End+1, e)
		if k := sc.kindOf(r); k == kindPerson || k == kindLocation {
			return ref{}, false
		}
		r.kind, r.str = kindOrg, strSure
		return r, true
	}
	if _, end := titleAt(toks, p.Head); end <= p.Head && !kinNouns.has(head) && sc.nounKind(p.Head) != kindPerson {
		return ref{}, false
	}
	r := sc.named(p.End+1, e)
	r.kind, r.str = kindPerson, strSure
	return r, true
}

// subjectOver is the person subject of the clause whose object, predicate
// or prepositional phrase is the phrase starting at word w: "his" and
// "her" in those places most often mean the clause's own subject ("Kwaku
// lives in Accra with his wife Abena", after another person was named).
func (sc *sentCtx) subjectOver(w int) ref {
	pi := sc.p.PhraseAt(w)
	if pi < 0 {
		return ref{}
	}
	for _, c := range sc.p.Clauses {
		if c.Subj.Phrase < 0 || c.Subj.Phrase == pi || len(c.Subj.Coord) > 0 || !c.ArgOf(pi) {
			continue
		}
		s := &sc.p.Phrases[c.Subj.Phrase]
		if s.PossEnd > s.PossStart && s.PossStart <= w && w < s.PossEnd {
			return ref{}
		}
		r := sc.phraseRef(c.Subj.Phrase, true)
		if r.name != "" && (sc.kindOf(r) == kindPerson || sc.kindOf(r) == kindNone && s.Name || sc.u.x.isPerson(r.name)) && r.name != sc.u.speaker && r.name != sc.u.other && r.group == nil {
			return r
		}
		return ref{}
	}
	return ref{}
}

// classNouns after a name make it a thing of that class ("the Pro plan",
// "a hepatitis B vaccine").
var classNouns = map[string]kind{
	"plan": kindPlan, "tier": kindPlan, "subscription": kindPlan, "package": kindPlan, "membership": kindPlan, "edition": kindPlan,
	"vaccine": kindVaccine, "shot": kindVaccine, "jab": kindVaccine, "booster": kindVaccine,
	"degree": kindDegree, "diploma": kindDegree,
	"tablet": kindDrug, "pill": kindDrug, "capsule": kindDrug, "medication": kindDrug,
}

// nounKind is the kind WordNet gives the head noun of a phrase.
func (sc *sentCtx) nounKind(head int) kind {
	if t := sc.p.Tags[head]; t == "PRP" || t == "PRP$" {
		// "fired me": a pronoun is no noun ("me" is Maine to WordNet).
		return kindNone
	}
	w := sc.p.Lemmas[head]
	if k, ok := classNouns[w]; ok {
		return k
	}
	lex, c, ok := nlp.Noun(w)
	if !ok {
		if drugLike(w) {
			return kindDrug
		}
		return kindNone
	}
	// The first sense's lexicographer file decides, its classes refine.
	switch lex {
	case nlp.NounPerson:
		return kindPerson
	case nlp.NounAnimal:
		return kindPet
	case nlp.NounLocation:
		return kindLocation
	case nlp.NounGroup:
		switch {
		case ensembles.has(w):
			return kindTeam
		case c&nlp.ClassTeam != 0:
			return kindTeam
		case c&nlp.ClassSchool != 0:
			return kindSchool
		case c&nlp.ClassOrganization != 0:
			return kindOrg
		}
		return kindNone
	case nlp.NounArtifact, nlp.NounSubstance:
		switch {
		case c&nlp.ClassVaccine != 0:
			return kindVaccine
		case c&nlp.ClassDrug != 0:
			return kindDrug
		case c&nlp.ClassSchool != 0:
			return kindSchool
		case c&(nlp.ClassVehicle|nlp.ClassArtifact) != 0:
			return kindProduct
		}
	case nlp.NounBody:
		// A hormone is a drug when taken as one (insulin, estrogen).
		if c&nlp.ClassDrug != 0 {
			return kindDrug
		}
	case nlp.NounEvent, nlp.NounAct:
		if c&nlp.ClassDegree != 0 {
			return kindDegree
		}
		return kindEvent
	case nlp.NounCommunication:
		if c&nlp.ClassDegree != 0 {
			return kindDegree
		}
	case nlp.NounTime:
		// "worked at Acme for years": a stretch of time is where no one
		// works.
		return kindDate
	}
	return kindNone
}

// establishment reports whether the noun at head is a building or a
// place where business is done (a shop, a cafe, a hotel), to WordNet.
func (sc *sentCtx) establishment(head int) bool {
	_, c, ok := nlp.Noun(sc.p.Lemmas[head])
	return ok && c&(nlp.ClassFacility|nlp.ClassPlace) != 0
}

// ensembles are groups one plays in, as in a team.
var ensembles = words("band orchestra choir ensemble club quartet trio")

// drugStems end the international nonproprietary names of drugs (the
// USAN and INN stems): a word WordNet does not know that ends so is a
// drug.
var drugStems = []string{"gliptin", "formin", "statin", "sartan", "pril", "olol", "dipine", "oxacin", "cillin", "mycin", "cycline", "azole", "prazole", "tidine", "profen", "mab", "nib", "vir", "pam", "lam", "zepam", "triptan", "setron", "parin", "xaban", "gatran", "lukast", "terol", "sone", "olone", "afil", "semide", "thiazide", "glutide", "gliflozin", "caine", "barb", "oxetine", "triptyline", "peridol", "apine", "idone", "opram", "traline", "faxine", "pentin", "gabalin", "tadine", "dronate", "olimus", "glitazone", "glinide", "lutamide", "platin", "rubicin", "taxel", "tecan"}

// drugLike reports whether an unknown word has a drug's stem.
func drugLike(w string) bool {
	if len(w) < 6 || strings.ContainsAny(w, " -") {
		return false
	}
	for _, s := range drugStems {
		if strings.HasSuffix(w, s) {
			return true
		}
	}
	return false
}

// semKind is the kind of a resolved argument for choosing a frame: the
// kind the episode knows for the name when a strong cue gave it, else
// what the phrase shows (a team's name, a drug's stem, the head noun's
// class), else the weak guess.
func (sc *sentCtx) semKind(r ref, pi int) kind {
	k, str := r.kind, r.str
	if e := sc.u.x.reg.get(r.name); e != nil && e.kind != kindNone && e.str >= str {
		k, str = e.kind, e.str
	}

	if (k == kindLocation || k == kindOrg) && (schoolWithin(r.name) || nameSchoolNouns.has(lastWordLower(r.name))) {
		// "Trinity College Dublin", "University College Cork": a school
		// named with its town.
		return kindSchool
	}
	if pi >= 0 {
		p := sc.p.Phrases[pi]
		named := sc.nameCovers(p.Start, p.Head)
		hk := sc.nounKind(p.Head)
		switch {
		case (k == kindOrg && str < strSure || k == kindNone || str <= strWeak) && teamName(r.name):
			return kindTeam
		case !named && hk != kindNone && (r.det != "" || k == kindNone || str <= strWeak):
			// (A common noun that stands for a name said before, "the
			// cafe" for The Copper Ladle, has the name's kind.)
			return hk
		case k == kindOrg && (hk == kindTeam || hk == kindSchool) && !corpSuffixes.has(strings.ToLower(sc.toks[p.Head].text)) && (named || str < strSure):
			// "Vestby College"; not "Stallard Tech", a company. (An
			// organisation the text calls one, "a book club called Page
			// Turners", is no team for its phrase's noun or its name's
			// shape.)
			return hk
		}
	}
	if k == kindNone && drugLike(strings.ToLower(r.name)) {
		return kindDrug
	}
	if k == kindNone {
		// "at Rovers", after "Kelderwick Rovers".
		if e := sc.u.x.reg.clubOf(r.name); e != nil {
			return e.kind
		}
	}
	if (k == kindNone || str <= strWeak) && sc.siblingPlan(r.name) {
		return kindPlan
	}
	if k != kindPerson && sc.sportsTeamName(r.name) {
		return kindTeam
	}
	return k
}

// schoolWithin reports whether a name of three words or more has a noun
// of a school before its last word ("Trinity College Dublin").
func schoolWithin(name string) bool {
	f := strings.Fields(name)
	if len(f) < 3 {
		return false
	}
	for _, w := range f[:len(f)-1] {
		if w = strings.ToLower(w); schoolNouns.has(w) || nameSchoolNouns.has(w) || classNouns[w] == kindSchool {
			return true
		}
		if _, c, ok := nlp.Noun(w); ok && c&nlp.ClassSchool != 0 {
			return true
		}
	}
	return false
}

// nameSchoolNouns are nouns of a place of learning that names use beside
// the schoolNouns.
var nameSchoolNouns = words("institute polytechnic conservatory seminary primary secondary high infants juniors")

// siblingPlan reports whether a name of two words or more shares its
// first word with a plan the episode named: "moved you to Fibre 500"
// after "I'm on the Fibre 100 plan".
func (sc *sentCtx) siblingPlan(name string) bool {
	f := strings.Fields(name)
	if len(f) < 2 {
		return false
	}
	for _, e := range sc.u.x.reg.list {
		if e.kind != kindPlan || e.name == name {
			continue
		}
		if g := strings.Fields(e.name); len(g) >= 2 && strings.EqualFold(g[0], f[0]) {
			return true
		}
	}
	return false
}

// nameCovers reports whether a name starting between words start and
// head runs through head ("the Larkspur Hotel": the head is the
// name's, not a hotel of no name).
func (sc *sentCtx) nameCovers(start, head int) bool {
	for k := start; k <= head; k++ {
		if e, ok := sc.nameAt[k]; ok && e > head {
			return true
		}
	}
	return false
}

// weakKind reports whether an argument's kind is only a weak guess.
func (sc *sentCtx) weakKind(r ref, pi int) bool {
	if e := sc.u.x.reg.get(r.name); e != nil && e.str > strWeak {
		return false
	}
	if r.str > strWeak && r.det == "" {
		return false
	}
	return !teamName(r.name)
}

// teamName reports whether an organisation's name is a team's: a club's
// word, or a name of two words or more ending in a plural that is no
// company's or place's word ("the Northgate Otters", "Harbor City
// Sharks").
func teamName(name string) bool {
	f := strings.Fields(name)
	if len(f) == 0 {
		return false
	}
	last := strings.ToLower(f[len(f)-1])
	if clubWords.has(last) || clubWords.has(strings.ToLower(f[0])) {
		return true
	}
	if len(f) < 2 || len(last) < 4 || !strings.HasSuffix(last, "s") || strings.HasSuffix(last, "ss") ||
		corpSuffixes.has(last) || industryHeads.has(last) || orgHeads.has(last) || placeHeads.has(last) {
		return false
	}
	return pluralNoun(last)
}

// clubWords name sports clubs.
var clubWords = words("fc cf afc sc club united athletic athletico rovers wanderers hotspur albion rangers ac bc cb cd ud sd sv fk bk sk hc rc rfc vfb vfl tsv")

// memberGroups are the nouns of groups one belongs to, which are
// organisations whatever their names look like ("a group called "Page
// Turners"", a title's quotes).
var memberGroups = words("group community network circle society forum association")
