package main

import (
	"strings"
	"time"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// From clauses to facts. The parse (package nlp) gives each verb group its
// subject, objects, role and prepositional phrases; this file resolves
// them to entities, finds the relation class of the verb in the lexicon
// (classes.go) or names an open relation after it, places the fact in
// time and writes its text.

// parse parses the sentence, with its names and identifiers as phrases
// of their own and its dates left out of every phrase.
func (sc *sentCtx) parse(mentions []mention) {
	words := make([]string, len(sc.toks))
	lower := make([]string, len(sc.toks))
	for i, t := range sc.toks {
		words[i], lower[i] = t.text, t.lower
	}
	var names [][2]int
	sc.nameAt = map[int]int{}
	for _, m := range mentions {
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
	}
	sc.p = nlp.Parse(words, lower, names, sc.blocked)
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
	for _, d := range findDates(s.toks, x.ref) {
		for k := d.start; k < d.end; k++ {
			sc.blocked[k] = true
		}
	}
	sc.parse(findMentions(s.toks, sc.blocked))
	return sc.p.String()
}

// phraseRef resolves phrase pi to an entity: a pronoun to whom it means, a
// phrase with a name to the name ("my cousin Leyla" is Leyla), an
// identifier, an unnamed relative ("my sister" is "Alice's sister"), or a
// noun phrase that names a thing ("metformin", "a flat").
func (sc *sentCtx) phraseRef(pi int, subject bool) ref {
	p := &sc.p.Phrases[pi]
	toks := sc.toks
	if p.End-p.Start == 1 && sc.p.Tags[p.Start] == "PRP" || p.End-p.Start == 1 && sc.p.Tags[p.Start] == "PRP$" && objectPronouns.has(toks[p.Start].lower) {
		l := toks[p.Start].lower
		switch l {
		case "it":
			return sc.itAt(p.Start, subject)
		case "i", "me", "we", "us", "myself", "you", "yourself":
			return sc.pronounAt(l, p.Start)
		case "he", "she", "him", "her":
			return sc.pronounAt(l, p.Start, sc.clauseSubjects...)
		}
		return ref{}
	}
	// "a dog named Rex", "a sister called Carol": the name.
	if p.End+1 < len(toks) && (toks[p.End].lower == "named" || toks[p.End].lower == "called") {
		if e, ok := sc.nameAt[p.End+1]; ok {
			r := sc.named(p.End+1, e)
			switch head := toks[p.Head].lower; {
			case petNouns.has(head) || sc.isAnimal(sc.p.Lemmas[p.Head]):
				r.kind, r.str = kindPet, strSure
			case kinNouns.has(head):
				r.kind, r.str = kindPerson, strSure
			default:
				// "a band called Velvet Harbor": the kind of a band, over
				// what the name's shape suggests.
				if k := sc.nounKind(p.Head); k != kindNone {
					r.kind, r.str = k, strSure
				}
			}
			return r
		}
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
	// A name in the phrase: the last one, with a class noun after it
	// ("the Pro plan").
	for k := p.End - 1; k >= p.Start; k-- {
		e, ok := sc.nameAt[k]
		if !ok || e > p.End {
			continue
		}
		r := sc.named(k, e)
		if _, ok := classNouns[toks[p.End-1].lower]; ok && e < p.End {
			// "the hepatitis B vaccine", "the Pro plan": the whole phrase.
			r = ref{name: joinTokens(toks[p.Start+sc.detLen(p) : p.End]), kind: classNouns[toks[p.End-1].lower], str: strPattern}
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
	// "my sister", "Bob's boss": an unnamed relative.
	if p.PossEnd > p.PossStart && kinNouns.has(head) {
		if owner := sc.ownerOf(p); owner.name != "" {
			return kinRef(owner, head)
		}
		return ref{}
	}
	if p.PossEnd == p.PossStart && orgStandIns.has(head) && p.Start < p.Head && toks[p.Start].lower == "the" {
		if lowerAt(toks, p.End) == "of" {
			// "the board of Auren" is no stand-in for the company named
			// before.
			return ref{}
		}
		return sc.contextOrg()
	}
	if p.End+1 < len(toks) && toks[p.End].text == "," {
		if r, _, ok := sc.identifier(p.End + 1); ok {
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

// detLen is the number of words of a phrase's determiner or possessor.
func (sc *sentCtx) detLen(p *nlp.Phrase) int {
	if p.PossEnd > p.PossStart {
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
		if pr, ok := possessives[sc.toks[p.PossStart].lower]; ok {
			return sc.pronounAt(pr, p.PossStart)
		}
	}
	if e, ok := sc.nameAt[p.PossStart]; ok && e < p.PossEnd {
		return sc.named(p.PossStart, e)
	}
	return ref{}
}

// classNouns after a name make it a thing of that class ("the Pro plan",
// "a hepatitis B vaccine").
var classNouns = map[string]kind{
	"plan": kindPlan, "tier": kindPlan, "subscription": kindPlan, "package": kindPlan, "membership": kindPlan, "edition": kindPlan,
	"vaccine": kindVaccine, "shot": kindVaccine, "jab": kindVaccine, "booster": kindVaccine,
	"degree": kindDegree, "diploma": kindDegree,
}

// nounKind is the kind WordNet gives the head noun of a phrase.
func (sc *sentCtx) nounKind(head int) kind {
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
	case nlp.NounEvent, nlp.NounAct:
		if c&nlp.ClassDegree != 0 {
			return kindDegree
		}
		return kindEvent
	case nlp.NounCommunication:
		if c&nlp.ClassDegree != 0 {
			return kindDegree
		}
	}
	return kindNone
}

// ensembles are groups one plays in, as in a team.
var ensembles = words("band orchestra choir ensemble club quartet trio")

// drugStems end the international nonproprietary names of drugs (the
// USAN and INN stems): a word WordNet does not know that ends so is a
// drug.
var drugStems = []string{"gliptin", "formin", "statin", "sartan", "pril", "olol", "dipine", "oxacin", "cillin", "mycin", "cycline", "azole", "prazole", "tidine", "profen", "mab", "nib", "vir", "pam", "lam", "zepam", "triptan", "setron", "parin", "xaban", "gatran", "lukast", "terol", "sone", "olone", "afil", "semide", "thiazide", "glutide", "gliflozin", "caine", "barb", "oxetine", "triptyline", "peridol", "apine", "idone"}

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

	if pi >= 0 {
		p := sc.p.Phrases[pi]
		_, named := sc.nameAt[p.Head]
		hk := sc.nounKind(p.Head)
		switch {
		case (k == kindOrg || k == kindNone || str <= strWeak) && teamName(r.name):
			return kindTeam
		case !named && hk != kindNone:
			return hk
		case k == kindOrg && (hk == kindTeam || hk == kindSchool):
			return hk
		}
	}
	if k == kindNone && drugLike(strings.ToLower(r.name)) {
		return kindDrug
	}
	return k
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
	one := nlp.Lemma(last, "NNS")
	return one != last && nlp.IsNoun(one)
}

// clubWords name sports clubs.
var clubWords = words("fc cf afc sc club united athletic athletico rovers wanderers hotspur albion rangers")

// clauseCtx is what a clause's facts share.
type clauseCtx struct {
	c     *nlp.Clause
	te    tense
	ended bool
	date  *dateExpr
	// left and end bound the clause, for its date.
	left, end int
}

// readClauses turns the sentence's clauses into facts.
func (sc *sentCtx) readClauses() {
	if sc.question {
		return
	}
	for ci := range sc.p.Clauses {
		sc.readClause(ci)
	}
	sc.succession()
}

// roleFact is a title fact a sentence stated: org has holder as its rel.
type roleFact struct {
	org, holder ref
	rel         string
	role        temporal
}

// succession reads who left the role someone took in the same sentence:
// "Ahmed Saleh replaced her", "… replacing Malcolm Reyes", "… after
// Harriet Pell retired". The one replaced held the role until then.
func (sc *sentCtx) succession() {
	if len(sc.roles) == 0 {
		return
	}
	for ci := range sc.p.Clauses {
		c := &sc.p.Clauses[ci]
		if _, ok := sc.factual(ci); !ok {
			continue
		}
		subjs := sc.subjects(ci)
		if len(subjs) == 0 {
			continue
		}
		cc := &clauseCtx{c: c, te: tensePast}
		cc.date = sc.nearestDate(c.VerbStart, sc.clauseEnd(c))
		switch {
		case (c.Lemma == "replace" || c.Lemma == "succeed") && !c.Obj.None() && !c.Passive:
			old := sc.phraseRef(c.Obj.Phrase, false)
			by := subjs[0]
			for _, r := range sc.roles {
				switch {
				case r.holder.name == old.name && r.role == tEnd:
					sc.fact(cc, r.org, by, r.rel, tStart, "{o} replaced "+old.name+" as "+titleWord(r.rel)+" of {s}", kindOrg, kindPerson)
				case r.role == tStart && r.holder.name != old.name:
					sc.fact(cc, r.org, old, r.rel, tEnd, "{o} was replaced as "+titleWord(r.rel)+" of {s}", kindOrg, kindPerson)
				default:
					continue
				}
				break
			}
		case roleEnds.has(c.Lemma) && c.Obj.None() && c.AsRole < 0 && len(c.PPs) == 0:
			for _, r := range sc.roles {
				if r.role == tStart && r.holder.name != subjs[0].name {
					sc.fact(cc, r.org, subjs[0], r.rel, tEnd, "{o} left as "+titleWord(r.rel)+" of {s}", kindOrg, kindPerson)
					break
				}
			}
		}
	}
}

// titleWord is the title a HAS_ relation names: HAS_CEO → CEO.
func titleWord(rel string) string {
	return strings.TrimPrefix(rel, "HAS_")
}

// factual reports whether clause ci states something: not a plan, a wish,
// a condition or a denial.
func (sc *sentCtx) factual(ci int) (ended, ok bool) {
	c := &sc.p.Clauses[ci]
	if c.Modal {
		return false, false
	}
	for k := 0; k < c.VerbStart; k++ {
		if conditionals.has(sc.toks[k].lower) {
			return false, false
		}
	}
	ended = c.NoLonger || c.Negated && sc.anymore(c.VerbEnd)
	if c.Negated && !ended {
		return false, false
	}
	if c.SubjFrom == nlp.SubjControl && c.Governor >= 0 {
		g := &sc.p.Clauses[c.Governor]
		if _, ok := sc.factual(c.Governor); !ok {
			return false, false
		}
		if c.Gerund && !factiveGovernors.has(g.Lemma) {
			return false, false
		}
		if c.Infinitive && (intentionWords.has(g.Lemma) || nlp.Directive(g.Lemma)) {
			return false, false
		}
	}
	if c.Infinitive && c.SubjFrom != nlp.SubjControl {
		return false, false
	}
	return ended, true
}

// factiveGovernors are verbs whose "-ing" complement states a fact ("I
// love living in Lisbon": she lives there).
var factiveGovernors = words("love like enjoy hate dislike miss keep continue")

// readClause reads one clause.
func (sc *sentCtx) readClause(ci int) {
	c := &sc.p.Clauses[ci]
	ended, ok := sc.factual(ci)
	if !ok {
		return
	}
	cc := &clauseCtx{c: c, ended: ended}
	tc := c
	if c.SubjFrom == nlp.SubjControl && c.Governor >= 0 {
		tc = &sc.p.Clauses[c.Governor]
	}
	switch {
	case tc.Past || tc.UsedTo:
		cc.te = tensePast
	case tc.Progressive && !tc.Perfect:
		cc.te = tenseProgressive
	}
	if tc.UsedTo {
		cc.ended = false
	}
	subjs := sc.subjects(ci)
	if len(subjs) == 0 {
		return
	}
	sc.clauseSubjects = subjs
	defer func() { sc.clauseSubjects = nil }()
	cc.left, cc.end = c.VerbStart, sc.clauseEnd(c)
	if c.Subj.Phrase >= 0 && c.SubjFrom == nlp.SubjOwn {
		cc.left = sc.p.Phrases[c.Subj.Phrase].Start
	}
	cc.date = sc.nearestDate(cc.left, cc.end)
	sc.placedAt(c, subjs)
	verb := c.Lemma
	if c.Particle != "" {
		verb += " " + c.Particle
	}
	defer sc.noteSubject(subjs[0])
	if linking.has(c.Lemma) && !c.Passive && !c.Progressive {
		if len(subjs) > 1 && lowerAt(sc.toks, c.VerbEnd) == "together" {
			// "Saoirse and I have been together for two years".
			for i := 1; i < len(subjs); i++ {
				sc.fact(cc, subjs[0], subjs[i], "IS_DATING", tState, "{s} and {o} are together", kindPerson, kindPerson)
			}
			return
		}
		for _, s := range subjs {
			sc.copula(cc, s)
		}
		return
	}
	role := temporal(-1)
	if r, ok := aspectRoles[c.Aspect]; ok {
		role = r
	}
	for _, s := range subjs {
		sc.verbFacts(cc, verb, s, role)
	}
	if len(subjs) > 1 && c.Obj.None() {
		if rc, ok := reciprocal[verb]; ok && !sc.hasPrep(c, "to") && !sc.hasPrep(c, "with") {
			if role >= 0 {
				rc.role = role
			}
			text := "{s} " + sc.verbWord(c.VerbStart, c.Verb, cc.te == tensePast || c.Past || c.Perfect, c.Aspect != "")
			if c.Passive {
				text = "{s} got " + sc.toks[c.Verb].lower
			}
			if c.Particle != "" {
				text += " " + c.Particle
			}
			if p := reciprocalPrep[verb]; p != "" {
				text += " " + p
			}
			text += " {o}"
			for i := 1; i < len(subjs); i++ {
				sc.fact(cc, subjs[0], subjs[i], rc.class, rc.role, text, kindPerson, kindPerson)
			}
		}
	}
}

// aheadClasses are booked in the past for a date to come.
var aheadClasses = words("HAS_APPOINTMENT_WITH")

// placedAt reads "Dr. Hana Mori at Elm Street Vet Clinic is treating
// her": a person subject placed at an organisation works there.
func (sc *sentCtx) placedAt(c *nlp.Clause, subjs []ref) {
	if c.SubjFrom != nlp.SubjOwn || c.Subj.Phrase < 0 || len(subjs) != 1 || sc.kindOf(subjs[0]) != kindPerson {
		return
	}
	p := sc.p.Phrases[c.Subj.Phrase]
	if lowerAt(sc.toks, p.End) != "at" {
		return
	}
	q := sc.p.PhraseAt(p.End + 1)
	if q < 0 || sc.p.Phrases[q].End != c.VerbStart {
		return
	}
	at := sc.phraseRef(q, false)
	if at.name == "" || at.det != "" || sc.kindOf(at) == kindPerson && !sc.weakKind(at, q) {
		return
	}
	sc.fact(&clauseCtx{c: c, te: tensePresent}, subjs[0], at, "WORKS_AT", tState, "{s} works at {o}", kindPerson, kindOrg)
}

// reciprocalPrep joins the partner to a reciprocal verb's text.
var reciprocalPrep = map[string]string{"marry": "to", "engage": "to", "divorce": "from", "separate": "from", "date": "", "break up": "with", "split up": "with", "split": "from", "go out": "with", "wed": "to"}

// noteSubject remembers a clause's subject for "he", "she" and "it".
func (sc *sentCtx) noteSubject(r ref) {
	switch {
	case r.name == "":
	case sc.kindOf(r) == kindPerson:
		sc.u.lastPersonSubj = r.name
	case r.name != sc.u.speaker:
		sc.u.lastThingSubj = r.name
	}
}

// hasPrep reports whether a clause has a phrase after preposition p.
func (sc *sentCtx) hasPrep(c *nlp.Clause, p string) bool {
	for _, pp := range c.PPs {
		if pp.Prep == p {
			return true
		}
	}
	return false
}

// clauseEnd is the word after a clause's last argument.
func (sc *sentCtx) clauseEnd(c *nlp.Clause) int {
	end := c.VerbEnd
	for _, a := range []nlp.Arg{c.Obj, c.Obj2, c.Comp} {
		for _, p := range a.All() {
			end = max(end, sc.p.Phrases[p].End)
		}
	}
	if c.AsRole >= 0 {
		end = max(end, sc.p.Phrases[c.AsRole].End)
	}
	for _, pp := range c.PPs {
		for _, p := range pp.Obj.All() {
			end = max(end, sc.p.Phrases[p].End)
		}
	}
	return end
}

// subjects resolves a clause's subjects; a clause that opens a sentence
// with a past verb and no subject is the speaker's ("Moved to Kraków in
// January").
func (sc *sentCtx) subjects(ci int) []ref {
	c := &sc.p.Clauses[ci]
	var out []ref
	for _, p := range c.Subj.All() {
		if r := sc.phraseRef(p, true); r.name != "" {
			out = append(out, r)
		}
	}
	if len(out) == 0 && c.SubjFrom == nlp.SubjNone && sc.u.speaker != "" && ci == 0 && (sc.p.Tags[c.Verb] == "VBD" || sc.p.Tags[c.Verb] == "VBN") {
		first := 0
		for first < c.VerbStart && (!sc.toks[first].word || sc.p.Tags[first] == "UH" || sc.p.Tags[first] == "RB") {
			first++
		}
		if first == c.VerbStart {
			out = append(out, ref{name: sc.u.speaker, kind: kindPerson, str: strSure})
		}
	}
	return out
}

// arg is one object slot of a clause: its preposition ("" for the direct
// object, "as" for a role) and phrases.
type arg struct {
	prep    string
	phrases []int
}

// partitives are nouns of an amount of something: "a dose of the
// vaccine" is the vaccine.
var partitives = words("dose doses course round shot cup glass bottle box pack packet piece slice pair set bag can jar tube lot lots bit couple number bunch plenty")

// slots lists a clause's object slots, direct object first.
func (sc *sentCtx) slots(c *nlp.Clause) []arg {
	if c.GerundObj >= 0 {
		return []arg{{"", []int{c.GerundObj}}}
	}
	if !c.Obj.None() && len(c.PPs) > 0 && c.PPs[0].Prep == "of" && partitives.has(sc.headWord(c.Obj.Phrase)) && c.PPs[0].At == sc.p.Phrases[c.Obj.Phrase].End {
		out := []arg{{"", c.PPs[0].Obj.All()}}
		for _, pp := range c.PPs[1:] {
			out = append(out, arg{pp.Prep, pp.Obj.All()})
		}
		return out
	}
	out := slots(c)
	// "the board of Auren": a slot of its own, "board of".
	for i := 0; i+1 < len(out); i++ {
		if len(out[i].phrases) == 1 && out[i+1].prep == "of" && sc.headWord(out[i].phrases[0]) == "board" {
			p := strings.TrimSpace(out[i].prep + " board of")
			out = append(out[:i], append([]arg{{p, out[i+1].phrases}}, out[i+2:]...)...)
		}
	}
	return out
}

// slots lists a clause's object slots, direct object first.
func slots(c *nlp.Clause) []arg {
	var out []arg
	if !c.Obj.None() {
		out = append(out, arg{"", c.Obj.All()})
	}
	if c.AsRole >= 0 {
		out = append(out, arg{"as", []int{c.AsRole}})
	}
	for _, pp := range c.PPs {
		out = append(out, arg{pp.Prep, pp.Obj.All()})
	}
	return out
}

// verbFacts emits the facts of a verb clause for one subject. role, when
// set, is the aspect's ("stopped taking": an end).
func (sc *sentCtx) verbFacts(cc *clauseCtx, verb string, subj ref, role temporal) {
	c := cc.c
	fs := frames[verb]
	if len(fs) == 0 && c.Particle != "" {
		fs = frames[c.Lemma]
	}
	matched := false
	if c.Passive && !c.Obj.None() && roleStartsPassive.has(c.Lemma) {
		// "was appointed chief executive of Nordvik Energy".
		sc.roleFacts(cc, subj, c.Obj.Phrase, c, role)
		matched = true
	}
	for _, a := range sc.slots(c) {
		if c.Passive && a.prep == "by" && len(fs) == 0 {
			continue
		}
		for _, pi := range a.phrases {
			if a.prep == "as" {
				// "joined Acme as a nurse": the role is the subject's;
				// "named Rune Dahl as CEO": the object's.
				holder := subj
				if !c.Obj.None() && !c.Passive {
					if o := sc.phraseRef(c.Obj.Phrase, false); o.name != "" && sc.kindOf(o) != kindOrg {
						holder = o
					}
				}
				sc.roleFacts(cc, holder, pi, c, role)
				matched = true
				continue
			}
			obj := sc.phraseRef(pi, false)
			if obj.name == "" {
				continue
			}
			if a.prep == "" && !c.Passive && (c.Lemma == "have" || c.Lemma == "adopt" || c.Lemma == "get") {
				// "I have a sister named Carol", "we adopted a puppy named
				// Max", "I have a dog".
				if noun := sc.headWord(pi); kinNouns.has(noun) && obj.det == "" || petNouns.has(noun) || sc.isAnimal(noun) {
					r := tState
					if c.Lemma != "have" {
						r = tStart
					}
					if role >= 0 {
						r = role
					}
					sc.relateIn(cc, obj, subj, noun, r)
					matched = true
					continue
				}
			}
			k := sc.semKind(obj, pi)
			// A weak guess of the kind (a full name of two words, a name
			// after "in") does not rule a frame out when no frame takes it.
			tries := []kind{k}
			if k != kindNone && sc.weakKind(obj, pi) {
				tries = append(tries, kindNone)
			}
			for _, kk := range tries {
				for i := range fs {
					f := &fs[i]
					if f.pass != c.Passive || !f.takes(a.prep) || !f.fits(kk, obj.det == "") || !sc.objFits(f, c) || f.subj != kindNone && sc.kindOf(subj) != f.subj {
						continue
					}
					sc.frameFact(cc, f, a.prep, subj, obj, kk, role)
					matched = true
					break
				}
				if matched {
					break
				}
			}
		}
	}
	if !matched && len(slots(c)) == 0 && verb == "move out" && subj.name != sc.u.speaker && sc.u.speaker != "" && sc.kindOf(subj) == kindPerson {
		// "Aiko moved out": she no longer lives with the one telling it.
		sc.fact(cc, subj, ref{name: sc.u.speaker, kind: kindPerson, str: strSure}, "ROOMMATE_OF", tEnd, "{s} moved out", kindPerson, kindPerson)
		return
	}
	if matched || c.Passive || len(fs) > 0 && len(slots(c)) == 0 {
		return
	}
	sc.openFact(cc, verb, subj, role)
}

// classKinds are the kinds a relation class implies for its object.
var classKinds = map[string]kind{
	"LIVES_IN": kindLocation, "WORKS_AT": kindOrg, "STUDIES_AT": kindOrg, "GRADUATED_FROM": kindOrg, "BORN_IN": kindLocation,
	"GREW_UP_IN": kindLocation, "IS_FROM": kindLocation, "PLAYS_FOR": kindOrg, "COACHES": kindOrg, "ACQUIRED": kindOrg,
	"FOUNDED": kindOrg, "MARRIED_TO": kindPerson, "ENGAGED_TO": kindPerson, "IS_DATING": kindPerson, "REPORTS_TO": kindPerson,
	"MANAGER_OF": kindPerson, "TAKES_MEDICATION": kindDrug, relSwitchedMedication: kindDrug, "RECEIVED_VACCINE": kindVaccine,
	"ON_PLAN": kindPlan, "HAS_PET": kindPet, "VISITED": kindLocation, "TRAVELED_TO": kindLocation, "OWNS": kindProduct, "DRIVES": kindProduct,
}

// objFits reports whether the clause's direct object fits a frame that
// constrains it.
func (sc *sentCtx) objFits(f *frame, c *nlp.Clause) bool {
	if f.obj == "" {
		return true
	}
	if c.Obj.None() {
		return false
	}
	head := sc.headWord(c.Obj.Phrase)
	switch f.obj {
	case "@appt":
		return apptNouns.has(head) || apptNouns.has(sc.toks[sc.p.Phrases[c.Obj.Phrase].Head].lower)
	case "@home":
		return homeNouns.has(head)
	case "@unit":
		return unitNouns.has(head)
	}
	return strings.Contains(" "+f.obj+" ", " "+head+" ")
}

// frameFact emits the fact of a frame (and its second relation).
func (sc *sentCtx) frameFact(cc *clauseCtx, f *frame, prep string, subj, obj ref, k kind, role temporal) {
	c := cc.c
	r := f.role
	if role >= 0 {
		r = role
	} else if c.GetPassive && r == tState {
		r = tStart
	}
	src, dst := subj, obj
	switch {
	case f.fromPrep && !c.Obj.None():
		// "sold it to Nordic Bake Group": the buyer acquired it.
		src, dst = obj, sc.phraseRef(c.Obj.Phrase, false)
		if dst.name == "" {
			return
		}
	case f.inverse && prep != "" && !c.Passive && !c.Obj.None():
		// "started me on metformin": the direct object takes it.
		src = sc.phraseRef(c.Obj.Phrase, false)
	case f.inverse && prep != "" && !c.Passive:
		// "I switched to fexofenadine": the subject takes it.
	case f.inverse:
		src, dst = obj, subj
	}
	if src.name == "" {
		return
	}
	// The object's kind is what the text showed; the relation's own kind
	// for its target wins over a weak guess ("married to Joaquín": a
	// person, not a place after "to").
	sk, dk := kindNone, k
	if f.inverse && (prep == "" || c.Passive) {
		sk, dk = k, kindNone
	}
	if ck := classKinds[f.class]; ck != kindNone && (dk == kindNone || sc.weakKind(dst, -1)) {
		dk = ck
	}
	text := sc.clauseText(cc, f, prep)
	if f.inverse && (prep == "" || c.Passive) {
		text = swapEnds(text)
	}
	if f.fromPrep {
		text = "{o} was " + sc.toks[c.Verb].lower + " to {s}"
		sk, dk = kindNone, kindNone
	}
	sc.fact(cc, src, dst, f.class, r, text, sk, dk)
	if f.also != "" {
		sc.fact(cc, src, dst, f.also, f.alsoRole, text, sk, dk)
	}
}

// roleRef is the occupation a role phrase names: "a junior analyst" →
// "junior analyst".
func (sc *sentCtx) roleRef(pi int) ref {
	p := &sc.p.Phrases[pi]
	start := p.Start + sc.detLen(p)
	return ref{name: strings.ToLower(joinTokens(sc.toks[start:p.End])), kind: kindOccupation, str: strPattern}
}

// openFact emits the open relation of a clause whose verb the lexicon
// does not know: the direct object, else the first phrase after a
// preposition that names an entity.
func (sc *sentCtx) openFact(cc *clauseCtx, verb string, subj ref, role temporal) {
	c := cc.c
	if openStop.has(c.Lemma) {
		return
	}
	for _, a := range sc.slots(c) {
		if a.prep == "as" || c.Passive && a.prep != "by" {
			continue
		}
		pi := a.phrases[0]
		obj := sc.phraseRef(pi, false)
		if obj.name == "" || !sc.entityLike(obj, pi) {
			continue
		}
		src, dst := subj, obj
		if c.Passive {
			src, dst = obj, subj
		}
		rel := openRelation(verb, a.prep, c.Passive)
		r := tTrait
		if role >= 0 {
			r = role
		}
		text := sc.clauseText(cc, nil, a.prep)
		if c.Passive {
			text = swapEnds(text)
		}
		sc.fact(cc, src, dst, rel, r, text, kindNone, kindNone)
		return
	}
}

// openStop are verbs too vague to be a relation of their own.
var openStop = words("be have do get make go come say tell ask think know want need let see look seem feel try give put take keep use call mean guess thank hope wish")

// entityLike reports whether an object is worth a fact of an open
// relation: a name, a person, or a thing WordNet classes.
func (sc *sentCtx) entityLike(r ref, pi int) bool {
	if r.det == "" && r.kind != kindNone {
		return true
	}
	if _, ok := sc.nameAt[sc.p.Phrases[pi].Head]; ok {
		return true
	}
	if sc.p.Tags[sc.p.Phrases[pi].Head] == "PRP" {
		return true
	}
	switch sc.nounKind(sc.p.Phrases[pi].Head) {
	case kindNone, kindEvent, kindDate:
		return false
	}
	return true
}

// openRelation names the relation of a verb: its third person, particle
// and preposition in capitals ("sponsor" → SPONSORS, "vote for" →
// VOTES_FOR); a passive keeps the active verb with the ends swapped.
func openRelation(verb, prep string, passive bool) string {
	f := strings.Fields(verb)
	f[0] = thirdPerson(f[0])
	if prep != "" && !(passive && prep == "by") {
		f = append(f, prep)
	}
	return strings.ToUpper(strings.Join(f, "_"))
}

// thirdPerson is the third person singular of a verb lemma.
func thirdPerson(v string) string {
	switch v {
	case "be":
		return "is"
	case "have":
		return "has"
	case "do", "go":
		return v + "es"
	}
	n := len(v)
	switch {
	case strings.HasSuffix(v, "s") || strings.HasSuffix(v, "sh") || strings.HasSuffix(v, "ch") || strings.HasSuffix(v, "x") || strings.HasSuffix(v, "z"):
		return v + "es"
	case n > 2 && v[n-1] == 'y' && !strings.ContainsRune("aeiou", rune(v[n-2])):
		return v[:n-1] + "ies"
	}
	return v + "s"
}

// clauseText writes a fact's text from the clause as said, with names
// for its ends: "Dmitri took over as head coach of Harbor City Sharks",
// "Halima stopped taking metformin".
func (sc *sentCtx) clauseText(cc *clauseCtx, f *frame, prep string) string {
	c := cc.c
	var b strings.Builder
	b.WriteString("{s} ")
	past := cc.te == tensePast || c.Past || c.Perfect
	if c.Aspect != "" {
		b.WriteString(sc.verbWord(c.VerbStart, c.Verb, past, true))
		b.WriteByte(' ')
		b.WriteString(sc.toks[c.Verb].lower)
	} else if c.Passive {
		switch {
		case c.Perfect && cc.te != tensePast:
			b.WriteString("has been ")
		case past:
			b.WriteString("was ")
		default:
			b.WriteString("is ")
		}
		b.WriteString(sc.toks[c.Verb].lower)
	} else {
		b.WriteString(sc.verbWord(c.Verb, c.Verb, past, false))
	}
	if c.Particle != "" {
		b.WriteString(" " + c.Particle)
	}
	if prep != "" && prep != "as" && !c.Obj.None() && !(f != nil && f.inverse) {
		// "joined the board of {o}", "moved her practice to {o}".
		p := sc.p.Phrases[c.Obj.Phrase]
		if r := sc.phraseRef(c.Obj.Phrase, false); r.name != "" && r.det == "" {
			b.WriteString(" " + r.name)
		} else {
			b.WriteString(" " + joinTokens(sc.toks[p.Start:p.End]))
		}
	}
	role := ""
	if c.AsRole >= 0 && prep != "as" {
		p := sc.p.Phrases[c.AsRole]
		role = " as " + joinTokens(sc.toks[p.Start:p.End])
	}
	if prep != "" {
		b.WriteString(role + " " + prep)
		role = ""
	}
	b.WriteString(" {o}" + role)
	text := b.String()
	if f != nil && f.inverse && !c.Passive && prep != "" && !c.Obj.None() {
		// "My GP started me on metformin": Halima was started on it.
		w := sc.toks[c.Verb].lower
		if !past {
			w = sc.p.Lemmas[c.Verb]
			return "{s} is " + w + "ed " + prep + " {o}"
		}
		return "{s} was " + w + " " + prep + " {o}"
	}
	return text
}

// swapEnds swaps a text's placeholders, for a fact whose source is the
// clause's object ("Acme hired Dana": Dana works at Acme).
func swapEnds(text string) string {
	return strings.NewReplacer("{s}", "{o}", "{o}", "{s}").Replace(text)
}

// verbWord writes the main verb as the text needs it: the word as said in
// the past, else the third person present of its lemma. With aspect, the
// aspectual verb before it is written instead.
func (sc *sentCtx) verbWord(start, v int, past, aspect bool) string {
	if aspect {
		for k := start; k < v; k++ {
			if strings.HasPrefix(sc.p.Tags[k], "VB") {
				if _, ok := aspectRoles[sc.p.Lemmas[k]]; ok {
					if past {
						return sc.toks[k].lower
					}
					return thirdPerson(sc.p.Lemmas[k])
				}
			}
		}
	}
	if past && (sc.p.Tags[v] == "VBD" || sc.p.Tags[v] == "VBN") {
		return sc.toks[v].lower
	}
	if past {
		// "used to live", "did move".
		return nlp.Past(sc.p.Lemmas[v])
	}
	return thirdPerson(sc.p.Lemmas[v])
}

// fact places a fact in time and adds it. role < 0 means tTrait.
func (sc *sentCtx) fact(cc *clauseCtx, src, dst ref, rel string, role temporal, text string, srcKind, dstKind kind) {
	if text == "" {
		text = "{s} " + strings.ToLower(strings.ReplaceAll(rel, "_", " ")) + " {o}"
	}
	o := out(rel, slotSubject, slotObject, role, text, text, srcKind, dstKind)
	te := cc.te
	d := cc.date
	if d != nil && d.t.After(sc.u.x.ref) && aheadClasses.has(rel) {
		// "booked a cleaning for June 3": a booking names a date to come.
		te = tensePresent
	}
	valid, invalid, _, ok := placeInTime(o, te, cc.ended, d, sc.u.x.ref)
	if !ok {
		return
	}
	m := &match{subj: src}
	m.obj = dst
	sc.u.x.addFact(m, rel, text, o, src, dst, valid, invalid)
}
