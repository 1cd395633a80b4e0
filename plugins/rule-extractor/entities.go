package main

import (
	"slices"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// kind is the plugin's own entity category. It is mapped onto the
// tenant's ontology types by name and synonyms (ontology.go).
type kind string

// Kinds.
const (
	kindNone       kind = ""
	kindPerson     kind = "Person"
	kindOrg        kind = "Organization"
	kindLocation   kind = "Location"
	kindPet        kind = "Pet"
	kindProduct    kind = "Product"
	kindWork       kind = "Work"
	kindOccupation kind = "Occupation"
	// kindIdentifier is an order, ticket, invoice or booking number, a SKU:
	// a name that is one exact string, never a spelling of another.
	kindIdentifier kind = "Identifier"
	kindDate       kind = "Date"
	kindEvent      kind = "Event"
	// kindDrug, kindVaccine, kindPlan and kindDegree come from the role a
	// thing plays ("takes X", "is on the X plan") or WordNet's classes.
	kindDrug    kind = "Medication"
	kindVaccine kind = "Vaccine"
	kindPlan    kind = "Plan"
	kindDegree  kind = "Degree"
	// kindTeam and kindSchool are organisations of a kind frames tell
	// apart ("joined" a team is to play for it); an entity of either is
	// an Organization.
	kindTeam   kind = "@team"
	kindSchool kind = "@school"
)

// entityKind is the kind an entity is registered with: a team or a
// school is an organisation.
func entityKindOf(k kind) kind {
	if k == kindTeam || k == kindSchool {
		return kindOrg
	}
	return k
}

// Strengths of a kind guess: a later guess replaces an earlier one only if
// it is stronger.
const (
	strWeak    = 1 // a first name, an acronym
	strPattern = 2 // the role in a relation ("works at X")
	strCue     = 3 // an honorific, a corporate suffix, the gazetteer
	strSure    = 4 // a speaker
)

// connectors may join the words of a name ("Bank of America", "St. Mary's
// Hospital", "Barnes & Noble").
var connectors = words("of & de du da do dos das di del della delle van von der la le 's")

// firmClosers end a firm's name after "and".
var firmClosers = words("co co. company sons partners associates")

// nameToken reports whether toks[i] can be part of a name.
func nameToken(toks []token, i int, blocked []bool) bool {
	if i < 0 || i >= len(toks) || blocked[i] {
		return false
	}
	t := &toks[i]
	return t.word && (t.cap || t.acro) && t.lower != "i"
}

// givenWord reports whether w (in lower case) is a given name.
func givenWord(w string) bool {
	return firstNames.has(w) || nlp.IsGivenName(w)
}

// nameEnd returns the end of the name starting at toks[i], or i if no name
// starts there.
func nameEnd(toks []token, i int, blocked []bool) int {
	if !nameToken(toks, i, blocked) {
		return i
	}
	first := toks[i].lower
	j := i + 1
	if _, ok := titles[first]; ok {
		// "CEO of Acme" is a title and a name, not one name.
		return i
	}
	if _, ok := spacedFlightCode(toks, j); ok || flightNouns.has(first) && j < len(toks) && codeShaped(toks[j].text) {
		// "Flight KL1422": the flight is its code.
		return i
	}
	if honorifics.has(first) {
		if !nameToken(toks, j, blocked) || isCapStop(toks[j].lower) {
			return i
		}
	} else if isCapStop(first) && !(toks[i].acro && i > 0 && toks[i-1].lower == "the") && !peoplesNamePart(toks, i, blocked) {
		// "the US", "the WHO": a word of a closed class in capitals
		// after "the" is an acronym, a name.
		return i
	}
	for j < len(toks) {
		if j > i && officeAt(toks, j) || toks[j].lower == "'s" && officeAt(toks, j+1) {
			// "Brightwave CFO Dana Cole", "Brightwave's Chief Executive":
			// the organisation, then its officer's title, no one name.
			break
		}
		if j-i >= 2 && legalForms.has(toks[j-1].lower) {
			// "Saltvik Glass Ltd Unit 7": a firm's legal form
			// closes its name.
			break
		}
		if nameToken(toks, j, blocked) && !isCapStop(toks[j].lower) {
			j++
			continue
		}
		if toks[j].lower == "of" && j-i >= 2 && (honorifics.has(first) || firstNames.has(first) || orgAfterOf(toks, j, blocked) && !orgHeads.has(toks[j-1].lower) && !corpSuffixes.has(toks[j-1].lower)) {
			// "Lucia Ferrante of Ferrante Legal": a person's full name
			// and where they are, not one name.
			break
		}
		if toks[j].lower == "'s" && j-i >= 2 && orgCloser(toks[j-1].lower) {
			// "FlexPoint Gym's Cardiff Bay branch": a whole name's
			// possessive, before a name of its own.
			break
		}
		if toks[j].lower == "'s" && j == i+1 && givenWord(first) && nameToken(toks, j+1, blocked) && givenWord(toks[j+1].lower) && !nameToken(toks, j+2, blocked) {
			// "Phoebe's Mike", "Anya's Tomasz": a person's, a person
			// of their own; not one name as "Joe's Pizza" is.
			break
		}
		if connectors.has(toks[j].lower) && nameToken(toks, j+1, blocked) && !isCapStop(toks[j+1].lower) {
			j += 2
			continue
		}
		// "Hale and Co", "Hale and Sons": "and" before a firm's
		// closing word joins one name, not two.
		if toks[j].lower == "and" && nameToken(toks, j+1, blocked) && firmClosers.has(toks[j+1].lower) && (j+2 >= len(toks) || !nameToken(toks, j+2, blocked)) {
			j += 2
			continue
		}
		break
	}
	if j-i == 1 && toks[i].acro && (acronymStop.has(first) || jobHeads.has(first) || len(first) > 6) {
		return i
	}
	// "Kestrel Mills plc": a firm's legal form written in lower case
	// closes its name.
	if j < len(toks) && !blocked[j] && lowerForms.has(toks[j].text) {
		j++
	}
	// A short number ends a name ("Tesla Model 3", "Windows 11") when what
	// follows is not a word it counts ("Bob 3 times").
	if j < len(toks) && !blocked[j] && len(toks[j].lower) <= 4 && isNumber(toks[j].lower) {
		if n := lowerAt(toks, j+1); n == "" || !toks[j+1].word || npStop.has(n) {
			j++
		}
	}
	return j
}

// lowerForms are the legal forms of a firm written in lower case after
// its name.
var lowerForms = words("plc ltd ltd. inc inc. llc gmbh")

// legalForms are the legal forms of firms, which close their names.
var legalForms = words("plc ltd ltd. inc inc. llc llp gmbh pty")

// orgAfterOf reports whether the name after the "of" at toks[j] is an
// organisation's by its shape ("… of Ferrante Legal").
func orgAfterOf(toks []token, j int, blocked []bool) bool {
	e := nameEnd(toks, j+1, blocked)
	if e <= j+1 {
		return false
	}
	k, _ := guessKind(toks[j+1 : e])
	return k == kindOrg
}

// nameStart returns the start of a name ending at toks[end-1], or -1.
func nameStart(toks []token, end int, blocked []bool) int {
	best := -1
	for s := end - 1; s >= 0 && end-s <= 6; s-- {
		if !nameToken(toks, s, blocked) && !connectors.has(toks[s].lower) {
			break
		}
		if nameEnd(toks, s, blocked) == end {
			best = s
		}
	}
	return best
}

// quotedTitle returns the range of a quoted title opening at toks[i] ("
// The Name of the Wind "), or ok false.
func quotedTitle(toks []token, i int) (start, end int, ok bool) {
	if i >= len(toks) || toks[i].text != "\"" || i+1 >= len(toks) || !toks[i+1].cap {
		return 0, 0, false
	}
	for k := i + 2; k < len(toks) && k <= i+12; k++ {
		if toks[k].text == "\"" {
			return i + 1, k, true
		}
	}
	return 0, 0, false
}

// looksLikeID reports whether a one-word name is an identifier: letters
// and digits mixed, or digits in groups joined by hyphens ("ORD-1001",
// "KT-4410-BLK", "BK-7Q2ZL", "A17", "2024-0042"), not a date.
func looksLikeID(s string) bool {
	if len(s) < 3 || strings.ContainsAny(s, " \t") || nlp.IsAgeModifier(strings.ToLower(s)) {
		// "a 28-year-old cheerleader": an age, no id.
		return false
	}
	digits, letters, hyphens := 0, 0, 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case unicode.IsLetter(r):
			letters++
		case r == '-' || r == '_' || r == '/' || r == '#':
			hyphens++
		default:
			return false
		}
	}
	if digits == 0 || letters == 0 && hyphens == 0 {
		return false
	}
	if _, ok := parseNumericDate(s, time.UTC); ok {
		return false
	}
	// An ordinal ("3rd", "21st") or a measure ("5km", "10am") is no id.
	if hyphens == 0 && letters <= 2 && s[0] >= '0' && s[0] <= '9' && !unicode.IsDigit(rune(s[len(s)-1])) {
		return false
	}
	return true
}

