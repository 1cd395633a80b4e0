package main

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// extract is the mnemo_extract handler.
func extract(req abi.ExtractRequest) (abi.ExtractResponse, error) {
	resp, _, err := extractDescribed(req)
	return resp, err
}

// extractDescribed is extract, with what the episode's copulas said its
// names are (extraction.described).
func extractDescribed(req abi.ExtractRequest) (abi.ExtractResponse, map[string]string, error) {
	ref, err := time.Parse(time.RFC3339, req.Episode.ReferenceTime)
	if err != nil {
		return abi.ExtractResponse{}, nil, fmt.Errorf("parse reference time: %w", err)
	}
	x := newExtraction(ref)
	if strings.EqualFold(req.Episode.Source, "json") {
		if err := x.json(req.Episode); err != nil {
			return abi.ExtractResponse{}, nil, err
		}
	} else {
		x.text(req)
	}
	return x.response(newOntology(req.Ontology)), x.described, nil
}

// extraction is the state of one extract call.
type extraction struct {
	ref time.Time
	// described maps a common noun to the name a copula last said it of
	// ("The Copper Ladle is the busiest cafe": cafe), for "the cafe".
	described map[string]string
	// anchor is the last date the episode told, which "two years later"
	// and "the following year" count from.
	anchor time.Time
	// saidDate is the last date the sentence before told, or zero.
	saidDate time.Time
	reg      *registry
	// recordSubject is the person a record is about ("Patient: Rafael
	// Ames"), who is its author and whom its "he" and "she" mean.
	recordSubject string
	// guests are the people a list of travellers named (hotels.go).
	guests []string
	// concerning is the one a first-person letter is about ("Re: Gisela
	// Marchetti, DOB 03/04/1974"), for whom its author acts.
	concerning string
	// genders maps a name's key to 'f' or 'm' where the text shows it
	// (genders.go), the previous episodes' read with their persons.
	genders map[string]byte
	facts   []fact
	// switched maps the key of one who "switched coaches" to the title
	// they switched, so that the one they then work with takes it
	// (implicit.go).
	switched map[string]string
	// previous are the previous episodes; prevPersons the people they
	// name, for "he" and "she" when the episode names no one before them,
	// read on first need (prevRead).
	previous    []abi.Episode
	prevPersons []string
	prevRead    bool
	// prevNames are the names of two words or more the previous episodes
	// say, with their kinds, read on first need (prevNamesRead).
	prevNames     []mention
	prevNamesRead bool
	// prevFacts are the facts of the previous episodes, each extracted
	// alone, read on first need (prevFactsRead): the ties an end without
	// an object ends, the partner of "we got married".
	prevFacts     []abi.ExtractedFact
	prevFactsRead bool
	// prevTypes are the types those extractions gave names, by key.
	prevTypes map[string]string
	// prevDescribed is described of the previous episodes, read with
	// prevFacts.
	prevDescribed map[string]string
	// earlier are the people each earlier utterance of the episode
	// named, in order, for "he" and "she" in a turn that names no one.
	earlier [][]string
	// speakers are the keys of the episode's speakers, registered as
	// people when something is said of them; identities map a speaker's
	// key to the name the text gives them ("I'm Tom Gordon").
	speakers   map[string]bool
	identities map[string]string
	// close maps a speaker to the pets and spouses they named in this
	// episode or the ones before ("our dog Pixel", "my wife Olga"): name
	// key → relation.
	close map[string]map[string]string
	// addressed maps a speaker's key to the terms others address them by
	// ("honey", "man"; address.go).
	addressed map[string][]string
	// voiceNames are the names the conversation gave its voices, with
	// their evidence, strongest first (speakerid.go), for naming a voice
	// again when its first name would tie it to itself (selfties.go).
	voiceNames []voiceName
	// secondNames are the keys of the second names voices were given
	// ("Lindqvist!" to the one called Jonas).
	secondNames []string
	// takesUp maps a person's key to the day the episode says they take
	// up a post it names no place for (takeup.go).
	takesUp map[string]time.Time
}

// fact is a fact found in the episode, rendered into the answer at the
// end, once names are final.
type fact struct {
	src, dst string
	rel      string
	tmpl     string
	// subs maps the template's placeholders to names and words.
	subs           map[string]string
	valid, invalid time.Time
}

func newExtraction(ref time.Time) *extraction {
	return &extraction{ref: ref, reg: newRegistry()}
}

// thing is a thing named in an utterance, at a sentence and word.
type thing struct {
	r         ref
	sent, pos int
}

