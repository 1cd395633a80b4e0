package main

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// Records about someone. A clinic note, a member file or a passenger
// record names the one it is about in a field ("Patient: Rafael Ames")
// and goes on without a subject: "Started lisinopril 10 mg daily",
// "Seen by Dr. Sørbø". Such a text speaks for that person, not for the
// one who wrote it, when it never speaks in the first person. A later
// record of the same person may name them without the field ("Rafael
// Ames reports a dry cough. Lisinopril discontinued."): an earlier
// episode's field tells whom it is about.

// subjectField matches a field naming the one a record is about.
var subjectField = regexp.MustCompile(`(?i)\b(?:patient|client|customer|passenger|member|employee|student|tenant|resident)(?:'s)?(?: name)?\s*[:–-]\s*((?-i:[A-Z][\p{L}'.-]*)(?:\s+(?-i:[A-Z][\p{L}'.-]*)){0,3})`)

// subjectAged matches a full name a record opens a sentence with and
// follows by an age or a date of birth: "Ms Gisela Marchetti, 47,
// registered patient", "Rafael Ames, DOB 03/04/1974".
var subjectAged = regexp.MustCompile(`(?:^|[.:\n]\s*)(?:(?:Mr|Mrs|Ms|Miss|Mx|Dr)\.?\s+)?([A-Z][\p{L}'-]+(?:\s+[A-Z][\p{L}'-]+){1,3}),\s*(?:\d{1,3}\s*(?:years old|yo|y/o)?\s*[,.]|aged\s+\d|(?i:DOB|born)\b)`)

// firstPersonWord matches a word of the first person.
var firstPersonWord = regexp.MustCompile(`(?i)\b(?:i|me|my|mine|myself|we|us|our|ours|i'm|i've|i'd|i'll)\b`)

// recordSubject returns the one a text is a record about: the name of
// its subject field, else that of an earlier episode's when the text
// names them; "" when the text speaks in the first person or names no
// one so.
func recordSubject(content string, previous []abi.Episode) string {
	if firstPersonWord.MatchString(content) {
		return ""
	}
	if name := fieldName(content); name != "" {
		return name
	}
	for i := len(previous) - 1; i >= 0; i-- {
		if name := fieldName(previous[i].Content); name != "" && (strings.Contains(content, name) || strings.Contains(content, firstTwo(name))) {
			// "Raúl Quispe seen by Dr. Kamau" after "Patient: Raúl
			// Quispe Mamani".
			return name
		}
	}
	return ""
}

// firstTwo returns the first two words of a name of three or more, else
// the name.
func firstTwo(name string) string {
	if f := strings.Fields(name); len(f) > 2 {
		return f[0] + " " + f[1]
	}
	return name
}

// fieldName returns the name of a text's subject field, up to the end of
// its sentence ("Patient: Rafael Ames. Started …": Rafael Ames).
func fieldName(content string) string {
	if m := surnameFirst.FindStringSubmatch(content); m != nil {
		// "NNAJI-THORNTON, Ebele. Died peacefully …": a register's
		// heading, the surname in capitals first.
		return m[2] + " " + titleCase(m[1])
	}
	m := subjectField.FindStringSubmatch(content)
	if m == nil {
		m = subjectAged.FindStringSubmatch(content)
	}
	if m == nil {
		return ""
	}
	name := m[1]
	for _, w := range strings.Fields(name) {
		if len(w) > 2 && strings.HasSuffix(w, ".") {
			name = name[:strings.Index(name, w)+len(w)]
			break
		}
	}
	return strings.TrimRight(name, ".")
}

// surnameFirst matches a heading that opens a text with a surname in
// capitals, a comma and the given names: "NNAJI-THORNTON, Ebele.", as
// registers, obituaries and lists write a person's name.
var surnameFirst = regexp.MustCompile(`^\s*([A-Z][A-Z'-]+(?: [A-Z][A-Z'-]+)?),\s+([A-Z][\p{Ll}'-]+(?: [A-Z][\p{Ll}'-]+)?)\s*[.\n]`)

