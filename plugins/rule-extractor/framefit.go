package main

// What the frames of a clause may read: a request on the speaker's
// behalf, the people or things a clause moves, the tie with a provider or
// a doctor, a title, and the kinds of a thing that holds no tie.

import (
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// onOwnBehalf reports whether a request ends, begins or alters a tie of
// the speaker's: "please cancel my plan", "upgrade me to Pro". What is
// asked is done for the speaker, who is the clause's subject as if
// saying "I cancel my plan"; "call Dana" and "move my appointment to
// Friday" name no tie of the speaker's.
func (sc *sentCtx) onOwnBehalf(c *nlp.Clause) bool {
	if sc.p.Tags[c.Verb] != "VB" || c.Obj.None() {
		return false
	}
	verb := phrasal(c)
	p := &sc.p.Phrases[c.Obj.Phrase]
	if p.PossEnd == p.PossStart+1 && sc.toks[p.PossStart].lower == "my" {
		head := sc.p.Lemmas[p.Head]
		_, tie := tieNouns[head]
		_, ends := tieVerbs[verb]
		return (tie || sc.nounKind(p.Head) == kindPlan) && (ends || planChangers.has(c.Lemma))
	}
	return p.End == p.Start+1 && sc.toks[p.Start].lower == "me" && planChangers.has(c.Lemma)
}

// planChangers move one, or one's plan, to another plan.
var planChangers = words("upgrade downgrade switch change move")

// asideBetween reports whether a comma stands in toks[from:to].
func (sc *sentCtx) asideBetween(from, to int) bool {
	for k := from; k < to && k < len(sc.toks); k++ {
		if sc.toks[k].text == "," {
			return true
		}
	}
	return false
}

// personTies are the ties a person or an organisation holds, never a
// thing.
var personTies = words("WORKS_AT LIVES_IN STUDIES_AT PLAYS_FOR MEMBER_OF COACHES VOLUNTEERS_AT")

// commonNounName reports whether r, of no known kind, is one word the
// dictionary knows as a common noun and no given name: "Rehearsals start
// Monday at the Corn Exchange" opens with a noun its place capitalized,
// which holds no job, home or club.
func commonNounName(r ref, k kind) bool {
	if k != kindNone || r.name == "" || strings.Contains(r.name, " ") {
		return false
	}
	w := strings.ToLower(r.name)
	// A person's noun ("Obadiah", a prophet's name to WordNet) may be a
	// name.
	lex, _, ok := nlp.Noun(nlp.Lemma(w, "NNS"))
	return ok && lex != nlp.NounPerson && !nlp.IsGivenName(w) && !firstNames.has(w)
}

// thingKinds are the kinds of things, which hold no personTies.
var thingKinds = map[kind]bool{kindVaccine: true, kindDrug: true, kindPlan: true, kindProduct: true, kindIdentifier: true, kindDegree: true}

// workplaceNouns are what one moves when one's work moves: "relocated her
// practice to Elmwood General" is a job there, not a home.
var workplaceNouns = words("practice office offices business studio shop clinic firm company headquarters hq base")

// movesPeople reports whether a clause's direct object is people ("moved
// my family to Oslo", "moved us to Leeds"), not things.
func (sc *sentCtx) movesPeople(c *nlp.Clause) bool {
	p := &sc.p.Phrases[c.Obj.Phrase]
	switch sc.toks[p.Head].lower {
	case "us", "me", "him", "her", "them", "family", "kids", "children", "everyone", "household":
		return true
	}
	head := sc.p.Lemmas[p.Head]
	if kinNouns.has(head) || petNouns.has(head) || sc.isAnimal(head) {
		return true
	}
	r := sc.phraseRef(c.Obj.Phrase, false)
	return sc.kindOf(r) == kindPerson || sc.u.x.isPerson(r.name)
}

// movedFact states frame f of a clause for the one it moves (mover),
// told as moved when that is not the subject ("Ross's mum was moved to
// Leeds").
func (sc *sentCtx) movedFact(cc *clauseCtx, f *frame, prep string, subj, obj ref, k kind, role temporal) {
	mv, from := sc.mover(cc.c, f, prep, subj), len(sc.u.x.facts)
	sc.frameFact(cc, f, prep, mv, obj, k, role)
	for i := from; mv.name != subj.name && i < len(sc.u.x.facts); i++ {
		sc.u.x.facts[i].tmpl = "{s} was " + sc.toks[cc.c.Verb].lower + " " + prep + " {o}"
	}
}

// onPlan reports whether phrase pi names a person the episode told to
// be on a plan, or one spoken to just after a plan was spoken of: what
// they are moved or switched to is a plan too ("I'm on the Premium
// Family plan" … "I can move you to Individual").
func (sc *sentCtx) onPlan(pi int) bool {
	r := sc.phraseRef(pi, false)
	if r.name == "" {
		return false
	}
	x := sc.u.x
	for _, f := range x.facts {
		if f.rel == "ON_PLAN" && x.reg.key(f.src) == x.reg.key(r.name) {
			return true
		}
	}
	// The episodes just before spoke of a plan ("I'm on the Premium
	// Family plan", answered in the next message).
	for i := len(x.previous) - 1; i >= 0 && i >= len(x.previous)-2; i-- {
		if containsWord(x.previous[i].Content, "plan", "tier", "subscription") {
			return true
		}
	}
	return false
}

// mover returns who a clause of moving puts somewhere: the subject, and
// those moved with it ("we moved the kids to Leeds"); or the person
// moved, when the subject moves someone else ("I moved you to
// Individual", "the club transferred him to Rovers").
func (sc *sentCtx) mover(c *nlp.Clause, f *frame, prep string, subj ref) ref {
	if f.inverse || prep == "" || c.Passive || c.Obj.None() || !causedMotion.has(c.Lemma) || !sc.movesPeople(c) {
		return subj
	}
	p := &sc.p.Phrases[c.Obj.Phrase]
	if movedWith.has(sc.toks[p.Head].lower) {
		// "moved us", "moved my family", "moved the kids": the subject
		// goes too.
		return subj
	}
	if o := sc.phraseRef(c.Obj.Phrase, false); o.name != "" && o.name != subj.name {
		return o
	}
	return subj
}

// causedMotion are the verbs of moving whose object may be the one
// moved.
var causedMotion = words("move relocate transfer")

// movedWith are the objects of a verb of moving that the subject goes
// with.
var movedWith = words("us family household everyone kids children")

// providerClass is the tie one has with a provider one switches from or
// to: the tie the episode told with it, else the one its name says (an
// insurer, a bank), else a customer's. "Switched from Pellucid Insurance
// to Havenmark": Havenmark is an insurer too.
func (sc *sentCtx) providerClass(c *nlp.Clause, org ref) string {
	if told := sc.u.x.tieWith(sc.u.speaker, org.name); told != "" {
		return told
	}
	if !c.Obj.None() {
		// "switched my car insurance from Brackley Mutual": what was
		// moved says what the provider is.
		switch sc.headWord(c.Obj.Phrase) {
		case "insurance", "cover", "policy":
			return "INSURED_WITH"
		}
	}
	names := []string{org.name}
	for _, pp := range c.PPs {
		if (pp.Prep == "from" || pp.Prep == "to") && pp.Obj.Phrase >= 0 {
			names = append(names, sc.phraseRef(pp.Obj.Phrase, false).name)
		}
	}
	for _, n := range names {
		for _, w := range nameWords(n) {
			switch w {
			case "insurance", "insurer", "insurers", "assurance":
				return "INSURED_WITH"
			case "bank":
				return "BANKS_WITH"
			}
		}
	}
	return "CUSTOMER_OF"
}

// doctorName reports whether a name carries a doctor's honorific.
func doctorName(name string) bool {
	return strings.HasPrefix(name, "Dr. ") || strings.HasPrefix(name, "Dr ")
}

// titlePhrase reports whether phrase pi names a job or an office ("chief
// executive", "its head of sales", "team lead").
func (sc *sentCtx) titlePhrase(pi int) bool {
	p := &sc.p.Phrases[pi]
	start := p.Start + sc.detLen(p)
	if _, end := titleAt(sc.toks, start); end > start {
		return true
	}
	return isJobHead(sc.headWord(pi))
}

// professional reports whether a clause's direct object is someone seen
// for their work: a job noun ("a therapist, Dr. Sadeghi") or a name with
// a doctor's title.
func (sc *sentCtx) professional(c *nlp.Clause, obj ref) bool {
	if strings.HasPrefix(obj.name, "Dr. ") || strings.HasPrefix(obj.name, "Dr ") || strings.HasPrefix(obj.name, "Doctor ") {
		return true
	}
	return sc.jobObject(c) != ""
}

// jobObject returns the job noun at the head of a clause's direct object
// ("a therapist", "my GP", "a physio called Tomasz"), or "".
func (sc *sentCtx) jobObject(c *nlp.Clause) string {
	if c.Obj.None() {
		return ""
	}
	for _, pi := range c.Obj.All() {
		if h := sc.headWord(pi); isJobHead(h) || professions.has(kinship[h].rel) {
			return h
		}
	}
	return ""
}

// appointment reports whether a clause sets its event on a day ("I'm
// seeing Tomasz on Friday"): a meeting, not a tie that lasts.
func (sc *sentCtx) appointment(c *nlp.Clause) bool {
	end := sc.clauseEnd(c)
	for _, d := range sc.dates {
		if d.role == dateAt && d.start >= c.VerbStart && d.start <= end+3 && d.next != nil {
			return true
		}
	}
	return false
}

// pronounPhrase reports whether phrase pi is a pronoun alone.
func (sc *sentCtx) pronounPhrase(pi int) bool {
	p := &sc.p.Phrases[pi]
	return p.End-p.Start == 1 && (sc.p.Tags[p.Start] == "PRP" || sc.p.Tags[p.Start] == "PRP$")
}

// isPronounRef reports whether r came from a pronoun: its name is the
// one lastObj holds, so it must not be taken again as new.
func (sc *sentCtx) isPronounRef(r ref) bool {
	return sc.u.lastObj.name != "" && r.name == sc.u.lastObj.name
}

// holderOf returns who holds a drug or a plan a clause replaces: the one
// the episode said takes or is on it, else the phrase's possessor, else
// the clause's subject.
func (sc *sentCtx) holderOf(thing ref, pi int, subj ref) ref {
	x := sc.u.x
	k := x.reg.key(thing.name)
	for i := len(x.facts) - 1; i >= 0; i-- {
		if f := x.facts[i]; (f.rel == "TAKES_MEDICATION" || f.rel == "ON_PLAN" || f.rel == relSwitchedMedication) && x.reg.key(f.dst) == k {
			return ref{name: f.src, kind: kindPerson, str: strPattern}
		}
	}
	if p := &sc.p.Phrases[pi]; p.PossEnd > p.PossStart {
		if o := sc.ownerOf(p); o.name != "" {
			return o
		}
	}
	return subj
}

// branchNouns are the parts of an organisation one works at by its
// name: "their Victoria Centre branch", "the Leeds office".
var branchNouns = words("branch office store outlet site depot location franchise")

// branchOf reports whether phrase pi names a branch by a name before its
// noun ("their Victoria Centre branch") or a job at an organisation ("a
// job at Marrow & Finch"), and returns the organisation it is of: its
// possessor or the one after "of" or "at" when that is one, else
// nothing.
func (sc *sentCtx) branchOf(pi int, prep string) (ref, bool) {
	p := &sc.p.Phrases[pi]
	if o, ok := sc.townAfterStreet(pi, prep); ok {
		// "moved to Garrick Lane in Fenlow", "moved into a flat on
		// Garrick Lane in Fenlow": the town the street is in.
		return o, true
	}
	if prep != "" && !p.Name && homeNouns.has(sc.headWord(pi)) && lowerAt(sc.toks, p.End) == "in" {
		// "moved out of my flat in Leeds": the home one moves to or
		// from is in the place after it ("bought a house in Leeds"
		// bought the house).
		if e, ok := sc.nameAt[p.End+1]; ok {
			if o := sc.named(p.End+1, e); o.kind == kindLocation || o.kind == kindNone && !personLike(o.name) {
				return o, true
			}
		}
		return ref{}, false
	}
	if !p.Name && jobNouns.has(sc.headWord(pi)) && lowerAt(sc.toks, p.End) == "at" {
		// "left Kettleby for a job at Marrow & Finch": the job is at
		// the organisation after it.
		o := sc.orgNamedAt(p.End + 1)
		return o, o.name != ""
	}
	if p.Name || p.Head != p.End-1 || !branchNouns.has(sc.headWord(pi)) {
		return ref{}, false
	}
	from := p.PossEnd
	if p.PossEnd == p.PossStart {
		from = p.Start + sc.detLen(p)
	}
	if _, named := sc.nameAt[from]; !named {
		return ref{}, false
	}
	if p.PossEnd > p.PossStart {
		if o := sc.ownerOf(p); o.name != "" && orgKinds(sc.kindOf(o)) && !sc.personish(o) {
			return o, true
		}
		if pr := sc.toks[p.PossStart].lower; pr == "their" || pr == "its" {
			if org := sc.contextOrgBefore(p.Start); org.name != "" {
				return org, true
			}
		}
	}
	// "the Leeds office of Calloway Prentice".
	if o := sc.ofNamed(p); o.name != "" && orgKinds(sc.kindOf(o)) {
		return o, true
	}
	return ref{}, true
}

// ofNamed returns the name said right after "of" after phrase p ("the
// Leeds office of Calloway Prentice"), or nothing.
func (sc *sentCtx) ofNamed(p *nlp.Phrase) ref {
	if lowerAt(sc.toks, p.End) != "of" {
		return ref{}
	}
	if e, ok := sc.nameAt[p.End+1]; ok {
		return sc.named(p.End+1, e)
	}
	return ref{}
}

// serviceObject reports whether phrase pi is a thing one is supplied
// with, not a person: a common noun that is no relative ("our
// broadband", "my energy supplier"), where a name, a pronoun or "my mum"
// is someone moved to a provider.
func (sc *sentCtx) serviceObject(pi int) bool {
	p := &sc.p.Phrases[pi]
	return !p.Name && !sc.pronounPhrase(pi) && !kinNouns.has(sc.headWord(pi))
}

// residencePrep returns the preposition of a clause's phrase when its
// verb moves one in or out of a home ("moved out of my flat in Leeds"),
// else "": a lease signed for a house is no move.
func (sc *sentCtx) residencePrep(c *nlp.Clause, prep string) string {
	if residenceVerbs.has(c.Lemma) {
		return prep
	}
	return ""
}

// residenceVerbs move one into or out of a home, or keep one there.
var residenceVerbs = words("move live stay rent relocate settle")

// thingObject reports whether phrase pi is a common noun with an article
// or a possessor that WordNet files as a made thing ("the aisle", "my
// spare room"): no one, and no organisation.
func (sc *sentCtx) thingObject(pi int) bool {
	p := &sc.p.Phrases[pi]
	if p.Name || sc.detLen(p) == 0 && p.PossEnd == p.PossStart {
		return false
	}
	if _, named := sc.nameAt[p.Head]; named {
		return false
	}
	lex, _, ok := nlp.Noun(sc.p.Lemmas[p.Head])
	return ok && lex == nlp.NounArtifact && !sc.establishment(p.Head)
}

// postOwner returns the owner of "my new role as …", "her job as …": the
// phrase just before the "as" of role phrase pi, headed by a noun of a
// post and owned; ok is false for any other.
func (sc *sentCtx) postOwner(pi int) (ref, bool) {
	start := sc.p.Phrases[pi].Start
	if lowerAt(sc.toks, start-1) != "as" {
		return ref{}, false
	}
	q := sc.p.PhraseEndingAt(start - 1)
	if q < 0 {
		return ref{}, false
	}
	p := &sc.p.Phrases[q]
	if p.PossEnd == p.PossStart || !postHeads.has(sc.p.Lemmas[p.Head]) {
		return ref{}, false
	}
	owner := sc.ownerOf(p)
	return owner, owner.name != ""
}

// postHeads are the nouns of a post one holds "as" a title.
var postHeads = words("role job position post capacity")

// orgAfterName returns the kind of the organisation phrase p names when a
// name ends at e, before its head, and the words after it are common
// nouns ending in a noun of an organisation or a building of one ("the
// Tarnwell library", "the Fenlow food bank", "a Tarnwell hotel"); else
// kindNone. A branch, an office or a team of an organisation ("the
// Quillary office") stands for the organisation, read elsewhere.
func (sc *sentCtx) orgAfterName(p *nlp.Phrase, e int) kind {
	if e >= p.End || e <= p.Start || p.Head != p.End-1 || e > p.Head {
		return kindNone
	}
	for k := e; k < p.End; k++ {
		if !strings.HasPrefix(sc.p.Tags[k], "NN") || sc.toks[k].cap {
			return kindNone
		}
	}
	head := sc.p.Lemmas[p.Head]
	if branchNouns.has(head) || unitNouns.has(head) || homeNouns.has(head) || seatNouns.has(head) {
		return kindNone
	}
	switch k := sc.nounKind(p.Head); {
	case k == kindOrg || k == kindSchool || k == kindTeam:
		return k
	case orgCommonNouns.has(head):
		return kindOrg
	}
	if _, c, ok := nlp.Noun(head); ok && c&nlp.ClassFacility != 0 {
		// "a Tarnwell hotel"; not "the Fenlow area", a place.
		return kindOrg
	}
	return kindNone
}

// orgCommonNouns are nouns of organisations WordNet files otherwise
// ("bank", a slope; "surgery", an operation).
var orgCommonNouns = words("bank library surgery clinic practice hospital charity trust council society club gym museum theatre theater church cafe restaurant hotel")
