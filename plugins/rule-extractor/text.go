package main

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// token is one word or punctuation mark of a sentence.
type token struct {
	// text is the token as written, with typographic quotes made plain.
	text string
	// lower is text in lower case, with contractions expanded: the "'m" of
	// "I'm" has lower "am", the "n't" of "don't" has lower "not". A
	// possessive "'s" keeps lower "'s".
	lower string
	// word is true for letters and digits, false for punctuation.
	word bool
	// cap is true when the token begins with an upper-case letter.
	cap bool
	// acro is true for an acronym: at least two letters, all capitals
	// ("IBM", "U.S.", "AT&T").
	acro bool
}

// sentence is a run of tokens ending at ".", "!", "?" or a line break.
type sentence struct {
	toks []token
	// question is set for a sentence that asks; tagged for a statement
	// ending in a tag that asks for assent ("…, huh?"), which states
	// what it says and is answered by the one it is said to.
	question, tagged bool
	// congrats is set for a sentence that congratulates ("Congrats
	// Bilal on being elected chair").
	congrats bool
}

// quotes makes typographic quotes plain, and an ellipsis the three
// periods it stands for, so that it ends a sentence as they do ("I'm a
// nurse…by day").
var quotes = strings.NewReplacer("\u2019", "'", "\u2018", "'", "\u201c", "\"", "\u201d", "\"", "\u00a0", " ", "\u2026", "... ")

// abbreviations keep their period: a sentence does not end there.
var abbreviations = words("dr. mr. mrs. ms. prof. st. mt. jr. sr. inc. corp. co. ltd. vs. etc. incl. e.g. i.e. a.m. p.m. ave. rd. capt. rev. no. approx. dept. univ. gov. gen. col. lt. sgt.")

// pronounIs are words whose "'s" means "is" ("she's").
var pronounIs = words("he she it that there what who where here how")

// splitSentences splits text into sentences.
func splitSentences(text string) []sentence {
	var out []sentence
	for _, line := range strings.Split(quotes.Replace(text), "\n") {
		toks := pauses(tokenize(line))
		start := 0
		for i, t := range toks {
			if t.text == ":" && colonBreak(toks[start:i], toks[i+1:]) {
				// "long story short because it's late: I handed in my
				// notice …": a colon after a clause opens another.
				if i > start {
					out = append(out, sentence{toks: toks[start:i]})
				}
				start = i + 1
				continue
			}
			if !t.word && isEmoji(t.text) && (i+1 == len(toks) || toks[i+1].word && toks[i+1].cap) {
				// "Guilty 😅 Signed for Eastside Rovers on Friday": in a
				// message an emoji before a capital ends a sentence.
				if i > start {
					out = append(out, sentence{toks: toks[start:i]})
				}
				start = i + 1
				continue
			}
			if t.word || (t.text != "." && t.text != "!" && t.text != "?") {
				continue
			}
			if i > start {
				tagged := t.text == "?" && tagQuestion(toks[start:i])
				if t.text == "?" && !tagged {
					if c := askedAfter(toks[start:i]); c > 0 {
						// "…got married, do you think …?": the
						// statement before the question is said.
						toks[start+c] = token{text: ".", lower: "."}
						out = append(out, sentence{toks: toks[start : start+c+1]})
						start += c + 1
					}
				}
				out = append(out, sentence{toks: toks[start : i+1], question: t.text == "?" && !tagged, tagged: tagged})
			}
			start = i + 1
		}
		if start < len(toks) {
			out = append(out, sentence{toks: toks[start:]})
		}
	}
	out = someoneDashed(namedAfter(out))
	for i := range out {
		if st := stillAsked(out[i].toks); out[i].question && st != nil {
			out[i].toks, out[i].question = st, false
		}
	}
	for i := range out {
		out[i].toks = untitled(unshouted(emphasized(out[i].toks)))
		lowerMonths(out[i].toks)
		t := atMentions(possessedNamed(doubleGenitive(quotedNicknames(out[i].toks))))
		out[i].congrats = len(t) > 0 && congratsWords.has(t[0].lower)
		out[i].toks = postBeforeLeaver(bracketedPosts(bracketedNames(bareKin(congratulated(t)))))
	}
	return out
}

// congratsWords open a sentence that congratulates someone.
var congratsWords = words("congratulations congrats congratz")