// uttCtx is the state of one utterance.
type uttCtx struct {
	x       *extraction
	speaker string
	other   string
	// others are the conversation's other speakers, in order of their
	// first turn: whom a plural "you" means.
	others []string
	// mentions are the names of the utterance so far, in order; sent is
	// the number of the current sentence.
	mentions []named
	sent     int
	// meant are the persons the utterance's "he", "she", "him" and "her"
	// were read as, for the pronouns of the turns after it ("tell Ross"
	// … "He's planning your party." … "I love him!").
	meant []string
	// lastPersonSubj and lastThingSubj are the last subjects of a fact
	// that were a person and something else, for pronouns.
	lastPersonSubj, lastThingSubj string
	// lastPersonSubjSent is the sentence lastPersonSubj was said in.
	lastPersonSubjSent int
	// topicOrg is the organisation that was the subject of the last
	// sentence whose subject was one: what a title without "of X" in a
	// later sentence belongs to ("Brightwater said its CFO will leave to
	// join Castellane. Euan McTaggart has been named interim CFO.").
	topicOrg string
	// codes are the identifiers the utterance has said, in order: the
	// one "the ticket" means.
	codes []string
	// lastPair are the people of the last subject that named two or more
	// ("Ann and her husband Bo"), for "their".
	lastPair []string
	// things are the things the utterance has named so far (not people,
	// not times), for "it" as an object; saysIt is whether the utterance
	// says "it" at all (else things are not kept).
	things []thing
	saysIt bool
	// lastObj is the thing (no person) the last clause read took as its
	// direct object, for "it" and "them" as objects of the clauses after
	// it ("bought a flat in Leith and sold it", "joined the Ravens … left
	// them").
	lastObj ref
	// intro is a tie noun asked to be met whose names are still to come.
	intro *meeting
	// roles are the title facts the turn's sentences stated so far, for
	// a successor named in a later sentence.
	roles []roleFact
	// told are the first and the last but one of the facts the last
	// sentence read, for "Started last September." after it.
	told [2]int
	// lodging is set once the turn speaks of where one stays, and
	// firstPerson once it speaks of "I" or "we" (hotels.go).
	lodging, firstPerson bool
}

