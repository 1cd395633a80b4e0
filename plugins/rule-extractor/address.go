package main

import (
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// Terms of address. A speaker who calls someone "honey", "man", "sir" or
// "my friend" ("Thanks, man.", "Honey, sit down.") tells how the one
// spoken to is called: the term is kept on that person's entity in the
// attribute addressed_as. A term is a vocative noun phrase (set off by
// the sentence's start or a comma on one side and by a comma or the
// sentence's end on the other) of at most three words whose head is a
// singular noun WordNet classes as a person, after at most "my" and
// modifiers. The one spoken to is the one who asked, when the turn
// answers a question, else the next to speak, else the one before: in
// multi-party talk a term called out is answered more often than it
// answers, but an answer goes to the one who asked.

// addressedAs is the entity attribute listing the terms others call the
// entity by.
const addressedAs = "addressed_as"

// addressee returns who speaker k most likely speaks to: the one who
// asked, when the turn answers a question; else the next to speak, else
// the previous.
func addressee(utts []utterance, k int) string {
	me := utts[k].speaker
	prev, next := "", ""
	for i := k - 1; i >= 0 && prev == ""; i-- {
		if s := utts[i].speaker; s != "" && s != me && utts[i].role != roleSystem {
			prev = s
		}
	}
	for i := k + 1; i < len(utts) && next == ""; i++ {
		if s := utts[i].speaker; s != "" && s != me && utts[i].role != roleSystem {
			next = s
		}
	}
	if prev != "" && (answers(utts, k) || thanks(utts[k].text)) {
		return prev
	}
	if next != "" {
		return next
	}
	return prev
}

// thanks reports whether a turn opens by thanking ("Thanks, man",
// "Oh, thank you doctor"): thanks answer the turn before.
func thanks(text string) bool {
	ws := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' })
	for i, w := range ws {
		if i > 2 {
			break
		}
		if w == "thanks" || w == "thank" && i+1 < len(ws) && ws[i+1] == "you" {
			return true
		}
	}
	return false
}

// answers reports whether turn k answers a question: the turn right
// before it is another voice's and ends with a question mark. An answer
// is spoken to the one who asked (the adjacency pair of conversation
// analysis), where a turn that asks nothing is more often spoken to the
// one who speaks next.
func answers(utts []utterance, k int) bool {
	if k == 0 {
		return false
	}
	p := utts[k-1]
	if p.speaker == "" || p.speaker == utts[k].speaker || p.role == roleSystem {
		return false
	}
	return strings.HasSuffix(strings.TrimSpace(p.text), "?")
}

// spokenTo returns the one a person's turn k speaks to, or "" for a
// turn of no speaker, of the assistant or the system, or to the
// assistant.
func spokenTo(utts []utterance, k int) string {
	if u := utts[k]; u.speaker == "" || u.role == roleAssistant || u.role == roleSystem {
		return ""
	}
	if to := addressee(utts, k); to != assistantName {
		return to
	}
	return ""
}

// addressTerms finds the terms of address of utts and records them on
// their addressees, in x.addressed.
func (x *extraction) addressTerms(utts []utterance) {
	for k, u := range utts {
		to := spokenTo(utts, k)
		if to == "" {
			continue
		}
		if k > 0 && utts[k-1].speaker != u.speaker && roleAnswer(utts[k-1].text, u.text) != "" {
			// "And you are a…" "Periodontist.": an answer, no call.
			continue
		}
		for _, s := range splitSentences(u.text) {
			for _, term := range vocativeTerms(s.toks) {
				x.relationalTerm(u.speaker, to, term)
				if x.titleTerm(to, term) {
					// "Thank you, doctor": a job called out says what
					// the one spoken to does, not what they are called.
					continue
				}
				if x.addressed == nil {
					x.addressed = map[string][]string{}
				}
				key := x.reg.key(to)
				if !slices.Contains(x.addressed[key], term) {
					x.addressed[key] = append(x.addressed[key], term)
				}
			}
		}
	}
}

// relationalTerm reads a term of address that names a tie ("my friend",
// "my love" no, "my sister"): the one spoken to holds it to the speaker,
// as a kinship word called out does ("Mom!").
func (x *extraction) relationalTerm(speaker, to, term string) {
	ws := strings.Fields(term)
	if len(ws) < 2 || ws[0] != "my" {
		return
	}
	head := ws[len(ws)-1]
	k, ok := kinship[head]
	if !ok || k.ended {
		return
	}
	x.reg.add(to, kindPerson, strSure, true)
	x.facts = append(x.facts, fact{src: to, dst: speaker, rel: k.rel, tmpl: "{s} is {o}'s " + head,
		subs: map[string]string{"{s}": to, "{o}": speaker}, valid: x.ref})
}

// titleTerm reads a job called out as a term of address ("Just a
// minute, officer!"): the one spoken to holds it. It reports whether the
// term was a job.
func (x *extraction) titleTerm(to, term string) bool {
	if strings.Contains(term, " ") || !isJobHead(term) || kinNouns.has(term) && !professions.has(kinship[term].rel) {
		return false
	}
	x.reg.add(to, kindPerson, strSure, true)
	x.reg.add(term, kindOccupation, strPattern, true)
	x.facts = append(x.facts, fact{src: to, dst: term, rel: "HAS_JOB_TITLE", tmpl: "{s} is " + withArticle(term),
		subs: map[string]string{"{s}": to}, valid: x.ref})
	return true
}

// professions are the ties of one who serves a client by a profession
// ("my doctor", "her lawyer"): called by the profession's name ("Thank
// you, doctor"), one is spoken to as its member, where "partner" or
// "boss" called out says no job.
var professions = words("DOCTOR_OF DENTIST_OF LAWYER_OF TEACHER_OF THERAPIST_OF")

// professionHonorifics are the honorifics that name a profession: "Dr.
// Okafor" is a doctor, "Professor Lind" a professor, "Officer Reyes" an
// officer.
var professionHonorifics = map[string]string{
	"dr": "doctor", "dr.": "doctor", "doctor": "doctor", "prof": "professor", "prof.": "professor", "professor": "professor",
	"nurse": "nurse", "officer": "officer", "detective": "detective", "judge": "judge",
	"cllr": "councillor", "cllr.": "councillor", "councillor": "councillor", "senator": "senator", "sen.": "senator",
	"mayor": "mayor", "sgt": "sergeant", "sgt.": "sergeant", "sergeant": "sergeant",
}

// honorificTitles reads a profession from the honorific a person's name
// opens with ("Dr. Nkechi Obi"): HAS_PROFESSIONAL_TITLE, which, unlike a job title,
// holds beside any other (a doctor may be a company's CFO).
func (x *extraction) honorificTitles(toks []token, ms []mention) {
	for _, m := range ms {
		title, ok := professionHonorifics[toks[m.start].lower]
		if !ok || m.end-m.start < 2 || m.kind != kindPerson && m.kind != kindNone {
			continue
		}
		if m.start > 0 && isJobHead(toks[m.start-1].lower) {
			// "my dentist Dr. Ruth Ames": the job says more.
			continue
		}
		name := toks[m.start+1].text
		if r, _ := utf8.DecodeRuneInString(name); !unicode.IsUpper(r) {
			continue
		}
		x.reg.add(m.name, kindPerson, strPattern, true)
		x.reg.add(title, kindOccupation, strPattern, true)
		x.facts = append(x.facts, fact{src: m.name, dst: title, rel: "HAS_PROFESSIONAL_TITLE", tmpl: "{s} is " + withArticle(title),
			subs: map[string]string{"{s}": m.name}, valid: x.ref})
	}
}

// vocativeTerms returns the terms of address of a sentence: a noun
// phrase set off by the sentence's start, an opener ("hey", "thanks",
// "oh") or a comma before it and a comma or the sentence's end after it
// ("Thanks, man.", "Hey buddy!", "Honey, sit down", "Look, honey, I
// know"); a bare noun that ends a sentence after a pronoun or a particle
// ("What is it sweetie?", "Come on man"); and a predicate said of "you"
// ("you're a creep").
func vocativeTerms(toks []token) []string {
	var out []string
	add := func(t string, ok bool) {
		if ok && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	start := 0
	for start < len(toks) && (!toks[start].word || vocativeOpeners.has(toks[start].lower)) && toks[start].text != "," {
		start++
	}
	for l := 0; l < len(toks); l++ {
		opened := l == start && start > 0 || l > 0 && (toks[l-1].text == "," || midOpener(toks, l))
		if !opened && l != 0 || !toks[l].word || askedVerb(toks, l) {
			continue
		}
		if l > 0 && toks[l-1].lower == "you" && finiteAfterName.has(toks[l].lower) {
			// "You have no idea": the verb of "you", no term.
			continue
		}
		// "Tom, my husband, is here": a phrase after a name and a comma
		// is an appositive, not a vocative.
		if l >= 2 && toks[l-1].text == "," && toks[l].lower == "my" && toks[l-2].cap && !(l-2 < start || vocativeOpeners.has(toks[l-2].lower)) {
			continue
		}
		r := l
		for r < len(toks) && toks[r].word {
			r++
		}
		closes := r == len(toks) || strings.Contains(",!?.", toks[r].text)
		// A span that opens the sentence with nothing before it is a
		// vocative only when more follows ("Honey, sit down"), not when
		// it is the sentence ("Great.").
		commanded := l == 0 && start == 0 && l+1 < r && commandVerb(toks[l+1])
		if l == 0 && start == 0 {
			if t, ok := openingCall(toks); ok {
				add(t, ok)
				continue
			}
		}
		if l == 0 && (start > 0 || !wordsFrom(toks, r)) && !(r == l+1 && calledAlone(toks[l].lower)) && !commanded {
			continue
		}
		// "Great, thanks": an adjective said as an exclamation opening
		// the sentence is no vocative; "Honey, sit down" is.
		if l == 0 && r == l+1 && exclamations.has(toks[l].lower) {
			continue
		}
		if closes && r == l+1 && praise.has(toks[l].lower) && afterGreeting(toks, l) {
			// "Hello handsome.", "Hey, gorgeous!": praise after a
			// greeting calls the one greeted by it.
			add(toks[l].lower, true)
			continue
		}
		if closes && r-l <= 3 {
			if t, ok := addressTerm(toks[l:r], l == start || l == 0); ok {
				add(t, ok)
				continue
			}
		}
		// "Hi honey I'm home", "Oh honey thank God", "Aw, sweetie it's
		// fine", "Honey you got to try": speech written without the comma
		// after the term, which ends where a clause begins.
		if opened || commanded {
			for n := 1; n <= 2 && l+n < r; n++ {
				if clauseOpeners.has(toks[l+n].lower) || commanded && n == 1 {
					add(addressTerm(toks[l:l+n], l == start || l == 0))
					break
				}
			}
		}
	}
	// A bare noun at the end, after a pronoun or a particle.
	last := len(toks) - 1
	for last >= 0 && !toks[last].word {
		last--
	}
	// "this" and "that" before any other noun are its determiner ("and
	// this driver…"), not a pronoun.
	demonstrative := last >= 1 && (toks[last-1].lower == "this" || toks[last-1].lower == "that") && !addressWords.has(toks[last].lower)
	if last >= 1 && toks[last-1].word && (bareBefore.has(toks[last-1].lower) && !askedVerb(toks, last) && !demonstrative || bareAfterVerb(toks, last) || barePreps.has(toks[last-1].lower) && plainCall(toks[last].lower)) {
		add(addressTerm(toks[last:last+1], false))
	}
	// The same before a comma: "suck it up man, it's a job", "that's
	// good man, everybody knows".
	for i := 1; i+1 < len(toks); i++ {
		if toks[i+1].text == "," && toks[i].word && toks[i-1].word && (bareBefore.has(toks[i-1].lower) || bareAfterVerb(toks, i) && plainCall(toks[i].lower)) {
			add(addressTerm(toks[i:i+1], false))
		}
	}
	// "You bitch!", "you big freak", "Oh, you lucky dog": "you" before an
	// epithet that ends the sentence or its phrase, opening either,
	// calls the one spoken to by it.
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].lower != "you" || i > 0 && toks[i-1].text != "," && !vocativeOpeners.has(toks[i-1].lower) {
			continue
		}
		r := i + 1
		for r < len(toks) && toks[r].word {
			r++
		}
		if (r == len(toks) || strings.Contains(",!?.", toks[r].text)) && r-i-1 >= 1 && r-i-1 <= 3 {
			add(addressTerm(toks[i+1:r], false))
		}
	}
	// "you're a creep", "you are such a jerk".
	for i := 0; i+3 < len(toks); i++ {
		if toks[i].lower != "you" || toks[i+1].lower != "are" {
			continue
		}
		j := i + 2
		for j < len(toks) && (toks[j].lower == "such" || toks[j].lower == "really" || toks[j].lower == "so") {
			j++
		}
		if j < len(toks) && (toks[j].lower == "a" || toks[j].lower == "an") {
			r := j + 1
			for r < len(toks) && toks[r].word {
				r++
			}
			if (r == len(toks) || strings.Contains(",!?.", toks[r].text)) && r-j-1 >= 1 && r-j-1 <= 3 {
				add(addressTerm(toks[j+1:r], false))
			}
		}
	}
	return out
}