// congratulated reads "Congratulations Bilal on being elected chair",
// "congrats on getting engaged", "Congrats to Maya for joining Acme" as
// the statement the congratulation takes for granted: "Bilal was elected
// chair", "you got engaged", "Maya joined Acme". Other sentences come back
// as they were.
func congratulated(toks []token) []token {
	if len(toks) < 3 || !congratsWords.has(toks[0].lower) {
		return toks
	}
	i := 1
	if toks[i].text == "," || toks[i].lower == "to" {
		i++
	}
	who := i
	for i < len(toks) && toks[i].word && (toks[i].cap || toks[i].lower == "and" && i > who && i+1 < len(toks) && toks[i+1].cap) && toks[i].lower != "on" && toks[i].lower != "for" {
		i++
	}
	subj := toks[who:i]
	if len(subj) == 0 {
		subj = []token{wordToken("you", "you")}
	}
	if i < len(toks) && toks[i].text == "," {
		i++
	}
	if i+1 >= len(toks) || toks[i].lower != "on" && toks[i].lower != "for" {
		return toks
	}
	g := toks[i+1].lower
	if g == "the" && (lowerAt(toks, i+2) == "arrival" || lowerAt(toks, i+2) == "birth") && lowerAt(toks, i+3) == "of" {
		// "Congratulations to Nuala and Tom on the arrival of their
		// daughter, Maeve": they welcomed her.
		out := append(append([]token{}, subj...), wordToken("welcomed", "welcomed"))
		return append(out, toks[i+4:]...)
	}
	if !strings.HasSuffix(g, "ing") || len(g) < 5 {
		return toks
	}
	var verb []token
	switch g {
	case "being":
		verb = []token{wordToken("was", "was")}
		if subj[0].lower == "you" {
			verb = []token{wordToken("were", "were")}
		}
	case "getting":
		verb = []token{wordToken("got", "got")}
	default:
		lemma := nlp.Lemma(g, "VBG")
		if lemma == g || !nlp.IsVerb(lemma) {
			return toks
		}
		past := nlp.Past(lemma)
		verb = []token{wordToken(past, past)}
	}
	out := make([]token, 0, len(toks))
	out = append(out, subj...)
	out = append(out, verb...)
	return append(out, toks[i+2:]...)
}

// colonBreak reports whether a colon between before and after ends a
// clause: four words or more before it, among them a verb's usual
// companions (a pronoun or an auxiliary), and a subject pronoun or a
// capital after it. A label ("Patient: Rafael Ames", "Offices:") is
// shorter; a list ("two orders: order 55120 is …") goes on in lower
// case.
func colonBreak(before, after []token) bool {
	if len(after) == 0 || !after[0].word || !tagPronouns.has(after[0].lower) && !after[0].cap {
		return false
	}
	n, clause := 0, false
	for _, t := range before {
		if t.word {
			n++
		}
		// "Update nobody asked for: Matías and I split up": a lead-in
		// with a pronoun or a verb of its own.
		if tagPronouns.has(t.lower) || tagAuxiliaries.has(t.lower) || t.lower == "it's" || t.lower == "i'm" || indefinites.has(t.lower) {
			clause = true
		}
	}
	return n >= 4 && clause
}

// tagQuestion reports whether a sentence ending in "?" (without it) is a
// statement with a tag asking for assent: "You're Elena's father, huh?",
// "Ann is Bo's sister, isn't she?". The statement opens with a subject
// pronoun or a capitalized name, not an auxiliary or a question word.
func tagQuestion(toks []token) bool {
	comma := -1
	for i := len(toks) - 1; i > 0; i-- {
		if toks[i].text == "," {
			comma = i
			break
		}
	}
	if comma < 2 {
		return false
	}
	tag := toks[comma+1:]
	switch {
	case len(tag) == 1 && questionTags.has(tag[0].lower):
	case len(tag) == 2 && tagAuxiliaries.has(tag[0].lower) && tagPronouns.has(tag[1].lower):
	case len(tag) == 3 && tagAuxiliaries.has(tag[0].lower) && (tag[1].lower == "n't" || tag[1].lower == "not") && tagPronouns.has(tag[2].lower):
	case len(tag) == 3 && (tag[0].lower == "is" || tag[0].lower == "isn't") && tag[1].lower == "that" && questionTags.has(tag[2].lower):
		// "you coach at Stellenbosch FC, is that right?"
	case len(tag) <= 2 && stanceTails.has(tag[len(tag)-1].lower) && (len(tag) == 1 || tailJoiners.has(tag[0].lower)):
		// "…, last day is the end of April, and honestly??": a
		// statement with a stance tacked on, no question.
	default:
		return false
	}
	first := toks[0]
	return tagPronouns.has(first.lower) || first.cap && !tagAuxiliaries.has(first.lower) && !questionWords.has(first.lower)
}

// Words of tag questions.
var (
	questionTags   = words("huh right eh yeah no correct okay ok alright true")
	stanceTails    = words("honestly seriously frankly really though lol")
	tailJoiners    = words("and but so")
	tagAuxiliaries = words("is isn't are aren't was wasn't were weren't do don't does doesn't did didn't have haven't has hasn't can can't will won't")
	tagPronouns    = words("i you he she it we they")
	questionWords  = words("who what when where why how which whose whom")
)

// datePreps stand before a month name in a date.
var datePreps = words("in since until till from last next this by of early late mid during before after on")