// text extracts from a message or text episode.
func (x *extraction) text(req abi.ExtractRequest) {
	ep := req.Episode
	// The terms a lease or a contract defines ("the Tenant") read as
	// the names they stand for, in it and in the episodes after it.
	var terms []definedTerm
	if len(req.Previous) > 0 {
		req.Previous = slices.Clone(req.Previous)
	}
	for i, p := range req.Previous {
		if !strings.EqualFold(p.Source, "json") {
			var defined []definedTerm
			req.Previous[i].Content, defined = definedTerms(p.Content, terms)
			terms = append(terms, defined...)
		}
	}
	ep.Content, _ = definedTerms(ep.Content, terms)
	conv := &conversation{utts: parseUtterances(ep.Content, strings.EqualFold(ep.Source, "message"))}
	x.previous = req.Previous
	// The previous episodes' turns, parsed once.
	prev := make([][]utterance, len(req.Previous))
	for i, p := range req.Previous {
		prev[i] = parseUtterances(p.Content, strings.EqualFold(p.Source, "message"))
		for _, u := range prev[i] {
			if u.speaker != "" && u.role != roleSystem {
				conv.earlier = append(conv.earlier, u.speaker)
			}
		}
	}
	x.speakers = map[string]bool{}
	author := userName
	if slices.ContainsFunc(conv.utts, func(u utterance) bool { return u.speaker == "" && u.role == roleNone }) {
		if subj := recordSubject(ep.Content, req.Previous); subj != "" && !strings.EqualFold(ep.Source, "message") {
			// A record about someone ("Patient: Rafael Ames") is told
			// from their side: "Started lisinopril" is theirs.
			author, x.recordSubject = subj, subj
			x.reg.add(subj, recordSubjectKind(subj, ep.Content, req.Previous), strSure, true)
		} else if org := orgAuthor(ep.Content); org != "" && !strings.EqualFold(ep.Source, "message") {
			// "Pemberton Analytics, Q3 update. … we moved our
			// headquarters": the organisation's "we".
			author = org
			x.reg.add(org, kindOrg, strSure, true)
		} else if name := selfSigned(ep.Content); name != "" && !strings.EqualFold(ep.Source, "message") {
			// "Personal update from Mai Trần: I finished my MSc …".
			author = name
			x.reg.add(name, kindPerson, strSure, true)
		} else if name := fromHeader(ep.Content); name != "" && !strings.EqualFold(ep.Source, "message") {
			// "From: Priya Raghunathan": an email's sender.
			author = name
			x.reg.add(name, kindPerson, strSure, true)
		} else if name, _, _ := signature(ep.Content); name != "" && !strings.EqualFold(ep.Source, "message") {
			// "Yours sincerely, Janet Thirlwell, Practice Manager": a
			// letter's sender signs it.
			author = name
			x.reg.add(name, kindPerson, strSure, true)
		} else if name := namedAuthor(req.Previous, prev); name != "" {
			// "My name's Declan Furlong." in an earlier unlabelled
			// text: the one who writes the next is Declan Furlong too.
			author = name
			x.reg.add(name, kindPerson, strSure, true)
		}
	}
	if x.recordSubject == "" && !strings.EqualFold(ep.Source, "message") {
		x.concerning = fieldName(ep.Content)
	}
	for k, u := range conv.utts {
		if u.speaker == "" && u.role == roleNone {
			// A message or text without a speaker is the user's.
			conv.utts[k].speaker, conv.utts[k].role = author, roleUser
			x.speakers[x.reg.key(author)] = true
			continue
		}
		if u.speaker != "" && u.role != roleAssistant && u.role != roleSystem {
			x.reg.add(u.speaker, kindPerson, strSure, true).speaker = true
			x.speakers[x.reg.key(u.speaker)] = true
		}
	}
	if !strings.EqualFold(ep.Source, "message") {
		if name, post, org := signature(ep.Content); name != "" {
			x.signed(name, post, org)
		}
	}
	x.identifySpeakers(append(earlierVoices(prev), conv.utts...))
	x.earlierSelfNames(conv.labels())
	x.kinAsNames(conv.utts, req.Previous, author)
	inner := innerNames(conv.utts)
	x.addressTerms(conv.utts)
	to := ""
	if !strings.EqualFold(ep.Source, "message") {
		// "Dear Ms El-Amrani, … your tenancy": the one written to.
		if to = salutee(ep.Content); to != "" && x.reg.key(to) != x.reg.key(author) {
			x.reg.add(to, kindPerson, strSure, true)
		} else {
			to = ""
		}
	}
	x.dosedDrugs(ep.Content)
	for k, u := range conv.utts {
		if u.role == roleAssistant || u.role == roleSystem {
			if u.role == roleAssistant {
				x.recordReports(&uttCtx{x: x, speaker: u.speaker, other: conv.other(k), others: conv.others(k)}, u.text)
			}
			continue
		}
		uc := &uttCtx{x: x, speaker: u.speaker, other: conv.other(k), others: conv.others(k), saysIt: saysIt(u.text)}
		calls := calledIn(u, inner)
		if name := firstCall(calls); name != "" && u.role != roleUser {
			// "Tove, you don't see it": "you" is the one called.
			x.reg.add(name, kindPerson, strSure, true)
			uc.other = name
		}
		if uc.other == assistantName {
			uc.other = ""
		}
		if uc.other == "" && to != "" && u.speaker == author {
			uc.other = to
		}
		if q, ok := conv.turnBefore(k, prev); ok && q.speaker != u.speaker && q.role != roleAssistant && q.role != roleSystem {
			// "And you're based in London?" "Croydon, yeah.".
			if said := nameAnswer(q.text, u.text); said != "" {
				for _, s := range splitSentences(said) {
					x.sentence(uc, s)
				}
			}
			// "And you are a…" "Periodontist.".
			if said := roleAnswer(q.text, u.text); said != "" {
				for _, s := range splitSentences(said) {
					x.sentence(uc, s)
				}
			}
			// "Are you a friend of Rachel's?" "Yes, I am.".
			if said := confirmedQuestion(q.text, u.text); said != "" {
				for _, s := range splitSentences(said) {
					x.sentence(uc, s)
				}
			}
			// "I can move you to Individual." "Perfect, please do that.":
			// said by the one who offered, to the one who took it up.
			if said := takenOffer(q.text, u.text); said != "" && q.role != roleUser {
				oc := &uttCtx{x: x, speaker: q.speaker, other: u.speaker, others: []string{u.speaker}}
				for _, s := range splitSentences(said) {
					x.sentence(oc, s)
				}
			}
		}
		for si, s := range splitSentences(u.text) {
			if si > 0 && si < len(calls) && calls[si] != "" && u.role != roleUser && uc.other != "" {
				// "Congratulations, Teodor! Marit — Ifeoma will
				// supervise you": a later call turns "you" to the one
				// it calls.
				x.reg.add(calls[si], kindPerson, strSure, true)
				uc.other = calls[si]
			}
			x.sentence(uc, s)
			if said := correctedSentence(s.toks); said != "" {
				for _, s := range splitSentences(said) {
					x.sentence(uc, s)
				}
			}
		}
		// A short turn that speaks of no one ("Why?", "Oh my God! Ross!")
		// leaves "he" and "she" meaning whom the turns before spoke of.
		if ps := x.turnPersons(uc.mentions, uc.meant); len(ps) > 0 || len(strings.Fields(u.text)) > shortTurn {
			x.earlier = append(x.earlier, ps)
		}
	}
}

// shortTurn is the most words a turn that names no one may have and
// still leave the pronouns of the next turns to the turns before it.
const shortTurn = 4

// saysIt reports whether a text says "it" or "them" as a word.
func saysIt(text string) bool {
	return containsWord(text, "it", "It", "them")
}

