package main

import (
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// Names called out. A name said to someone ("Agnes, come on!", "Thank
// you, Agnes.") is the name of the one spoken to; a name that ends a
// phrase or stands in apposition is spoken of.

// vocative reports whether mention m of a sentence is a name called out:
// alone before a comma or an exclamation at the turn's start ("Agnes,
// come on!", "Hey Jonas!"), before a comma at a later sentence's start
// ("What? Agnes, don't you see?"), or after a comma at the sentence's
// end ("Thank you, Agnes.").
func vocative(toks []token, m mention, sent int) bool {
	after := ""
	if m.end < len(toks) {
		after = toks[m.end].text
	}
	endish := after == "" || after == "!" || after == "?" || after == "." || after == ","
	start := 0
	for start < m.start && (!toks[start].word || vocativeOpeners.has(toks[start].lower) || interjections.has(toks[start].lower) || toks[start].lower == "all" && lowerAt(toks, start+1) == "right" || start == 0 && attentionVerbs.has(toks[0].lower) ||
		toks[start].lower == "what" && start > 0 && knowWhat.has(toks[start-1].lower) || start == 0 && toks[0].lower == "but" && lowerAt(toks, 1) == ",") {
		start++
	}
	if start == m.start && endish && (sent == 0 || m.start > 0 || after == ",") && !appositiveAfter(toks, m.end) {
		return true
	}
	// "Okay, Mr. Bing you'll be in 25J", "Mr. Morse I need to talk to
	// you": a name at a clause's start right before a subject pronoun is
	// no subject; it calls.
	if start == m.start && (strings.EqualFold(after, "you") || after == "I" || strings.EqualFold(after, "we")) && (m.end+1 >= len(toks) || toks[m.end+1].text != "and") {
		return true
	}
	// "Lavinia — once Mirek goes, Kwabena will supervise you": a name
	// before a dash at a sentence's start, in a sentence said to "you".
	if start == m.start && (after == "—" || after == "–" || after == "-") && youLater(toks, m.end+1) {
		return true
	}
	// "I'll tell you Rachel Karen Green, I had plans", "I must have
	// you Janice!": a name right after "you" and before a comma or the
	// sentence's end is the one "you" means.
	if lowerAt(toks, m.start-1) == "you" && (after == "," || endish && m.end >= len(toks)-1 && !namingVerbs.has(nlp.Lemma(lowerAt(toks, m.start-2), "VBZ")) && !namingVerbs.has(nlp.Lemma(lowerAt(toks, m.start-2), "VBD"))) {
		return true
	}
	// "What do you think Pheebs?": a name ending a question whose verb
	// takes no person.
	if m.end == len(toks)-1 && after == "?" && m.start >= 3 && whWords.has(toks[firstWord(toks)].lower) && lowerAt(toks, m.start-2) == "you" && noPersonAfter.has(lowerAt(toks, m.start-1)) {
		return true
	}
	// "I'm late! Monica?": a name asked or exclaimed alone calls, in
	// any sentence of the turn.
	if m.start == 0 && m.end == len(toks)-1 && (after == "?" || after == "!") {
		return true
	}
	// "Hey Tom let me ask you something", "Uh, hi, Tom": a greeting
	// that opens a sentence or follows a comma calls the name after it,
	// whatever follows.
	if afterGreeting(toks, m.start) {
		return true
	}
	return m.start > 0 && toks[m.start-1].text == "," && (after == "" || after == "!" || after == "?" || after == ".") && !nounPhraseBefore(toks, m.start-1) && !danglingBefore(toks, m.start-1)
}

// youLater reports whether toks from i on speak to "you".
func youLater(toks []token, i int) bool {
	for ; i < len(toks); i++ {
		switch toks[i].lower {
		case "you", "your", "yours", "yourself":
			return true
		}
	}
	return false
}

// danglingBefore reports whether the words before the comma at toks[i],
// fillers aside, end on a word that needs a noun after it ("do you have
// any, um, Cinnamon Crunch?"): the name ends the phrase, it calls no one.
func danglingBefore(toks []token, i int) bool {
	for k := i - 1; k >= 0; k-- {
		switch {
		case toks[k].text == "," || toks[k].text == "...":
			continue
		case fillers.has(toks[k].lower):
			continue
		}
		return needsNoun.has(toks[k].lower)
	}
	return false
}

// needsNoun are the determiners, prepositions and conjunctions a phrase
// cannot end on.
var needsNoun = words("a an the any some no every my your his her our their its of to for with from about and or but")

// nounPhraseBefore reports whether a noun phrase of a person or an
// animal with its determiner ends right before toks[i] ("a baby girl,
// Marisol.", "my cousin, Ada."): a name after it and a comma is in
// apposition to it, not called.
func nounPhraseBefore(toks []token, i int) bool {
	if i < 2 || !toks[i-1].word || toks[i-1].cap || secondPerson.has(toks[i-1].lower) {
		return false
	}
	// The noun is one a name may stand for: a person or an animal ("a
	// good question, Dad" calls).
	if lex, _, ok := nlp.Noun(nlp.Lemma(toks[i-1].lower, "NNS")); !ok || lex != nlp.NounPerson && lex != nlp.NounAnimal {
		return false
	}
	for k := i - 2; k >= 0 && k >= i-4; k-- {
		switch toks[k].lower {
		case "a", "an", "the", "my", "our", "his", "her", "their", "your":
			// Not a sentence of the phrase and the name alone ("My
			// brother, Ross."): one presented, there to answer.
			return k > 0
		}
		if !toks[k].word {
			return false
		}
	}
	return false
}

// vocativeKin reads a kinship word called out as a name ("Mom!", "Hi,
// Dad."): the one spoken to is the speaker's relative.
func (x *extraction) vocativeKin(utts []utterance) {
	for k, u := range utts {
		to := spokenTo(utts, k)
		if to == "" {
			continue
		}
		for si, s := range splitSentences(u.text) {
			for i, t := range s.toks {
				rel, ok := vocativeKinship[t.lower]
				if !ok {
					continue
				}
				m := mention{start: i, end: i + 1, name: t.text}
				if !vocative(s.toks, m, si) {
					continue
				}
				x.reg.add(to, kindPerson, strSure, true)
				x.facts = append(x.facts, fact{src: to, dst: u.speaker, rel: rel, tmpl: "{s} is {o}'s " + t.lower,
					subs: map[string]string{"{s}": to, "{o}": u.speaker}, valid: x.ref})
			}
		}
	}
}

// quotedCall reports whether a mention in quotation marks has the shape
// of a call: it opens the quote or a letter ("\"Dear Gunnar"), or a
// comma or an exclamation follows it.
func quotedCall(toks []token, m mention) bool {
	before := lowerAt(toks, m.start-1)
	if w := strings.ToLower(strings.Fields(m.name)[0]); w == "dear" {
		return true
	}
	switch lowerAt(toks, m.end) {
	case ",", "!", "?":
		return true
	}
	return before == `"` || before == "dear"
}

// modifiedName reports whether mention m modifies a noun after an
// article and an adjective ("a new Broadway show", "an Amish barn"): a
// thing's kind, no voice's name.
func modifiedName(toks []token, m mention) bool {
	if m.end >= len(toks) || !toks[m.end].word || toks[m.end].cap {
		return false
	}
	i := m.start - 1
	if i >= 0 && nlp.IsAdjective(toks[i].lower) && !nlp.IsNoun(toks[i].lower) {
		i--
	}
	if i < 0 {
		return false
	}
	switch toks[i].lower {
	case "a", "an":
		return nlp.IsNoun(toks[m.end].lower)
	}
	return false
}

// predicateAdjective reports whether a one-word mention after "I'm" is
// an adjective and no given name ("I'm Irish", "I'm Catholic").
func predicateAdjective(toks []token, m mention) bool {
	w := strings.ToLower(m.name)
	return m.end-m.start == 1 && nlp.IsAdjective(w) && !firstNames.has(w) && !nlp.IsGivenName(w)
}

// attentionVerbs open a turn's call to someone ("See Joe, we want…",
// "Wait Tove, …"): the name is what follows.
var attentionVerbs = words("see wait look listen")

// asksWho reports whether the turn before turn k, another voice's, asks
// who someone is ("Who's the father?", "So who is it?"), not who the one
// asked is ("Who are you?") nor, alone, for a name said again ("Who?").
func asksWho(utts []utterance, k int) bool {
	for i := k - 1; i >= 0; i-- {
		if utts[i].speaker == utts[k].speaker || utts[i].speaker == "" {
			continue
		}
		ss := splitSentences(utts[i].text)
		if len(ss) == 0 || !ss[len(ss)-1].question {
			return false
		}
		who, words := false, 0
		for _, t := range ss[len(ss)-1].toks {
			if t.word {
				words++
			}
			switch t.lower {
			case "who", "whose", "whom":
				who = true
			case "you", "your", "yours":
				return false
			}
		}
		// "Who?" alone asks for the name said again.
		return who && words > 1
	}
	return false
}

// firstWord returns the index of the first word of toks past openers
// and interjections ("Oh, Bobby…"), or len(toks).
func firstWord(toks []token) int {
	i := 0
	for i < len(toks) && (!toks[i].word || vocativeOpeners.has(toks[i].lower) || interjections.has(toks[i].lower)) {
		i++
	}
	return i
}

// objectOfVerb reports whether mention m follows a verb right after the
// sentence's openers, as its object ("Remember Twinkles?", "Ask Tove"),
// where no call stands.
func objectOfVerb(toks []token, m mention) bool {
	i := firstWord(toks)
	if m.start != i+1 || m.end < len(toks) && toks[m.end].text == "," {
		return false
	}
	w := toks[i].lower
	return nlp.IsVerb(w) && !nlp.IsNoun(w) && !nlp.IsAdjective(w)
}

// weekdayShort are the short forms of the days of the week.
var weekdayShort = words("mon tue tues wed thu thur thurs fri sat sun")

// weekdayCall reports whether a day's short form opens a sentence as a
// call ("Mon, can I talk to you?", "Mon! I'm so happy for you!"): a
// pet form of a name, as a date never stands alone before an
// exclamation or before a comma and a clause.
func weekdayCall(toks []token, m mention) bool {
	if m.end-m.start != 1 || !weekdayShort.has(toks[m.start].lower) || m.start != firstWord(toks) || m.end >= len(toks) {
		return false
	}
	switch toks[m.end].text {
	case "!":
		return true
	case ",":
		next := lowerAt(toks, m.end+1)
		return next != "" && wordAt(toks, m.end+1) && !weekdayShort.has(next) && weekdays[next] == 0 && next != "sunday" && months[next] == 0 && !strings.ContainsAny(next, "0123456789")
	}
	return false
}

// knowWhat are the words before a "what" that opens a turn as "listen"
// does ("Y'know what Rach, …", "Guess what Tove!").
var knowWhat = words("y'know know guess")

// whWords open a question of a thing, a place, a way or a reason.
var whWords = words("what where how why when")

// noPersonAfter are verbs and particles after "you" that take no
// person for an object, so a name after them calls ("What do you think
// Pheebs?", "How are you doing Tove?").
var noPersonAfter = words("think mean reckon doing going up")

// dayInList reports whether a day's short form stands beside another day
// ("Fri, Sat and Sun suit me"): days, no names.
func dayInList(toks []token, m mention) bool {
	if m.end-m.start != 1 || !weekdayShort.has(toks[m.start].lower) {
		return false
	}
	for k := m.start - 3; k <= m.end+2; k++ {
		if k == m.start || k < 0 || k >= len(toks) {
			continue
		}
		_, day := weekdays[toks[k].lower]
		if weekdayShort.has(toks[k].lower) || day {
			return true
		}
	}
	return false
}

// ownsNext reports whether mention m owns the word after it ("Rachel's").
func ownsNext(toks []token, m mention) bool {
	return lowerAt(toks, m.end) == "'s"
}

// greetsBack reports whether turn k opens with a greeting that answers
// the greeting opening another voice's turn right before it.
func greetsBack(utts []utterance, k int) bool {
	if k == 0 || utts[k-1].speaker == utts[k].speaker || utts[k-1].speaker == "" {
		return false
	}
	before := firstSentence(utts[k-1].text)
	return opensWithGreeting(firstSentence(utts[k].text)) && opensWithGreeting(before) && greetsByName(before)
}

// firstSentence returns the tokens of a turn's first sentence.
func firstSentence(text string) []token {
	if ss := splitSentences(text); len(ss) > 0 {
		return ss[0].toks
	}
	return nil
}

// greetsByName reports whether a first sentence names someone after its
// greeting ("Hey, Sophie!"), not a group ("Hey guys!").
func greetsByName(toks []token) bool {
	for i, t := range toks {
		if i > 0 && t.word && t.cap && t.lower != "i" {
			return true
		}
	}
	return false
}

// opensWithGreeting reports whether a first sentence's first word greets.
func opensWithGreeting(toks []token) bool {
	for _, t := range toks {
		if t.word {
			switch t.lower {
			case "hi", "hey", "hello", "hiya", "morning", "evening":
				return true
			}
			return false
		}
	}
	return false
}

// nameThenFullName returns the first name of a turn that opens by giving one's
// name and then the full name ("Chandler, Chandler Bing."), in lower
// case, or "".
func nameThenFullName(toks []token) string {
	i := firstWord(toks)
	if i+3 >= len(toks) || !toks[i].cap || toks[i+1].text != "," || toks[i+2].lower != toks[i].lower || !toks[i+3].cap || !toks[i+3].word || toks[i+3].lower == toks[i].lower {
		return ""
	}
	j := i + 4
	if j < len(toks) && toks[j].word && toks[j].cap {
		j++
	}
	if j < len(toks) && !strings.Contains(".!?", toks[j].text) {
		return ""
	}
	return toks[i].lower
}