// lowerMonths marks the month names of a sentence written all in lower
// case, as speech-to-text writes, when a date's preposition comes before
// them ("so i started at vestas in february"), so that dates find them.
func lowerMonths(toks []token) {
	if len(toks) == 0 || toks[0].cap || !toks[0].word {
		return
	}
	for i := 1; i < len(toks); i++ {
		if _, ok := months[toks[i].lower]; ok && len(toks[i].lower) > 3 && datePreps.has(toks[i-1].lower) {
			toks[i].cap = true
		}
	}
}

// isWordRune reports whether r belongs in a word.
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// tokenize splits one line into tokens.
func tokenize(s string) []token {
	toks := make([]token, 0, len(s)/4+1)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) {
			i += size
			continue
		}
		if !isWordRune(r) {
			toks = append(toks, token{text: string(r), lower: string(r)})
			i += size
			continue
		}
		j := i + size
		for j < len(s) {
			r2, sz := utf8.DecodeRuneInString(s[j:])
			if isWordRune(r2) {
				j += sz
				continue
			}
			if j+sz < len(s) && internalJoin(r2, s[j-1], s[j+sz:]) {
				j += sz
				continue
			}
			break
		}
		w := s[i:j]
		if j < len(s) && s[j] == '.' && !strings.HasPrefix(s[j:], "..") && keepsPeriod(w, sentenceFollows(s[j+1:])) && !letterEnds(toks, w, s[j+1:]) && (!strings.EqualFold(w, "no") || numberFollows(s[j+1:])) {
			w = s[i : j+1]
			j++
		}
		toks = appendWord(toks, w)
		i = j
	}
	isAfterName(toks)
	hasBefore(toks)
	return shopGenitives(doubleGenitives(degreeGenitives(emphaticRepeats(dropFillers(clippedBecause(toks))))))
}

// clippedBecause reads "'Cause" and "Coz" opening a clause as the
// "because" they clip ("'Cause Carol's a lesbian"): with their capital
// they would open a name.
func clippedBecause(toks []token) []token {
	out := toks[:0]
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.word && becauseClips.has(t.lower) && i+1 < len(toks) && toks[i+1].word && toks[i+1].lower != "of" {
			prev := len(out) - 1
			clipped := prev >= 0 && (out[prev].text == "'" || out[prev].text == "’")
			if clipped || t.lower != "cause" || prev < 0 || !out[prev].word {
				if clipped {
					out = out[:prev]
				}
				out = append(out, wordToken("because", "because"))
				continue
			}
		}
		out = append(out, t)
	}
	return out
}

// becauseClips are the clipped forms of "because".
var becauseClips = words("cause coz")

// intensifiers are the adverbs a speaker says twice for weight.
var intensifiers = words("very really so too much")

// emphaticRepeats drops the first of a modifier said twice for weight
// and the comma between ("a terrible, terrible waitress" is "a terrible
// waitress", "you big, big freak", "really, really awful"): an adjective
// or an intensifier, written the same both times, before a word that
// goes on with the phrase.
func emphaticRepeats(toks []token) []token {
	out := toks[:0]
	for i := 0; i < len(toks); i++ {
		if i+3 < len(toks) && toks[i].word && !toks[i].cap && toks[i+1].text == "," && toks[i+2].lower == toks[i].lower && toks[i+3].word &&
			(intensifiers.has(toks[i].lower) || nlp.IsAdjective(toks[i].lower)) {
			i++ // the comma: the second of the two stays
			continue
		}
		out = append(out, toks[i])
	}
	return out
}

// hesitations are the sounds a speaker fills a pause with.
var hesitations = words("uh uhh um umm ummm uhm er erm")

// dropFillers drops the hesitations of speech and the commas set around
// them where the phrase goes on ("I'm a, uh, friend of hers" is "I'm a
// friend of hers"; "Uh, Tom called" is "Tom called"); a comma that marks
// a boundary ("Tom, um, I quit") stays.
func dropFillers(toks []token) []token {
	out := toks[:0]
	for i := 0; i < len(toks); i++ {
		if !hesitations.has(toks[i].lower) {
			out = append(out, toks[i])
			continue
		}
		commaBefore := len(out) > 0 && out[len(out)-1].text == ","
		commaAfter := i+1 < len(toks) && toks[i+1].text == ","
		opens := len(out) == 0 || strings.Contains(".!?", out[len(out)-1].text)
		closes := i+1 == len(toks) || strings.Contains(".!?", toks[i+1].text)
		switch {
		case commaBefore && commaAfter:
			i++ // the comma after
			if len(out) >= 2 && openPhrase.has(out[len(out)-2].lower) {
				out = out[:len(out)-1]
			}
		case commaAfter && opens:
			// "Uh, Chandler, say something".
			i++
		case commaBefore && closes:
			// "Off there too, uh?"
			out = out[:len(out)-1]
		}
	}
	return out
}