// afterGreeting reports whether a greeting that opens the sentence, or
// follows a comma, stands right before toks[l], a comma between or not.
func afterGreeting(toks []token, l int) bool {
	g := l - 1
	if g >= 0 && toks[g].text == "," {
		g--
	}
	return g >= 0 && greetings.has(toks[g].lower) && (g == 0 || !toks[g-1].word)
}

// plainCall reports whether a person noun is called without a comma to
// show it: a word of address ("honey", "man", "buddy"), or a noun that is
// no verb and no adjective ("Have you", "Date me", "front" are not).
func plainCall(w string) bool {
	return addressWords.has(w) || !nlp.IsVerb(w) && !nlp.IsAdjective(w)
}

// addressWords are the words people are called by in speech that are also
// verbs or adjectives in WordNet.
var addressWords = words("man honey dude buddy pal babe baby darling dear sweetie sweetheart mate bro kid son boss chief doc")

// endearments are words of affection people are called by that name
// other things first: food, toys, small animals.
var endearments = words("hon sugar pumpkin cupcake muffin doll baby-doll angel lamb bunny sweetpea")

// openingCall returns the term of address that opens toks without its
// comma, before a clause ("Honey you got to try", "Honey that sounds like
// fun").
func openingCall(toks []token) (string, bool) {
	if len(toks) < 2 || !toks[1].word || !clauseOpeners.has(toks[1].lower) || !plainCall(toks[0].lower) {
		return "", false
	}
	return addressTerm(toks[:1], true)
}