// guessKind guesses a name's kind from its words.
func guessKind(toks []token) (kind, int) {
	first, last := toks[0].lower, toks[len(toks)-1].lower
	switch {
	case len(toks) == 1 && looksLikeID(toks[0].text):
		return kindIdentifier, strCue
	case len(toks) == 2 && idNouns.has(first) && looksLikeID(toks[1].text):
		return kindIdentifier, strCue
	case honorifics.has(first) && len(toks) > 1:
		return kindPerson, strCue
	case len(toks) > 1 && (corpSuffixes.has(last) || industryHeads.has(last) || (strings.HasSuffix(last, "ology") || strings.HasSuffix(last, "ologie")) && !nlp.IsNoun(last)):
		// ("Marine Biology" is a field: a word of a science the
		// dictionary knows names no firm.)
		return kindOrg, strCue
	case orgHeads.has(last) || len(toks) > 2 && orgHeads.has(first) && toks[1].lower == "of" || len(toks) > 1 && orgFirsts.has(first):
		return kindOrg, strCue
	case len(toks) > 1 && (clubWords.has(last) || clubWords.has(first)):
		// A club ("Dunlin Athletic", "FC Varde"): an organisation, which
		// teamName makes a team where frames ask.
		return kindOrg, strCue
	case len(toks) > 1 && last == "high":
		// "Lincoln High": a high school called by its name and "High".
		return kindOrg, strCue
	case len(toks) > 2 && schoolWithin(joinTokens(toks)):
		// "Trinity College Dublin": a school named with its town.
		return kindOrg, strCue
	case len(toks) > 1 && (placeHeads.has(last) || placeFirsts.has(first)):
		return kindLocation, strCue
	case places.has(last) && (len(toks) == 1 || !firstNames.has(first)):
		return kindLocation, strCue
	case wordnetPlace(toks):
		return kindLocation, strPattern
	case len(toks) > 1 && titleName(toks):
		// "Senior Structural Engineer", "Chief Operating Officer": a
		// post written with capitals names no one.
		return kindOccupation, strCue
	case len(toks) > 1 && eventHead(toks):
		// "Fjordlys Festival 2024", "the Brekke Folk Festival".
		return kindEvent, strCue
	case len(toks) > 1 && docNouns.has(last):
		// "Spring Newsletter", "Weekly Bulletin": a document's title.
		return kindWork, strCue
	case firstNames.has(first) && len(toks) <= 3 && !(len(toks) > 1 && nlp.IsAdjective(last) && !nlp.IsNoun(last)):
		// "Halvard Mutual": a given name before an adjective names
		// no one.
		return kindPerson, strWeak
	case len(toks) > 1 && pluralOfPeople(toks[len(toks)-1].text) && !(len(toks) == 2 && nlp.IsGivenName(first)):
		// "Ulaanbaatar Night Runners", "the Harbour Singers": a name
		// ending in people in the plural is a group of them; a given
		// name and a surname in -s ("Lee Majors") is one person.
		return kindOrg, strWeak
	case len(toks) == 1 && (first == "agm" || first == "egm"):
		// An annual or extraordinary general meeting, no organisation.
		return kindNone, strCue
	case len(toks) == 1 && toks[0].acro && personNoun(first):
		// "GP" and "CEO" are people's titles WordNet knows, no
		// organisation's letters.
		return kindOccupation, strCue
	case len(toks) == 1 && toks[0].acro:
		return kindOrg, strWeak
	case len(toks) > 1 && tradeGerund(last):
		// "Dunmore Milling", "Hallam Roofing": a trade's gerund closes
		// a business's name.
		return kindOrg, strPattern
	case len(toks) > 1 && buildingNoun(last):
		// "Kestrel Gym", "the Larkspur Hotel", "Vestby Conservatory": a
		// name ending in a noun WordNet classes as a building, a place
		// of business or a school is the business or school there.
		return kindOrg, strPattern
	}
	return kindNone, 0
}