// openPhrase are the words after which a phrase must go on: a
// determiner, a possessive, a preposition, a copula.
var openPhrase = words("a an the my your his her our their its this that of to in at for with from is am are was were be")

// doubleGenitives drops the "'s" of a double genitive that ends its
// phrase ("a friend of Rachel's", "that cousin of Tom's and mine"): "of
// Rachel's" says "of Rachel".
func doubleGenitives(toks []token) []token {
	for i := 2; i < len(toks); i++ {
		if toks[i].lower != "'s" || toks[i-2].lower != "of" || !toks[i-1].cap || !toks[i-1].word {
			continue
		}
		if i >= 3 && !kinNouns.has(toks[i-3].lower) && (isJobHead(toks[i-3].lower) || postWord(toks[i-3].lower)) {
			// "the founder of Wendy's": a post is held at a business
			// named for someone (shopGenitives), not at a person.
			continue
		}
		if i+1 < len(toks) && toks[i+1].word && !phraseClosers.has(toks[i+1].lower) {
			continue
		}
		toks = append(toks[:i], toks[i+1:]...)
	}
	return toks
}

// shopGenitives joins to a name the "'s" that ends its phrase after a
// preposition: a business named for its founder ("I work at Macy's",
// "the founder of Wendy's", "back from Sainsbury's"), or a home ("at
// Orla's"), has the possessive for its name, no noun after it.
func shopGenitives(toks []token) []token {
	for i := 2; i < len(toks); i++ {
		if toks[i].lower != "'s" || !toks[i-1].cap || !toks[i-1].word || toks[i-1].acro {
			continue
		}
		if i+1 < len(toks) && toks[i+1].word && !phraseClosers.has(toks[i+1].lower) && !afterPlace.has(toks[i+1].lower) {
			continue
		}
		j := i - 1
		for j > 0 && toks[j-1].cap && toks[j-1].word {
			j--
		}
		if j == 0 || !shopPreps.has(toks[j-1].lower) {
			continue
		}
		toks[i-1].text += "'s"
		toks[i-1].lower += "'s"
		toks = append(toks[:i], toks[i+1:]...)
	}
	return toks
}

// afterPlace are words that may follow a place's name but not a
// possessive's ("at Nando's last night", "at Macy's in Leeds", "at
// Trader Joe's now"): prepositions, time words and adverbs of time.
var afterPlace = words("in on at near by for from since until till during before after ago last next this every",
	"yesterday today tonight tomorrow now then too again anymore yet instead though either once")

// shopPreps stand before a place or a business.
var shopPreps = words("at from of to in into near outside inside by for with behind")

// phraseClosers may follow a noun phrase that has ended.
var phraseClosers = words("and or but who that which since because so when")

// degreeGenitives joins "master's" and "bachelor's" into the one word of
// a degree they are ("a part-time master's at Birkbeck": masters).
func degreeGenitives(toks []token) []token {
	for i := 0; i+1 < len(toks); i++ {
		if (toks[i].lower == "master" || toks[i].lower == "bachelor") && toks[i+1].text == "'s" {
			toks[i].text += "'s"
			toks[i].lower += "s"
			toks = append(toks[:i+1], toks[i+2:]...)
		}
	}
	return toks
}

// hasBefore reads an "'s" read as "is" as "has" before a past participle
// that makes a perfect, not a passive: "she's been", "he's got", and a
// participle followed by its particle or of a verb seldom passive
// ("Corinne's moved back to Lyon", "he's left Acme").
func hasBefore(toks []token) {
	for i := 1; i+1 < len(toks); i++ {
		n := toks[i+1].lower
		if toks[i].text == "'s" && toks[i].lower == "'s" && toks[i-1].cap && alwaysPerfect.has(n) {
			// "Orvar's been there": a name's "'s" before "been".
			toks[i].lower = "has"
			continue
		}
		if toks[i].text == "'s" && toks[i].lower == "'s" && toks[i-1].cap && (irregularPerfect.has(n) || strings.HasSuffix(n, "ed") && !nlp.IsNoun(n)) &&
			i+2 < len(toks) && perfectParticles.has(toks[i+2].lower) && (i+3 == len(toks) || !toks[i+3].word || !toks[i+3].cap) {
			// "Oddny's taken over", "Ingunn's moved out": a participle
			// and its particle after a name's "'s" make a perfect.
			toks[i].lower = "has"
			continue
		}
		if toks[i].text != "'s" || toks[i].lower != "is" {
			continue
		}
		if !strings.HasSuffix(n, "ed") && !perfectOnly.has(n) && !irregularPerfect.has(n) {
			continue
		}
		particle := i+2 < len(toks) && perfectParticles.has(toks[i+2].lower)
		if perfectOnly.has(n) || particle && !nlp.IsNoun(n) {
			toks[i].lower = "has"
		}
	}
}

