package main

import (
	"strings"
	"time"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// Relational nouns: a relation said with a noun rather than a verb. "X is
// the head coach of Y", "X, the CFO of Y", "my cousin Leyla", "Bob's
// lawyer", "took over as coach at Y": the noun names the relation, the
// phrase after "of", "at" or "for", or the possessor, its other end.

// roleNoun is what a relational noun relates.
type roleNoun struct {
	class string
	// org is set when the other end is an organisation or a team ("coach
	// of the Sharks"), else it is a person ("Bob's lawyer").
	org bool
	// job is set when the noun is also the holder's job title.
	job bool
}

// roleNouns are the relational nouns besides kinship (kinship, patterns.go)
// and chief officers (titles, context.go).
var roleNouns = map[string]roleNoun{
	"coach": {"COACHES", true, true}, "trainer": {"COACHES", true, true},
	"captain": {"PLAYS_FOR", true, false}, "player": {"PLAYS_FOR", true, false}, "striker": {"PLAYS_FOR", true, false},
	"goalkeeper": {"PLAYS_FOR", true, false}, "defender": {"PLAYS_FOR", true, false}, "midfielder": {"PLAYS_FOR", true, false},
	"member":  {"MEMBER_OF", true, false},
	"student": {"STUDIES_AT", true, false}, "undergraduate": {"STUDIES_AT", true, false}, "pupil": {"STUDIES_AT", true, false},
	"alumnus": {"GRADUATED_FROM", true, false}, "alumna": {"GRADUATED_FROM", true, false}, "graduate": {"GRADUATED_FROM", true, false},
	"owner":   {"OWNS", true, false},
	"counsel": {"WORKS_AT", true, true}, "lawyer": {"LAWYER_OF", false, true}, "attorney": {"LAWYER_OF", false, true}, "solicitor": {"LAWYER_OF", false, true},
	"employee": {"WORKS_AT", true, false}, "staff": {"WORKS_AT", true, false},
	"secretary": {"WORKS_AT", true, true}, "director": {"WORKS_AT", true, true}, "treasurer": {"WORKS_AT", true, true},
	"fan": {"LIKES", false, false}, "admirer": {"LIKES", false, false},
	"agent": {"AGENT_OF", false, true}, "client": {"CLIENT_OF", false, false}, "patient": {"PATIENT_OF", false, false},
	// One is a customer or a subscriber of a business, not by trade.
	"customer": {"CUSTOMER_OF", true, false}, "subscriber": {"CUSTOMER_OF", true, false},
}

// headWord is the lower-case head noun of a phrase, singular.
func (sc *sentCtx) headWord(pi int) string {
	p := sc.p.Phrases[pi]
	if sc.p.Tags[p.Head] == "NNS" {
		return sc.p.Lemmas[p.Head]
	}
	return sc.toks[p.Head].lower
}

// orgOf finds the other end of a relational noun in phrase pi: the
// phrase after "of", "at", "for" or "with" in the clause, or the phrase's
// possessor ("Acme's CEO").
func (sc *sentCtx) orgOf(pi int, c *nlp.Clause) ref {
	p := &sc.p.Phrases[pi]
	if c != nil {
		for _, pp := range c.PPs {
			if pp.At < p.End || pp.At > p.End+1 {
				continue
			}
			if pp.Prep == "of" && sc.titleField(c, pi) != "" {
				// "head of data at Quarry": the field is the title's,
				// the employer is said after it.
				continue
			}
			if pp.Prep == "with" && !sc.p.Phrases[pp.Obj.Phrase].Name {
				// "CFO with effect from 1 April": only a name is where
				// one holds a role "with".
				continue
			}
			if pp.Prep == "at" && sc.gathering(pp.Obj.Phrase) {
				// "stand down as treasurer at the AGM": when, not where.
				continue
			}
			switch pp.Prep {
			case "of", "at", "for", "with":
				return sc.phraseRef(pp.Obj.Phrase, false)
			}
		}
	}
	if p.PossEnd > p.PossStart {
		return sc.ownerOf(p)
	}
	if c != nil {
		// "spending this semester at TU Munich as an exchange student".
		for _, pp := range c.PPs {
			if pp.Prep == "at" || pp.Prep == "for" || pp.Prep == "to" && (c.Lemma == "move" || c.Lemma == "transfer") {
				if r := sc.phraseRef(pp.Obj.Phrase, false); r.name != "" && r.det == "" {
					return r
				}
			}
		}
	}
	return ref{}
}

// roleFacts reads a role said of subj by phrase pi ("as head coach of
// the Sharks", "is the CFO of Acme", "is a nurse at Mount Sinai"). role
// places it in time (the verb's: "became", "stepped down as"), or is
// below zero for a state.
//
// at is the organization the clause gives the role to when the phrase
// names none or names it by a pronoun: the subject of "Marlow Tea named
// Ada Quist as its chief executive", "Acme hired Bo as CFO", which gives
// the role to its object. It is empty when the role is the subject's.
func (sc *sentCtx) roleFacts(cc *clauseCtx, subj ref, pi int, c *nlp.Clause, role temporal, at ref) {
	if role < 0 {
		role = roleVerbs(c)
	}
	if at.name != "" && at.name == sc.u.speaker {
		// "Ragnhild joins us as CTO", "we hired her as a designer": the
		// post is at the organisation the speaker is at, if told.
		at = sc.employerOf(at.name)
	}
	p := &sc.p.Phrases[pi]
	textStart := p.Start + sc.detLen(p)
	start := textStart
	for start < p.End && (classes["adj"].has(sc.toks[start].lower) || titleAdjectives.has(sc.toks[start].lower) || sc.p.Tags[start] == "JJ" && !sc.toks[start].cap && !titleRanks.has(sc.toks[start].lower) && nlp.IsAdjective(sc.toks[start].lower) || sc.degreeBeforeAdjective(start, p.End)) {
		if _, end := titleAt(sc.toks, start); end > start {
			// "executive director": the adjective begins the title.
			break
		}
		start++
	}
	other := sc.orgOf(pi, c)
	if p.PossEnd-p.PossStart == 1 && sc.toks[p.PossStart].lower == "its" && (other.name == "" || !sc.u.x.isOrg(other.name)) {
		// "who becomes its director": the organisation "its" stands for.
		if r := sc.itsOrg(p.PossStart); r.name != "" {
			other = r
		}
	}
	if at.name != "" && (other.name == "" || p.PossEnd-p.PossStart == 1 && isPossessivePronoun(sc.toks[p.PossStart].lower)) {
		other = at
	}
	if other.name == "" || p.PossEnd-p.PossStart == 1 && isPossessivePronoun(sc.toks[p.PossStart].lower) {
		// "the Brightwave CFO", "the PTA chair", "your PTA chair".
		if org, e := sc.orgNamedBefore(start); e > start && e < p.End {
			if _, end := titleAt(sc.toks, e); end > e && end >= p.End-1 {
				other, start = org, e
			}
		}
	}
	if canon, end := titleAt(sc.toks, start); end > start && end >= p.End-1 {
		if p.PossEnd > p.PossStart && other.name != "" && other.name != at.name && (other.name == sc.u.speaker || sc.kindOf(other) == kindPerson) {
			// "She's been our CFO": an officer of the organisation the
			// speaker is at, not of the speaker.
			other = sc.employerOf(other.name)
		}
		if other.name == "" {
			other = sc.contextOrg()
		}
		if other.name == "" && canon != "FOUNDER" {
			other = sc.officeHeldAt(titleRelation(canon))
		}
		words := joinTokens(sc.toks[start:end])
		if f := sc.titleField(c, pi); f != "" {
			words += " of " + f
		}
		if other.name == "" {
			// "Sara Lind was named chief executive": an officer of
			// no organisation told still holds the title.
			if canon != "FOUNDER" {
				title := joinTokens(sc.toks[start:end])
				if strings.ToUpper(title) != title {
					title = strings.ToLower(title)
				}
				if f := sc.titleField(c, pi); f != "" {
					title += " of " + f
				}
				sc.fact(cc, subj, ref{name: title, kind: kindOccupation, str: strPattern}, "HAS_JOB_TITLE", role, "{s} "+sc.copulaWord(cc, c)+" "+withArticle(title), kindPerson, kindOccupation)
			}
			return
		}
		if canon == "FOUNDER" {
			if role != tEnd {
				sc.fact(cc, subj, other, "FOUNDED", tEvent, "{s} founded {o}", kindPerson, kindOrg)
			}
			return
		}
		sc.fact(cc, other, subj, titleRelation(canon), role, "{o} "+sc.copulaWord(cc, c)+" the "+words+" of {s}", kindOrg, kindPerson)
		sc.roles = append(sc.roles, roleFact{org: other, holder: subj, rel: titleRelation(canon), role: role})
		return
	}
	head := sc.headWord(pi)
	sc.ageBefore(cc, subj, p.Start, p.Head)
	rn, isRole := roleNouns[head]
	// "a professional actor", "an excellent doctor", "the new teacher":
	// the title is the noun; ranks stay ("head chef", "senior engineer").
	// "we're both teachers": each is a teacher; "the two nurses": a
	// number counts the holders.
	// A word the tagger took for an adjective that WordNet knows only as
	// a noun names the field and stays ("a database specialist").
	for textStart < p.Head && !yearOfTraining(sc.toks, textStart) && (strings.HasPrefix(sc.p.Tags[textStart], "JJ") && !titleRanks.has(sc.toks[textStart].lower) && (nlp.IsAdjective(sc.toks[textStart].lower) || !nlp.IsNoun(sc.toks[textStart].lower)) || quantifiers.has(sc.toks[textStart].lower) || sc.p.Tags[textStart] == "CD" || sc.degreeBeforeAdjective(textStart, p.End)) {
		textStart++
	}
	// "a Green Party politician", "an Acme engineer": a name before the
	// job is where it is held.
	// "A Boston lawyer" is a lawyer.
	if e, ok := sc.nameAt[textStart]; ok && e < p.End && e <= p.Head && other.name == "" && (isJobHead(head) || isRole && rn.org) {
		org := sc.named(textStart, e)
		switch k := sc.kindOf(org); {
		case k == kindOrg || k == kindTeam || k == kindNone || teamName(org.name):
			// "the Harbour Hawks coach": a team's name is no person's.
			other = org
			textStart = e
		case k == kindLocation:
			textStart = e
		}
	}
	roleText := strings.ToLower(joinTokens(sc.toks[textStart:p.End]))
	if p.Head == p.End-1 && sc.p.Tags[p.Head] == "NNS" && p.Head >= textStart {
		roleText = strings.ToLower(joinTokens(append(append([]token{}, sc.toks[textStart:p.Head]...), token{text: nlp.Lemma(sc.toks[p.Head].lower, "NNS"), word: true})))
	}
	if f := sc.titleField(c, pi); f != "" {
		// The field as titleField gives it: lower case, but for a
		// department written in capitals ("head of IT").
		roleText += " of " + f
	}
	if isRole && rn.class == "LIKES" && other.name != "" {
		sc.fact(cc, subj, other, "LIKES", tTrait, "{s} "+sc.copulaWord(cc, c)+" "+withArticle(roleText)+" of {o}", kindPerson, kindNone)
		return
	}
	if isRole && rn.org && rn.job && other.name == "" && sc.u.topicOrg != "" && p.PossEnd == p.PossStart {
		// "Mr Ofori-Atta was named a director" in the minutes of a
		// company's board: a post of the company the text is about.
		other = ref{name: sc.u.topicOrg, kind: kindOrg, str: strPattern}
	} else if isRole && rn.org && rn.job && other.name == "" && p.PossEnd == p.PossStart && (role == tStart || role == tEnd) {
		// "Teodora has stepped aside from the Rockets. Kofi takes over
		// as head coach": a post that changes hands right after an
		// organisation was named is one of it.
		other = sc.recentOrg(p.Start)
	}
	if ok := sc.semKind(other, -1); isRole && other.name != "" && rn.org == (ok != kindPerson || teamName(other.name)) {
		dk := kindNone
		if rn.org {
			dk = kindOrg
			if teamName(other.name) {
				dk = kindTeam
			}
		}
		sc.fact(cc, subj, other, rn.class, role, "{s} "+sc.copulaWord(cc, c)+" "+roleText+" of {o}", kindPerson, dk)
		if role == tStart || role == tEnd {
			sc.roles = append(sc.roles, roleFact{org: other, holder: subj, rel: rn.class, role: role, holderFirst: true})
		}
	}
	// A relational noun with no other end is still what its holder is,
	// when it names an occupation: "I'm a student", "she's a player".
	if isRole && rn.job || (!isRole || other.name == "" && !notOccupations.has(rn.class)) && (isJobHead(head) || sc.nounKind(p.Head) == kindPerson && !plainPersons.has(head) && !kinNouns.has(head) && !insults.has(head) && !noTitle(head)) {
		// An insult says what one thinks of a person, not what they
		// do ("Ross and Tim are idiots").
		job := ref{name: roleText, kind: kindOccupation, str: strPattern}
		sc.fact(cc, subj, job, "HAS_JOB_TITLE", role, "{s} "+sc.copulaWord(cc, c)+" "+withArticle(roleText), kindPerson, kindOccupation)
		ok := sc.kindOf(other)
		if sc.weakKind(other, -1) {
			ok = kindNone
		}
		// The place of work is an organisation, or a place one works
		// "at"; "head of sales" names a field, not an employer.
		at := ref{}
		if other.name != "" && !isRole && (ok == kindOrg || ok == kindNone || ok == kindLocation && sc.prepBefore(other, pi, c) == "at") {
			sc.fact(cc, subj, other, "WORKS_AT", role, worksAtText(sc.copulaWord(cc, c), roleText), kindPerson, kindOrg)
			at = other
		}
		if role == tStart || role == tEnd {
			sc.roles = append(sc.roles, roleFact{org: at, holder: subj, rel: "HAS_JOB_TITLE", role: role, job: job})
		}
	}
}

// homeCopula reads a place said to be someone's home by a copula, in
// either order: "Kassel is my home", "my home has been Leeds since
// 2019": the possessor lives there.
func (sc *sentCtx) homeCopula(cc *clauseCtx, subj ref, role temporal) bool {
	c := cc.c
	if c.Comp.None() || c.Subj.Phrase < 0 || c.SubjFrom != nlp.SubjOwn || len(c.Comp.Coord) > 0 {
		return false
	}
	homeOf := func(pi int) ref {
		p := &sc.p.Phrases[pi]
		if h := sc.headWord(pi); h != "home" && !(h == "address" && p.PossEnd > p.PossStart) || p.Head != p.End-1 {
			// ("My new address is 14 Orchard Row, Tarnwell": a home.)
			return ref{}
		}
		if p.PossEnd == p.PossStart && sc.detLen(p) == 0 && lowerAt(sc.toks, p.End) == "for" {
			// "Home for me is Norwich".
			if q := sc.p.PhraseAt(p.End + 1); q >= 0 {
				return sc.phraseRef(q, false)
			}
		}
		if p.PossEnd <= p.PossStart {
			return ref{}
		}
		return sc.ownerOf(p)
	}
	holder, place, pi := homeOf(c.Comp.Phrase), subj, c.Subj.Phrase
	if holder.name == "" {
		holder, place, pi = homeOf(c.Subj.Phrase), sc.phraseRef(c.Comp.Phrase, false), c.Comp.Phrase
	}
	if holder.name == "" || place.name == "" || !personish(sc.kindOf(holder)) {
		return false
	}
	// A town the gazetteer does not know is a name of no known kind.
	if k := sc.kindOf(place); k != kindLocation && !(k == kindNone && sc.p.Phrases[pi].Name && !personLike(place.name) && !firstNames.has(strings.ToLower(place.name))) {
		return false
	}
	sc.fact(cc, holder, place, "LIVES_IN", role, "{o} "+sc.copulaWord(cc, c)+" the home of {s}", kindPerson, kindLocation)
	return true
}

// independentPossessives stand for a possessor after "of": "a cousin
// of mine" is "my cousin".
var independentPossessives = map[string]string{"mine": "my", "ours": "our", "yours": "your", "his": "his", "hers": "her"}

// ofMine is the possessor of a phrase with no possessive before it but
// an independent one after "of" ("a friend of mine", "a colleague of
// hers"), or no one.
func (sc *sentCtx) ofMine(p *nlp.Phrase) ref {
	if p.PossEnd > p.PossStart || lowerAt(sc.toks, p.End) != "of" {
		return ref{}
	}
	det, ok := independentPossessives[lowerAt(sc.toks, p.End+1)]
	if !ok {
		return ref{}
	}
	return sc.pronounAt(possessives[det], p.End+1)
}

// fieldWords reports whether every word of phrase q is a noun WordNet
// knows in lower case and none names a place, a person or a group: a
// field of work written in capitals ("Hydrology", "Data Engineering").
func (sc *sentCtx) fieldWords(q *nlp.Phrase) bool {
	for i := q.Start; i < q.End; i++ {
		t := sc.toks[i]
		if !t.word {
			return false
		}
		lex, _, ok := nlp.Noun(t.lower)
		if !ok || lex == nlp.NounLocation || lex == nlp.NounPerson || lex == nlp.NounGroup {
			return false
		}
	}
	return true
}

// lifeTies are job nouns that, possessed by a person, name a tie of
// their life, not a job: "my partner Teodor" is no business partner.
var lifeTies = words("partner")

// kinFact states that subj is owner's kinship noun head, in the clause's
// time: a tie said in the past is over unless it is one of birth.
func (sc *sentCtx) kinFact(cc *clauseCtx, subj, owner ref, head string) {
	k := kinship[head]
	now := &clauseCtx{c: cc.c, ended: k.ended}
	became := startLinking.has(cc.c.Lemma) && !cc.ended
	if d := cc.date; d != nil && !k.ended && !cc.ended && !lastingTies.has(k.rel) && (d.role == dateSince || became && d.role == dateAt) {
		// "Dr. Saar has been my GP since 2019", "Tomas became my
		// husband in 2019": a tie one chooses, from then. A family tie
		// is not dated by a clause.
		now.date = d
	}
	if became {
		// Begun, not over: "became" is in the past.
		cc = now
	}
	if cc.ended && !lastingTies.has(k.rel) {
		// "Maya is no longer my manager", "Tom is not my boyfriend
		// anymore": over, when the clause says.
		now = &clauseCtx{c: cc.c, ended: true, te: cc.te, date: cc.date}
	}
	if r, ok := aspectRoles[cc.c.Aspect]; ok && !lastingTies.has(k.rel) {
		// "Brannoc stopped being Ingunn's trainer in January", "started
		// being her tutor": the aspect begins or ends the tie.
		text := "{s} started being {o}'s " + head
		if r == tEnd {
			text = "{s} stopped being {o}'s " + head
		}
		sc.fact(cc, subj, owner, k.rel, r, text, kindPerson, kindPerson)
		return
	}
	if isJobHead(head) && !lifeTies.has(head) && cc.te != tensePast && !cc.ended {
		// "Ann is my doctor": a doctor.
		job := ref{name: head, kind: kindOccupation, str: strPattern}
		sc.fact(now, subj, job, "HAS_JOB_TITLE", tState, "{s} is "+withArticle(head), kindPerson, kindOccupation)
	}
	switch {
	case cc.te != tensePast:
		sc.fact(now, subj, owner, k.rel, tState, "{s} is {o}'s "+head, kindPerson, kindPerson)
		if !now.ended {
			sc.coworkers(now, subj, owner, head, tState)
			sc.endFormerHolders(now, subj, owner, k.rel, head)
		}
	case lastingTies.has(k.rel):
		// "she was my aunt": still is.
		sc.fact(&clauseCtx{c: cc.c}, subj, owner, k.rel, tState, "{s} is {o}'s "+head, kindPerson, kindPerson)
	default:
		// "Billy was my boyfriend", "Tom was my boss": a tie one
		// chooses, over.
		sc.fact(cc, subj, owner, k.rel, tState, "{s} was {o}'s "+head, kindPerson, kindPerson)
	}
}

// ofPersons returns the people of the "of" phrase right after phrase p
// in clause c ("a friend of Tove and Ulrik's"), or nil when it names
// none.
func (sc *sentCtx) ofPersons(c *nlp.Clause, p *nlp.Phrase) []ref {
	if r := sc.ofMine(p); r.name != "" {
		return []ref{r}
	}
	for _, pp := range c.PPs {
		if pp.Prep != "of" || pp.At != p.End {
			continue
		}
		var out []ref
		for _, q := range pp.Obj.All() {
			r := sc.phraseRef(q, false)
			if k := sc.kindOf(r); r.name == "" || r.det != "" || k != kindPerson && k != kindNone {
				return nil
			}
			if f := strings.ToLower(strings.Fields(r.name)[0]); (sc.p.Lemmas[p.Head] == "employee" || sc.officeTitle(p)) && sc.kindOf(r) == kindNone && !givenWord(f) && !honorifics.has(f) && sc.u.x.reg.key(r.name) != sc.u.x.reg.key(sc.u.speaker) {
				// "an employee of Pellucid Optics", "the company
				// secretary of Quillary": one is the employee or the
				// officer of an organisation, the assistant of a
				// person.
				return nil
			}
			out = append(out, r)
		}
		return out
	}
	return nil
}

// lastingTies are the kinship relations of birth, which a past tense does
// not end ("she was my aunt"); the others (a boyfriend, a boss, a
// roommate) are over when said in the past.
var lastingTies = words("SISTER_OF BROTHER_OF SIBLING_OF MOTHER_OF FATHER_OF PARENT_OF SON_OF DAUGHTER_OF CHILD_OF COUSIN_OF AUNT_OF UNCLE_OF NIECE_OF NEPHEW_OF GRANDMOTHER_OF GRANDFATHER_OF GRANDPARENT_OF GRANDCHILD_OF")

// plainPersons are the nouns that say only that one is a person, of a
// sex or an age ("the guy I dated", "a nice woman"): no occupation.
var plainPersons = words("man men woman women guy guys girl girls boy boys lady ladies gentleman gentlemen person people kid kids child children dude dudes fellow fellows chap chaps gal gals folks human individual")

// notOccupations are the relations of relational nouns that say what one
// is to someone, not what one does: "a fan", "a member", "a client".
var notOccupations = words("LIKES MEMBER_OF OWNS CLIENT_OF PATIENT_OF CUSTOMER_OF")

// quantifiers stand before a plural predicate noun that each of the
// subjects is ("both", "all").
var quantifiers = words("both all")

// isPossessivePronoun reports whether w is a possessive pronoun ("its",
// "their").
func isPossessivePronoun(w string) bool {
	return possessivePronouns.has(w)
}

var possessivePronouns = words("my our your his her its their")

// prepBefore is the preposition of the clause's phrase that orgOf found
// for phrase pi ("a nurse at Mount Sinai": "at").
func (sc *sentCtx) prepBefore(other ref, pi int, c *nlp.Clause) string {
	if c == nil {
		return ""
	}
	p := &sc.p.Phrases[pi]
	for _, pp := range c.PPs {
		if pp.At >= p.End && pp.At <= p.End+1 {
			return pp.Prep
		}
	}
	return ""
}

// titleRanks are adjectives that are part of a title.
var titleRanks = words("head chief senior junior assistant associate deputy executive general principal interim acting")

// titleAdjectives qualify a title without changing it ("head coach",
// "new CEO").
var titleAdjectives = words("head assistant interim acting current former new senior junior")

// roleVerbs is the time role of a verb said with "as" or a complement:
// "became", "joined as" start it, "stepped down as" ends it, "is",
// "works as" state it.
func roleVerbs(c *nlp.Clause) temporal {
	if c == nil {
		return tState
	}
	v := phrasal(c)
	switch {
	case roleStarts.has(v) || roleStartsPassive.has(c.Lemma):
		return tStart
	case roleEnds.has(v) || roleEnds.has(c.Lemma) && c.Particle == "":
		return tEnd
	case dismissVerbs.has(v) || dismissVerbs.has(c.Lemma) && c.Particle == "":
		// "fired her as CEO", "was sacked as head coach".
		return tEnd
	case c.Passive && c.AsRole >= 0 && roleOusters.has(c.Lemma):
		// "was ousted as chair in May".
		return tEnd
	case c.Passive && c.AsRole >= 0 && c.Particle == "" && !dismissVerbs.has(c.Lemma):
		// "was co-opted as treasurer", "was seconded as project lead":
		// a verb of social acts in the passive with a role gives it.
		if lex, ok := nlp.Verb(c.Lemma); ok && lex == nlp.VerbSocial {
			return tStart
		}
	}
	return tState
}

// roleOusters are verbs of social acts that take a role away.
var roleOusters = words("oust depose expel remove unseat impeach suspend")

// Verbs that start or end the role they take.
var (
	roleStarts        = phrases("become", "join", "start", "begin", "return", "take over", "step in", "step up", "move up", "move", "transfer", "qualify", "requalify", "retrain")
	roleStartsPassive = words("appoint name hire elect promote make confirm install retain engage recruit co-opt")
	roleEnds          = phrases("leave", "quit", "resign", "retire", "step down", "step aside", "step back", "stand down", "stand aside")
	// roleToVerbs give a role after "to" as others do after "as" ("was
	// promoted to engineering manager at Acme").
	roleToVerbs = words("promote appoint")
)

// phrases builds a set of phrases of one or more words.
func phrases(ps ...string) wordSet {
	s := wordSet{}
	for _, p := range ps {
		s[p] = struct{}{}
	}
	return s
}

// copulaWord is the verb a role's text uses: "is", "was", "became".
func (sc *sentCtx) copulaWord(cc *clauseCtx, c *nlp.Clause) string {
	if c == nil {
		return "is"
	}
	switch roleVerbs(c) {
	case tStart:
		if c.Lemma == "become" {
			if cc.te == tensePast {
				return "became"
			}
			return "becomes"
		}
		if cc.te == tensePast || c.Past {
			return "became"
		}
		return "is"
	case tEnd:
		return "was"
	}
	if !linking.has(c.Lemma) && c.AsRole >= 0 {
		// "I work as a data engineer", "she served as treasurer": the
		// verb as said, not a copula.
		return sc.verbWord(c.Verb, c.Verb, cc.te == tensePast || c.Past, false) + " as"
	}
	if cc.te == tensePast {
		return "was"
	}
	return "is"
}

// worksAtText is the text of the WORKS_AT fact a role at an organization
// states: the relation's own words for a state ("a nurse at Swedish
// Medical Center": works at it), the role as said for a change ("became
// a partner at …").
func worksAtText(copula, roleText string) string {
	switch {
	case copula == "is" || strings.HasSuffix(copula, "s as"):
		return "{s} works at {o} as " + withArticle(roleText)
	case copula == "was" || strings.HasSuffix(copula, "ed as"):
		return "{s} worked at {o} as " + withArticle(roleText)
	}
	return "{s} " + copula + " " + withArticle(roleText) + " at {o}"
}

// withEmployer reads "is with Pukana Partners": a person with an
// organisation, and nothing else said of them, works there.
func (sc *sentCtx) withEmployer(cc *clauseCtx, subj ref, role temporal) bool {
	c := cc.c
	if c.Lemma != "be" || !c.Comp.None() || c.Adj >= 0 || sc.kindOf(subj) != kindPerson && !personLike(subj.name) && !(sc.kindOf(subj) == kindNone && sc.personish(subj)) {
		return false
	}
	for _, pp := range c.PPs {
		if pp.Prep != "with" {
			continue
		}
		for _, pi := range pp.Obj.All() {
			org := sc.phraseRef(pi, false)
			if org.name == "" || sc.kindOf(org) != kindOrg {
				continue
			}
			sc.fact(cc, subj, org, "WORKS_AT", role, "{s} works at {o}", kindPerson, kindOrg)
			return true
		}
	}
	return false
}

// copula reads a clause of "be" or another linking verb.
func (sc *sentCtx) copula(cc *clauseCtx, subj ref) {
	c := cc.c
	if sc.onFlight(cc, subj) {
		return
	}
	sc.namedAsOrg(c, subj)
	if c.Comp.None() && c.AsRole >= 0 && continuers.has(c.Lemma) {
		// "will stay on as managing director": the role goes on.
		sc.roleFacts(cc, subj, c.AsRole, c, tState, ref{})
		return
	}
	if sc.feelingFor(cc, subj) {
		return
	}
	if sc.impression(cc, subj) {
		pi := c.Comp.Phrase
		if c.Adj >= 0 && sc.toks[c.Adj].lower == "such" {
			pi = sc.p.PhraseAt(c.Adj + 1)
		} else if c.Adj >= 0 {
			pi = -1
		}
		if pi < 0 {
			return
		}
		// "you're such a wonderful friend", "a good friend of Ulrik's": the
		// praise, and the tie the noun names; "you're a terrific
		// actor": the praise, and the job.
		p, head := &sc.p.Phrases[pi], sc.headWord(pi)
		if kinNouns.has(head) && p.PossEnd == p.PossStart {
			if owners := sc.ofPersons(c, p); len(owners) > 0 {
				for _, o := range owners {
					sc.kinFact(cc, subj, o, head)
				}
				return
			}
		}
		if !sc.implicitTie(cc, subj, p, head) && c.Adj < 0 && isJobHead(head) && !compliments.has(head) {
			sc.roleFacts(cc, subj, pi, c, tState, ref{})
		}
		return
	}
	role := tState
	if startLinking.has(c.Lemma) {
		role = tStart
	}
	if r, ok := aspectRoles[c.Aspect]; ok {
		// "stopped being Ingunn's trainer in January", "started
		// being her carer": the aspect ends or begins the state.
		role = r
	}
	if sc.homeCopula(cc, subj, role) || sc.orgPart(cc, subj, role) {
		return
	}
	if sc.withEmployer(cc, subj, role) {
		return
	}
	// "My dermatologist is Dr. Selim Kaya": the name is the relative.
	if sp := c.Subj.Phrase; sp >= 0 && c.SubjFrom == nlp.SubjOwn && !c.Comp.None() {
		q := &sc.p.Phrases[sp]
		if q.PossEnd > q.PossStart && q.Head == q.End-1 {
			if s, e, ok := sc.compName(c.Comp.Phrase); ok {
				if owner := sc.ownerOf(q); owner.name != "" && !sc.postNamed(cc, role) {
					sc.relateIn(endedCtx(cc, sc.formerPhrase(sp)), sc.named(s, e), owner, sc.headWord(sp), role)
					if at := sc.atOrg(c); at.name != "" {
						sc.fact(cc, sc.named(s, e), at, "WORKS_AT", role, "{s} works at {o}", kindPerson, kindOrg)
					}
					return
				}
			}
		}
	}
	if sc.postNamed(cc, role) {
		return
	}
	if sc.age(cc, subj) {
		return
	}
	for _, pi := range c.Comp.All() {
		p := &sc.p.Phrases[pi]
		if sc.kindOf(subj) == kindIdentifier && p.PossEnd == p.PossStart && determiners.has(sc.toks[p.Start].lower) {
			// "order 55120 is the desk lamp".
			if item := sc.phraseRef(pi, false); item.name != "" {
				sc.fact(cc, subj, item, "ITEM", tState, "{s} is {o}", kindIdentifier, kindProduct)
			}
			continue
		}
		if e, ok := sc.nameAt[p.Start+sc.detLen(p)]; ok && e == p.End && p.PossEnd == p.PossStart && sc.detLen(p) == 0 {
			if n := sc.named(p.Start, e); sc.identity(subj, n) || n.kind == kindPerson || personLike(n.name) {
				continue
			}
		}
		head := sc.headWord(pi)
		// "Ingrid is my former boss", "Ravi is the previous owner of
		// …": a tie that is over.
		cc := endedCtx(cc, sc.formerPhrase(pi))
		if p.PossEnd > p.PossStart && kinNouns.has(head) {
			if owner := sc.ownerOf(p); owner.name != "" {
				sc.kinFact(cc, subj, owner, head)
			}
			continue
		}
		// "I'm a friend of Tove and Ulrik's", "she was a cousin of
		// Ahmed".
		if kinNouns.has(head) && p.PossEnd == p.PossStart {
			if owners := sc.ofPersons(c, p); len(owners) > 0 {
				for _, o := range owners {
					sc.kinFact(cc, subj, o, head)
				}
				continue
			}
		}
		if sc.implicitTie(cc, subj, p, head) {
			continue
		}
		sc.roleFacts(cc, subj, pi, c, role, ref{})
	}
	if !c.Comp.None() {
		return
	}
	if c.Adj >= 0 && len(c.PPs) > 0 {
		// "I'm married to Noor", "she's based in Oslo": the participle's
		// passive frames.
		if v := nlp.Lemma(sc.toks[c.Adj].lower, "VBN"); len(frames[v]) > 0 {
			pc := *c
			pc.Passive, pc.Lemma, pc.Verb = true, v, c.Adj
			pcc := *cc
			pcc.c = &pc
			sc.verbFacts(&pcc, v, subj, -1)
			return
		}
	}
	after := lowerAt(sc.toks, c.VerbEnd)
	if c.Particle != "" {
		after = c.Particle
	}
	if after == "there" || after == "here" {
		sc.datePrevious(cc, subj)
		return
	}
	for _, pp := range c.PPs {
		if q, ok := sc.partitiveOf(c, pp.Obj.Phrase); ok && pp.Prep == "on" {
			// "is on a low dose of gabapentin".
			for _, pi := range q.All() {
				if obj := sc.phraseRef(pi, false); obj.name != "" && sc.semKind(obj, pi) == kindDrug {
					sc.fact(cc, subj, obj, "TAKES_MEDICATION", role, "{s} is on {o}", kindPerson, kindDrug)
				}
			}
			continue
		}
		obj := sc.phraseRef(pp.Obj.Phrase, false)
		if obj.name == "" {
			continue
		}
		k := sc.semKind(obj, pp.Obj.Phrase)
		switch {
		case pp.Prep == "from" && c.Adj < 0 && (k == kindLocation || k == kindNone):
			sc.fact(cc, subj, obj, "IS_FROM", tTrait, "{s} is from {o}", kindPerson, kindLocation)
		case pp.Prep == "on" && k == kindDrug:
			sc.fact(cc, subj, obj, "TAKES_MEDICATION", role, "{s} is on {o}", kindPerson, kindDrug)
		case pp.Prep == "off" && k == kindDrug:
			// "has been off warfarin since March": stopped then.
			sc.fact(sinceEnds(cc), subj, obj, "TAKES_MEDICATION", tEnd, "{s} is off {o}", kindPerson, kindDrug)
		case pp.Prep == "on" && k == kindPlan:
			sc.fact(cc, subj, obj, "ON_PLAN", role, "{s} is on {o}", kindNone, kindPlan)
			sc.planProvider(cc, subj, pp.Obj.Phrase, role)
		case pp.Prep == "to" && c.Adj >= 0 && sc.toks[c.Adj].lower == "allergic":
			sc.fact(cc, subj, obj, "ALLERGIC_TO", tTrait, "{s} is allergic to {o}", kindPerson, kindNone)
		case pp.Prep == "in" && after == "back" && (k == kindLocation || k == kindNone):
			sc.fact(cc, subj, obj, "LIVES_IN", role, "{s} is back in {o}", kindPerson, kindLocation)
		case pp.Prep == "in" && c.Adj < 0 && (k == kindLocation || k == kindNone && !personLike(obj.name)) && sc.saysNow(c) && sc.movedAlso(cc):
			// "We moved out of Didsbury last month and we're in
			// Stockport now": where one is now, after a move, is home,
			// since the move.
			sc.fact(cc, subj, obj, "LIVES_IN", tStart, "{s} moved to {o}", kindPerson, kindLocation)
		case pp.Prep == "at" && c.Adj < 0 && k == kindTeam && (sc.saysNow(c) || sc.sinceThen(cc)) && sc.kindOf(subj) == kindPerson:
			// "I've been at Rovers since 2021": a club one plays for.
			sc.fact(cc, subj, obj, "PLAYS_FOR", role, "{s} is at {o}", kindPerson, kindTeam)
		case pp.Prep == "at" && c.Adj < 0 && (k == kindOrg || k == kindSchool || k == kindNone && obj.det == "") && sc.yearOfStudy(c, obj):
			// "Quang is in his final year at Eastbrook College".
			sc.fact(cc, subj, obj, "STUDIES_AT", role, "{s} "+sc.copulaWord(cc, c)+" a student at {o}", kindPerson, kindOrg)
		case pp.Prep == "at" && c.Adj < 0 && (k == kindOrg || k == kindSchool || k == kindNone && obj.det == "" && (sc.saysNow(c) || sc.sinceThen(cc) || sc.lasting(c))) && sc.atWorkSubject(c, subj):
			sc.fact(cc, subj, obj, "WORKS_AT", role, "{s} "+sc.copulaWord(cc, c)+" at {o}", kindPerson, kindOrg)
		case pp.Prep == "with" && c.Adj < 0 && k == kindOrg && obj.det == "" && sc.kindOf(subj) == kindPerson:
			// "I was with Accenture for six years": a firm one works
			// for.
			sc.fact(cc, subj, obj, "WORKS_AT", role, "{s} "+sc.copulaWord(cc, c)+" with {o}", kindPerson, kindOrg)
		default:
			continue
		}
		break
	}
}

// namedAsOrg makes the subject of "The Copper Ladle is still the
// busiest cafe on Lowgate" an organisation: a name said to be a
// business or an institution, whatever its words look like.
func (sc *sentCtx) namedAsOrg(c *nlp.Clause, subj ref) {
	pi, sp := c.Comp.Phrase, c.Subj.Phrase
	if pi < 0 || sp < 0 || c.Negated || c.Modal || sc.p.Phrases[pi].Name || sc.p.Phrases[pi].PossEnd > sc.p.Phrases[pi].PossStart {
		return
	}
	if q := &sc.p.Phrases[sp]; !q.Name {
		if e, ok := sc.nameAt[q.Start+sc.detLen(q)]; !ok || e != q.End {
			return
		}
	}
	if h := sc.headWord(pi); !orgNouns.has(h) && !businessNouns.has(h) && !orgHeads.has(h) {
		return
	}
	if e := sc.u.x.reg.get(subj.name); e != nil && !e.speaker && e.str <= strCue && e.kind != kindOrg {
		e.kind, e.str = kindOrg, strCue
	}
}

// lasting reports whether a clause is bounded by a date that makes it a
// tie rather than a visit: an end ("until 2020"), a range ("from 2015
// to 2019") or a span of two months or more ("for three years").
func (sc *sentCtx) lasting(c *nlp.Clause) bool {
	end := sc.clauseEnd(c)
	for _, d := range sc.dates {
		if d.start < c.VerbStart || d.start > end {
			continue
		}
		switch {
		case d.role == dateUntil && d.lead == 0, d.role == dateRange:
			return true
		case d.role == dateFor && sc.u.x.ref.Sub(d.t) >= 60*24*time.Hour:
			return true
		}
	}
	return false
}

// sinceThen reports whether a perfect clause says since when ("I've been
// at Rovers since 2021"): a tie that lasts, not a visit.
func (sc *sentCtx) sinceThen(cc *clauseCtx) bool {
	return cc.c.Perfect && cc.date != nil && cc.date.role == dateSince
}

// datePrevious reads "she's been there since 2015": the date belongs to
// the subject's last state this utterance stated.
func (sc *sentCtx) datePrevious(cc *clauseCtx, subj ref) {
	d := cc.date
	if d == nil || d.role == dateUntil {
		return
	}
	x := sc.u.x
	for i := len(x.facts) - 1; i >= 0; i-- {
		f := &x.facts[i]
		if x.reg.key(f.src) != x.reg.key(subj.name) || !f.invalid.IsZero() {
			continue
		}
		if d.t.Before(f.valid) || f.valid.IsZero() {
			f.valid = d.t
		}
		return
	}
}

// saysNow reports whether "now" stands next to a clause's verb or after
// it: "I'm at Cabify now".
func (sc *sentCtx) saysNow(c *nlp.Clause) bool {
	for k := max(0, c.VerbStart-2); k < len(sc.toks) && k <= sc.clauseEnd(c); k++ {
		if sc.toks[k].lower == "now" {
			return true
		}
	}
	return false
}

// atOrg is the organisation a clause places its subject at: "… at
// Northgate Hospital".
func (sc *sentCtx) atOrg(c *nlp.Clause) ref {
	for _, pp := range c.PPs {
		if pp.Prep == "at" || pp.Prep == "with" {
			if r := sc.phraseRef(pp.Obj.Phrase, false); r.name != "" && sc.kindOf(r) != kindPerson && sc.kindOf(r) != kindLocation {
				return r
			}
		}
	}
	return ref{}
}

// planProvider reads the organisation a plan is held at, right after
// the plan: "I'm on the Off-Peak plan at FlexPoint Gym", "the family
// plan with Telia", "the Starter plan for Loomly Ltd": the holder is
// its customer.
func (sc *sentCtx) planProvider(cc *clauseCtx, holder ref, pi int, role temporal) {
	p := &sc.p.Phrases[pi]
	if l := lowerAt(sc.toks, p.End); l != "at" && l != "with" && l != "from" && l != "for" {
		return
	}
	qi := sc.p.PhraseAt(p.End + 1)
	if qi < 0 || sc.p.Phrases[qi].Start != p.End+1 {
		return
	}
	org := sc.phraseRef(qi, false)
	if q := &sc.p.Phrases[qi]; q.PossEnd > q.PossStart && branchNouns.has(sc.headWord(qi)) {
		// "FlexPoint Gym's Cardiff Bay branch": the gym's.
		org = sc.ownerOf(q)
	}
	if k := sc.kindOf(org); org.name == "" || k != kindOrg && (k != kindNone || personLike(org.name) || org.det != "" || lowerAt(sc.toks, p.End) == "for") {
		// A name of no kind is a provider after "at", "with" or
		// "from" ("with Loomly"), unless it looks like a person's or
		// is a common noun; after "for" it may be the one the plan
		// is for ("the family plan for Ysolde").
		return
	}
	sc.fact(cc, holder, org, sc.providerClass(cc.c, org), role, "{s} has a plan at {o}", kindNone, kindOrg)
}

// appointedBySomeone reads a clause of appointing whose subject names no
// one ("they made me project architect", "the board has appointed Martin
// Kolb as interim CEO"): whoever appointed, the object took the role, at
// the organisation of the context.
func (sc *sentCtx) appointedBySomeone(cc *clauseCtx) {
	c := cc.c
	if c.Subj.Phrase < 0 || cc.presup || c.Obj.None() || c.Passive || !roleStartsPassive.has(c.Lemma) {
		return
	}
	title := c.Obj2.Phrase
	if c.Obj2.None() {
		title = c.AsRole
	}
	if sp := &sc.p.Phrases[c.Subj.Phrase]; title < 0 || sp.Name || sc.p.Tags[sp.Head] != "PRP" && !appointingBodies.has(sc.headWord(c.Subj.Phrase)) || !sc.titlePhrase(title) {
		return
	}
	if o := sc.phraseRef(c.Obj.Phrase, false); o.name != "" && sc.personish(o) {
		cc.left, cc.end = sc.p.Phrases[c.Subj.Phrase].Start, sc.clauseEnd(c)
		cc.date = sc.nearestDate(cc.left, cc.end)
		sc.roleFacts(cc, o, title, c, tStart, ref{})
	}
}

// appointingBodies are the common nouns of those who appoint to a post
// in an organisation they do not name: "the board has appointed …".
var appointingBodies = words("board company committee council club trustees directors firm management team society school university party")

// yearOfStudy reports whether a clause of "be" places its subject in a
// year of a course at school ("in his final year at Eastbrook", "in her
// second year at Halden College"): a student's. "My first year at Acme"
// may be an employee's: a year that is no student's needs a school.
func (sc *sentCtx) yearOfStudy(c *nlp.Clause, school ref) bool {
	f := strings.Fields(strings.ToLower(school.name))
	named := len(f) > 0 && (schoolNouns.has(f[len(f)-1]) || nameSchoolNouns.has(f[len(f)-1]) || schoolWithin(school.name))
	for _, pp := range c.PPs {
		if pp.Prep == "in" && pp.Obj.Phrase >= 0 && sc.headWord(pp.Obj.Phrase) == "year" {
			p := &sc.p.Phrases[pp.Obj.Phrase]
			for k := p.Start; k < p.Head; k++ {
				if w := sc.toks[k].lower; studentYears.has(w) || named && ordinalYears.has(w) {
					return true
				}
			}
		}
	}
	return false
}

// studentYears name a year of a course only a student is in;
// ordinalYears any year, of a course at a school too.
var (
	studentYears = words("final sophomore freshman")
	ordinalYears = words("first second third fourth fifth last junior senior")
)