// eventHeads end the names of gatherings.
var eventHeads = words("summit conference festival expo fair gala marathon tournament championship championships convention symposium hackathon meetup regatta jamboree")

// eventHead reports whether a name ends in a gathering's noun, before a
// year if one follows ("Fjordlys Festival 2024").
func eventHead(toks []token) bool {
	last := len(toks) - 1
	if last > 0 && len(toks[last].lower) == 4 && isNumber(toks[last].lower) {
		last--
	}
	return last > 0 && eventHeads.has(toks[last].lower)
}

// docNouns end the titles of documents and issues of them.
var docNouns = words("newsletter bulletin digest roundup recap minutes memo memorandum circular newsletters")

// wordnetPlace reports whether a name is a city, country or region
// WordNet knows and knows as nothing else first ("Abu Dhabi", "Leeds",
// "Cambodia"): a one-word name also when it is no given name, adjective
// or verb ("Florence", "Nice" and "Split" are left to their context).
func wordnetPlace(toks []token) bool {
	if len(toks) > 3 || toks[0].acro {
		return false
	}
	var ws []string
	for _, t := range toks {
		if !t.word || !t.cap {
			return false
		}
		ws = append(ws, t.lower)
	}
	if len(ws) == 1 && (firstNames.has(ws[0]) || nlp.IsAdjective(ws[0]) || nlp.IsVerb(ws[0])) {
		return false
	}
	lex, c, ok := nlp.Noun(strings.Join(ws, " "))
	return ok && lex == nlp.NounLocation && c&(nlp.ClassCity|nlp.ClassCountry|nlp.ClassPlace) != 0 && c&nlp.ClassPerson == 0
}