// sentence extracts the names and facts of one sentence.
func (x *extraction) sentence(u *uttCtx, s sentence) {
	if x.recordSubject != "" {
		s.toks = noteFields(s.toks)
	}
	if leadingVocative(s.toks) {
		// "Honey that sounds like fun": the one called is no subject.
		s.toks = s.toks[1:]
	}
	sc := &sentCtx{u: u, toks: s.toks, question: s.question, tagged: s.tagged}
	sc.dates = findDates(s.toks, x.ref, x.anchor)
	if d, ok := consequence(s.toks, x.saidDate); ok {
		sc.dates = append(sc.dates, d)
	} else if d, ok := congratulatedThen(s, sc.dates, x.saidDate, x.ref); ok {
		sc.dates = append(sc.dates, d)
	}
	x.saidDate = lastDate(sc.dates, time.Time{})
	x.anchor = lastDate(sc.dates, x.anchor)
	sc.blocked = make([]bool, len(s.toks))
	for _, d := range sc.dates {
		for k := d.start; k < d.end; k++ {
			sc.blocked[k] = true
		}
	}
	u.sent++
	from := len(x.facts)
	sc.first = from
	defer func() { u.told = [2]int{from, len(x.facts)} }()
	ms := findMentions(s.toks, sc.blocked)
	x.noteGenders(s.toks, ms)
	x.sharedSurnames(s.toks, ms)
	for i, m := range ms {
		if m.end-m.start == 1 && m.kind == kindNone {
			// "Rovers" after "Riverside Rovers" in an earlier episode.
			if n := x.prevClub(strings.ToLower(m.name)); n != "" {
				m.name, m.kind, m.str = n, kindOrg, max(m.str, strPattern)
				ms[i] = m
			}
		}
		if e := x.reg.add(m.name, m.kind, m.str, !m.initial || m.str >= strWeak); e != nil {
			u.mentions = append(u.mentions, named{name: e.name, sent: u.sent, pos: m.start, called: (m.kind == kindPerson || m.kind == kindNone) && vocative(s.toks, m, u.sent-1)})
		}
	}
	x.honorificTitles(s.toks, ms)
	sc.parse(ms)
	sc.noteDescriptions()
	sc.droppedPassives()
	sc.laterName()
	sc.appositives()
	sc.fromAffiliations()
	sc.asRoleOpening()
	sc.signedPost()
	sc.fromSchool()
	sc.readPhrases()
	sc.worksBy()
	sc.possessedTies()
	sc.possessedHome()
	sc.readClauses()
	// "We adopted a kitten and named her Mochi": named in the sentence
	// that took it.
	sc.laterName()
	sc.meetings()
	sc.nominalEvents()
	sc.ofNominals()
	sc.tenancies()
	sc.bracketAcronyms()
	sc.recordFields()
	sc.medicationList()
	sc.ownIdentifiers()
	sc.passRoles()
	sc.calledInsult()
	sc.ownerField()
	sc.recordFlight()
}

// orderNouns introduce what a customer has: an order, a booking.
var orderNouns = map[string]string{
	"order": "HAS_ORDER", "orders": "HAS_ORDER", "parcel": "HAS_ORDER", "package": "HAS_ORDER", "shipment": "HAS_ORDER",
	"booking": "HAS_BOOKING", "bookings": "HAS_BOOKING", "reservation": "HAS_BOOKING",
	"invoice": "HAS_INVOICE", "invoices": "HAS_INVOICE", "ticket": "HAS_TICKET", "case": "HAS_TICKET",
	"subscription": "HAS_SUBSCRIPTION", "account": "HAS_ACCOUNT",
	"membership": "HAS_MEMBERSHIP", "policy": "HAS_POLICY",
}

// firstPerson are the words by which a speaker speaks of themself.
var firstPerson = words("i me my mine we us our")

// ownIdentifiers reads the orders and bookings a speaker names in the
// first person ("I placed two orders: order 88412 is the jacket"): the
// speaker has them.
func (sc *sentCtx) ownIdentifiers() {
	u := sc.u
	if u.speaker == "" {
		return
	}
	first := false
	for _, t := range sc.toks {
		if firstPerson.has(t.lower) {
			first = true
			break
		}
	}
	if !first || sc.question {
		return
	}
	for i := 0; i < len(sc.toks); i++ {
		rel, ok := orderNouns[sc.toks[i].lower]
		if !ok {
			continue
		}
		r, e, ok := sc.identifier(i)
		if !ok {
			continue
		}
		if owner := u.x.identifierOwner(r.name); owner != "" && u.x.reg.key(owner) != u.x.reg.key(u.speaker) {
			// "I've upgraded membership FP-55170", said by the one who
			// serves its holder: the number is someone else's.
			i = e - 1
			continue
		}
		m := &match{subj: ref{name: u.speaker, kind: kindPerson, str: strSure}}
		m.obj, m.word = r, sc.toks[i].lower
		o := out(rel, slotSubject, slotObject, tState, "{s} has {o}", "", kindPerson, kindIdentifier)
		o.text = "{s} has " + strings.TrimSuffix(sc.toks[i].lower, "s") + " {o}"
		if strings.HasPrefix(r.name, sc.toks[i].lower+" ") || strings.HasPrefix(r.name, strings.TrimSuffix(sc.toks[i].lower, "s")+" ") {
			o.text = "{s} has {o}"
		}
		valid := u.x.ref
		if d := sc.nearestDate(i, e); d != nil && d.role != dateUntil && !d.t.After(u.x.ref) {
			valid = d.t
		}
		u.x.addFact(m, rel, o.text, o, m.subj, r, valid, time.Time{})
		i = e - 1
	}
}