// perfectOnly are participles that follow "has", not "is": "she's been
// there", "he's got a dog", "it's gone".
var perfectOnly = words("been got gotten had moved relocated gone come become left quit joined started retired")

// alwaysPerfect never follow a possessive "'s".
var alwaysPerfect = words("been gotten")

// irregularPerfect are past participles that do not end in -ed.
var irregularPerfect = words("broken taken given split run")

// perfectParticles follow an active participle ("moved back", "broken up").
var perfectParticles = words("back out away up off over on down")

// isAfterName reads the "'s" of a name as "is" when what follows cannot
// follow a possessive: "Per's moving out on me", "Orvar's not here",
// "Mona's a doctor" (a present participle, a determiner, a negation or
// an adverb), not "Pete's car".
func isAfterName(toks []token) {
	for i := 1; i+1 < len(toks); i++ {
		// After a name, or a noun with a possessive before it ("my
		// wife's a chef").
		if toks[i].lower != "'s" || !toks[i-1].cap && !possessedAt(toks, i-1) {
			continue
		}
		n := toks[i+1].lower
		participle := strings.HasSuffix(n, "ing") && len(n) > 5 && !strings.HasSuffix(n, "thing") &&
			(!nlp.IsNoun(n) || i+2 < len(toks) && afterParticiple.has(toks[i+2].lower) && eventVerb(n) == "")
		passive := strings.HasSuffix(n, "ed") && !nlp.IsNoun(n) && nlp.IsVerb(nlp.Lemma(n, "VBN"))
		// "her name's Ronni": a possessed noun's "'s" before a name.
		named := possessedAt(toks, i-1) && toks[i+1].cap
		// "Sigrun's married to Tor", "Ada's engaged!", "Ada's friends
		// with Bo", "Ada's in Oslo": a state of a tie before its
		// partner or the sentence's end, a plural tie noun before
		// "with", a preposition.
		after := lowerAt(toks, i+2)
		tie := tieStates.has(n) && (i+2 >= len(toks) || !toks[i+2].word || after == "to" || after == "with" || after == "now")
		mutual := mutualNouns[strings.TrimSuffix(n, "s")] != "" && strings.HasSuffix(n, "s") && after == "with"
		// "Ben's seven!", "Ada's 44 years old": a number that ends the
		// sentence or gives years is an age, not a count of things Ben has.
		_, _, num := ageNumber(n)
		years := num && (i+2 >= len(toks) || !toks[i+2].word || after == "years" || after == "year")
		if notAfterPossessive.has(n) || participle || passive || named || tie || mutual || years || afterNamePreps.has(n) {
			toks[i].lower = "is"
		}
	}
}

// tieStates are the participles of a tie that a possessive "'s" may
// stand before only as adjectives of a noun ("Ada's married sister").
var tieStates = words("married engaged divorced separated")

// afterNamePreps are prepositions that never follow a possessive "'s":
// "Ada's in Oslo", "Bo's from Leeds", "Ada's with Bo now".
var afterNamePreps = words("in at from with into")

// possessedAt reports whether toks[i] is a word a possessive pronoun
// stands before ("my wife").
func possessedAt(toks []token, i int) bool {
	if i < 1 || !toks[i].word {
		return false
	}
	_, ok := possessives[toks[i-1].lower]
	return ok
}

// afterParticiple are words that follow a verb in -ing but seldom a noun
// in -ing ("Pete's breaking up with me", not "Pete's wedding is off").
var afterParticiple = words("up out to with a an the me you him her them us it over back in on off down away married engaged divorced")

// notAfterPossessive are words that do not follow a possessive "'s".
var notAfterPossessive = words("a an the not never so really very such gonna going here there always just still also too totally actually probably definitely my your his her our their")

// internalJoin reports whether punctuation r, between the byte before and
// the text after, joins a word ("U.S", "co-founder", "AT&T", "I'm",
// "2024-03-03", "10:30", "3/4").
func internalJoin(r rune, before byte, after string) bool {
	next, _ := utf8.DecodeRuneInString(after)
	if !isWordRune(next) {
		return false
	}
	switch r {
	case '-', '\'', '&', '.':
		return true
	case ':', '/':
		return before >= '0' && before <= '9' && next >= '0' && next <= '9'
	case ',':
		// "1,240", "310,000": a thousands separator, three digits after.
		return before >= '0' && before <= '9' && thousands(after)
	}
	return false
}

// thousands reports whether s opens with three digits and no fourth.
func thousands(s string) bool {
	if len(s) < 3 {
		return false
	}
	for i := 0; i < 3; i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return len(s) == 3 || s[3] < '0' || s[3] > '9'
}