// titleName reports whether capitalised words are a post: a job noun
// last, after words that are adjectives, ranks or nouns and no given
// name ("Senior Structural Engineer", "Project Manager"; not "Tom
// Cook").
func titleName(toks []token) bool {
	last := toks[len(toks)-1].lower
	if !isJobHead(last) || len(toks) > 4 {
		return false
	}
	for _, t := range toks[:len(toks)-1] {
		w := t.lower
		if !t.word || firstNames.has(w) || honorifics.has(w) || connectors.has(w) {
			return false
		}
		if !titleRanks.has(w) && !titleAdjectives.has(w) && !nlp.IsAdjective(w) && !nlp.IsNoun(w) {
			return false
		}
	}
	return true
}

// pluralOfPeople reports whether a capitalised word is the plural of a
// noun WordNet classes only as people ("Runners", "Ramblers").
func pluralOfPeople(w string) bool {
	if len(w) < 5 || !strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ss") || w[0] < 'A' || w[0] > 'Z' {
		return false
	}
	sing := strings.ToLower(w[:len(w)-1])
	if nlp.IsGivenName(sing) {
		// "Matthews", "Peters": a surname made of a given name, though
		// WordNet has the apostle as a person.
		return false
	}
	_, c, ok := nlp.Noun(sing)
	return ok && c&nlp.ClassPerson != 0 && c&(nlp.ClassFacility|nlp.ClassSchool|nlp.ClassOrganization) == 0
}

// buildingNoun reports whether w is a noun WordNet classes as a
// building or place of business (a gym, a hotel, a garage) or a school
// (a seminary, a conservatory), and not as a person. (WordNet's
// organisations are left out: surnames such as "Obi" are among them.)
func buildingNoun(w string) bool {
	_, c, ok := nlp.Noun(w)
	return ok && c&(nlp.ClassFacility|nlp.ClassSchool) != 0 && c&nlp.ClassPerson == 0
}

// placePreps before a name of no other kind make it a place.
var placePreps = words("in near from to outside")

// mention is a name found in a sentence.
type mention struct {
	start, end int
	name       string
	kind       kind
	str        int
	// initial is a one-word name opening the sentence, which may be an
	// ordinary word written with a capital.
	initial bool
}