// addFact records a fact of a match, and its two entities; an end that
// stands for a group ("you guys") gives a fact for each of its people.
func (x *extraction) addFact(m *match, rel, tmpl string, o output, src, dst ref, valid, invalid time.Time) {
	if len(src.group) > 0 || len(dst.group) > 0 {
		srcs, dsts := []ref{src}, []ref{dst}
		if len(src.group) > 0 {
			srcs = groupRefs(src)
		}
		if len(dst.group) > 0 {
			dsts = groupRefs(dst)
		}
		for _, s := range srcs {
			for _, d := range dsts {
				if s.name == d.name {
					// "love each other": no one with themselves.
					continue
				}
				mm := *m
				if len(m.obj.group) > 0 {
					mm.obj = d
					if len(src.group) > 0 {
						mm.obj = s
					}
				}
				if len(m.subj.group) > 0 {
					mm.subj = s
				}
				x.addFact(&mm, rel, tmpl, o, s, d, valid, invalid)
			}
		}
		return
	}
	if heldByOwner.has(rel) {
		// "I've upgraded membership FP-55170 to the Anytime plan": the
		// plan is the membership's holder's.
		if e := x.reg.get(src.name); e != nil && e.kind == kindIdentifier {
			if owner := x.identifierOwner(src.name); owner != "" {
				src = ref{name: owner, kind: kindPerson, str: strPattern}
			}
		}
	}
	if x.reg.key(src.name) == x.reg.key(dst.name) {
		return
	}
	se := x.addRef(src, o.srcKind)
	de := x.addRef(dst, o.dstKind)
	if se == nil || de == nil {
		return
	}
	subs := map[string]string{
		"{o}": m.obj.phrase(), "{o2}": m.obj2.phrase(), "{p}": m.poss.name,
		"{j}": m.job, "{aj}": withArticle(m.job), "{k}": m.word,
	}
	if m.partner.name != "" {
		subs["{partner}"] = m.partner.name
	}
	if m.title != "" {
		subs["{t}"], subs["{org}"] = m.titleText, dst.name
	}
	switch {
	case o.src == slotSubject:
		subs["{s}"] = src.name
	case o.dst == slotSubject:
		subs["{s}"] = dst.name
	default:
		subs["{s}"] = m.subj.name
	}
	if o.src == slotOrg {
		subs["{org}"] = src.name
	}
	x.facts = append(x.facts, fact{src: se.name, dst: de.name, rel: rel, tmpl: tmpl, subs: subs, valid: valid, invalid: invalid})
}

// addRef registers the entity of a fact's end with the kind the text
// shows or, failing that, the kind the pattern implies.
func (x *extraction) addRef(r ref, implied kind) *entity {
	e := x.reg.add(r.name, r.kind, r.str, true)
	if e != nil && x.speakers[x.reg.key(r.name)] {
		e.speaker = true
		x.reg.add(r.name, kindPerson, strSure, true)
	}
	if e != nil && implied != kindNone {
		x.reg.add(r.name, implied, strPattern, true)
	}
	return e
}

// classedNames returns the keys of the names that only modify a class
// noun in the name of a fact's end, and stand in no fact themselves: the
// "Family Premium" of "the Family Premium tier", the "Shingrix" of "the
// Shingrix vaccine". They are no entities of their own.
func (x *extraction) classedNames(final func(string) string) map[string]bool {
	used := map[string]bool{}
	for _, f := range x.facts {
		used[x.reg.key(final(f.src))], used[x.reg.key(final(f.dst))] = true, true
	}
	out := map[string]bool{}
	for _, e := range x.reg.list {
		if e.speaker || used[x.reg.key(e.name)] {
			continue
		}
		for _, l := range x.reg.list {
			rest, ok := strings.CutPrefix(l.name, e.name+" ")
			if _, class := classNouns[strings.ToLower(rest)]; ok && class && used[x.reg.key(l.name)] {
				out[x.reg.key(e.name)] = true
				break
			}
		}
	}
	return out
}