// keepsPeriod reports whether a word followed by "." is an abbreviation or
// an initial, so that the period belongs to it. Title abbreviations ("Dr.")
// and initials always keep it; others ("Corp.", "U.S.") give it up when a
// new sentence seems to follow (end of line or a capital), since the
// period then also ends the sentence.
func keepsPeriod(w string, sentenceNext bool) bool {
	lw := strings.ToLower(w) + "."
	if titleAbbreviations.has(lw) {
		return true
	}
	if utf8.RuneCountInString(w) == 1 {
		r, _ := utf8.DecodeRuneInString(w)
		return unicode.IsUpper(r)
	}
	if sentenceNext {
		return false
	}
	return abbreviations.has(lw) || strings.Contains(w, ".") && !strings.ContainsAny(w, "0123456789")
}

// titleAbbreviations come before a name (or a list of them: "incl.")
// and never end a sentence.
var titleAbbreviations = words("dr. mr. mrs. ms. prof. st. mt. capt. rev. gen. col. lt. sgt. no. incl. cllr. cllrs. sen.")

// numberFollows reports whether a number comes next in rest, as after
// the "No." of "No. 7": elsewhere "No." is the word ("No. No. I
// wasn't.") and its period ends a sentence.
func numberFollows(rest string) bool {
	t := strings.TrimLeft(rest, " \t")
	return t != "" && (t[0] >= '0' && t[0] <= '9' || t[0] == '#')
}

// sentenceFollows reports whether the text after a period starts a new
// sentence: nothing but space, or space and then a capital.
func sentenceFollows(rest string) bool {
	t := strings.TrimLeft(rest, " \t")
	if t == "" {
		return true
	}
	if len(t) == len(rest) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(t)
	return unicode.IsUpper(r)
}

// appendWord appends w, splitting a contraction into two tokens; a
// stutter is the word it repeats.
func appendWord(toks []token, w string) []token {
	w = unstutter(w)
	lower := strings.ToLower(w)
	if lower == "cannot" {
		// "she cannot see": "can" and "not", as "can't" is.
		toks = append(toks, wordToken(w[:3], "can"))
		return append(toks, token{text: w[3:], lower: "not", word: true})
	}
	if rest, ok := strings.CutPrefix(lower, "ex-"); ok && exNoun(lower, rest) {
		// "my ex-boss", "Pellucid's ex-CEO": "former" and the noun,
		// which former.go reads.
		ex := "former"
		if unicode.IsUpper([]rune(w)[0]) {
			ex = "Former"
		}
		toks = append(toks, wordToken(ex, "former"))
		return append(toks, wordToken(w[3:], rest))
	}
	for _, c := range contractions {
		if len(lower) > len(c.suffix) && strings.HasSuffix(lower, c.suffix) {
			base, lb := w[:len(w)-len(c.suffix)], lower[:len(lower)-len(c.suffix)]
			exp := c.lower
			switch {
			case c.suffix == "n't":
				if b, ok := negBases[lb]; ok {
					lb = b
				}
			case c.suffix == "'s" && lb == "let":
				exp = "us"
			case c.suffix == "'s" && !pronounIs.has(lb):
				exp = "'s"
			}
			toks = append(toks, wordToken(base, lb))
			return append(toks, token{text: w[len(base):], lower: exp, word: true})
		}
	}
	return append(toks, wordToken(w, lower))
}

// unstutter returns the word a stutter as transcripts write it repeats:
// "I-I'm" is "I'm", "W-we" is "we", "th-th-that" is "that", "my-my" is
// "my". A part before a hyphen is a stutter when the next part begins
// with it (in any case) and is longer, or repeats it in another case or
// as one letter, or is a function word or a given name said twice;
// "bye-bye" and "so-so" stay.
func unstutter(w string) string {
	if !strings.Contains(w, "-") {
		return w
	}
	parts := strings.Split(w, "-")
	j := 0
	for j+1 < len(parts) {
		a, b := parts[j], parts[j+1]
		if strings.EqualFold(a, b) && repeatedFunctionWords.has(strings.ToLower(a)) {
			j++
			continue
		}
		if a == b && j+2 == len(parts) && unicode.IsUpper([]rune(a)[0]) && nlp.IsGivenName(strings.ToLower(a)) {
			// "Ross-Ross, you have no idea": a name said twice.
			j++
			continue
		}
		if k := strings.IndexByte(b, '\''); k >= 0 {
			b = b[:k]
		}
		if k := strings.IndexByte(a, '\''); k > 0 {
			// "She'll-she'll": the word before its contraction.
			a = a[:k]
		}
		if a == "" || utf8.RuneCountInString(a) > 3 && !(strings.EqualFold(a, b) && a != b) || !strings.HasPrefix(strings.ToLower(b), strings.ToLower(a)) {
			break
		}
		if a == b && utf8.RuneCountInString(a) > 1 && j+2 == len(parts) {
			break
		}
		j++
	}
	return strings.Join(parts[j:], "-")
}