// findMentions returns the names of a sentence: capitalized spans,
// acronyms and quoted titles.
func findMentions(toks []token, blocked []bool) []mention {
	var out []mention
	first := 0
	for first < len(toks) && (!toks[first].word || isNumber(toks[first].lower)) {
		first++
	}
	for i := 0; i < len(toks); {
		if s, e, ok := quotedTitle(toks, i); ok {
			out = append(out, mention{start: s, end: e, name: joinTokens(toks[s:e]), kind: kindWork, str: strCue})
			i = e + 1
			continue
		}
		if numberedUnitAt(toks, i) && !blocked[i+1] && (i+2 >= len(toks) || !toks[i+2].word || !toks[i+2].cap) {
			// "Unit 3", "plot 17B", "Ward 12": a numbered unit of a
			// place is a place of its own.
			out = append(out, mention{start: i, end: i + 2, name: toks[i].text + " " + toks[i+1].text, kind: kindLocation, str: strCue})
			i += 2
			continue
		}
		if i == first && sentenceStarters.has(toks[i].lower) {
			i++
			continue
		}
		e := nameEnd(toks, i, blocked)
		if e == i+1 && (nlp.HyphenedSound(toks[i].lower) || vowelless(toks[i].text)) {
			// "Oh-ho", "Uh-oh", "Sssh", "Hmm": a sound, no name.
			i++
			continue
		}
		if (i == first || opensAfterDash(toks, i)) && e == i+1 && e < len(toks) && !toks[e].cap && isJobHead(toks[e].lower) &&
			capitalizedWord(toks[i].lower) {
			// "Dunedin — Marine microbiologist Dr. Siddharth Menon": a
			// word of the job, capitalized by its place.
			i++
			continue
		}
		if i == first && e == i+1 && e < len(toks) && nlp.OpeningFunctionWord(toks[i].lower, toks[e].text) {
			// "Ever since my mom died": a word of a closed class.
			i++
			continue
		}
		if i == first && e == i+1 && nlp.InflectedVerb(toks[i].lower) {
			// "Got promoted", "Started at Acme": a verb whose "I" the
			// writer left out.
			i++
			continue
		}
		if i == first && e == i+1 && (lowerAt(toks, i+1) == "that" || lowerAt(toks, i+1) == ":") && nlp.IsNoun(toks[i].lower) && !firstNames.has(toks[i].lower) {
			// "Reminder that rent is due", "Update: …": a common noun
			// that opens a notice is no name.
			i++
			continue
		}
		if i == first && e == i+1 && lowerAt(toks, i+1) == "," && nlp.MannerAdverb(toks[i].lower) && !firstNames.has(toks[i].lower) {
			// "Separately, the firm sold …": an adverb set off at the
			// start.
			i++
			continue
		}
		if i == first && e == i+1 && e < len(toks) && !toks[e].cap {
			if _, end := titleAt(toks, i); end > e && end < len(toks) && toks[end].cap {
				// "Chief executive Sigrun Aas said": an office of more
				// than one word before a name, its first capitalized by
				// its place.
				i++
				continue
			}
		}
		if i == first && e == i+1 && imperative(toks, i) {
			// "Come meet my friends", "Meet my sister": a command.
			i++
			continue
		}
		if i == first && e > i+1 && droppedSubjectVerb(toks, i, e) {
			// "Left Lumen last month", "Joined Spotify in May": the verb
			// is no part of the name after it.
			i++
			continue
		}
		if e == i {
			i++
			continue
		}
		if i == first && e >= i+3 && !honorifics.has(toks[i].lower) && postWord(toks[i].lower) {
			// "Owner Wilhelmina Tate, who opened it …", "Manager Tom
			// Berg said": a post that opens the sentence before a full
			// name is no part of it (postBefore reads it).
			i++
			continue
		}
		if i == first && e >= i+2 && pluralKin(toks[i].lower) {
			// "Sisters Maren and Tove Aasen bought …": relatives
			// named together after their kinship noun.
			i++
			continue
		}
		if e == i+1 && (strings.HasSuffix(toks[i].lower, "-based") || strings.HasSuffix(toks[i].lower, "-headquartered")) {
			// "the Oslo-based group": the place is read by basedAt; the
			// word is no name.
			i++
			continue
		}
		if e == i+1 && demonym(toks, i) {
			// "Danish furniture maker Lindqvist", "a French teacher":
			// the adjective of a people is no name.
			i++
			continue
		}
		// "Uhh Ingrid", "Hey Ingrid": the sound before a name is not part
		// of it.
		for i < e-1 && (interjections.has(toks[i].lower) || vocativeOpeners.has(toks[i].lower) || i == 0 && attentionVerbs.has(toks[i].lower)) {
			i++
		}
		if e == i+1 && oath(toks, i) {
			// "Oh my God!", "Thank God": an exclamation, no one named.
			i++
			continue
		}
		if e == i+1 && i > first && !blocked[i-1] && letterNamed(toks, i) {
			i-- // "hepatitis B", "vitamin D": a noun named by a letter.
		}
		k, str := guessKind(toks[i:e])
		if i == 0 && e < len(toks) && dashes.has(toks[e].text) && allCaps(toks[i:e]) && len(toks) > e+2 && (e-i == 1 && k != kindOrg || places.has(strings.ToLower(joinTokens(toks[i:e])))) {
			// "BREMEN — Calloway Shipping said …": a news story's
			// dateline is a place.
			k, str = kindLocation, strCue
		}
		if i > 0 && !blocked[i-1] && unitNumber(toks[i-1].text) && streetHeads.has(toks[e-1].lower) && (i < 2 || !numberedNouns.has(toks[i-2].lower)) {
			// "14 Orchard Row", "47 Rosary Gardens": the house number is
			// part of the address.
			i--
			k, str = kindLocation, strCue
		}
		name := joinTokens(toks[i:e])
		if strings.HasSuffix(toks[e-1].lower, "'s") && (k == kindNone || k == kindPerson) {
			// "Monica's", "Trader Joe's": a business or a home named
			// for its owner (shopGenitives), no one's name.
			k, str = kindOrg, strWeak
		}
		if k == kindNone {
			// Weak cues, so that every name has a kind: a place after "in"
			// or "near", a person's full name.
			switch {
			case lowerAt(toks, i-1) == "in" && (degreeNouns.has(strings.Trim(lowerAt(toks, i-2), ".'s")) || lowerAt(toks, i-2) == "'s" && degreeNouns.has(lowerAt(toks, i-3))):
				// "an MSc in Data Science", "a master's in Public
				// Health": a field, no place.
			case lowerAt(toks, i-1) == "to" && toPersonBefore(toks, i-1), lowerAt(toks, i-1) == "from" && fromPerson.has(lowerAt(toks, i-2)):
				// "handed the role over to Joaquín Ferreyra", "reports to
				// Ama Boateng": one hands, speaks or reports to a person.
			case lowerAt(toks, i-1) == "from" && e-i > 1 && businessWord(toks[e-1].lower):
				// "Bartek from Larkspur Lettings": a name ending in a
				// common noun that names no kind of place is a business.
				k, str = kindOrg, strWeak
			case lowerAt(toks, e) == "'s" && kinNouns.has(lowerAt(toks, e+1)):
				// "away from Chandler's mom": one whose mother is
				// named is a person, whatever the preposition.
				k, str = kindPerson, strWeak
			case placePreps.has(lowerAt(toks, i-1)):
				k, str = kindLocation, strWeak
			case lowerAt(toks, i-1) == "of" && orgBodies.has(lowerAt(toks, i-2)):
				// "the board of Garrick Haulage", "minutes of the
				// committee of": what has a board is an organisation.
				k, str = kindOrg, strWeak
			case lowerAt(toks, i-1) == "at" && e-i > 1 && lowerAt(toks, e) != "'s" && !firstNames.has(toks[i].lower):
				// "his apprenticeship at Kellner Joinery": a place of
				// work or study, not a person's full name.
				k, str = kindOrg, strWeak
			case personLike(name) && lowerAt(toks, i-1) != "the" && !commonFirstWord(toks[i].lower):
				k, str = kindPerson, strWeak
			}
		}
		if i-1 > first && toks[i-1].text == "The" && !blocked[i-1] && k != kindPerson {
			// "Ten years in, The Copper Ladle is …": an article written
			// with its capital inside a sentence is part of the name,
			// as in the names of works, bands and businesses.
			i--
			name = joinTokens(toks[i:e])
		}
		out = append(out, mention{start: i, end: e, name: name, kind: k, str: str, initial: i == first && e-i == 1})
		i = e
	}
	return out
}

