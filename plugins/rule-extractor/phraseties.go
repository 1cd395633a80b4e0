package main

import (
	"slices"
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// Ties noun phrases state on their own, whatever clause they stand in:
// "my cousin Leyla", "Leyla, my cousin", "Lucia Ferrante of Ferrante
// Legal", lists of names with one owner.

// readPhrases reads the relations noun phrases state on their own: "my
// cousin Leyla", "her husband Emre", "my dog Rex", "Leyla, my cousin".
func (sc *sentCtx) readPhrases() {
	cc := &clauseCtx{c: nil}
	for pi := range sc.p.Phrases {
		p := &sc.p.Phrases[pi]
		sc.personOfOrg(pi)
		sc.calledJob(cc, pi)
		sc.appositiveThing(pi)
		if p.PossEnd == p.PossStart {
			sc.appositiveKin(cc, pi)
			continue
		}
		sc.kinInPossessor(cc, p)
		if jobNouns.has(sc.headWord(pi)) && lowerAt(sc.toks, p.End) == "at" {
			// "my job at Xero": the owner works there.
			if q := sc.p.PhraseAt(p.End + 1); q >= 0 {
				if owner, at := sc.ownerOf(p), sc.phraseRef(q, false); owner.name != "" && at.name != "" && at.det == "" {
					sc.fact(cc, owner, at, "WORKS_AT", tState, "{s} has a "+sc.headWord(pi)+" at {o}", kindPerson, kindOrg)
				}
			}
			continue
		}
		// The noun between the possessor and a name: "my cousin Leyla".
		// Adjectives before it are not the noun: "my first boyfriend
		// Billy", "my older sister Ann".
		k := p.PossEnd
		for k < p.End && (classes["adj"].has(sc.toks[k].lower) || strings.HasPrefix(sc.p.Tags[k], "JJ") && !kinNouns.has(sc.toks[k].lower)) {
			if _, ok := sc.nameAt[k+1]; ok {
				break
			}
			k++
		}
		if k >= p.End {
			continue
		}
		// "My parents, Ruth and Emmanuel, retired": the list set off by
		// commas after a plural relative noun.
		if k == p.End-1 && sc.p.Tags[k] == "NNS" && kinNouns.has(sc.p.Lemmas[k]) && lowerAt(sc.toks, p.End) == "," &&
			pi+1 < len(sc.p.Phrases) && sc.p.Phrases[pi+1].Start == p.End+1 {
			if owner := sc.ownerOf(p); owner.name != "" {
				ended := formerIn(sc.toks, p.PossEnd, k, sc.p.Lemmas[k], true)
				for _, n := range sc.nameList(pi + 1) {
					sc.relateIn(&clauseCtx{te: tensePresent, ended: ended}, n, owner, sc.p.Lemmas[k], tState)
				}
			}
			continue
		}
		e, named := sc.nameAt[k+1]
		if !named || e != p.End {
			continue
		}
		noun := sc.toks[k].lower
		if sc.p.Tags[k] == "NNS" {
			noun = sc.p.Lemmas[k]
		}
		owner := sc.ownerOf(p)
		if owner.name == "" {
			continue
		}
		name := sc.named(k+1, e)
		// "my former boss Ingrid": a tie that is over.
		sc.relateIn(&clauseCtx{te: tensePresent, ended: formerIn(sc.toks, p.PossEnd, k, noun, true)}, name, owner, noun, tState)
		// "Ann's friends Bo and Cy": each name of the list after a
		// plural noun.
		if sc.p.Tags[k] == "NNS" && pi+1 < len(sc.p.Phrases) {
			gap := sc.toks[p.End:sc.p.Phrases[pi+1].Start]
			if len(gap) > 0 && len(gap) <= 2 && listGlue(gap) {
				for _, more := range sc.nameList(pi + 1) {
					sc.relate(cc, more, owner, noun)
				}
			}
		}
	}
}

// personOfOrg reads a person named with where they work: "Lucia Ferrante
// of Ferrante Legal" anywhere, "Dr. Hallworth at Canal Street Surgery"
// as what a copula names ("My GP is …"); an "at" after a verb's object
// says where something happened, not where the person works.
func (sc *sentCtx) personOfOrg(pi int) {
	p := &sc.p.Phrases[pi]
	e, ok := sc.nameAt[p.Start]
	if !ok || e != p.End {
		return
	}
	prep := lowerAt(sc.toks, p.End)
	if prep != "of" && prep != "at" {
		return
	}
	if prep == "at" {
		comp := false
		for _, c := range sc.p.Clauses {
			if linking.has(c.Lemma) && !c.Passive && c.Comp.Phrase == pi {
				comp = true
			}
		}
		if !comp {
			return
		}
	}
	q := sc.p.PhraseAt(p.End + 1)
	if q < 0 || sc.p.Phrases[q].Start != p.End+1 {
		return
	}
	qe, ok := sc.nameAt[p.End+1]
	if !ok || qe != sc.p.Phrases[q].End {
		return
	}
	person, org := sc.named(p.Start, e), sc.named(p.End+1, qe)
	if sc.kindOf(person) != kindPerson || sc.kindOf(org) != kindOrg {
		return
	}
	sc.fact(&clauseCtx{te: tensePresent}, person, org, "WORKS_AT", tState, "{s} works at {o}", kindPerson, kindOrg)
}

// membershipOrg reports whether an organisation's name ends in a word of
// an organisation one is a member of ("Green Party", "Leeds Chamber
// Orchestra").
func membershipOrg(name string) bool {
	ws := strings.Fields(strings.ToLower(name))
	if len(ws) == 1 && ws[0] == name {
		// "left the choir": the common noun, written in lower case.
		return memberHeads.has(ws[0])
	}
	return len(ws) > 1 && memberHeads.has(ws[len(ws)-1])
}

// postNoun reports whether a noun is a post one holds at an employer
// ("took a job with", "accepted a lectureship at").
func postNoun(w string) bool {
	return jobNouns.has(w) || postNouns.has(w)
}

// postNouns are posts beside the jobNouns.
var postNouns = words("lectureship professorship fellowship internship apprenticeship traineeship placement residency contract")

// jobNouns are what one has at an employer.
var jobNouns = words("job position role internship post work")

// relate records that name is owner's noun: a relative, a pet, a
// doctor.
func (sc *sentCtx) relate(cc *clauseCtx, name, owner ref, noun string) {
	sc.relateIn(&clauseCtx{te: tensePresent}, name, owner, noun, tState)
}

// relateIn is relate in a clause's time, with a time role.
func (sc *sentCtx) relateIn(cc *clauseCtx, name, owner ref, noun string, role temporal) {
	if rn, ok := roleNouns[noun]; ok && rn.org && kinNouns.has(noun) {
		if k := sc.kindOf(owner); k == kindOrg || k == kindTeam {
			// "Our secretary, Nuala Brennan" in a club's newsletter: the
			// club's post, no one's assistant.
			sc.fact(cc, name, owner, rn.class, role, "{s} is "+noun+" of {o}", kindPerson, kindOrg)
			if rn.job {
				sc.fact(cc, name, ref{name: noun, kind: kindOccupation, str: strPattern}, "HAS_JOB_TITLE", role, "{s} is "+withArticle(noun), kindPerson, kindOccupation)
			}
			return
		}
	}
	switch {
	case kinNouns.has(noun):
		k := kinship[noun]
		if isJobHead(noun) && !lifeTies.has(noun) && !k.ended && !cc.ended {
			// "my lawyer Arne": a lawyer.
			job := ref{name: noun, kind: kindOccupation, str: strPattern}
			sc.fact(&clauseCtx{te: cc.te, date: cc.date, c: cc.c}, name, job, "HAS_JOB_TITLE", role, "{s} is "+withArticle(noun), kindPerson, kindOccupation)
		}
		sc.fact(&clauseCtx{ended: k.ended || cc.ended, te: cc.te, date: cc.date, c: cc.c}, name, owner, k.rel, role, "{s} is {o}'s "+noun, kindPerson, kindPerson)
		if !k.ended && !cc.ended {
			sc.coworkers(cc, name, owner, noun, role)
			sc.endFormerHolders(&clauseCtx{te: cc.te, date: cc.date, c: cc.c}, name, owner, k.rel, noun)
		}
	case petNouns.has(noun) || sc.isAnimal(noun):
		sc.u.x.reg.add(name.name, kindPet, strPattern, true)
		text := "{s} has a " + noun + " named {o}"
		if name.det != "" {
			text = "{s} has {o}"
		}
		if role == tStart {
			text = "{s} adopted a " + noun + " named {o}"
			if name.det != "" {
				text = "{s} adopted {o}"
			}
		}
		sc.fact(cc, owner, name, "HAS_PET", role, text, kindPerson, kindPet)
		if name.det == "a" || name.det == "an" {
			// "We got a puppy. Her name is Biscuit." (laterName).
			sc.u.lastObj = name
			sc.u.lastObj.kind = kindPet
		}
	default:
		if rn, ok := roleNouns[noun]; ok && !rn.org {
			sc.fact(cc, name, owner, rn.class, role, "{s} is {o}'s "+noun, kindPerson, kindNone)
			if serviceTies.has(rn.class) && !cc.ended {
				sc.servesAt(cc, name, noun, role)
			}
		}
	}
}

// isAnimal reports whether WordNet classes a noun as an animal, by its
// first sense: "head" has a sense of livestock counted ("fifty head of
// cattle") but is a part of the body first.
func (sc *sentCtx) isAnimal(noun string) bool {
	lex, c, ok := nlp.Noun(noun)
	return ok && c&nlp.ClassAnimal != 0 && lex == nlp.NounAnimal
}

// madeCompound reports whether a noun before phrase pi's head names a
// made thing: "a car phone mount" is a thing for a phone, no horse, as
// "a computer mouse" is no animal.
func (sc *sentCtx) madeCompound(pi int) bool {
	p := &sc.p.Phrases[pi]
	for k := max(p.Start+sc.detLen(p), p.PossEnd); k < p.Head; k++ {
		if !strings.HasPrefix(sc.p.Tags[k], "NN") {
			continue
		}
		if lex, _, ok := nlp.Noun(sc.p.Lemmas[k]); ok && lex == nlp.NounArtifact {
			return true
		}
	}
	return false
}

// appositiveKin reads "Leyla, my cousin," and "my cousin, Leyla,": a
// name and a possessed relational noun side by side between commas.
func (sc *sentCtx) appositiveKin(cc *clauseCtx, pi int) {
	if pi > 0 {
		q := &sc.p.Phrases[pi-1]
		p := &sc.p.Phrases[pi]
		if e, named := sc.nameAt[p.Start]; named && e == p.End && q.End+1 == p.Start && sc.toks[q.End].text == "," && q.Head == q.End-1 {
			if poss := sc.listOwner(pi - 1); poss.name != "" {
				ended := formerIn(sc.toks, q.PossEnd, q.Head, sc.headWord(pi-1), true)
				for _, name := range sc.nameList(pi) {
					sc.relateIn(&clauseCtx{te: tensePresent, ended: ended}, name, poss, sc.headWord(pi-1), tState)
				}
			}
		}
	}
	p := &sc.p.Phrases[pi]
	e, named := sc.nameAt[p.Start]
	if !named || e != p.End || pi+1 >= len(sc.p.Phrases) {
		return
	}
	q := &sc.p.Phrases[pi+1]
	if q.Start != p.End+1 || sc.toks[p.End].text != "," || q.Head != q.End-1 {
		return
	}
	poss, from := sc.ofMine(q), q.Start+sc.detLen(q)
	switch {
	case poss.name != "":
		// "Obinna, a cousin of mine, …".
		if e := q.End + 2; e < len(sc.toks) && sc.toks[e].word {
			return
		}
	case q.PossEnd == q.PossStart:
		// "Obinna, a cousin of Leyla, …".
		r, next := sc.ofName(q)
		if r.name == "" || next < len(sc.toks) && sc.toks[next].word {
			return
		}
		poss = r
	default:
		// "Debbie, my best friend from school, …": a preposition may follow.
		if q.End < len(sc.toks) && sc.toks[q.End].word && sc.toks[q.End].lower != "and" && sc.p.Tags[q.End] != "IN" {
			return
		}
		poss, from = sc.ownerOf(q), q.PossEnd
	}
	noun := sc.headWord(pi + 1)
	if poss.name == "" {
		return
	}
	for k := from; k < q.Head; k++ {
		if !classes["adj"].has(sc.toks[k].lower) && !strings.HasPrefix(sc.p.Tags[k], "JJ") {
			return
		}
	}
	// "Ravi, my former roommate, …", "Ravi, an old roommate of mine".
	sc.relateIn(&clauseCtx{te: tensePresent, ended: formerIn(sc.toks, from, q.Head, noun, true)}, sc.named(p.Start, e), poss, noun, tState)
}

// ofName returns the name right after phrase q's "of" ("a cousin of
// Leyla") and the index after it, or no one.
func (sc *sentCtx) ofName(q *nlp.Phrase) (ref, int) {
	if lowerAt(sc.toks, q.End) != "of" {
		return ref{}, 0
	}
	e, named := sc.nameAt[q.End+1]
	if !named {
		return ref{}, 0
	}
	return sc.named(q.End+1, e), e
}

// listOwner returns whose relatives or companions a phrase before an
// appositive list of names names: the possessor of "my cousins, Ana and
// Bo", or, for a plural with no possessor ("two roommates, Jasper and
// Elif"), the subject of the clause the phrase belongs to.
func (sc *sentCtx) listOwner(qi int) ref {
	q := &sc.p.Phrases[qi]
	if q.PossEnd > q.PossStart {
		if q.Head == q.PossEnd || classes["adj"].has(sc.toks[q.PossEnd].lower) || pastModifiers.has(sc.toks[q.PossEnd].lower) {
			return sc.ownerOf(q)
		}
		return ref{}
	}
	noun := sc.headWord(qi)
	if sc.p.Tags[q.Head] != "NNS" || !kinNouns.has(noun) {
		return ref{}
	}
	for ci := range sc.p.Clauses {
		c := &sc.p.Clauses[ci]
		for _, pp := range c.PPs {
			if slices.Contains(pp.Obj.All(), qi) {
				if subjs := sc.subjects(ci); len(subjs) == 1 {
					return subjs[0]
				}
				return ref{}
			}
		}
	}
	return ref{}
}

// nameList returns the name of phrase pi and the names coordinated
// after it: "Jasper and Elif", "Ana, Bo and Cy".
func (sc *sentCtx) nameList(pi int) []ref {
	var out []ref
	for ; pi < len(sc.p.Phrases); pi++ {
		p := &sc.p.Phrases[pi]
		e, named := sc.nameAt[p.Start]
		if !named || e != p.End {
			break
		}
		out = append(out, sc.named(p.Start, e))
		if pi+1 >= len(sc.p.Phrases) {
			break
		}
		gap := sc.toks[p.End:sc.p.Phrases[pi+1].Start]
		if len(gap) == 0 || len(gap) > 2 || !listGlue(gap) {
			break
		}
	}
	return out
}

// listGlue reports whether the tokens between two names join a list:
// ",", "and", ", and".
func listGlue(gap []token) bool {
	for _, t := range gap {
		if t.text != "," && t.lower != "and" {
			return false
		}
	}
	return true
}

// coworkers reads the workplace of a tie at work named with it ("Dev,
// my manager at Orla Foods"): both work there.
func (sc *sentCtx) coworkers(cc *clauseCtx, name, owner ref, noun string, role temporal) {
	rel := kinship[noun].rel
	if serviceTies.has(rel) {
		sc.servesAt(cc, name, noun, role)
		return
	}
	if !workTies.has(rel) {
		return
	}
	if org := sc.workplaceAfter(noun); org.name != "" {
		for _, p := range []ref{name, owner} {
			sc.fact(&clauseCtx{te: cc.te, date: cc.date, c: cc.c}, p, org, "WORKS_AT", role, "{s} works at {o}", kindPerson, kindOrg)
		}
	}
}

// servesAt reads "Dr. Corina Vlad, his paediatrician at the Floreasca
// Children's Clinic": the one who serves works there, not the one
// served.
func (sc *sentCtx) servesAt(cc *clauseCtx, name ref, noun string, role temporal) {
	if org := sc.workplaceAfter(noun); org.name != "" {
		sc.fact(&clauseCtx{te: cc.te, date: cc.date, c: cc.c}, name, org, "WORKS_AT", role, "{s} works at {o}", kindPerson, kindOrg)
	}
}

// workTies are the ties of two who work at one place.
var workTies = words("MANAGER_OF REPORTS_TO COLLEAGUE_OF")

// workplaceAfter returns the organisation named after "at" right behind
// the noun of a tie at work ("my boss at Orla Foods"), or nothing.
func (sc *sentCtx) workplaceAfter(noun string) ref {
	for i, t := range sc.toks {
		if t.lower == noun && lowerAt(sc.toks, i+1) == "at" {
			k := i + 2
			if lowerAt(sc.toks, k) == "the" {
				k++
			}
			if r := sc.orgNamedAt(k); r.name != "" {
				return r
			}
		}
	}
	return ref{}
}

// orgNamedAt returns the organisation a name beginning at token k names
// after "at": one of an organisation's kind, or a name no one holds
// (not a first name), else nothing.
func (sc *sentCtx) orgNamedAt(k int) ref {
	e, ok := sc.nameAt[k]
	if !ok {
		return ref{}
	}
	r := sc.named(k, e)
	if kd := sc.kindOf(r); orgKinds(kd) || kd == kindNone && !firstNames.has(strings.ToLower(strings.Fields(r.name)[0])) {
		return r
	}
	return ref{}
}

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

// notePair remembers the people of a subject that named two or more, for
// "their".
func (sc *sentCtx) notePair(subjs []ref) {
	if len(subjs) < 2 {
		return
	}
	g := make([]string, 0, len(subjs))
	for _, s := range subjs {
		if s.name == "" || len(s.group) > 0 || !sc.personish(s) {
			return
		}
		g = append(g, s.name)
	}
	sc.u.lastPair = g
}

// continuers say that a state goes on.
var continuers = words("stay remain continue")

// coupleRels are the ties of a couple, whom a later "they" means.
var coupleRels = words("MARRIED_TO ENGAGED_TO IS_DATING")