// response renders the extraction under an ontology.
func (x *extraction) response(ont *ontology) abi.ExtractResponse {
	x.untieSelves()
	x.earlierFullNames()
	x.earlierPets()
	alias := x.reg.aliases()
	for k, name := range x.identities {
		alias[k] = name
	}
	final := func(name string) string {
		key := x.reg.key(name)
		if a, ok := alias[key]; ok {
			return a
		}
		if e := x.reg.byKey[key]; e != nil {
			return e.name
		}
		return name
	}
	x.promotedAt(final)
	x.postStarts(final)
	resp := abi.ExtractResponse{Entities: []abi.ExtractedEntity{}, Facts: []abi.ExtractedFact{}}
	types := map[string]string{}
	dropped := map[string]bool{}
	ents := append([]*entity(nil), x.reg.list...)
	sort.SliceStable(ents, func(i, j int) bool { return ents[i].speaker && !ents[j].speaker })
	classed := x.classedNames(final)
	for _, e := range ents {
		key := x.reg.key(e.name)
		if _, ok := alias[key]; ok || !e.confirmed || classed[key] {
			continue
		}
		typ := ont.hintType(e.hint)
		if typ == "" {
			typ = ont.entityType(e.kind)
		}
		if ont.excluded(e.kind, typ) {
			dropped[key] = true
			continue
		}
		types[key] = typ
		for short, long := range alias {
			// An identity may name a speaker the registry never kept
			// (the user of unlabelled lines that state nothing): no
			// alias then.
			if se := x.reg.byKey[short]; long == e.name && se != nil {
				e.addAlias(se.name)
			}
		}
		if ts := x.termsFor(e.name, final); len(ts) > 0 {
			as := make([]any, len(ts))
			for i, t := range ts {
				as[i] = t
			}
			e.setAttr(addressedAs, as)
		}
		ee := abi.ExtractedEntity{Name: e.name, Type: typ}
		if len(e.attrs) > 0 {
			ee.Attributes = make(map[string]any, len(e.attrs)+1)
			for k, v := range e.attrs {
				ee.Attributes[k] = v
			}
		}
		if typ == "" && e.kind != kindNone {
			if ee.Attributes == nil {
				ee.Attributes = map[string]any{}
			}
			ee.Attributes["kind"] = string(e.kind)
		}
		resp.Entities = append(resp.Entities, ee)
	}
	x.consolidate(final)
	seen := map[string]bool{}
	// An end said twice, once with its start ("for six years until I
	// retired in 2022"): the one with the start stands for both.
	started := map[string]bool{}
	for _, f := range x.facts {
		if !f.valid.IsZero() && !f.invalid.IsZero() {
			started[x.reg.key(final(f.src))+"\x00"+f.rel+"\x00"+x.reg.key(final(f.dst))+"\x00"+f.invalid.String()] = true
		}
	}
	for _, f := range x.facts {
		src, dst := final(f.src), final(f.dst)
		sk, dk := x.reg.key(src), x.reg.key(dst)
		if dropped[sk] || dropped[dk] || sk == dk {
			continue
		}
		if f.valid.IsZero() && !f.invalid.IsZero() && started[sk+"\x00"+f.rel+"\x00"+dk+"\x00"+f.invalid.String()] {
			continue
		}
		rel := ont.relation(f.rel)
		if !ont.allows(rel, types[sk], types[dk]) {
			resp.Warnings = append(resp.Warnings, fmt.Sprintf("dropped %s from %q to %q: the ontology does not allow those entity types", rel, src, dst))
			continue
		}
		text := render(f.tmpl, f.subs, final)
		// The rule, for "why": the relation and the template of the
		// sentence pattern that matched.
		ef := abi.ExtractedFact{Source: src, Target: dst, Relation: rel, Fact: text, Rule: rel + " " + strconv.Quote(f.tmpl)}
		if !f.valid.IsZero() {
			ef.ValidAt = f.valid.Format(time.RFC3339)
		}
		if !f.invalid.IsZero() {
			ef.InvalidAt = f.invalid.Format(time.RFC3339)
		}
		key := sk + "\x00" + rel + "\x00" + dk + "\x00" + ef.ValidAt + "\x00" + ef.InvalidAt
		if seen[key] {
			continue
		}
		seen[key] = true
		resp.Facts = append(resp.Facts, ef)
	}
	return resp
}