// leadingVocative reports whether a sentence opens with a term of address
// said without its comma, before a clause and more ("Man I love this");
// "Doctor Who is on" opens with a name.
func leadingVocative(toks []token) bool {
	if len(toks) < 3 || toks[1].cap && toks[1].lower != "i" {
		return false
	}
	_, ok := openingCall(toks)
	return ok
}

// midOpener reports whether the word before toks[l] opens a vocative
// inside a sentence: a greeting, thanks, an apology, an interjection or
// "you" ("I'm sorry buddy", "thank you sir", "I love you honey"), not
// "so", "and" or "good" ("so sweet", "a good friend").
func midOpener(toks []token, l int) bool {
	switch toks[l-1].lower {
	case "hey", "hi", "hello", "thanks", "bye", "goodbye", "sorry", "oh", "yes", "yeah", "no", "okay", "ok", "on", "please", "night", "morning":
		return true
	case "you", "well", "look", "listen", "come", "wow":
		return true
	case "what":
		// "You know what honey, we're out of candy".
		return l >= 2 && strings.HasSuffix(toks[l-2].lower, "know")
	}
	return false
}

// clauseOpeners are the words that begin a clause after a term of
// address said without its comma: pronouns, question words, "do" and
// imperatives (not "is" or "would": "No doctor is perfect").
var clauseOpeners = words("i you we he she they it that this there what why how where who when do don't let come look listen please thank thanks no yes")