// titleCase writes a word in capitals with a capital to each of its
// parts: "NNAJI-THORNTON" → "Nnaji-Thornton".
func titleCase(w string) string {
	rs := []rune(strings.ToLower(w))
	for i := range rs {
		if i == 0 || rs[i-1] == '-' || rs[i-1] == ' ' || rs[i-1] == '\'' {
			rs[i] = unicode.ToUpper(rs[i])
		}
	}
	return string(rs)
}

// doseWords are the words of a dose ("50 mg daily", "twice a day").
var doseWords = words("mg mcg µg g ml units unit iu daily once twice a day weekly nightly bd od tds prn")

// noteKinds are the things a record's note-style clause may be about.
var noteKinds = map[kind]bool{kindDrug: true, kindVaccine: true, kindPlan: true}

// noteStyle reads a clause written as memos are, a thing and a bare
// participle ("Lisinopril discontinued today", "losartan 50 mg daily
// started in its place", "Pro plan canceled"): what the verb would say
// with the thing as its object, of the one who writes or whom the record
// is about. It reports whether it read the clause.
func (sc *sentCtx) noteStyle(cc *clauseCtx, ci int) bool {
	c := &sc.p.Clauses[ci]
	// "Lisinopril discontinued today" (a bare participle) or "lisinopril
	// was stopped today" (a passive with no one doing it).
	bare := !c.Passive && c.Past && !c.Perfect && c.VerbStart == c.Verb
	agentless := c.Passive && !c.GetPassive && !sc.hasPrep(c, "by") && c.SubjFrom == nlp.SubjOwn
	if !c.Obj.None() || !bare && !agentless || sc.u.speaker == "" || sc.u.speaker == assistantName {
		return false
	}
	var thing ref
	var k kind
	si := c.Subj.Phrase
	if si >= 0 && c.SubjFrom == nlp.SubjOwn {
		p := &sc.p.Phrases[si]
		if p.PossEnd > p.PossStart || sc.detLen(p) > 0 {
			return false
		}
		thing = sc.phraseRef(si, false)
		k = sc.semKind(thing, si)
	} else {
		// "losartan 50 mg daily started": a dose between the thing and
		// the verb, which the chunker may join to the thing.
		j := c.VerbStart
		if j > 0 && sc.toks[j-1].text == ")" {
			// "Pneumococcal vaccine (PCV20) given": an aside between
			// the thing and the verb.
			for o := j - 2; o > 0; o-- {
				if sc.toks[o].text == "(" {
					j = o
					break
				}
			}
		}
		for j > 0 && (isNumber(sc.toks[j-1].lower) || doseWords.has(sc.toks[j-1].lower)) {
			j--
		}
		if j == c.VerbStart || j == 0 || !sc.toks[j-1].word {
			return false
		}
		if pi := sc.p.PhraseEndingAt(j); pi >= 0 && sc.p.Phrases[pi].Start == 0 && sc.detLen(&sc.p.Phrases[pi]) == 0 {
			// The words that open the sentence name the thing, its
			// head noun its kind.
			thing = ref{name: joinTokens(sc.toks[:j]), kind: kindNone, str: strWeak}
			k, si = sc.nounKind(j-1), pi
		} else {
			w := sc.toks[j-1]
			if j >= 2 && sc.toks[j-2].word {
				// One word alone names the thing.
				return false
			}
			thing = ref{name: w.text, kind: kindNone, str: strWeak}
			if k = sc.nounKind(j - 1); k == kindNone && drugLike(w.lower) {
				k = kindDrug
			}
			si = sc.p.PhraseAt(j - 1)
		}
	}
	if thing.name == "" || !noteKinds[k] {
		return false
	}
	left := c.VerbStart
	if si >= 0 {
		left = sc.p.Phrases[si].Start
	}
	for _, f := range framesOf(c.Lemma) {
		// "Pneumococcal vaccine given in the left arm": given to the
		// one the record is about when it names no one.
		given := f.pass && f.inverse && f.prep == "to" && f.subj == k && f.role == tEvent && !sc.hasPrep(c, "to")
		if !given && (f.pass || f.prep != "" || f.obj != "" || f.inverse || f.role != tStart && f.role != tEnd || !f.fits(k, true)) {
			continue
		}
		cc.left, cc.end = left, sc.clauseEnd(c)
		cc.date = sc.nearestDate(cc.left, cc.end)
		cc.te = tensePast
		holder := ref{name: sc.u.speaker, kind: kindPerson, str: strSure}
		text := "{o} " + nlp.Past(c.Lemma) + " for {s}"
		if given {
			text = "{o} " + nlp.Participle(c.Lemma) + " to {s}"
		}
		sc.fact(cc, holder, thing, f.class, f.role, text, kindPerson, k)
		return true
	}
	return false
}