// pluralKin reports whether w is a kinship noun in the plural
// ("brothers", "sisters").
func pluralKin(w string) bool {
	l := nlp.Lemma(w, "NNS")
	return l != w && kinNouns.has(l)
}

// commonFirstWord reports whether a name's first word w is a common noun
// or adjective that is no given name ("Copper", "Blue" and "Salt", not
// "Rose" or "Grant"): names of that shape are a thing's more often than
// a person's, so the shape alone does not make a person. English puts no
// "the" before a person's name either ("The Copper Kettle").
func commonFirstWord(w string) bool {
	return !givenWord(w) && (nlp.IsNoun(w) || nlp.IsAdjective(w))
}

// officeAt reports whether an officer's title written as a name starts at
// toks[i]: an acronym ("CFO") or a title of two words or more ("Chief
// Executive"), which no name of a firm or a person ends in.
func officeAt(toks []token, i int) bool {
	if i >= len(toks) || !toks[i].word || !toks[i].cap {
		return false
	}
	_, end := titleAt(toks, i)
	return end > i && (toks[i].acro || end-i >= 2)
}

// postWord reports whether w names a post one holds: a role noun
// ("owner", "coach"), an office ("chairman") or a job ("manager").
func postWord(w string) bool {
	if namedPosts.has(w) {
		return false
	}
	if _, ok := roleNouns[w]; ok {
		return !kinNouns.has(w)
	}
	_, office := titles[w]
	return office || isJobHead(w)
}

// namedPosts are posts that stand before a name as part of how the
// person is called ("Doctor Ross Geller", "Coach Taylor", "Captain
// Vale"), not as an aside.
var namedPosts = words("doctor professor captain coach judge officer sergeant detective inspector nurse chef agent senator president governor mayor general colonel major lieutenant commander admiral father mother sister brother uncle aunt grandma grandpa")

// numberedNouns are the nouns a number after them makes the name of a unit
// of a place: a flat, a hospital ward, an allotment plot.
var numberedNouns = words("unit flat apartment apt suite room ward bed plot lot pitch berth stall bay gate platform block")

// numberedUnitAt reports whether a numbered unit of a place starts at
// toks[i]: "Unit 3", "plot 17B".
func numberedUnitAt(toks []token, i int) bool {
	return i+1 < len(toks) && numberedNouns.has(toks[i].lower) && (unitNumber(toks[i+1].text) || unitCode(toks[i+1].text))
}

// streetHeads are the last words of a street's name.
var streetHeads = words("street st st. road rd rd. avenue ave ave. lane row close crescent terrace mews gardens drive way walk wharf quay place square boulevard")

// unitNumber reports whether w numbers a unit or a house: digits with at
// most one letter after them ("3", "17B", "221b").
func unitNumber(w string) bool {
	n := 0
	for n < len(w) && w[n] >= '0' && w[n] <= '9' {
		n++
	}
	if n == 0 || n > 5 {
		return false
	}
	rest := w[n:]
	return rest == "" || len(rest) == 1 && unicode.IsLetter(rune(rest[0]))
}

// unitCode reports whether w is a unit's code that opens with a digit:
// "4B-07" of "bed 4B-07".
func unitCode(w string) bool {
	return w != "" && w[0] >= '0' && w[0] <= '9' && looksLikeID(w)
}