// commandVerb reports whether a word is a verb's bare base form in lower
// case, as a command after a term of address ("Dude relax!", "Honey
// sit down").
func commandVerb(t token) bool {
	return t.word && !t.cap && nlp.IsVerb(t.lower) && nlp.Lemma(t.lower, "VB") == t.lower && !strings.HasSuffix(t.lower, "s") && !strings.HasSuffix(t.lower, "ed") && !strings.HasSuffix(t.lower, "ing")
}

// bareBefore are the words after which a bare person noun ending a
// sentence is one spoken to: pronouns and particles, not determiners or
// prepositions.
var bareBefore = words("you ya it me us them this that on up out go now there here please too again ok okay right sorry thanks bye night later soon tonight today tomorrow")

// barePreps are prepositions after which a bare singular person noun
// ending a sentence is one spoken to ("what are you talking about man"),
// where a person spoken of takes a determiner ("about a man"); not "of"
// ("the history of man").
var barePreps = words("about with for at to from")

// bareAfterVerb reports whether the bare noun ending a sentence at
// toks[last] follows a verb or an adjective it cannot be the object or
// the head of: a singular count noun takes a determiner ("I don't know
// sweetie", "Thanks for coming buddy", "That's good man"), where a
// relative called by the kinship word ("call mom") or a post after a
// verb of naming ("became president") can go bare.
func bareAfterVerb(toks []token, last int) bool {
	w, n := toks[last-1].lower, toks[last].lower
	if kinNouns.has(n) || isJobHead(n) || toks[last-1].cap {
		return false
	}
	// "We're getting married!", "he got fired, you know": a verb's
	// participle after a verb is its complement, no one called.
	if strings.HasSuffix(n, "ed") && nlp.IsVerb(nlp.Lemma(n, "VBN")) {
		return false
	}
	lemma := w
	switch {
	case strings.HasSuffix(w, "in'"):
		// "comin'".
		lemma = nlp.Lemma(strings.TrimSuffix(w, "'")+"g", "VBG")
	case strings.HasSuffix(w, "ing"):
		lemma = nlp.Lemma(w, "VBG")
	case strings.HasSuffix(w, "ed"):
		lemma = nlp.Lemma(w, "VBD")
	}
	if last < 2 || !toks[last-2].word || linking.has(lemma) || namingVerbs.has(lemma) || determinerAdjectives.has(w) || !nlp.IsVerb(lemma) && !nlp.IsAdjective(w) {
		return false
	}
	// "a drinking buddy", "my study partner", "a good man": the word
	// before is a noun's modifier.
	// "a real nice guy": past the adjectives and adverbs before it.
	k := last - 2
	for k > 0 && toks[k].word && (nlp.IsAdjective(toks[k].lower) || degreeWords.has(toks[k].lower)) {
		k--
	}
	return !jobDeterminers.has(lowerAt(toks, k)) && lowerAt(toks, k) != "a" && lowerAt(toks, k) != "an"
}