// authorNamed matches the author of a text naming themself: "My name's
// Declan Furlong", "my name is Ana".
var authorNamed = regexp.MustCompile(`(?i)\bmy name(?:'s| is) ((?-i:[A-Z][\p{L}'-]+)(?: (?-i:[A-Z][\p{L}'-]+)){0,2})`)

// selfSign matches a text that opens by naming who writes it: "Personal
// update from Mai Trần:", "Hi all, Oyuna Batbayar here.", "Mai again,
// with good news".
var selfSign = regexp.MustCompile(`(?i)^\s*(?:(?:hi|hello|hey)(?: all| everyone| there| folks)?\s*[,!.]?\s+)?(?:(?:a |an )?(?:personal |quick |short |brief )?(?:update|note|message|news|word) from ((?-i:[A-Z][\p{L}'-]+)(?: (?-i:[A-Z][\p{L}'-]+)){0,2})\s*[:,.!—–-]|((?-i:[A-Z][\p{L}'-]+)(?: (?-i:[A-Z][\p{L}'-]+)){0,2}) (?:here|again)\s*[,.!—–-])`)

// selfSigned returns the name a text opens with as its writer's, or "".
func selfSigned(content string) string {
	m := selfSign.FindStringSubmatch(content)
	if m == nil {
		return ""
	}
	name := m[1]
	if name == "" {
		name = m[2]
	}
	// "Thanks again,", "Leeds here": one word of the dictionary or the
	// gazetteer names no author.
	if w := strings.ToLower(name); !strings.Contains(w, " ") && (nlp.IsNoun(w) || nlp.IsVerb(w) || nlp.IsAdjective(w) || places.has(w) || greetings.has(w)) && !firstNames.has(w) {
		return ""
	}
	return name
}

// namedAuthor returns the name the author of the latest earlier episode
// without speaker labels gave themself, or "" (turns are the previous
// episodes' turns).
func namedAuthor(previous []abi.Episode, turns [][]utterance) string {
	for i := len(previous) - 1; i >= 0; i-- {
		if len(turns[i]) == 0 || turns[i][0].speaker != "" {
			continue
		}
		if m := authorNamed.FindStringSubmatch(previous[i].Content); m != nil {
			return m[1]
		}
		if name := selfSigned(previous[i].Content); name != "" {
			return name
		}
	}
	return ""
}

// Texts an organisation writes. A bulletin, a shareholder letter or a
// press release opens with the organisation's name and speaks as "we":
// "Pemberton Analytics, Q3 update to shareholders. Last quarter we moved
// our headquarters …". Its "we" and "our" are the organisation's.

// singularFirstPerson matches a word of the first person singular.
var singularFirstPerson = regexp.MustCompile(`(?i)\b(?:i|me|my|mine|myself|i'm|i've|i'd|i'll)\b`)

// pluralFirstPerson matches a word of the first person plural.
var pluralFirstPerson = regexp.MustCompile(`(?i)\b(?:we|us|our|ours|ourselves|we're|we've|we'll)\b`)

// orgAuthor returns the organisation a text speaks for as "we": the
// name it opens with, when that name is an organisation's and the text
// says "we" but never "I"; else "".
func orgAuthor(content string) string {
	if singularFirstPerson.MatchString(content) || !pluralFirstPerson.MatchString(content) {
		return ""
	}
	toks := tokenize(content)
	if m := headerOrg.FindStringSubmatch(content); m != nil {
		// "Customer note (Crestmoor Building Society, Harrogate
		// branch): … with us".
		toks = tokenize(m[1])
	}
	e := nameEnd(toks, 0, make([]bool, len(toks)))
	if e == 0 {
		return ""
	}
	name := joinTokens(toks[:e])
	if k, str := guessKind(toks[:e]); (k != kindOrg || str < strCue) && !teamName(name) {
		// "FENMOOR BIRDERS — Spring Newsletter": a club's name.
		return ""
	}
	return name
}