// demonym reports whether the one capitalized word at i is an
// adjective WordNet knows (a people's: "Danish", "French") before a
// lower-case common noun, and no first name.
func demonym(toks []token, i int) bool {
	if i+1 >= len(toks) || !toks[i+1].word || toks[i+1].text != toks[i+1].lower || firstNames.has(toks[i].lower) {
		return false
	}
	return adjectiveOfPeople(toks[i].lower) && !nlp.IsAdjective(toks[i+1].lower) && nlp.IsNoun(toks[i+1].lower)
}

// adjectiveOfPeople reports whether w is an adjective, or a hyphenated
// compound of adjectives ("italian-american", "franco-german").
func adjectiveOfPeople(w string) bool {
	if nlp.IsAdjective(w) {
		return true
	}
	parts := strings.Split(w, "-")
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if !nlp.IsAdjective(p) && !nlp.IsAdjective(p+"n") {
			return false
		}
	}
	return true
}

// droppedSubjectVerb reports whether the name toks[i:e] opening a
// sentence starts with a verb in the past whose subject was left
// out ("Left Lumen last month"): a past form WordNet knows, with no verb
// of the name's own after the name ("Left Bank Books is a shop").
func droppedSubjectVerb(toks []token, i, e int) bool {
	w := toks[i].lower
	l := nlp.Lemma(w, "VBD")
	if l == w || !nlp.IsVerb(l) || strings.HasSuffix(w, "ing") {
		return false
	}
	return !finiteAfterName.has(lowerAt(toks, e))
}

// imperative reports whether the word opening a sentence gives a
// command (nlp.Imperative) and is no common given name.
func imperative(toks []token, i int) bool {
	return i+1 < len(toks) && !firstNames.has(toks[i].lower) && nlp.Imperative(toks[i].lower, toks[i+1].text)
}

// finiteAfterName are the verbs that, after a name opening a sentence,
// make the name the subject.
var finiteAfterName = words("is are was were has have had will would can could should may might must does did 's")