// degreeWords are adverbs of degree before an adjective.
var degreeWords = words("very really real so too quite pretty rather extremely totally such")

// askedVerb reports whether the word after an auxiliary and "you" is
// the verb asked about ("Can you help?", "Did you cook?"), not a term of
// address ("Are you okay honey?" has no verb there).
func askedVerb(toks []token, i int) bool {
	return i >= 2 && toks[i-1].lower == "you" && questionAux.has(toks[i-2].lower) && nlp.IsVerb(toks[i].lower)
}

// questionAux are the auxiliaries that open a question before its
// subject.
var questionAux = words("can could would should will shall may might must do does did")

// determinerAdjectives are determiners WordNet also knows as adjectives ("any
// sooner", "some help"): a noun after one is no term of address.
var determinerAdjectives = words("any some no every each all both either neither many much more most few several enough other another such")

// namingVerbs put a post or a name after their object, bare ("elected
// him chair", "call me boss").
var namingVerbs = words("be become remain stay elect appoint name make call crown title dub promote")

// addressTerm reports whether words form a term of address: "my"
// optionally, then modifiers, then a singular person noun, all in lower
// case (but the first word of a sentence).
func addressTerm(ws []token, sentenceStart bool) (string, bool) {
	for i, w := range ws {
		if w.cap && !(i == 0 && sentenceStart) || w.acro {
			return "", false
		}
	}
	if firstNames.has(ws[0].lower) {
		// "Tom, ..." is a name called out (speakerid.go).
		return "", false
	}
	head := ws[len(ws)-1].lower
	if notAddress.has(head) || nlp.Lemma(head, "NNS") != head && strings.HasSuffix(head, "s") {
		return "", false
	}
	if len(ws) == 1 && exclamations.has(head) {
		// "You look lovely!": an adjective of praise ending a sentence
		// completes its verb; it calls no one.
		return "", false
	}
	// A person by WordNet's classes, or by its first sense's file
	// ("freak": a person or an animal out of the ordinary), or a word
	// people are called by whatever it names first ("pumpkin", "bitch").
	if lex, class, ok := nlp.Noun(head); !addressWords.has(head) && !endearments.has(head) && !insults.has(head) && (!ok || class&nlp.ClassPerson == 0 && lex != nlp.NounPerson) {
		return "", false
	}
	for i, w := range ws[:len(ws)-1] {
		switch {
		case i == 0 && w.lower == "my":
		case bareBefore.has(w.lower) || vocativeOpeners.has(w.lower) || capStop.has(w.lower) || strings.HasPrefix(w.text, "'"):
			// "I have", "you're crazy": a pronoun, an auxiliary or a
			// clitic is no modifier of a noun.
			return "", false
		case nlp.IsAdjective(w.lower) && !nlp.IsVerb(w.lower):
		case i == len(ws)-2 && nlp.IsNoun(w.lower) && !nlp.IsVerb(w.lower):
		default:
			return "", false
		}
	}
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = strings.ToLower(w.text)
	}
	return strings.Join(parts, " "), true
}

