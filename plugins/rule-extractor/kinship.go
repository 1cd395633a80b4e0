package main

import (
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// How facts are placed in time, and the words of kinship.

// temporal says how a pattern's fact is placed in time.
type temporal int

const (
	// tState is an ongoing state (LIVES_IN). Present tense: valid from the
	// date, else from the reference time. Past tense ("I lived in"): ended,
	// invalid at the reference time unless a date says when.
	tState temporal = iota
	// tTrait is a state whose past tense does not end it ("I liked the
	// film" is not "I no longer like it"): present as tState, past dated
	// only when a date is given.
	tTrait
	// tStart begins a state (moved to → LIVES_IN): valid from the date,
	// else from the reference time.
	tStart
	// tEnd ends a state (quit → WORKS_AT): invalid from the date, else from
	// the reference time.
	tEnd
	// tEvent happened once (VISITED): valid at the date when one is given,
	// at the reference time in the present tense, else unknown.
	tEvent
)

// Slots a pattern's outputs take their endpoints from.
const (
	slotSubject = "s"  // the subject left of the phrase
	slotObject  = "o"  // {o}
	slotObject2 = "o2" // {o2}
	slotPoss    = "p"  // {p}: "my", "your", "Alice's"
	slotJob     = "j"  // {j}: a job title noun phrase
	slotWord    = "k"  // the word a (…) group captured, as an entity
	// slotPartner is the other one of a compound subject ("Noor and I got
	// married").
	slotPartner = "partner"
	// slotOrg is the organisation the context names: the one a title
	// belongs to when the phrase does not say ("stepped down as CEO").
	slotOrg = "org"
)

// output is one fact a pattern produces.
type output struct {
	rel      string
	src, dst string
	temporal temporal
	// text and past are fact templates: {s} {o} {o2} {p} {j} name the
	// slots' entities, {k} the captured word, {aj} the job title with its
	// article. past is used for the past tense and for ends; empty means
	// text.
	text, past string
	// srcKind and dstKind are the kinds the pattern implies for its ends.
	srcKind, dstKind kind
}

// relSwitchedMedication ends the drugs taken before (replacingRels).
const relSwitchedMedication = "SWITCHED_TO_MEDICATION"

// relKin is an output relation standing for the kinship relation of the
// captured word (kinship); relTitle for the relation of the matched title
// ({t}: HAS_CEO), whose source is the organisation.
const (
	relKin   = "@kin"
	relTitle = "@title"
)

// classes are the word classes a phrase may name with %.
var classes = map[string]wordSet{
	"pet":  petNouns,
	"kin":  kinNouns,
	"appt": apptNouns,
	"adj":  words("best old older young younger little big twin new eldest oldest youngest dear close good step"),
}

// out builds an output.
func out(rel, src, dst string, t temporal, text, past string, srcKind, dstKind kind) output {
	return output{rel: rel, src: src, dst: dst, temporal: t, text: text, past: past, srcKind: srcKind, dstKind: dstKind}
}

// Shorthands for the common subject → object outputs.
func sub(rel string, t temporal, text, past string, dst kind) output {
	return out(rel, slotSubject, slotObject, t, text, past, kindPerson, dst)
}

// kinship maps a kinship noun to its relation and whether it is over
// ("ex-wife").
var kinship = map[string]struct {
	rel   string
	ended bool
}{
	"sister": {"SISTER_OF", false}, "brother": {"BROTHER_OF", false}, "sibling": {"SIBLING_OF", false},
	"mother": {"MOTHER_OF", false}, "mom": {"MOTHER_OF", false}, "mum": {"MOTHER_OF", false},
	"father": {"FATHER_OF", false}, "dad": {"FATHER_OF", false},
	"parent": {"PARENT_OF", false},
	"son":    {"SON_OF", false}, "daughter": {"DAUGHTER_OF", false}, "child": {"CHILD_OF", false}, "kid": {"CHILD_OF", false},
	"wife": {"MARRIED_TO", false}, "husband": {"MARRIED_TO", false}, "spouse": {"MARRIED_TO", false},
	"ex-wife": {"MARRIED_TO", true}, "ex-husband": {"MARRIED_TO", true},
	"fiance": {"ENGAGED_TO", false}, "fiancee": {"ENGAGED_TO", false}, "fiancé": {"ENGAGED_TO", false}, "fiancée": {"ENGAGED_TO", false},
	"girlfriend": {"IS_DATING", false}, "boyfriend": {"IS_DATING", false},
	"ex-girlfriend": {"IS_DATING", true}, "ex-boyfriend": {"IS_DATING", true}, "ex": {"IS_DATING", true},
	"partner": {"PARTNER_OF", false},
	"friend":  {"FRIEND_OF", false}, "roommate": {"ROOMMATE_OF", false}, "flatmate": {"ROOMMATE_OF", false}, "housemate": {"ROOMMATE_OF", false}, "neighbor": {"NEIGHBOR_OF", false}, "neighbour": {"NEIGHBOR_OF", false},
	"colleague": {"COLLEAGUE_OF", false}, "coworker": {"COLLEAGUE_OF", false}, "co-worker": {"COLLEAGUE_OF", false},
	"boss": {"MANAGER_OF", false}, "manager": {"MANAGER_OF", false}, "supervisor": {"MANAGER_OF", false},
	"assistant": {"REPORTS_TO", false}, "secretary": {"REPORTS_TO", false}, "employee": {"REPORTS_TO", false}, "subordinate": {"REPORTS_TO", false},
	"cousin": {"COUSIN_OF", false}, "aunt": {"AUNT_OF", false}, "uncle": {"UNCLE_OF", false},
	"niece": {"NIECE_OF", false}, "nephew": {"NEPHEW_OF", false},
	"grandmother": {"GRANDMOTHER_OF", false}, "grandma": {"GRANDMOTHER_OF", false},
	"grandfather": {"GRANDFATHER_OF", false}, "grandpa": {"GRANDFATHER_OF", false},
	"grandparent": {"GRANDPARENT_OF", false}, "grandchild": {"GRANDCHILD_OF", false},
	"grandson": {"GRANDCHILD_OF", false}, "granddaughter": {"GRANDCHILD_OF", false},
	"mentor": {"MENTOR_OF", false}, "teacher": {"TEACHER_OF", false}, "doctor": {"DOCTOR_OF", false},
	"therapist": {"THERAPIST_OF", false}, "dentist": {"DENTIST_OF", false}, "landlord": {"LANDLORD_OF", false}, "landlady": {"LANDLORD_OF", false},
	"instructor": {"TEACHER_OF", false}, "coach": {"COACHES", false}, "trainer": {"COACHES", false}, "tutor": {"TEACHER_OF", false},
	"counsellor": {"THERAPIST_OF", false}, "counselor": {"THERAPIST_OF", false}, "psychologist": {"THERAPIST_OF", false},
	"lawyer": {"LAWYER_OF", false}, "attorney": {"LAWYER_OF", false}, "solicitor": {"LAWYER_OF", false},
}

// doctorNouns are the doctors one has ("my cardiologist"): each is a
// kinship noun of relation DOCTOR_OF.
var doctorNouns = words("physician gp vet veterinarian cardiologist dermatologist pediatrician paediatrician psychiatrist oncologist neurologist gynecologist gynaecologist urologist endocrinologist rheumatologist allergist surgeon orthopedist optometrist ophthalmologist orthodontist physiotherapist physio osteopath chiropractor midwife nutritionist dietitian radiologist hematologist gastroenterologist nephrologist pulmonologist podiatrist audiologist")

// kinNouns is the set of kinship nouns.
var kinNouns = func() wordSet {
	s := wordSet{}
	for w := range doctorNouns {
		kinship[w] = struct {
			rel   string
			ended bool
		}{"DOCTOR_OF", false}
	}
	// A half- or step-relative is that relative: "my half-brother
	// Frank", "her stepmom".
	for _, w := range strings.Fields("sister brother sibling mother mom mum father dad parent son daughter child kid") {
		for _, p := range []string{"half-", "step", "step-"} {
			kinship[p+w] = kinship[w]
		}
	}
	// A relative by marriage: "my brother-in-law Kai", "her in-laws".
	for rel, ws := range map[string]string{"SIBLING_IN_LAW_OF": "brother sister", "PARENT_IN_LAW_OF": "mother father parent", "CHILD_IN_LAW_OF": "son daughter"} {
		for _, w := range strings.Fields(ws) {
			k := kinship[w]
			k.rel, k.ended = rel, false
			kinship[w+"-in-law"] = k
		}
	}
	for k := range kinship {
		s[k] = struct{}{}
	}
	return s
}()

// kinAsNames reads the kinship words one calls a relative by, written as
// a name ("Dad retired in April", "I'm gonna tell Mom"): the relative the
// speaker named so in this episode or the ones before ("my dad Kofi") is
// meant, and facts said of the word are said of them.
//
// author is who wrote the unlabelled turns: an earlier unlabelled
// message ("My dog Biscuit is a lab") is the same author's.
func (x *extraction) kinAsNames(utts []utterance, prev []abi.Episode, author string) {
	// Most episodes call no relative by a kinship word and tell no
	// death: they are not read twice.
	kin, death := false, false
	for _, u := range utts {
		kin = kin || containsWord(u.text, kinNames...)
		death = death || containsWord(u.text, "died", "dies", "passed away") || containsWord(u.text, "put") && containsWord(u.text, "down", "sleep")
	}
	if !kin && !death {
		return
	}
	named := map[string]map[string]string{} // speaker → relation → name
	note := func(us []utterance) {
		for _, u := range us {
			if u.speaker == "" && u.role == roleNone {
				u.speaker = author
			}
			if u.speaker == "" {
				continue
			}
			for _, s := range splitSentences(u.text) {
				t := s.toks
				for i := 0; i+2 < len(t); i++ {
					rel, ok := vocativeKinship[t[i+1].lower]
					if t[i].lower != "my" || !ok {
						continue
					}
					j := i + 2
					if t[j].lower == "," && j+1 < len(t) {
						j++
					}
					if e := nameEnd(t, j, make([]bool, len(t))); e > j {
						if named[u.speaker] == nil {
							named[u.speaker] = map[string]string{}
						}
						named[u.speaker][rel] = joinTokens(t[j:e])
					}
				}
				x.noteClose(u.speaker, t)
			}
		}
	}
	for _, p := range prev {
		note(parseUtterances(p.Content, strings.EqualFold(p.Source, "message")))
	}
	note(utts)
	if !kin {
		return
	}
	for _, u := range utts {
		for _, s := range splitSentences(u.text) {
			for i, t := range s.toks {
				rel, ok := vocativeKinship[t.lower]
				if !ok || t.text == t.lower || i > 0 && possessors.has(s.toks[i-1].lower) {
					continue
				}
				if name := named[u.speaker][rel]; name != "" {
					if x.identities == nil {
						x.identities = map[string]string{}
					}
					x.reg.add(name, kindPerson, strSure, true)
					x.identities[x.reg.key(t.text)] = name
				}
			}
		}
	}
}

// kinNames are the kinship words one calls a relative by, written as
// names.
var kinNames = func() []string {
	var out []string
	for w := range vocativeKinship {
		out = append(out, strings.ToUpper(w[:1])+w[1:])
	}
	return out
}()

// possessors are the words that make a kinship word a noun, not a name.
var possessors = words("my your his her our their the a 's")

// closeNouns are the ties a death ends: a pet's, a spouse's.
var closeNouns = map[string]string{"wife": "MARRIED_TO", "husband": "MARRIED_TO", "spouse": "MARRIED_TO"}

// noteClose records the pets and spouses a speaker names: "my wife Olga",
// "our dog Pixel", "a greyhound called Pixel" after "we adopted".
func (x *extraction) noteClose(speaker string, t []token) {
	add := func(j int, rel string) {
		if j >= len(t) {
			return
		}
		if e := nameEnd(t, j, make([]bool, len(t))); e > j {
			if x.close == nil {
				x.close = map[string]map[string]string{}
			}
			if x.close[speaker] == nil {
				x.close[speaker] = map[string]string{}
			}
			x.close[speaker][strings.ToLower(joinTokens(t[j:e]))] = rel
		}
	}
	for i := 0; i+2 < len(t); i++ {
		w, n := t[i].lower, t[i+1].lower
		at := i + 2
		if t[at].text == "," {
			// "my hamster, Biscuit, died".
			at++
		}
		switch {
		case (w == "my" || w == "our") && animalNoun(n):
			add(at, "HAS_PET")
		case w == "my" && closeNouns[n] != "":
			add(at, closeNouns[n])
		case (n == "called" || n == "named") && animalNoun(w):
			add(i+2, "HAS_PET")
		}
	}
}

// deathVerbs are the verbs of dying.
var deathVerbs = words("die pass")

// death reads "Pixel passed away in October" of a pet or a spouse the
// speaker named before: the tie ends then.
func (sc *sentCtx) death(cc *clauseCtx, subj ref) bool {
	c := cc.c
	if sc.putDown(cc) {
		return true
	}
	if !deathVerbs.has(c.Lemma) || c.Lemma == "pass" && c.Particle != "away" || c.Passive || sc.u.speaker == "" {
		return false
	}
	x := sc.u.x
	rel := x.close[sc.u.speaker][strings.ToLower(subj.name)]
	if rel == "" && x.petOf(sc.u.speaker, subj.name) {
		// "We got a kitten! She's called Juniper." … "Juniper died".
		rel = "HAS_PET"
	}
	if rel == "" && c.Subj.Phrase >= 0 && !c.Negated && !c.Modal && !c.Future {
		// "Rosa died in 1939": a death ends the marriage the text or an
		// earlier one told of the one who died.
		if p, prel := x.coupleOf(subj.name); p != "" {
			sc.fact(cc, subj, ref{name: p, kind: kindPerson, str: strPattern}, prel, tEnd, "{s} died", kindPerson, kindPerson)
			return true
		}
	}
	if rel == "" || c.Subj.Phrase < 0 {
		return false
	}
	{
		// "My wife Olga died", "our cat Miso died in May", "my
		// hamster, Biscuit, died": the sentence names the tie and its
		// end at once; the tie the episode told as holding now is the
		// one that ended.
		sk, ok := x.reg.key(sc.u.speaker), x.reg.key(subj.name)
		kept := x.facts[:0]
		for _, f := range x.facts {
			ends := map[string]bool{x.reg.key(f.src): true, x.reg.key(f.dst): true}
			if canonRel(f.rel) == canonRel(rel) && ends[sk] && ends[ok] && f.invalid.IsZero() && f.valid.Equal(x.ref) {
				continue
			}
			kept = append(kept, f)
		}
		x.facts = kept
	}
	speaker := ref{name: sc.u.speaker, kind: kindPerson, str: strSure}
	sc.fact(cc, speaker, subj, rel, tEnd, "{o} died", kindPerson, kindNone)
	return true
}

// animalNoun reports whether w is a kind of pet or a noun WordNet files
// under animals ("greyhound").
func animalNoun(w string) bool {
	if petNouns.has(w) {
		return true
	}
	_, c, ok := nlp.Noun(w)
	return ok && c&nlp.ClassAnimal != 0
}

// kinInPossessor reads a relative named inside a possessor: "my brother
// Ivar's car", "I met your cousin Oda's husband": Ivar is the speaker's
// brother, as in "my brother Ivar" alone.
func (sc *sentCtx) kinInPossessor(cc *clauseCtx, p *nlp.Phrase) {
	toks := sc.toks
	if p.PossEnd-p.PossStart < 4 || toks[p.PossEnd-1].lower != "'s" {
		return
	}
	if _, ok := possessives[toks[p.PossStart].lower]; !ok {
		return
	}
	k := p.PossStart + 1
	for k < p.PossEnd && (classes["adj"].has(toks[k].lower) || strings.HasPrefix(sc.p.Tags[k], "JJ") && !kinNouns.has(toks[k].lower)) {
		k++
	}
	if k+1 >= p.PossEnd-1 {
		return
	}
	noun := toks[k].lower
	if !kinNouns.has(noun) {
		return
	}
	e, named := sc.nameAt[k+1]
	if !named || e != p.PossEnd-1 {
		return
	}
	inner := nlp.Phrase{Start: p.PossStart, End: e, Head: k, PossStart: p.PossStart, PossEnd: p.PossStart + 1}
	possessor := sc.ownerOf(&inner)
	if possessor.name == "" {
		return
	}
	sc.relate(cc, sc.named(k+1, e), possessor, noun)
}

// kinPossessor returns the unnamed relative a phrase's possessor names
// ("my cousin's", "her brother's"), or no one.
func (sc *sentCtx) kinPossessor(p *nlp.Phrase) ref {
	toks := sc.toks
	if p.PossEnd-p.PossStart != 3 || toks[p.PossEnd-1].lower != "'s" || !kinNouns.has(toks[p.PossStart+1].lower) {
		return ref{}
	}
	if _, ok := possessives[toks[p.PossStart].lower]; !ok {
		return ref{}
	}
	inner := nlp.Phrase{Start: p.PossStart, End: p.PossStart + 2, Head: p.PossStart + 1, PossStart: p.PossStart, PossEnd: p.PossStart + 1}
	if owner := sc.ownerOf(&inner); owner.name != "" {
		return kinRef(owner, toks[p.PossStart+1].lower)
	}
	return ref{}
}
