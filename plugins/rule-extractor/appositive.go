package main

import (
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// appositives reads the appositives of the sentence's names: "Maria
// Santos, the CFO of Acme Robotics, …", "Devi Prasad, its chief
// technology officer", "Dr. Amadi, the radiologist at Kingsbridge
// Imaging", "Lumenfold's founder, Amara Nwosu", and "Helix, the Boston
// firm" (a kind).
func (sc *sentCtx) appositives() {
	u := sc.u
	toks := sc.toks
	if sc.question {
		return
	}
	for mi := len(u.mentions) - 1; mi >= 0 && u.mentions[mi].sent == u.sent; mi-- {
		n := u.mentions[mi]
		e := nameEnd(toks, n.pos, sc.blocked)
		after, before := e > n.pos && lowerAt(toks, e) == ",", n.pos >= 2 && lowerAt(toks, n.pos-1) == ","
		bracket := e > n.pos && lowerAt(toks, e) == "("
		// "Head coach Maite Etxeberria": words of the title may come
		// first.
		lead := 0
		for lead+1 < n.pos && titleAdjectives.has(toks[lead].lower) {
			lead++
		}
		post := n.pos == lead+1 && toks[0].cap && postWord(toks[lead].lower)
		// "your old assistant Tag": a job noun right before the name.
		// "your assistant Tag" is a job as well as a tie; "my partner
		// Teodor" only a tie.
		w := lowerAt(toks, n.pos-1)
		close := !before && n.pos >= 2 && toks[n.pos-1].word && (!kinNouns.has(w) || kinship[w].rel == "REPORTS_TO") && (isJobHead(w) || workerNoun(w) || titleEndsAt(toks, n.pos))
		// "Harbour Hawks coach Dana Cole": a post after a name.
		close = close || !before && n.pos >= 2 && roleNouns[w].org && toks[n.pos-2].cap
		if !after && !before && !close && !bracket && !post {
			continue
		}
		if en := u.x.reg.get(n.name); en == nil || en.speaker && !(after && sc.isRecordSubject(n.name)) {
			continue
		}
		if before || close {
			// "the Oslo-based Torvik Holdings".
			if place := sc.basedAt(n.pos-1, true); place != "" {
				sc.basedIn(n.name, place)
			}
		}
		if post {
			sc.postBefore(n)
		}
		if after {
			sc.appositiveAfter(n, e+1)
		}
		if bracket && (lowerAt(toks, e+2) == ")" || lowerAt(toks, e+3) == ")" || lowerAt(toks, e+4) == ")") {
			// "Present: M. Keane (head coach), P. Osei (secretary)": a
			// post in brackets after a name.
			sc.bareTitleAfter(n, e+1)
		}
		switch {
		case before:
			sc.titleBefore(n, n.pos-1)
		case close:
			sc.titleBefore(n, n.pos)
		}
	}
}

// appositiveAfter reads an appositive opening at toks[k] after the name
// n and its comma.
func (sc *sentCtx) appositiveAfter(n named, k int) {
	toks := sc.toks
	x := sc.u.x
	if sc.fullNameAfter(n, k) {
		return
	}
	det := lowerAt(toks, k)
	// "Ruth Kim, Vantage's chief financial officer,": the organisation
	// as the title's possessor.
	var possOrg ref
	if e := nameEnd(toks, k, sc.blocked); e > k && lowerAt(toks, e) == "'s" {
		if r := sc.named(k, e); sc.kindOf(r) == kindOrg || sc.kindOf(r) == kindNone && !personLike(r.name) && !givenWord(strings.ToLower(r.name)) {
			possOrg, det, k = r, "its", e
		}
	}
	if det == "formerly" || det == "previously" {
		// "Leilani Kahale, formerly of Moana Capital,": an employer
		// left.
		if w := lowerAt(toks, k+1); w == "of" || w == "at" || w == "with" {
			if e := nameEnd(toks, k+2, sc.blocked); e > k+2 {
				if org := sc.named(k+2, e); sc.kindOf(org) == kindOrg || sc.kindOf(org) == kindNone && !personLike(org.name) {
					m := &match{subj: ref{name: n.name, kind: kindPerson, str: strPattern}}
					m.obj = org
					m.p = &pattern{outs: []output{sub("WORKS_AT", tState, "{s} works at {o}", "{s} worked at {o}", kindOrg)}}
					sc.emitOne(m, tensePast, true, nil)
				}
			}
		}
		return
	}
	if sc.animalAppositive(n, k) {
		return
	}
	if !appositiveOpeners.has(det) {
		sc.bareTitleAfter(n, k)
		return
	}
	if det == "who" || det == "which" || det == "whose" {
		return
	}
	k++
	mods := k
	for classes["adj"].has(lowerAt(toks, k)) || lowerAt(toks, k) == "new" || nlp.IsAgeModifier(lowerAt(toks, k)) || pastModifiers.has(lowerAt(toks, k)) {
		k++
	}
	// "Ravi Menon, the former CEO of Pellucid Optics,": a post held
	// before, said in the past.
	te, former := tensePresent, formerIn(toks, mods, k, lowerAt(toks, k), true)
	if former {
		te = tensePast
	}
	if !sc.u.x.isOrg(n.name) {
		// "Mrs. Altman, our 50-year-old librarian,": her age.
		sc.ageBefore(&clauseCtx{te: tensePresent}, ref{name: n.name, kind: kindPerson, str: strPattern}, mods, k)
	}
	if possOrg.name == "" {
		// "Dana Cole, the Brightwave CFO,", "the Harbour Hawks coach".
		if org, e := sc.orgNamedBefore(k); e > k {
			if _, end := titleAt(toks, e); end > e || roleNouns[lowerAt(toks, e)].org || sc.jobTitle(e) > e {
				possOrg, k = org, e
			}
		}
	}
	if !x.isOrg(n.name) && !x.isPerson(n.name) {
		sc.orgNounAfter(n, k)
	}
	if x.isOrg(n.name) {
		// "Torvik Holdings, the Oslo-based investment group", "Verdance
		// Energy, the Aberdeen offshore wind developer": where the
		// organisation is based. An organisation holds no job title.
		if place := sc.basedAt(k, false); place != "" {
			sc.basedIn(n.name, place)
		}
		return
	}
	nameRef := ref{name: n.name, kind: kindPerson, str: strPattern}
	orgAfter := func(at int) (ref, int) {
		if w := lowerAt(toks, at); w != "of" && w != "at" && w != "for" && w != "with" {
			return ref{}, at
		}
		if e := nameEnd(toks, at+1, sc.blocked); e > at+1 {
			return sc.named(at+1, e), e
		}
		return ref{}, at
	}
	m := &match{subj: nameRef}
	if canon, end := titleAt(toks, k); end > k {
		org, _ := orgAfter(end)
		if org.name == "" {
			org = possOrg
		}
		if org.name == "" && (det == "its" || det == "their") {
			org = sc.orgBefore(n.pos)
		}
		if org.name == "" && (det == "the" || det == "our") {
			// "I'm Gethin Morgan, the treasurer": an office of the
			// organisation the conversation is about.
			if org = sc.contextOrgBefore(n.pos); org.name == "" {
				org = sc.u.x.prevSoleOrg()
			}
		}
		if org.name == "" {
			return
		}
		m.title, m.titleText, m.obj = canon, joinTokens(toks[k:end]), org
		p := &pattern{outs: []output{out(relTitle, slotObject, slotSubject, tState, "{s} is the {t} of {o}", "{s} was the {t} of {o}", kindOrg, kindPerson)}}
		m.p = p
		sc.emitOne(m, te, former, nil)
		return
	}
	if (k+1 >= len(toks) || !toks[k+1].word) && sc.postOf(m, k, possOrg) {
		return
	}
	end := sc.jobTitle(k)
	for e := k + 1; end == k && e <= k+2 && e <= len(toks) && toks[e-1].word; e++ {
		// "Vera Holm, the film star": a noun WordNet classes as a
		// worker, with at most one word before it; or, as after "is a"
		// ("Larry, the health inspector," says what "Larry is a health
		// inspector" says), any kind of person but the plain ones, kin
		// and ties.
		if (workerNoun(toks[e-1].lower) || occupationNoun(toks[e-1].lower)) && (e == len(toks) || !toks[e].word) {
			end = e
		}
	}
	if end > k {
		m.job = strings.ToLower(joinTokens(toks[k:end]))
		outs := []output{out("HAS_JOB_TITLE", slotSubject, slotJob, tState, "{s} is {aj}", "{s} was {aj}", kindPerson, kindOccupation)}
		if org, _ := orgAfter(end); org.name != "" || possOrg.name != "" {
			if org.name == "" {
				org = possOrg
			}
			m.obj = org
			outs = append(outs, sub("WORKS_AT", tState, "{s} works at {o}", "{s} worked at {o}", kindOrg))
		}
		m.p = &pattern{outs: outs}
		sc.emitOne(m, te, former, nil)
		return
	}
	sc.orgNounAfter(n, k)
}

// animalAppositive makes n a pet when the appositive opening at toks[k]
// is an animal's noun phrase ("Farofa, a 6-year-old female beagle,",
// "Patient: Rex, beagle."), and reports whether it did. A name known to
// be a voice's stays a person.
func (sc *sentCtx) animalAppositive(n named, k int) bool {
	toks := sc.toks
	if en := sc.u.x.reg.get(n.name); en == nil || en.speaker && !sc.isRecordSubject(n.name) {
		return false
	}
	if w := lowerAt(toks, k); w != "a" && w != "an" && w != "the" && w != "our" && w != "my" && w != "his" && w != "her" && w != "their" {
		k--
	}
	e := k + 1
	for e < len(toks) && e <= k+5 && toks[e].word {
		e++
	}
	if e == k+1 || e < len(toks) && toks[e].text != "," && toks[e].text != "." && toks[e].text != ";" {
		return false
	}
	head := toks[e-1].lower
	if insults.has(head) || !petNouns.has(head) && !sc.isAnimal(nlp.Lemma(head, "NN")) {
		// "Tomas, a real pig,": an insult.
		return false
	}
	if e := sc.u.x.reg.add(n.name, kindPet, strSure, true); e != nil && sc.isRecordSubject(n.name) {
		// The record's subject was taken for a person.
		e.kind = kindPet
	}
	return true
}

// isRecordSubject reports whether name is the one the text is a record
// about ("Patient: Farofa, 6-year-old female beagle"), who speaks in it
// without being a voice.
func (sc *sentCtx) isRecordSubject(name string) bool {
	x := sc.u.x
	return x.recordSubject != "" && x.reg.key(name) == x.reg.key(x.recordSubject)
}

// orgNounAfter makes n an organisation when the appositive opening at
// toks[k] names one: "Helix, the Boston firm".
func (sc *sentCtx) orgNounAfter(n named, k int) {
	toks := sc.toks
	x := sc.u.x
	for j := k; j < len(toks) && j < k+6; j++ {
		w := lowerAt(toks, j)
		if w == "," || npStop.has(w) && w != "of" {
			break
		}
		if orgNouns.has(w) && lowerAt(toks, j+1) != "'s" {
			// ("Haddad, the company's chief operating officer": the
			// company possesses the appositive's noun.)
			if e := x.reg.get(n.name); e != nil && (e.kind == kindNone || e.str < strCue) {
				x.reg.add(n.name, kindOrg, strCue, true)
			}
			return
		}
		if residenceNouns.has(w) || w == "home" && j > k && residenceMods.has(lowerAt(toks, j-1)) {
			// "Golden Oaks, a care home in Cupertino": a place one lives
			// in, whatever its name looks like.
			if e := x.reg.get(n.name); e != nil && e.str <= strCue {
				e.kind, e.str = kindLocation, strCue
			}
			return
		}
	}
}

// residenceNouns and residenceMods ("care home") name where people live
// together in someone's care.
var (
	residenceNouns = words("hospice hostel dormitory dorm residence")
	residenceMods  = words("care nursing retirement foster group")
)

// basedAt reads the place an organisation is based in, said as a
// modifier at toks[k]: "Oslo-based", "New York-based", or (unless
// hyphenOnly) a known place before a common noun ("the Aberdeen offshore
// wind developer"). It returns the place, or "".
func (sc *sentCtx) basedAt(k int, hyphenOnly bool) string {
	toks := sc.toks
	if k < 0 || k >= len(toks) || !toks[k].word {
		return ""
	}
	for _, based := range []string{"-based", "-headquartered"} {
		t := toks[k].text
		if !strings.HasSuffix(strings.ToLower(t), based) || len(t) <= len(based) || !capitalized(t) {
			continue
		}
		place := t[:len(t)-len(based)]
		if k > 0 && toks[k-1].word && capitalized(toks[k-1].text) && !appositiveOpeners.has(toks[k-1].lower) {
			place = toks[k-1].text + " " + place
		}
		return place
	}
	if hyphenOnly || !capitalized(toks[k].text) || k+1 >= len(toks) || !toks[k+1].word || capitalized(toks[k+1].text) {
		return ""
	}
	if places.has(toks[k].lower) {
		return toks[k].text
	}
	if _, c, ok := nlp.Noun(toks[k].lower); ok && c&(nlp.ClassCity|nlp.ClassCountry) != 0 {
		// WordNet's towns and countries: "the Antwerp shipping broker".
		return toks[k].text
	}
	if e := sc.u.x.reg.get(toks[k].text); e != nil && e.kind == kindLocation {
		return toks[k].text
	}
	return ""
}

// basedIn states that the organisation org is based in place.
func (sc *sentCtx) basedIn(org, place string) {
	m := &match{subj: ref{name: org, kind: kindOrg, str: strPattern}}
	m.obj = ref{name: place, kind: kindLocation, str: strCue}
	m.p = &pattern{outs: []output{out("BASED_IN", slotSubject, slotObject, tState, "{s} is based in {o}", "{s} was based in {o}", kindOrg, kindLocation)}}
	sc.emitOne(m, tensePresent, false, nil)
}

// bareTitleAfter reads an appositive title with no determiner, as
// news writes it: "Ruth Kim, chief financial officer of Vantage, said",
// "Ole Lund, head coach at Brann,". Without "the" a title is read only
// with the organisation after it and the appositive's closing comma or
// the sentence's end, so that a list of names ("Ann, Director Bo") is
// not one.
func (sc *sentCtx) bareTitleAfter(n named, k int) {
	toks := sc.toks
	x := sc.u.x
	k0 := k
	if w := lowerAt(toks, k); w == "currently" || w == "now" {
		// "Ife Adebayo, currently assistant coach at Wyvern Boat Club,".
		k++
	}
	canon, end := titleAt(toks, k)
	if end == k {
		if !x.isOrg(n.name) && lowerAt(toks, k0-1) == "(" {
			sc.bracketedJob(n, k0)
		}
		if !x.isOrg(n.name) {
			// A job rather than an office: "Oriol Vidal, head of sales at
			// Brightwell,", "Ife Adebayo, assistant coach at Wyvern,".
			sc.asideCopula(n, k0)
		}
		return
	}
	// The date the post was held since, closing the aside: "treasurer
	// since 2019,", "head coach at Wyvern since May,".
	var d *dateExpr
	closes := func(at int) bool {
		if at >= len(toks) || !toks[at].word {
			return true
		}
		if de := sc.dateStarting(at); de != nil && de.role == dateSince && (de.end == len(toks) || !toks[de.end].word) {
			d = de
			return true
		}
		return false
	}
	var org ref
	switch w := lowerAt(toks, end); {
	case w == "of" || w == "at":
		e := nameEnd(toks, end+1, sc.blocked)
		if e <= end+1 || !closes(e) {
			// "Priya, captain of the Harbour Hawks,".
			sc.asideCopula(n, k0)
			return
		}
		org = sc.named(end+1, e)
		if k := sc.kindOf(org); k != kindOrg && !(k == kindNone && !personLike(org.name)) {
			return
		}
	case closes(end) && (d != nil || lowerAt(toks, k0-1) == "(" && lowerAt(toks, end) == ")"):
		// "Graham Oyinlola, treasurer since 2019,", "Present: Sigvald
		// Brekke (chair)": the post at the organisation the text is
		// about.
		if org = sc.contextOrgBefore(n.pos); org.name == "" {
			return
		}
	default:
		// "assistant coach at Wyvern": a title word inside a job.
		sc.asideCopula(n, k0)
		return
	}
	m := &match{subj: ref{name: n.name, kind: kindPerson, str: strPattern}}
	m.title, m.titleText, m.obj = canon, joinTokens(toks[k:end]), org
	m.p = &pattern{outs: []output{out(relTitle, slotObject, slotSubject, tState, "{s} is the {t} of {o}", "{s} was the {t} of {o}", kindOrg, kindPerson)}}
	sc.emitOne(m, tensePresent, false, d)
}

// postBefore reads the post that opens the sentence before the name n:
// "Owner Wilhelmina Tate, who opened it in 2009, says …" (at the
// organisation the text is about), "Coach Petra Lind said".
func (sc *sentCtx) postBefore(n named) {
	lead := n.pos - 1
	w := sc.toks[lead].lower
	job := strings.ToLower(joinTokens(sc.toks[:n.pos]))
	subj := ref{name: n.name, kind: kindPerson, str: strPattern}
	org := sc.contextOrgBefore(0)
	cc := &clauseCtx{te: tensePresent}
	if canon, end := titleAt(sc.toks, lead); end == lead+1 {
		if org.name == "" {
			return
		}
		m := &match{subj: subj}
		m.obj, m.title, m.titleText = org, canon, sc.toks[lead].text
		m.p = &pattern{outs: []output{out(relTitle, slotObject, slotSubject, tState, "{s} is the {t} of {o}", "{s} was the {t} of {o}", kindOrg, kindPerson)}}
		sc.emitOne(m, tensePresent, false, nil)
		return
	}
	if rn, ok := roleNouns[w]; ok {
		if rn.org && org.name != "" {
			sc.fact(cc, subj, org, rn.class, tState, "", kindPerson, kindOrg)
		}
		if !rn.job {
			// "Patient Oddny Brekke", "Client Ines Huaman": a tie to
			// someone, no job.
			return
		}
	}
	sc.fact(cc, subj, ref{name: job, kind: kindOccupation, str: strPattern}, "HAS_JOB_TITLE", tState, "{s} is "+withArticle(job), kindPerson, kindOccupation)
}

// asideCopula reads a job set off by commas after the name n, opening at
// toks[k], as "n is …": "Oriol Vidal, head of sales at Brightwell, …",
// "Ife Adebayo, assistant coach at Wyvern Boat Club, …". The aside must
// be one phrase and its prepositional phrases, closed by a comma or the
// sentence's end; a date of "since" among them dates it.
func (sc *sentCtx) asideCopula(n named, k int) {
	pi := sc.p.PhraseAt(k)
	if pi < 0 && (lowerAt(sc.toks, k) == "currently" || lowerAt(sc.toks, k) == "now") {
		pi = sc.p.PhraseAt(k + 1)
	}
	if pi < 0 || sc.p.Phrases[pi].Name {
		return
	}
	if h := sc.headWord(pi); !isJobHead(h) && !workerNoun(h) && roleNouns[h].class == "" {
		return
	}
	c := nlp.Clause{VerbStart: k, VerbEnd: k, Verb: k, Lemma: "be", Subj: nlp.Arg{Phrase: -1}, Obj: nlp.Arg{Phrase: -1}, Obj2: nlp.Arg{Phrase: -1}, Comp: nlp.Arg{Phrase: pi}, Adj: -1, GerundObj: -1, AsRole: -1, Hangs: -1, Governor: -1}
	cc := &clauseCtx{c: &c, te: tensePresent, left: k}
	j := sc.p.Phrases[pi].End
	for j < len(sc.toks) && sc.toks[j].word {
		if d := sc.dateStarting(j); d != nil {
			if d.role != dateSince {
				return
			}
			cc.date, j = d, d.end
			continue
		}
		q := sc.p.PhraseAt(j + 1)
		if q < 0 || !modifierPrep(sc.toks[j].lower) {
			return
		}
		c.PPs = append(c.PPs, nlp.PP{Prep: sc.toks[j].lower, At: j, Obj: nlp.Arg{Phrase: q}})
		j = sc.p.Phrases[q].End
	}
	cc.end = j
	sc.copula(cc, ref{name: n.name, kind: kindPerson, str: strPattern})
}

// dateStarting returns the sentence's date expression starting at word
// i, or nil.
func (sc *sentCtx) dateStarting(i int) *dateExpr {
	for k := range sc.dates {
		if sc.dates[k].start == i {
			return &sc.dates[k]
		}
	}
	return nil
}

// modifierPrep reports whether a preposition may open a phrase that
// modifies a job: "head of sales at Brightwell for the north".
func modifierPrep(w string) bool {
	return w == "of" || w == "at" || w == "for" || w == "with" || w == "in"
}

// titleBefore reads a title that ends at the comma toks[c] before the
// name n: "Lumenfold's founder, Amara Nwosu", "the CEO of Acme, Jo Bell".
func (sc *sentCtx) titleBefore(n named, c int) {
	toks := sc.toks
	if sc.titleOfBefore(n, c) {
		return
	}
	for k := c - 1; k >= 0 && k >= c-3; k-- {
		canon, end := titleAt(toks, k)
		if end != c {
			continue
		}
		var org ref
		// "Former CEO Ravi Menon", "Pellucid's previous CEO, Ravi
		// Menon": a post held before.
		pk, former := k-1, false
		for pk >= 0 && (pastModifiers.has(toks[pk].lower) || titleAdjectives.has(toks[pk].lower)) {
			// "Head coach Maite Etxeberria": a word of the title, no
			// organisation.
			former = former || pastModifiers.has(toks[pk].lower)
			pk--
		}
		b := pk
		for b >= 1 && toks[b].word && !toks[b].cap && nlp.IsAdjective(toks[b].lower) && !nlp.IsNoun(toks[b].lower) {
			// "our new head teacher, …", "its interim chair, …".
			b--
		}
		switch {
		case sc.ourOrg(b).name != "":
			// "Brekkestø Primary School, newsletter. A warm welcome to
			// our new head teacher, Mrs. Holm": the post at the
			// organisation that writes.
			org = sc.ourOrg(b)
		case lowerAt(toks, pk) == "'s":
			if s := nameStart(toks, pk, sc.blocked); s >= 0 {
				org = sc.named(s, pk)
			}
		case lowerAt(toks, pk) == "its" || lowerAt(toks, pk) == "their":
			// "Nordvik Energy said its chief executive, Rosalind Achebe".
			org = sc.orgBefore(pk)
		case lowerAt(toks, c-2) != "" && (lowerAt(toks, end-1) != "") && pk >= 1 && lowerAt(toks, pk) == "the":
			// "the CEO of Acme, Jo Bell" is read from "of" below.
		case pk >= 0 && toks[pk].cap:
			// "Brightwave CFO Dana Cole", "PTA chair Philomena Oduya".
			if s := nameStart(toks, pk+1, sc.blocked); s >= 0 {
				org, _ = sc.orgNamed(s, pk+1)
			}
		}
		titleText := joinTokens(toks[k:end])
		if org.name == "" && pk < 0 && end > 1 {
			// "Chief executive Sigrun Aas said …" after the company was
			// named: its office, as postBefore reads one word.
			if org = sc.contextOrgBefore(0); org.name == "" {
				return
			}
			titleText = strings.ToLower(titleText)
		}
		if org.name == "" {
			break
		}
		m := &match{subj: ref{name: n.name, kind: kindPerson, str: strPattern}}
		m.obj, m.title, m.titleText = org, canon, titleText
		m.p = &pattern{outs: []output{out(relTitle, slotObject, slotSubject, tState, "{s} is the {t} of {o}", "{s} was the {t} of {o}", kindOrg, kindPerson)}}
		te := tensePresent
		if former {
			te = tensePast
		}
		sc.emitOne(m, te, former, nil)
		if b < k-1 && lowerAt(toks, b+1) == "new" {
			// "our new head teacher, Mrs. Deasy": a post just taken, which
			// "Mrs. Deasy replaces Mr. Carey" then says whose it was.
			sc.roles = append(sc.roles, roleFact{org: org, holder: m.subj, rel: titleRelation(canon), role: tStart})
		}
		return
	}
	// "Harbour Hawks coach Dana Cole", "Google engineer Dana Cole": a
	// post at the organisation named before it.
	j := c - 1
	if j >= 1 && toks[j-1].cap {
		var org ref
		switch {
		case titleAdjectives.has(toks[j-1].lower):
			// "Head coach Maite Etxeberria" opening a club's bulletin:
			// a word of the title, and the post at the organisation
			// the text is about.
			if j-1 == 0 {
				org = sc.contextOrgBefore(0)
			}
		default:
			if s := nameStart(toks, j, sc.blocked); s >= 0 {
				org, _ = sc.orgNamed(s, j)
			}
		}
		{
			if org.name != "" {
				m := &match{subj: ref{name: n.name, kind: kindPerson, str: strPattern}}
				if !sc.postOf(m, j, org) && (isJobHead(toks[j].lower) || workerNoun(toks[j].lower)) {
					m.job, m.obj = toks[j].lower, org
					m.p = &pattern{outs: []output{
						out("HAS_JOB_TITLE", slotSubject, slotJob, tState, "{s} is {aj}", "{s} was {aj}", kindPerson, kindOccupation),
						sub("WORKS_AT", tState, "{s} works at {o}", "{s} worked at {o}", kindOrg),
					}}
					sc.emitOne(m, tensePresent, false, nil)
				}
				return
			}
			placeCap := (j-1 == 0 || opensAfterDash(toks, j-1)) && capitalizedWord(toks[j-1].lower) && isJobHead(toks[j].lower)
			if (titleAdjectives.has(toks[j-1].lower) || placeCap) && (isJobHead(toks[j].lower) || workerNoun(toks[j].lower) || roleNouns[toks[j].lower].job) {
				// "Head coach …", "Marine microbiologist …": the job in
				// two words.
				job := strings.ToLower(joinTokens(toks[j-1 : j+1]))
				sc.fact(&clauseCtx{te: tensePresent}, ref{name: n.name, kind: kindPerson, str: strPattern}, ref{name: job, kind: kindOccupation, str: strPattern}, "HAS_JOB_TITLE", tState, "{s} is "+withArticle(job), kindPerson, kindOccupation)
				return
			}
		}
	}
	// "this is my agent, Vera", "that waitress, Vera": a job noun with a
	// determiner or a possessive before it is the name's job.
	if j < 1 || !toks[j].word || !(isJobHead(toks[j].lower) || workerNoun(toks[j].lower)) {
		return
	}
	d := j - 1
	if d >= 1 && toks[d].word && nlp.IsAdjective(toks[d].lower) {
		d--
	}
	orgPoss := func(w string) bool { return w == "its" || w == "their" }
	if d >= 1 && toks[d].word && !toks[d].cap && nlp.IsNoun(toks[d].lower) && orgPoss(lowerAt(toks, d-1)) {
		// "Their account manager, Declan Foyle": a noun before the job.
		d--
	}
	if _, poss := possessives[lowerAt(toks, d)]; !poss && !jobDeterminers.has(lowerAt(toks, d)) && !orgPoss(lowerAt(toks, d)) {
		return
	}
	m := &match{subj: ref{name: n.name, kind: kindPerson, str: strPattern}}
	m.job = strings.ToLower(joinTokens(toks[d+1 : j+1]))
	if d+1 < j && nlp.IsAdjective(toks[d+1].lower) {
		// "this is my new agent": the job is the noun.
		m.job = toks[j].lower
	}
	outs := []output{out("HAS_JOB_TITLE", slotSubject, slotJob, tState, "{s} is {aj}", "{s} was {aj}", kindPerson, kindOccupation)}
	if orgPoss(lowerAt(toks, d)) {
		// "Kelder Analytics hired her. Its lawyer, Sunita Bhatt, …": the
		// job is at the organisation the possessive stands for.
		if org := sc.orgBefore(d); org.name != "" {
			m.obj = org
			outs = append(outs, sub("WORKS_AT", tState, "{s} works at {o}", "{s} worked at {o}", kindOrg))
		}
	} else if org := sc.ourOrg(d); org.name != "" {
		// "Lindvik Food Bank, spring bulletin. … our coordinator,
		// Mette": the job is at the organisation that writes.
		m.obj = org
		outs = append(outs, sub("WORKS_AT", tState, "{s} is {aj} at {o}", "{s} was {aj} at {o}", kindOrg))
	}
	m.p = &pattern{outs: outs}
	if lowerAt(toks, d-1) == "as" {
		if span := sc.lastedSpan(); span != nil && span.end == d-1 {
			// "After six years as our volunteer coordinator, Sina
			// Taufa has taken a job with …": the post was held for the
			// span, up to what the sentence tells.
			from := len(sc.u.x.facts)
			sc.emitOne(m, tensePast, true, nil)
			for i := from; i < len(sc.u.x.facts); i++ {
				if f := &sc.u.x.facts[i]; f.valid.IsZero() && !f.invalid.IsZero() {
					f.valid = span.back(f.invalid)
				}
			}
			return
		}
	}
	sc.emitOne(m, tensePresent, false, nil)
}

// ourOrg returns the organisation "our" at toks[i] stands for in a text
// that organisation writes, or none.
func (sc *sentCtx) ourOrg(i int) ref {
	if lowerAt(sc.toks, i) != "our" || !sc.u.x.isOrg(sc.u.speaker) {
		return ref{}
	}
	return ref{name: sc.u.speaker, kind: kindOrg, str: strSure}
}

// jobDeterminers stand before a job noun set before a name.
var jobDeterminers = words("the that this our their your his her my")

// workerNoun reports whether WordNet classes a noun's first sense as a
// worker (a professional, an official, an employee), a relative aside.
func workerNoun(w string) bool {
	if kinNouns.has(w) {
		return false
	}
	_, class, ok := nlp.Noun(w)
	return ok && class&nlp.ClassWorker != 0
}

// occupationNoun reports whether a noun's first sense is a kind of
// person named for what they do ("inspector", "caterer", "novelist"):
// a noun of agent in -er, -or, -ist or -ian that is neither a plain
// person, kin, a tie to someone ("partner") nor one of what one is to
// others or does once ("stranger", "winner"). "Ross, the idiot," names
// no job.
func occupationNoun(w string) bool {
	if plainPersons.has(w) || kinNouns.has(w) || socialAgents.has(w) || !agentNoun(w) {
		return false
	}
	if _, tie := roleNouns[w]; tie {
		return false
	}
	lex, _, ok := nlp.Noun(w)
	return ok && lex == nlp.NounPerson
}

// socialAgents are nouns of agent that say what one is to others or
// did once, not one's work.
var socialAgents = words("stranger lover loser winner beginner newcomer foreigner outsider member partner neighbor neighbour user customer visitor viewer reader listener follower supporter believer admirer survivor sinner")

// agentNoun reports whether a noun ends as nouns of agent do.
func agentNoun(w string) bool {
	for _, suf := range []string{"er", "or", "ist", "ian"} {
		if strings.HasSuffix(w, suf) && len(w) > len(suf)+3 {
			return true
		}
	}
	return false
}

// orgBefore is the last organisation named in the sentence before token
// pos, else in the utterance.
func (sc *sentCtx) orgBefore(pos int) ref {
	u := sc.u
	var last string
	for _, n := range u.mentions {
		if n.sent == u.sent && n.pos >= pos {
			break
		}
		if u.x.isOrg(n.name) || n.sent == u.sent && u.x.reg.get(n.name) != nil && u.x.reg.get(n.name).kind == kindNone && !personLike(n.name) {
			last = n.name
		}
	}
	if last == "" {
		return ref{}
	}
	return ref{name: last, kind: kindOrg, str: strPattern}
}

// fromAffiliations reads "it's Bartek from Larkspur Lettings", "Deepak
// Chaudhry from Central Library will take over", "my solicitor, Imogen
// Reid at Hallam Reade LLP,": a person named with the organisation they
// are from, or at in an appositive, works there. A verb before "from" ("moved
// from Acme") is read by the clause, not here.
func (sc *sentCtx) fromAffiliations() {
	u := sc.u
	for _, n := range u.mentions {
		if n.sent != u.sent {
			continue
		}
		end, ok := sc.nameAt[n.pos]
		if prep := lowerAt(sc.toks, end); !ok || prep != "from" && !(prep == "at" && lowerAt(sc.toks, n.pos-1) == ",") {
			// "My solicitor, Imogen Reid at Hallam Reade LLP, is
			// handling it": at in an appositive, as from anywhere.
			continue
		}
		oend, ok := sc.nameAt[end+1]
		if !ok || lowerAt(sc.toks, oend) == "to" {
			continue
		}
		if sc.fromOfVerb(end) {
			// "signed Ravi Anand from Dorrow United": the verb's.
			continue
		}
		who, org := sc.named(n.pos, end), sc.named(end+1, oend)
		if who.name == "" || org.name == "" || sc.kindOf(org) != kindOrg || !u.x.isPerson(who.name) && u.x.reg.key(who.name) != u.x.reg.key(u.speaker) {
			continue
		}
		sc.fact(&clauseCtx{te: tensePresent}, who, org, "WORKS_AT", tState, "{s} works at {o}", kindPerson, kindOrg)
	}
}

// fromOfVerb reports whether the "from" at word at is a preposition of a
// clause's verb other than "be".
func (sc *sentCtx) fromOfVerb(at int) bool {
	for ci := range sc.p.Clauses {
		c := &sc.p.Clauses[ci]
		if c.Lemma == "be" {
			continue
		}
		for _, pp := range c.PPs {
			if pp.At == at {
				return true
			}
		}
	}
	return false
}

// fullNameAfter reads a person's full name set off after a one-word name
// ("Dev, Devendra Iyer, proposed", brackets made commas by
// bracketedNames) as the same person: the short name becomes an alias
// of the full one. It reports whether it was one.
func (sc *sentCtx) fullNameAfter(n named, k int) bool {
	toks := sc.toks
	if strings.Contains(n.name, " ") || k >= len(toks) || !toks[k].cap {
		return false
	}
	if n.pos > 0 && prepositionWords.has(toks[n.pos-1].lower) {
		// "The owner of Quillary, Ingunn Dahl, said": the full name is
		// the phrase's, which the preposition's object ends.
		return false
	}
	e := nameEnd(toks, k, sc.blocked)
	if e-k < 2 || e < len(toks) && toks[e].word {
		return false
	}
	full := sc.named(k, e)
	if full.name == "" || !personish(sc.kindOf(full)) || !personish(sc.kindOf(ref{name: n.name})) || !personLike(full.name) {
		return false
	}
	sc.u.x.reg.named(n.name, full.name)
	return true
}

// appositionEnd is the end of the noun phrase starting at token start
// with the prepositional phrases after it ("a care home in Cupertino"),
// or start when no phrase starts there.
func (sc *sentCtx) appositionEnd(start int) int {
	end := start
	for _, p := range sc.p.Phrases {
		if p.Start == start {
			end = p.End
			break
		}
	}
	for end > start && end+1 < len(sc.toks) && sc.p.Tags[end] == "IN" {
		next := end
		for _, p := range sc.p.Phrases {
			if p.Start == end+1 {
				next = p.End
				break
			}
		}
		if next == end {
			break
		}
		end = next
	}
	return end
}

// bracketedPosts reads a post and an organisation in brackets after a
// name, "Branwen Lloyd (practice manager, Gorse Valley Dental)", as the
// post set off by commas, "Branwen Lloyd, practice manager at Gorse
// Valley Dental,": the aside the clause reads past.
func bracketedPosts(toks []token) []token {
	for open := 1; open+4 < len(toks); open++ {
		if toks[open].text != "(" || !toks[open-1].word || !toks[open-1].cap {
			continue
		}
		// The post: words in lower case, up to a comma or "at".
		k := open + 1
		for k < len(toks) && toks[k].word && !toks[k].cap && toks[k].lower != "at" {
			k++
		}
		if k == open+1 || k-open-1 > 3 || k+1 >= len(toks) || toks[k].text != "," && toks[k].lower != "at" {
			continue
		}
		// The organisation: capitalised words up to the closing bracket.
		org := k + 1
		end := org
		for end < len(toks) && (toks[end].word && (toks[end].cap || toks[end].lower == "of" || toks[end].lower == "&") || toks[end].text == "&") {
			end++
		}
		if end == org || end >= len(toks) || toks[end].text != ")" {
			continue
		}
		out := make([]token, 0, len(toks)+2)
		out = append(out, toks[:open]...)
		out = append(out, token{text: ",", lower: ","})
		out = append(out, toks[open+1:k]...)
		out = append(out, wordToken("at", "at"))
		out = append(out, toks[org:end]...)
		if end+1 < len(toks) && toks[end+1].word {
			out = append(out, token{text: ",", lower: ","})
		}
		return append(out, bracketedPosts(toks[end+1:])...)
	}
	return toks
}