// calledAlone reports whether a word said as a whole sentence ("Dude!",
// "Sweetheart.", "Sir?") is one spoken to: a person noun that is no
// adjective ("Great!"), no kinship word (speakerid.go reads "Mom!") and
// no interjection but "man" and "dude".
func calledAlone(w string) bool {
	if exclamations.has(w) || nlp.IsAdjective(w) || kinNouns.has(w) || firstNames.has(w) {
		return false
	}
	return personNoun(w)
}

// exclamations are adjectives said alone as a reply or an exclamation
// ("Great, thanks.", "Sweet, let's go."), which WordNet also knows as
// nouns for a person.
var exclamations = words("great good fine cool nice sweet right sure perfect wonderful awesome excellent brilliant fantastic terrific lovely super amazing incredible okay ok")

// notAddress are person nouns that are no term for one person: groups,
// pronoun-like words and words of speech.
var notAddress = words("everybody everyone somebody someone anybody anyone nobody people folks guys one self god")

// termsFor returns the terms of address of the speakers whose final name
// is name.
func (x *extraction) termsFor(name string, final func(string) string) []string {
	var out []string
	for key, terms := range x.addressed {
		e := x.reg.byKey[key]
		if e == nil || final(e.name) != name {
			continue
		}
		for _, t := range terms {
			if !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
	}
	sort.Strings(out)
	return out
}

// wordsFrom reports whether a word stands at or after toks[i].
func wordsFrom(toks []token, i int) bool {
	for ; i < len(toks); i++ {
		if toks[i].word {
			return true
		}
	}
	return false
}

// premisesNouns are buildings and homes an address names.
var premisesNouns = words("building house flat apartment home property premises block unit office shop warehouse cottage")

// namedBy returns the phrase that names what common noun phrase pi
// stands for, or -1: the name a copula gives it (identified), or the
// address after a building ("our building at Kastanienallee 21", "the
// flat on 14 Orchard Row").
func (sc *sentCtx) namedBy(pi int) int {
	if q := sc.identified(pi); q >= 0 {
		return q
	}
	p := &sc.p.Phrases[pi]
	if sc.isName(pi) || !premisesNouns.has(sc.headWord(pi)) || p.End+1 >= len(sc.toks) {
		return -1
	}
	if w := sc.toks[p.End].lower; w != "at" && w != "on" {
		return -1
	}
	for q := range sc.p.Phrases {
		if n := sc.p.Phrases[q]; n.Start == p.End+1 && sc.isName(q) && slices.ContainsFunc(sc.toks[n.Start:n.End], func(t token) bool { return strings.ContainsAny(t.text, "0123456789") }) {
			return q
		}
	}
	return -1
}