// headerOrg matches a note's header that names its organisation in
// brackets: "Customer note (Crestmoor Building Society, Harrogate
// branch):".
var headerOrg = regexp.MustCompile(`^\s*[A-Z][\p{L} ]{0,30}\(([A-Z][^,():]*)[,)][^:\n]{0,60}:`)

// salutation matches the one a letter or an email is written to: "Dear
// Ms El-Amrani,", "Hi Clementine," opening a line, or a "To:" header.
var salutation = regexp.MustCompile(`(?m)^\s*(?:(?i:dear|hi|hello)\s+((?:(?i:mr|mrs|ms|miss|dr|prof)\.? )?[A-Z][\p{L}'-]+(?: [A-Z][\p{L}'-]+){0,2})\s*[,:!]|(?i:to):\s*((?:(?i:mr|mrs|ms|miss|dr|prof)\.? )?[A-Z][\p{L}'-]+(?: [A-Z][\p{L}'-]+){0,2})\s*(?:<[^>]*>)?\s*$)`)

// salutee returns the one a text is written to, by its salutation or
// its "To:" header, or "": "you" in the text is them. A plural ("Dear
// Sirs", "Hi all") or a word of the dictionary names no one.
func salutee(content string) string {
	m := salutation.FindStringSubmatch(content)
	if m == nil {
		return ""
	}
	name := m[1]
	if name == "" {
		name = m[2]
	}
	if w := strings.ToLower(name); !strings.Contains(w, " ") && (greetings.has(w) || groupSalutes.has(w)) {
		return ""
	}
	return name
}

// groupSalutes greet more than one, or no one by name.
var groupSalutes = words("all everyone everybody there team sirs sir madam friends folks guys members parents customers residents neighbours neighbors")

// ownerField reads a record's "Owner: Gabriel Nascimento" when the one
// the record is about is an animal ("Patient: Farofa, 6-year-old female
// beagle"): the owner has the pet.
func (sc *sentCtx) ownerField() {
	x, toks := sc.u.x, sc.toks
	if x.recordSubject == "" || len(toks) < 3 || toks[0].lower != "owner" && toks[0].lower != "owners" || toks[1].text != ":" {
		return
	}
	if e := x.reg.get(x.recordSubject); e == nil || e.kind != kindPet {
		return
	}
	end, ok := sc.nameAt[2]
	if !ok {
		return
	}
	owner := sc.named(2, end)
	if owner.name == "" || x.reg.key(owner.name) == x.reg.key(x.recordSubject) {
		return
	}
	x.reg.add(owner.name, kindPerson, strSure, true)
	x.facts = append(x.facts, fact{src: owner.name, dst: x.recordSubject, rel: "HAS_PET", tmpl: "{s} owns {o}",
		subs: map[string]string{"{s}": owner.name, "{o}": x.recordSubject}, valid: x.ref})
}

// recordSubjectKind returns the kind of a record's subject: a pet when
// this record or an earlier one describes an animal after the name
// ("Patient: Farofa, 6-year-old female beagle."), else a person.
func recordSubjectKind(subj, content string, previous []abi.Episode) kind {
	if animalAfter(content, subj) {
		return kindPet
	}
	for _, p := range previous {
		if animalAfter(p.Content, subj) {
			return kindPet
		}
	}
	return kindPerson
}

// animalAfter reports whether name is followed in content by a comma and
// a short phrase whose last word is an animal's noun.
func animalAfter(content, name string) bool {
	i := strings.Index(content, name+",")
	if i < 0 {
		return false
	}
	rest := content[i+len(name)+1:]
	if j := strings.IndexAny(rest, ".,;()\n"); j >= 0 {
		rest = rest[:j]
	}
	f := strings.Fields(strings.ToLower(rest))
	if len(f) == 0 || len(f) > 6 {
		return false
	}
	return animalHead(f[len(f)-1])
}