// consolidate joins what one episode says of one fact in two places,
// since the pipeline resolves an episode's facts against the stored
// graph, not against each other: a start and an end of a relation between
// the same ends become one fact ("joined Keel Bank in 2017 … left it last
// year"), and a switch ("switched me to X") ends the relation's other
// targets that began before it.
func (x *extraction) consolidate(final func(string) string) {
	// Facts are compared by their ends and canonical relation; the keys
	// are computed once and the facts grouped by them, in episode order,
	// so that a long episode (a JSON document of thousands of records)
	// costs a pass, not a comparison of every fact with every other.
	keys := make([]string, len(x.facts))
	owners := make([]string, len(x.facts))
	byKey := map[string][]int{}
	byOwner := map[string][]int{}
	for i := range x.facts {
		f := &x.facts[i]
		src, rel := x.reg.key(final(f.src)), canonRel(f.rel)
		keys[i] = src + "\x00" + rel + "\x00" + x.reg.key(final(f.dst))
		owners[i] = final(f.src) + "\x00" + rel
		byKey[keys[i]] = append(byKey[keys[i]], i)
		byOwner[owners[i]] = append(byOwner[owners[i]], i)
	}
	drop := make([]bool, len(x.facts))
	for i := range x.facts {
		e := &x.facts[i]
		if !e.valid.IsZero() || e.invalid.IsZero() {
			continue
		}
		same := byKey[keys[i]]
		if rk := reversedKey(keys[i]); rk != keys[i] && relTable[canonRel(e.rel)].symmetric {
			// "my husband Dev and I got divorced": the tie is read from
			// Dev to me, its end from me to Dev.
			same = append(slices.Clip(same), byKey[rk]...)
		}
		for _, j := range same {
			s := &x.facts[j]
			if j == i || drop[j] || !s.invalid.IsZero() {
				continue
			}
			if s.valid.IsZero() {
				// A state held since a time not told ("you still work
				// at Ubisoft, right?") said with its end ("I left
				// Ubisoft in September") is the state that ended.
				s.invalid, drop[i] = e.invalid, true
				break
			}
			if !e.invalid.After(s.valid) {
				// A state the episode dates only by being told ("my
				// roommate Ben") said with its end ("moved out in
				// April") is the state that ended: from an unknown start,
				// however many times it was said.
				if !s.valid.Equal(x.ref) || !e.invalid.Before(s.valid) {
					continue
				}
				s.valid, s.invalid, drop[i] = time.Time{}, e.invalid, true
				continue
			}
			s.invalid, drop[i] = e.invalid, true
			break
		}
	}
	x.leftOffices(final, drop)
	// Two ends of one tie, one dated only by being told ("I used to work
	// at Borealis, but I quit in 2022"): the dated end.
	for i := range x.facts {
		a := &x.facts[i]
		if drop[i] || !a.valid.IsZero() || !a.invalid.Equal(x.ref) {
			continue
		}
		for _, j := range byKey[keys[i]] {
			if b := &x.facts[j]; j != i && !drop[j] && b.valid.IsZero() && !b.invalid.IsZero() && !b.invalid.Equal(x.ref) {
				drop[i] = true
				break
			}
		}
	}
	for i := range x.facts {
		n := &x.facts[i]
		if drop[i] || n.valid.IsZero() || n.rel != relSwitchedMedication {
			continue
		}
		for _, j := range byOwner[owners[i]] {
			o := &x.facts[j]
			if j == i || drop[j] || !o.invalid.IsZero() || o.valid.IsZero() || !o.valid.Before(n.valid) ||
				final(o.dst) == final(n.dst) {
				continue
			}
			o.invalid = n.valid
		}
	}
	x.succeedInEpisode(final, owners, byOwner, drop)
	x.leaveEndsTies(final, drop)
	// The same state said twice ("my girlfriend Saoirse … we have been
	// together for two years") is one fact, from its earliest start.
	for i := range x.facts {
		a := &x.facts[i]
		if drop[i] || !a.invalid.IsZero() {
			continue
		}
		for _, j := range byKey[keys[i]] {
			b := &x.facts[j]
			if j <= i || drop[j] || !b.invalid.IsZero() {
				continue
			}
			if !b.valid.IsZero() && (a.valid.IsZero() || b.valid.Before(a.valid)) {
				a.valid, a.tmpl, a.subs = b.valid, b.tmpl, b.subs
			}
			drop[j] = true
		}
	}
	kept := x.facts[:0]
	for i, f := range x.facts {
		if !drop[i] {
			kept = append(kept, f)
		}
	}
	x.facts = kept
}

// reversedKey returns a consolidation key (source, relation, target) with
// its ends swapped.
func reversedKey(k string) string {
	p := strings.SplitN(k, "\x00", 3)
	if len(p) != 3 {
		return k
	}
	return p[2] + "\x00" + p[1] + "\x00" + p[0]
}