// repeatedFunctionWords are the closed-class words a speaker repeats
// while finding the next ("she's my-my boss", "it's-it's fine"), which,
// unlike "so-so", "no-no" or "bye-bye", make no word of their own when
// doubled.
var repeatedFunctionWords = words("i me you he she it we they him her us them my your his its our their " +
	"a an the this that these those and but or if then what who how why when where " +
	"is am are was were be do does did can could will would have has had " +
	"in on at to of for with from about not i'm it's that's you're we're he's she's they're there " +
	"i'll you'll he'll she'll we'll they'll i've you've we've they've i'd you'd he'd she'd we'd they'd")

// contractions are the suffixes split off a word, with their expansion.
var contractions = []struct{ suffix, lower string }{
	{"n't", "not"}, {"'m", "am"}, {"'re", "are"}, {"'ve", "have"}, {"'ll", "will"}, {"'d", "would"}, {"'s", "is"},
}

// negBases are the bases of irregular negative contractions.
var negBases = map[string]string{"ca": "can", "wo": "will", "sha": "shall"}

// joinTokens writes tokens as text, with no space before punctuation or
// a split contraction.
func joinTokens(toks []token) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && !noSpaceBefore(t) {
			b.WriteByte(' ')
		}
		b.WriteString(t.text)
	}
	return b.String()
}

// noSpaceBefore reports whether t is written against the token before it.
func noSpaceBefore(t token) bool {
	if t.word {
		return strings.HasPrefix(t.text, "'") || strings.EqualFold(t.text, "n't")
	}
	return strings.Contains(",.;:!?)%", t.text)
}

// containsWord reports whether text holds one of ws as a word.
func containsWord(text string, ws ...string) bool {
	for _, w := range ws {
		for i := 0; ; {
			j := strings.Index(text[i:], w)
			if j < 0 {
				break
			}
			j += i
			end := j + len(w)
			if (j == 0 || !isWordRune(rune(text[j-1]))) && (end == len(text) || !isWordRune(rune(text[end]))) {
				return true
			}
			i = end
		}
	}
	return false
}

// isEmoji reports whether a one-rune token is a pictograph or an emoji
// symbol.
func isEmoji(t string) bool {
	r, size := utf8.DecodeRuneInString(t)
	if size != len(t) {
		return false
	}
	return r >= 0x1F000 && r <= 0x1FAFF || r >= 0x2600 && r <= 0x27BF
}

// familyWords are the kin a family calls by the word alone ("Dad was
// admitted", "Mum rang").
var familyWords = words("dad mum mom father mother grandma grandpa granddad grandad nan nana gran")

// bareKin reads "Dad (Bernard Quinlan) was admitted …" and "Mum, Ines
// Abreu, rang" as "My dad, Bernard Quinlan, …": the word a family calls
// a parent by, with the parent's name beside it, is the speaker's.
func bareKin(toks []token) []token {
	if len(toks) < 4 || !toks[0].cap || !familyWords.has(toks[0].lower) || toks[1].text != "(" && toks[1].text != "," || !toks[2].word || !toks[2].cap {
		return toks
	}
	end := -1
	for k := 3; k < len(toks) && k < 7; k++ {
		if toks[k].text == ")" || toks[k].text == "," {
			end = k
			break
		}
		if !toks[k].word || !toks[k].cap {
			return toks
		}
	}
	if end < 0 || (toks[1].text == "(") != (toks[end].text == ")") {
		return toks
	}
	out := make([]token, 0, len(toks)+1)
	out = append(out, wordToken("My", "my"), wordToken(toks[0].lower, toks[0].lower), token{text: ",", lower: ","})
	out = append(out, toks[2:end]...)
	out = append(out, token{text: ",", lower: ","})
	return append(out, toks[end+1:]...)
}

// atMentions reads a chat's "@Mirek could you …" as "Mirek, could you
// …": the one called is the one spoken to. An "@" before a name
// elsewhere is dropped.
func atMentions(toks []token) []token {
	if !slices.ContainsFunc(toks, func(t token) bool { return t.text == "@" }) {
		return toks
	}
	out := make([]token, 0, len(toks)+1)
	for i := 0; i < len(toks); i++ {
		if toks[i].text != "@" || i+1 >= len(toks) || !toks[i+1].word {
			out = append(out, toks[i])
			continue
		}
		name := toks[i+1]
		name.cap = true
		out = append(out, name)
		if len(out) == 1 && i+2 < len(toks) && toks[i+2].word {
			out = append(out, token{text: ",", lower: ","})
		}
		i++
	}
	return out
}