// isNumber reports whether s is made of digits.
func isNumber(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// entity is an entity found in the episode.
type entity struct {
	name string
	kind kind
	str  int
	// confirmed entities are kept; an unconfirmed one is a sentence's
	// first word that nothing else showed to be a name.
	confirmed bool
	speaker   bool
	order     int
	// hint is the JSON key the entity was found under, matched against the
	// ontology's type names ("customer" → Customer).
	hint  string
	attrs map[string]any
}

// setAttr sets an attribute of e.
func (e *entity) setAttr(k string, v any) {
	if e.attrs == nil {
		e.attrs = map[string]any{}
	}
	e.attrs[k] = v
}

// addAlias records another name of e (core.AliasesAttribute), in
// order.
func (e *entity) addAlias(name string) {
	var as []any
	if v, ok := e.attrs[core.AliasesAttribute].([]any); ok {
		as = v
	}
	for _, a := range as {
		if a == name {
			return
		}
	}
	as = append(as, name)
	sort.Slice(as, func(i, j int) bool { return as[i].(string) < as[j].(string) })
	e.setAttr(core.AliasesAttribute, as)
}

// registry collects an episode's entities by normalized name.
type registry struct {
	byKey map[string]*entity
	list  []*entity
	// keys caches core.NormalizeName of the names the episode uses.
	keys map[string]string
	// stated maps the key of a short name to the full name the text
	// gives it ("Dev, Devendra Iyer,").
	stated map[string]string
}

// named records that the text gives short the full name long.
func (r *registry) named(short, long string) {
	if r.stated == nil {
		r.stated = map[string]string{}
	}
	r.stated[r.key(short)] = long
}

func newRegistry() *registry {
	return &registry{byKey: map[string]*entity{}, keys: map[string]string{}}
}

// key is core.NormalizeName(name), computed once per name.
func (r *registry) key(name string) string {
	if k, ok := r.keys[name]; ok {
		return k
	}
	k := core.NormalizeName(name)
	if rest, ok := strings.CutPrefix(k, "the "); ok && strings.HasPrefix(name, "The ") {
		// "The Copper Ladle" and "Copper Ladle" are one name.
		k = rest
	}
	r.keys[name] = k
	return k
}

// add records a name with a kind guess and returns its entity, or nil for
// an empty name.
func (r *registry) add(name string, k kind, str int, confirmed bool) *entity {
	k = entityKindOf(k)
	key := r.key(name)
	if key == "" {
		return nil
	}
	e := r.byKey[key]
	if e == nil {
		e = &entity{name: strings.TrimSpace(name), order: len(r.list)}
		r.byKey[key] = e
		r.list = append(r.list, e)
	} else if strings.HasPrefix(name, "The ") && !strings.HasPrefix(e.name, "The ") {
		// The name as written with its article inside a sentence is
		// the name in full.
		e.name = strings.TrimSpace(name)
	}
	if k != kindNone && str > e.str {
		e.kind, e.str = k, str
	}
	e.confirmed = e.confirmed || confirmed
	return e
}

// personWords returns the words of a name without honorifics: "Dr. Ngozi
// Amadi" gives Ngozi, Amadi.
func personWords(name string) []string {
	f := strings.Fields(name)
	for len(f) > 1 && honorifics.has(strings.ToLower(f[0])) {
		f = f[1:]
	}
	return f
}

// get returns the entity of a name, or nil.
func (r *registry) get(name string) *entity {
	return r.byKey[r.key(name)]
}

// aliases maps the key of a one-word name to a fuller name of the same
// episode when exactly one fits: "Alice" → "Alice Smith", "Lee" → "Dr.
// Lee" for people and entities of unknown kind, and an organisation's
// short form to its full name (orgAliases).
func (r *registry) aliases() map[string]string {
	out := map[string]string{}
	words := make([][]string, len(r.list))
	for i, e := range r.list {
		words[i] = personWords(e.name)
	}
	for short, long := range r.stated {
		if e := r.get(long); e != nil && r.byKey[short] != nil && !r.byKey[short].speaker {
			out[short] = e.name
		}
	}
	r.titledAliases(out, words)
	// "Raúl Quispe" is Raúl Quispe Mamani: a given name and a first
	// surname begin one fuller name of the episode.
	for si, short := range r.list {
		if sf := words[si]; len(sf) >= 2 && !initialWord(sf[0]) && short.kind == kindPerson && !short.speaker {
			if long := r.lengthened(sf, words); long != nil {
				out[r.key(short.name)] = long.name
				long.confirmed = long.confirmed || short.confirmed
			}
		}
	}
	for si, short := range r.list {
		sf := words[si]
		if _, ok := out[r.key(short.name)]; ok {
			continue
		}
		if short.speaker || short.kind != kindPerson && short.kind != kindNone {
			continue
		}
		if len(sf) >= 2 && initialWord(sf[0]) {
			// "M. Keane" is Maddox Keane when one full name of the
			// episode has that initial and that surname.
			if long := r.initialed(sf, words); long != nil && long != short {
				out[r.key(short.name)] = long.name
				long.confirmed = long.confirmed || short.confirmed
			}
			continue
		}
		if len(sf) != 1 {
			continue
		}
		titled := len(strings.Fields(short.name)) > 1
		var match *entity
		n := 0
		for li, long := range r.list {
			if long == short || long.kind != kindPerson && long.kind != kindNone || long.kind == kindNone && short.kind == kindNone {
				continue
			}
			if _, ok := out[r.key(long.name)]; ok {
				continue
			}
			f := words[li]
			if len(f) < 2 {
				continue
			}
			// "Mr. Mensah" is Kwame Mensah, not a Mensah called Kwame;
			// "Mr. Quispe" is Raúl Quispe Mamani, of two surnames.
			if !titled && strings.EqualFold(f[0], sf[0]) || strings.EqualFold(f[len(f)-1], sf[0]) || titled && len(f) > 2 && slices.ContainsFunc(f[1:], func(w string) bool { return strings.EqualFold(w, sf[0]) }) {
				match = long
				n++
			}
		}
		if n == 1 {
			out[r.key(short.name)] = match.name
			match.confirmed = match.confirmed || short.confirmed
		}
	}
	r.orgAliases(out)
	return out
}

// dashes set off a dateline or a first line from what follows.
var dashes = words("— – -")

// allCaps reports whether every letter of the words is a capital.
func allCaps(toks []token) bool {
	for _, t := range toks {
		if strings.ToUpper(t.text) != t.text || !strings.ContainsFunc(t.text, unicode.IsLetter) {
			return false
		}
	}
	return true
}

// oath reports whether the one word at i is an oath's name, as exclamations
// use it: "God" or "Lord" after "my", "oh", "thank", "dear" or "good", or
// before "knows" or "'s sake"/"sake".
func oath(toks []token, i int) bool {
	w := toks[i].lower
	if base, ok := strings.CutSuffix(w, "'s"); ok {
		// "for God's sake".
		return oathWords.has(base) && lowerAt(toks, i+1) == "sake"
	}
	if !oathWords.has(w) {
		return false
	}
	switch lowerAt(toks, i-1) {
	case "my", "oh", "o", "thank", "dear", "good":
		return true
	}
	next := lowerAt(toks, i+1)
	return next == "knows" || next == "forbid" || next == "bless" || next == "'s" && lowerAt(toks, i+2) == "sake"
}

// oathWords are the names exclamations swear by.
var oathWords = words("god gawd gah lord gosh heavens christ jeez jesus")