// render fills a fact template. Entity names go through final, so that a
// fact about "Alice" reads "Alice Smith" when the two were merged.
func render(tmpl string, subs map[string]string, final func(string) string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(tmpl, '{')
		if i < 0 {
			b.WriteString(tmpl)
			break
		}
		j := strings.IndexByte(tmpl[i:], '}')
		if j < 0 {
			b.WriteString(tmpl)
			break
		}
		b.WriteString(tmpl[:i])
		ph := tmpl[i : i+j+1]
		v := subs[ph]
		if ph != "{k}" && ph != "{j}" && ph != "{aj}" && ph != "{t}" {
			v = final(v)
		}
		b.WriteString(v)
		tmpl = tmpl[i+j+1:]
	}
	return b.String()
}

// leftOffices ends the offices a person held at an organisation that the
// episode says they leave: "its chief financial officer, Priya Raman,
// will leave the company at the end of August" ends the CFO's office
// then, as it ends the job.
func (x *extraction) leftOffices(final func(string) string, drop []bool) {
	// The offices, by organisation and holder, found in one pass: a
	// JSON document of thousands of records costs a pass, not a
	// comparison of every end with every fact.
	offices := map[[2]string][]int{}
	for j := range x.facts {
		if s := &x.facts[j]; !drop[j] && officeRel(canonRel(s.rel)) {
			k := [2]string{x.reg.key(final(s.src)), x.reg.key(final(s.dst))}
			offices[k] = append(offices[k], j)
		}
	}
	if len(offices) == 0 {
		return
	}
	for i := range x.facts {
		e := &x.facts[i]
		if drop[i] || !e.valid.IsZero() || e.invalid.IsZero() || canonRel(e.rel) != "worksat" {
			continue
		}
		for _, j := range offices[[2]string{x.reg.key(final(e.dst)), x.reg.key(final(e.src))}] {
			if s := &x.facts[j]; j != i && s.invalid.IsZero() && !s.valid.IsZero() && s.valid.Before(e.invalid) {
				s.invalid = e.invalid
			}
		}
	}
}

// sharedSurnames gives a first name joined by "and" to a full name that
// surname: "brothers Arjun and Kabir Sethi" are Arjun Sethi and Kabir
// Sethi. The first name must be one the lexicon knows, the full name two
// words, and no one of the episode so far bear that first name with
// another surname.
func (x *extraction) sharedSurnames(toks []token, ms []mention) {
	for i := 0; i+1 < len(ms); i++ {
		a, b := &ms[i], ms[i+1]
		if a.end-a.start != 1 || b.end-b.start != 2 || a.end+1 != b.start || toks[a.end].lower != "and" || b.kind != kindPerson && b.kind != kindNone {
			continue
		}
		if !toks[b.start+1].cap || a.kind != kindPerson && a.kind != kindNone {
			continue
		}
		// A first name the lexicon knows, or a pair named as kin
		// ("brothers Arjun and Kabir Sethi", "the twins Ada and Ola
		// Berg").
		if !firstNames.has(toks[a.start].lower) && !kinPlurals.has(lowerAt(toks, a.start-1)) {
			continue
		}
		if x.fullNameOf(a.name) != "" {
			continue
		}
		a.name = a.name + " " + toks[b.start+1].text
		a.kind, a.str = kindPerson, max(a.str, strPattern)
	}
}

// kinPlurals name two or more people of one family.
var kinPlurals = words("brothers sisters twins siblings couple spouses cousins parents")

// fullNameOf returns a name of two words or more the episode gave a
// person whose first word is first, or "".
func (x *extraction) fullNameOf(first string) string {
	for _, e := range x.reg.list {
		if f := strings.Fields(e.name); len(f) >= 2 && strings.EqualFold(f[0], first) && e.kind == kindPerson {
			return e.name
		}
	}
	return ""
}

// heldByOwner are ties a reference number stands for its holder in
// ("membership FP-55170 is on the Anytime plan").
var heldByOwner = words("ON_PLAN CUSTOMER_OF MEMBER_OF")

// identifierOwner returns who has the order, booking or membership
// numbered id, told in this episode or an earlier one, or "".
func (x *extraction) identifierOwner(id string) string {
	owner, _ := x.identifierTie(id)
	return owner
}

// identifierTie returns who has the thing numbered id and the relation
// they have it by (HAS_ORDER, HAS_MEMBERSHIP), told in this episode or
// an earlier one, or "".
func (x *extraction) identifierTie(id string) (owner, rel string) {
	k := x.reg.key(id)
	for _, f := range x.facts {
		if x.reg.key(f.dst) == k && strings.HasPrefix(f.rel, "HAS_") && x.reg.key(f.src) != k {
			return f.src, f.rel
		}
	}
	// The earlier episodes are read again only when one says the number.
	said := false
	for _, ep := range x.previous {
		if strings.Contains(ep.Content, id) {
			said = true
			break
		}
	}
	if !said {
		return "", ""
	}
	for _, f := range x.previousFacts() {
		if x.reg.key(f.Target) == k && strings.HasPrefix(f.Relation, "HAS_") && x.reg.key(f.Source) != k {
			return f.Source, f.Relation
		}
	}
	return "", ""
}