// bracketedNames reads a full name in brackets after a name, "Dev
// (Devendra Iyer, for anyone who hasn't met him) proposed", as the same
// name set off by commas, "Dev, Devendra Iyer, proposed": what else the
// brackets hold is an aside, and the clause reads on without it. The
// appositive then says that the two names are one person.
func bracketedNames(toks []token) []token {
	open := slices.IndexFunc(toks, func(t token) bool { return t.text == "(" })
	if open < 1 || !toks[open-1].word || !toks[open-1].cap {
		return toks
	}
	k := open + 1
	for k < len(toks) && toks[k].word && toks[k].cap {
		k++
	}
	if k-open-1 < 2 || k-open-1 > 4 || k >= len(toks) || toks[k].text != ")" && toks[k].text != "," {
		return toks
	}
	end := k
	for end < len(toks) && toks[end].text != ")" {
		end++
	}
	if end == len(toks) {
		return toks
	}
	out := make([]token, 0, len(toks))
	out = append(out, toks[:open]...)
	out = append(out, token{text: ",", lower: ","})
	out = append(out, toks[open+1:k]...)
	if end+1 < len(toks) && toks[end+1].word {
		out = append(out, token{text: ",", lower: ","})
	}
	return append(out, bracketedNames(toks[end+1:])...)
}

// someoneWords are the words that bring in a person not yet named:
// "someone", or the head of "a guy", "this girl I met".
var someoneWords = words("someone somebody guy girl man woman boy lady dude fella")

// namedAfter reads "I've been seeing someone. His name's Matías" as
// "I've been seeing Matías": a person brought in without a name and named
// by the next sentence, or the next clause after a comma, is that name
// in what was said of them.
func namedAfter(ss []sentence) []sentence {
	for j := range ss {
		toks := ss[j].toks
		for k := 0; k+3 < len(toks); k++ {
			if k > 0 && toks[k-1].text != "," && toks[k-1].text != ";" && toks[k-1].text != "-" {
				continue
			}
			w := toks[k].lower
			if w != "his" && w != "her" || toks[k+1].lower != "name" || toks[k+2].lower != "is" && toks[k+2].lower != "'s" {
				continue
			}
			e := k + 3
			for e < len(toks) && toks[e].word && toks[e].cap {
				e++
			}
			if e == k+3 {
				continue
			}
			name := toks[k+3 : e]
			switch {
			case k > 0:
				// "I met a guy at work, his name is Bo": the clause before.
				if at, n := someoneAt(toks[:k-1]); n > 0 {
					ss[j].toks = slices.Concat(toks[:at], name, toks[at+n:])
				}
			case j > 0 && !ss[j-1].question:
				if at, n := someoneAt(ss[j-1].toks); n > 0 {
					prev := ss[j-1].toks
					ss[j-1].toks = slices.Concat(prev[:at], name, prev[at+n:])
				}
			}
			break
		}
	}
	return ss
}

// someoneAt finds the last person brought in without a name in toks:
// "someone", "a guy", "this really nice girl". It returns where the words
// start and how many they are, 0 for none.
func someoneAt(toks []token) (at, n int) {
	for i := len(toks) - 1; i >= 0; i-- {
		w := toks[i].lower
		if !someoneWords.has(w) || toks[i].cap && i > 0 {
			continue
		}
		if w == "someone" || w == "somebody" {
			return i, 1
		}
		for d := i - 1; d >= 0 && d >= i-3; d-- {
			if l := toks[d].lower; l == "a" || l == "this" || l == "an" {
				return d, i - d + 1
			}
			if !toks[d].word {
				break
			}
		}
		return 0, 0
	}
	return 0, 0
}

// stillAsked turns a polar question with "still" into the statement it
// takes for granted: "Is Chidi still at Halden Freight?" asks whether a
// state goes on, and so presupposes that it held ("Chidi is still at
// Halden Freight."), whatever the answer; "Do you still live in Leeds?"
// says "you still live in Leeds". It returns nil for other sentences.
func stillAsked(toks []token) []token {
	i := 0
	for i < len(toks) && (leadFillers.has(toks[i].lower) || !toks[i].word) {
		i++
	}
	if i+2 >= len(toks) {
		return nil
	}
	aux := toks[i].lower
	be := aux == "is" || aux == "are" || aux == "was" || aux == "were"
	if !be && aux != "do" && aux != "does" || toks[i+1].lower == "not" {
		return nil
	}
	s := slices.IndexFunc(toks[i+1:], func(t token) bool { return t.lower == "still" })
	if s < 1 || s > 3 {
		return nil
	}
	s += i + 1
	for _, t := range toks[i+1 : s] {
		if !t.word || !t.cap && t.lower != "you" && t.lower != "he" && t.lower != "she" && t.lower != "they" {
			return nil
		}
	}
	out := make([]token, 0, len(toks))
	first := toks[i+1]
	first.cap = first.cap || first.lower != "you" && first.lower != "he" && first.lower != "she" && first.lower != "they"
	out = append(out, first)
	out = append(out, toks[i+2:s]...)
	if be {
		out = append(out, toks[i])
	}
	out = append(out, toks[s:]...)
	if last := len(out) - 1; out[last].text == "?" {
		out[last] = token{text: ".", lower: "."}
	}
	return out
}
