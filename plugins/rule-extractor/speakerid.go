package main

import (
	"sort"
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// Speaker identification. A transcript as speech-to-text writes it labels
// voices, not people ("Speaker 2", "SPEAKER_00"); the conversation names
// them. A speaker who says "I'm Tom Gordon" is Tom Gordon; one who is
// told "you're Ulrik Dahl" or called by name ("Thanks, Agnes!") is
// the one spoken to, most often the next to speak, else the one who spoke
// just before; and a speaker who speaks of someone in the third person,
// or calls them by name, is not them. Each label gets at most one name
// and each name at most one label, strongest evidence first.

// Evidence weights: a name called out or told outweighs any number of
// mentions in the turns around.
const (
	selfNamed    = 20 // "I'm Tom Gordon", "my name is Tom"
	toldYouAre   = 12 // "you're Ulrik Dahl", said to the speaker before
	calledNext   = 8  // a name called out; the next speaker answers
	calledBefore = 4  // a name called out to the one who just spoke
	spokenNear   = 1  // a name said in a turn right before or after
	minEvidence  = 1
	// secondName is the evidence a voice's second name needs.
	secondName = 2
)

// secondPerson are the words of "you".
var secondPerson = words("you your yours yourself")

// voicelessPreps stand before the name of a place or an organisation,
// which names no voice.
var voicelessPreps = words("at in from into near inside outside")

// greetings call the name that follows them.
var greetings = words("hey hi hello bye goodbye thanks")

// vocativeOpeners may stand before a name called out at a turn's start.
var vocativeOpeners = words("hey hi hello oh ok okay alright sure right thanks thank you yes yeah no well bye goodbye come on look listen sorry please wow so and morning night good")

// identifySpeakers maps the generic labels of utts to the names the
// conversation gives them, in x.identities.
func (x *extraction) identifySpeakers(utts []utterance) {
	generic := map[string]bool{}
	for _, u := range utts {
		if u.speaker != "" && genericSpeaker(u.speaker) && u.role != roleAssistant {
			generic[u.speaker] = true
		}
	}
	if len(generic) == 0 {
		return
	}
	score := map[string]map[string]int{}
	not := map[string]map[string]bool{}
	add := func(s, name string, w int) {
		if s == "" || !generic[s] {
			return
		}
		if score[s] == nil {
			score[s] = map[string]int{}
		}
		score[s][name] += w
	}
	deny := func(s, name string) {
		if not[s] == nil {
			not[s] = map[string]bool{}
		}
		not[s][name] = true
	}
	type call struct {
		turn          int
		caller, first string
		// thanks is set for a name thanked ("Thank you, Phoebe"):
		// thanks answer what the one before said or did; so does a
		// greeting answering one ("Hey, Sophie!" "Hey, Rach!").
		thanks bool
	}
	var calls []call
	// tell is "you're Ulrik Dahl", said to the voice before, else to the
	// next.
	type tell struct{ to, alt, first string }
	var told []tell
	full := map[string]string{} // a name's first word → its longest form
	inner := innerNames(utts)
	things := thingWords(utts)
	for k, u := range utts {
		if u.speaker == "" || u.role == roleAssistant || u.role == roleSystem {
			continue
		}
		prev, next := "", ""
		for i := k - 1; i >= 0; i-- {
			if utts[i].speaker != u.speaker && utts[i].speaker != "" {
				prev = utts[i].speaker
				break
			}
		}
		for i := k + 1; i < len(utts); i++ {
			if utts[i].speaker != u.speaker && utts[i].speaker != "" {
				next = utts[i].speaker
				break
			}
		}
		quoted, selfSaid := false, ""
		for si, s := range splitSentences(u.text) {
			// Which words stand in quotation marks.
			inQuote := make([]bool, len(s.toks))
			for i, t := range s.toks {
				if t.text == `"` {
					quoted = !quoted
				}
				inQuote[i] = quoted
			}
			// A name said beside "you" is someone else than the one
			// spoken to, unless it calls them ("you dated Albert",
			// "you're Ann's father").
			saysYou := false
			for _, t := range s.toks {
				if secondPerson.has(t.lower) {
					saysYou = true
				}
			}
			if first := nameThenFullName(s.toks); si == 0 && first != "" {
				add(u.speaker, first, selfNamed)
				selfSaid = first
			}
			blocked := make([]bool, len(s.toks))
			for _, m := range findMentions(s.toks, blocked) {
				m = stripOpeners(s.toks, m)
				if m.start == m.end || !(m.kind == kindPerson || m.kind == kindNone) || genericSpeaker(m.name) || !nameLike(m, inner) && !weekdayCall(s.toks, m) || dayInList(s.toks, m) {
					continue
				}
				if m.kind == kindNone && things[strings.ToLower(m.name)] {
					// "Rovers" after "Kelderwick Rovers": a word of a
					// club's or a place's name, not a voice's.
					continue
				}
				// "Wha?", "Noooo!": a sound said alone is no name.
				if alone(s.toks, m) && !knownName(m, inner) && sound(m.name) {
					continue
				}
				before := lowerAt(s.toks, m.start-1)
				before2 := lowerAt(s.toks, m.start-2)
				if voicelessPreps.has(before) || before == "the" || before == "of" && measureNoun(s.toks, m) || modifiedName(s.toks, m) {
					// "I just started at Vantor", "I live in Montauk", "The
					// Wheatsheaf": a place, an organisation or a thing
					// (a name said with an article), no one's name.
					continue
				}
				name := m.name
				first := strings.ToLower(strings.Fields(name)[0])
				if len(name) > len(full[first]) {
					full[first] = name
				}
				if first == selfSaid && !ownsNext(s.toks, m) {
					// "I'm Oyelaran, Oyelaran Adebisi-Clarke", "Hi, it's
					// Rachel. Rachel Green.": the name said again in the
					// turn that gave it, no one called.
					add(u.speaker, first, selfNamed)
					continue
				}
				// "I'm Orvar's roommate" speaks of Orvar.
				owner := lowerAt(s.toks, m.end) == "'s"
				// "you and Agnes": the one spoken to is someone else.
				withYou := lowerAt(s.toks, m.start-1) == "and" && lowerAt(s.toks, m.start-2) == "you" ||
					lowerAt(s.toks, m.end) == "and" && lowerAt(s.toks, m.end+1) == "you"
				switch {
				case withYou:
					deny(u.speaker, first)
					deny(next, first)
					deny(prev, first)
				case owner && saysYou:
					deny(u.speaker, first)
				case owner:
					add(next, first, spokenNear)
					add(prev, first, spokenNear)
					deny(u.speaker, first)
				case before2 == "i" && before == "am" && predicateAdjective(s.toks, m):
					// "I'm Irish": what one is, not who.
					continue
				case before2 == "i" && before == "am" || before2 == "name" && before == "is" && !othersName(s.toks, m.start-2) || (m.start == 2 || m.start > 2 && s.toks[m.start-3].text == ",") && before2 == "this" && before == "is" && !introduces(u.text, s.toks, m) || before2 == "it" && before == "is" && (greeted(s.toks, m.start-2) || lowerAt(s.toks, m.end) == "actually" && m.start == 2):
					add(u.speaker, first, selfNamed)
					if before2 != "this" {
						// "This is Ada" may present her after all.
						selfSaid = first
					}
				case (m.start == 2 || m.start > 2 && s.toks[m.start-3].text == ",") && before2 == "this" && before == "is" && !saysYou:
					// "Dad, this is Ross Geller": one presented is there,
					// and most often answers first.
					add(next, first, calledBefore)
					add(prev, first, spokenNear)
					deny(u.speaker, first)
				case si == 0 && m.start == firstWord(s.toks) && prev != "" && !saysYou && asksWho(utts, k):
					// "Who's the father?" "Bobby Corso, but…": the answer
					// names someone asked about, neither voice.
					deny(u.speaker, first)
					deny(prev, first)
				case si == 0 && (alone(s.toks, m) || before2 == "it" && before == "is") && prev != "" && asksName(utts, k):
					// "What's your name?" "Wenche Aas.": an answer to a
					// question of one's name gives it.
					add(u.speaker, first, selfNamed)
					deny(prev, first)
				case before == "are" && before2 == "you" && (s.question || s.tagged):
					// "You're Tove Berg, aren't you?": the one asked
					// answers.
					add(next, first, toldYouAre)
					add(prev, first, calledBefore)
					deny(u.speaker, first)
				case before == "are" && before2 == "you":
					// Weighed once every self-introduction is known: one
					// who said "I'm Monica Geller" is not the one told
					// "you're Rachel Green".
					told = append(told, tell{prev, next, first})
					deny(u.speaker, first)
				case si == 0 && m.start == 0 && answersPlace(utts, k):
					// "And you're based in London?" "Croydon, yeah.": a
					// place answers, no one is called.
					deny(u.speaker, first)
				case inQuote[m.start] && (vocative(s.toks, m, si) || quotedCall(s.toks, m)):
					// A call inside quotation marks is someone else's
					// ("Listen to what he wrote: \"Dear Rach, …\""): it
					// calls none of the voices talking, and may be said
					// of the one who reads it.
					continue
				case vocative(s.toks, m, si):
					// Weighed once every denial is known: the one who
					// answers a call is the first later voice that does
					// not call the name too ("Hi, Tove!" "Hey, Tove!"
					// greet a third). A name said back to the one who
					// just said it ("I ran into Halvor Brekke."
					// "Halvor Brekke?!") calls no one.
					if !echoes(utts, k, m.name) {
						calls = append(calls, call{k, u.speaker, first, thanksBefore(s.toks, m.start) || si == 0 && greetsBack(utts, k)})
					}
					deny(u.speaker, first)
				case saysYou:
					deny(u.speaker, first)
				case kinNouns.has(before) && before2 == "my" && lowerAt(s.toks, m.start-3) == "is" && lowerAt(s.toks, m.start-4) == "this":
					// "This is my friend Rachel": one presented, who is
					// there, is as "This is Rachel" presents her.
					add(next, first, spokenNear)
					add(prev, first, spokenNear)
					deny(u.speaker, first)
				case kinNouns.has(before) && before2 == "my":
					// "I love my sister Monica": one spoken of as the
					// speaker's relative or friend, not to.
					deny(u.speaker, first)
				case before == "is" && (before2 == "he" || before2 == "she") || objectOfVerb(s.toks, m):
					// "Maybe she's Santa Clause", "Remember Twinkles?":
					// one said to be someone else, or the object of a
					// verb, is spoken of.
					deny(u.speaker, first)
				case thirdSubject(s.toks, m):
					// "Orvar is seeing someone": a name that is the
					// subject of a verb in the third person is someone
					// spoken of, not to.
					deny(u.speaker, first)
				default:
					add(next, first, spokenNear)
					add(prev, first, spokenNear)
					deny(u.speaker, first)
				}
			}
		}
	}
	for _, t := range told {
		to, alt := t.to, t.alt
		if selfNamedOther(score[to], t.first) && alt != "" {
			to, alt = alt, ""
		}
		add(to, t.first, toldYouAre)
		add(alt, t.first, calledBefore)
	}
	for _, c := range calls {
		after, before := calledNext, calledBefore
		if c.thanks {
			after, before = before, after
		}
		add(answerer(utts, c.turn, c.caller, 1, not, c.first), c.first, after)
		add(answerer(utts, c.turn, c.caller, -1, not, c.first), c.first, before)
	}
	x.vocativeKin(utts)
	// A short form of a one-word name ("Rach", "Mon") is that name: its
	// evidence and denials go to the full name, and it stays an alias.
	nick := nicknames(full)
	toFullNames(score, not, nick)
	type cand = voiceName
	var cs []cand
	surnames := surnamesOf(full)
	for s, m := range score {
		for n, w := range m {
			if w >= minEvidence && !not[s][n] && !surnameOfOther(n, m, surnames) {
				cs = append(cs, cand{label: s, name: n, full: full[n], w: w})
			}
		}
	}
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].w != cs[j].w {
			return cs[i].w > cs[j].w
		}
		if cs[i].label != cs[j].label {
			return cs[i].label < cs[j].label
		}
		return cs[i].name < cs[j].name
	})
	x.voiceNames = cs
	// A name's best label: a name whose best label another name took
	// does not fall back to a label it has less evidence for; it may
	// be that voice's second name (below).
	best := map[string]int{}
	for _, c := range cs {
		best[c.name] = max(best[c.name], c.w)
	}
	usedLabel, usedName := map[string]bool{}, map[string]bool{}
	for _, c := range cs {
		if usedLabel[c.label] || usedName[c.name] || c.w < best[c.name] {
			continue
		}
		usedLabel[c.label], usedName[c.name] = true, true
		if x.identities == nil {
			x.identities = map[string]string{}
		}
		name := full[c.name]
		x.reg.add(name, kindPerson, strSure, true)
		x.identities[x.reg.key(c.label)] = name
		for short, long := range nick {
			if long == c.name {
				x.reg.add(full[short], kindPerson, strSure, true)
				x.identities[x.reg.key(full[short])] = name
			}
		}
	}
	// A voice called by a second name as strongly ("Lindqvist!" twice
	// to the one called Jonas) has both: the second is an alias.
	for _, c := range cs {
		if usedName[c.name] || c.w < secondName {
			continue
		}
		first, ok := x.identities[x.reg.key(c.label)]
		if !ok || twoGivenNames(first, full[c.name]) {
			continue
		}
		usedName[c.name] = true
		x.reg.add(full[c.name], kindPerson, strSure, true)
		x.identities[x.reg.key(full[c.name])] = first
		x.secondNames = append(x.secondNames, x.reg.key(full[c.name]))
	}
}

// twoGivenNames reports whether a and b are one word each and both given
// names or the start of one ("Ross" and "Rach"): two people's first
// names, not a first name and a surname of one.
func twoGivenNames(a, b string) bool {
	return !strings.Contains(a, " ") && !strings.Contains(b, " ") &&
		nlp.BeginsGivenName(strings.ToLower(a)) && nlp.BeginsGivenName(strings.ToLower(b))
}

// thanksBefore reports whether the words before toks[i] thank: "Thank
// you, Phoebe", "Oh, thanks Joey". Thanks answer the turn before, so the
// one thanked most often spoke last (in DialogRE's train split, a name
// after thanks is the previous voice's about three times as often as the
// next one's).
func thanksBefore(toks []token, i int) bool {
	for k := 0; k < i; k++ {
		if l := toks[k].lower; l == "thanks" || l == "thank" && lowerAt(toks, k+1) == "you" {
			return true
		}
	}
	return false
}

// nicknames maps the first word of a one-word name that begins another,
// longer name of the conversation ("rach" of "rachel", three letters at
// least) to that name's first word, when only one name begins with it.
func nicknames(full map[string]string) map[string]string {
	out := map[string]string{}
	for short, name := range full {
		if len([]rune(short)) < 3 || strings.Contains(name, " ") {
			continue
		}
		long, n := "", 0
		for other := range full {
			if other != short && (strings.HasPrefix(other, short) || petForm(short, other) || other < short && samePet(short, other)) {
				long, n = other, n+1
			}
		}
		if n == 1 {
			out[short] = long
		}
	}
	return out
}

// petForm reports whether short is a pet form of the name long that does
// not begin it: spoken the same way with other vowels and a pet ending
// ("Pheebs" of "phoebe", "Channie" of "chandler"), or drawn out
// ("Rrrooossss" of "ross"). The two begin with the same two letters, and
// the pet form's consonants, three at least, begin the name's.
func petForm(short, long string) bool {
	if squeeze(short, 1) == squeeze(long, 1) {
		return len(long) >= 3 && len(short) > len(long)
	}
	if len(short) < 4 || len(long) < 4 || short[:2] != long[:2] {
		return false
	}
	stem, ok := petStem(short)
	if !ok {
		return false
	}
	sk := consonants(stem)
	if len(sk) < 3 || !strings.HasPrefix(consonants(long), sk) {
		return false
	}
	// "Charlie" and "Charles" are each the other's pet form: neither is.
	if stem, ok := petStem(long); ok && strings.HasPrefix(consonants(short), consonants(stem)) {
		return false
	}
	return true
}

// samePet reports whether a and b are one pet form spelt two ways, the
// name they come from unsaid: "Pheebs" and "Phoebs" share their first
// two letters, their pet ending and three consonants at least, and
// differ in their vowels only.
func samePet(a, b string) bool {
	if len(a) < 4 || len(b) < 4 || a[:2] != b[:2] || a[len(a)-1] != b[len(b)-1] {
		return false
	}
	sa, okA := petStem(a)
	sb, okB := petStem(b)
	return okA && okB && len(consonants(sa)) >= 3 && consonants(sa) == consonants(sb)
}

// petStem returns w without a pet ending ("-s", "-ie", "-y"), and whether
// it had one.
func petStem(w string) (string, bool) {
	for _, end := range []string{"sie", "ie", "s", "y"} {
		if stem, ok := strings.CutSuffix(w, end); ok && len(stem) >= 3 {
			return stem, true
		}
	}
	return w, false
}

// consonants returns w's first letter and the consonants after it, each
// run written once ("phoebe" → "phb").
func consonants(w string) string {
	var b strings.Builder
	for i, r := range squeeze(w, 1) {
		if i == 0 || !strings.ContainsRune("aeiouy", r) {
			b.WriteRune(r)
		}
	}
	return squeeze(b.String(), 1)
}

// stripOpeners drops the interjections and openers a mention begins with
// ("Umm Aggie", "Hey Jonas"): the name is what follows them.
func stripOpeners(toks []token, m mention) mention {
	for m.start < m.end-1 && (interjections.has(toks[m.start].lower) || vocativeOpeners.has(toks[m.start].lower) || m.start == 0 && attentionVerbs.has(toks[m.start].lower)) {
		m.start++
	}
	if m.start < m.end && m.start > 0 && (interjections.has(toks[m.start].lower) || vocativeOpeners.has(toks[m.start].lower)) {
		m.start = m.end
	}
	m.name = joinTokens(toks[m.start:m.end])
	return m
}

// innerNames are the one-word names a conversation writes with a capital
// where no sentence starts: names, not interjections ("Fine", "Huh").
func innerNames(utts []utterance) map[string]bool {
	out := map[string]bool{}
	var opening []string
	for _, u := range utts {
		for _, s := range splitSentences(u.text) {
			for i, t := range s.toks {
				switch {
				case i > 0 && t.cap && t.word && (s.toks[i-1].word || afterOpener(s.toks, i)):
					out[t.text] = true
				case t.cap && t.word && !t.acro:
					opening = append(opening, t.text)
				}
			}
		}
	}
	// A short form of a name the talk knows ("Mon" of Monica, "Rach" of
	// Rachel) is a name too, wherever it is said: the first three
	// letters or more of one name said inside a sentence or known as a
	// first name, and of no other.
	known := map[string]bool{}
	for w := range out {
		known[strings.ToLower(w)] = true
	}
	for _, w := range opening {
		if l := strings.ToLower(w); firstNames.has(l) || len(l) >= 4 && unknownWord(l) {
			known[l] = true
		}
	}
	for _, w := range opening {
		lw := strings.ToLower(w)
		if out[w] || len([]rune(lw)) < 3 || known[lw] {
			continue
		}
		n := 0
		for k := range known {
			if len(k) > len(lw) && strings.HasPrefix(k, lw) {
				n++
			}
		}
		if n == 1 {
			out[w] = true
		}
	}
	return out
}

// selfNamedOther reports whether a voice's evidence holds a name other
// than first as strong as a self-introduction.
func selfNamedOther(names map[string]int, first string) bool {
	for n, w := range names {
		if n != first && w >= selfNamed {
			return true
		}
	}
	return false
}

// echoes reports whether the turn before turn k, another voice's, said
// name: a name said alone right after it is said back, not called.
func echoes(utts []utterance, k int, name string) bool {
	for i := k - 1; i >= 0; i-- {
		if utts[i].speaker == utts[k].speaker || utts[i].speaker == "" {
			continue
		}
		if strings.Contains(" "+utts[i].text+" ", " "+name+" ") || strings.Contains(" "+utts[i].text+" ", " "+name+".") {
			return true
		}
		// "You're my hero!" "Hero, I don't know": a word said back, its
		// capital the sentence's.
		return !strings.Contains(name, " ") && containsWord(utts[i].text, strings.ToLower(name))
	}
	return false
}

// surnamesOf maps the last word of each full name of the conversation
// (full maps a first word to its longest form) to the first words of the
// names it ends.
func surnamesOf(full map[string]string) map[string][]string {
	out := map[string][]string{}
	for _, long := range full {
		if f := strings.Fields(strings.ToLower(long)); len(f) > 1 {
			out[f[len(f)-1]] = append(out[f[len(f)-1]], f[0])
		}
	}
	return out
}

// surnameOfOther reports whether a one-word name is the last word of
// another person's full name in the conversation ("Brekke" after "Halvor
// Brekke") whose first name the voice is not called by (a name said near
// it is no call): that person's name, not the voice's.
func surnameOfOther(name string, voice map[string]int, surnames map[string][]string) bool {
	for _, first := range surnames[name] {
		if first != name && voice[first] < calledBefore {
			return true
		}
	}
	return false
}

// barelyAsksName reports whether a turn asks for a name without saying
// whose ("Name?", "And the name?", "Name, please?"), as a receptionist
// asks the one at the desk.
func barelyAsksName(text string) bool {
	for _, s := range splitSentences(text) {
		if s.question && onlyName(s.toks) {
			return true
		}
	}
	return false
}

// onlyName reports whether the words of a sentence are "name" and at
// most openers, "and", "the" and "please".
func onlyName(toks []token) bool {
	named := false
	for _, t := range toks {
		switch {
		case !t.word || t.lower == "and" || t.lower == "the" || t.lower == "please" || vocativeOpeners.has(t.lower):
		case t.lower == "name":
			named = true
		default:
			return false
		}
	}
	return named
}

// afterOpener reports whether toks[i] follows an opener or an
// interjection and its comma ("Oh, Phoebe", "Hey, Tove"): not a
// sentence's start, where any word has its capital.
func afterOpener(toks []token, i int) bool {
	return i >= 2 && toks[i-1].text == "," && (vocativeOpeners.has(toks[i-2].lower) || interjections.has(toks[i-2].lower))
}

// unknownWord reports whether no dictionary knows w as a word: not a
// noun, a verb or an adjective, nor a function word or a sound.
func unknownWord(w string) bool {
	return !nlp.IsNoun(w) && !nlp.IsVerb(w) && !nlp.IsAdjective(w) && !capStop.has(w) && !interjections.has(w) && !sentenceStarters.has(w)
}

// thingWords are the words of the conversation's names of two words or
// more that are organisations or places by their shape.
func thingWords(utts []utterance) map[string]bool {
	out := map[string]bool{}
	for _, u := range utts {
		for _, s := range splitSentences(u.text) {
			blocked := make([]bool, len(s.toks))
			for _, m := range findMentions(s.toks, blocked) {
				if m.kind != kindOrg && m.kind != kindLocation || m.end-m.start < 2 {
					continue
				}
				for _, t := range s.toks[m.start:m.end] {
					out[t.lower] = true
				}
			}
		}
	}
	return out
}

// nameLike reports whether a mention may name a person: a known first
// name, a full name, a word also written with a capital inside a
// sentence; not a word with an apostrophe or a repeated stammer.
func nameLike(m mention, inner map[string]bool) bool {
	if strings.ContainsAny(m.name, "'.") && !strings.Contains(m.name, " ") || strings.Count(m.name, "-") > 0 && !strings.Contains(m.name, " ") {
		return false
	}
	f := strings.Fields(m.name)
	w := strings.ToLower(f[0])
	if firstNames.has(w) {
		return true
	}
	// Not a name: an interjection ("God", "Uh"), a word of two letters, an
	// adverb in -ly ("Totally"), or, before another word, a verb or an
	// adjective ("Go Bobcats", "Big Daddy").
	if interjections.has(w) || interjections.has(squeeze(w, 1)) || interjections.has(squeeze(w, 2)) || indefinites.has(w) ||
		len([]rune(w)) < 3 || strings.HasSuffix(w, "ly") && nlp.IsAdjective(strings.TrimSuffix(w, "ly")) {
		return false
	}
	// A drawn-out opener ("Noo, more like…", "Sooo") and an adverb said
	// as a reply ("Likewise.") are no one's name.
	if squeeze(w, 1) != w && vocativeOpeners.has(squeeze(w, 1)) || replyAdverbs.has(w) {
		return false
	}
	if len(f) > 1 && (nlp.IsVerb(w) || nlp.IsAdjective(w)) && !nlp.IsNoun(w) {
		return false
	}
	if len(f) > 1 {
		// A compound the dictionary knows as something other than a
		// person ("World War", "Spelling Bee", "Cub Scouts") is no name.
		lower := strings.ToLower(m.name)
		if lex, _, ok := nlp.Noun(lower); ok && lex != nlp.NounPerson {
			return false
		}
		if lex, _, ok := nlp.Noun(nlp.Lemma(lower, "NNS")); ok && lex != nlp.NounPerson {
			return false
		}
	}
	if m.kind == kindPerson || len(f) > 1 && personLike(m.name) {
		return true
	}
	if len(f) > 1 {
		return false
	}
	if inner[m.name] {
		return true
	}
	// A word only ever written at a sentence's start is a name when no
	// dictionary knows it, or an inflection of it, as anything but a
	// person ("Feels", "Depending" are verbs).
	if nlp.IsVerb(w) || nlp.IsAdjective(w) || nlp.IsVerb(nlp.Lemma(w, "VBZ")) || nlp.IsVerb(nlp.Lemma(w, "VBG")) || nlp.IsVerb(nlp.Lemma(w, "VBD")) {
		return false
	}
	if l := nlp.Lemma(w, "NNS"); l != w && !nlp.IsGivenName(w) && !nlp.IsGivenName(l) && !firstNames.has(l) {
		// A plural the dictionary knows as a thing ("Thousands of
		// times!") is the word.
		if lex, _, ok := nlp.Noun(l); ok && lex != nlp.NounPerson {
			return false
		}
	}
	if lex, _, ok := nlp.Noun(w); ok && lex != nlp.NounPerson {
		// A given name that is also a concrete thing's, a bird's or a
		// plant's ("Robin, stop", "Phoebe!", "Brandy?") is the name; one
		// that is a place, a time, a quality or a feeling ("Austin",
		// "June", "Patience", "Joy") may be the word.
		return nlp.IsGivenName(w) && thingNameLex[lex]
	}
	return true
}

// replyAdverbs are adverbs not in -ly said alone as a reply or to open
// one.
var replyAdverbs = words("likewise indeed anyway anyhow otherwise meanwhile besides however nevertheless nonetheless therefore regardless whatever almost perhaps maybe")

// thingNameLex are the lexicographer files of WordNet's concrete nouns.
var thingNameLex = map[nlp.LexFile]bool{nlp.NounAnimal: true, nlp.NounArtifact: true, nlp.NounBody: true, nlp.NounFood: true,
	nlp.NounObject: true, nlp.NounPlant: true, nlp.NounQuantity: true, nlp.NounSubstance: true}

// alone reports whether mention m is the only word of its sentence.
func alone(toks []token, m mention) bool {
	for i, t := range toks {
		if t.word && (i < m.start || i >= m.end) {
			return false
		}
	}
	return true
}

// knownName reports whether a mention is a name on evidence beyond its
// being written with a capital where a sentence starts: a known first
// name, a full name, or a word also capitalized inside a sentence.
func knownName(m mention, inner map[string]bool) bool {
	f := strings.Fields(m.name)
	return len(f) > 1 || m.kind == kindPerson || firstNames.has(strings.ToLower(f[0])) || inner[m.name]
}

// measureNoun reports whether the name m follows a noun of a measure, a
// container or a food and "of" ("a box of", "a couple of", "a bowl
// of"): the name is a product's, unless it is a given name or owns the
// noun after it ("one of Ross's friends").
func measureNoun(toks []token, m mention) bool {
	i := m.start - 2
	if i < 0 || !toks[i].word || toks[i].cap || toks[i].lower == "one" || lowerAt(toks, m.end) == "'s" {
		return false
	}
	if w := strings.ToLower(toks[m.start].text); firstNames.has(w) || nlp.IsGivenName(w) {
		return false
	}
	lex, _, ok := nlp.Noun(nlp.Lemma(toks[i].lower, "NNS"))
	return ok && (lex == nlp.NounQuantity || lex == nlp.NounArtifact || lex == nlp.NounFood || lex == nlp.NounSubstance)
}

// sound reports whether a one-word name is a sound of speech: an
// interjection, drawn out or not ("Nooo", "Phew"), or a word with a
// letter written three times over ("Bzzzz").
func sound(name string) bool {
	w := strings.ToLower(name)
	return interjections.has(w) || interjections.has(squeeze(w, 1)) || interjections.has(squeeze(w, 2)) ||
		vocativeOpeners.has(squeeze(w, 1)) || squeeze(w, 2) != w
}

// greeted reports whether a greeting opens the sentence before toks[i]
// ("Hi Jonas, it's Ella Sand": a caller says who calls).
func greeted(toks []token, i int) bool {
	for k := 0; k < i; k++ {
		switch toks[k].lower {
		case "hi", "hey", "hello":
			return true
		}
	}
	return false
}

// introduces reports whether "This is Ada" presents someone to the one
// spoken to rather than says who speaks, as on the telephone: the turn
// asks to meet or introduces ("You must meet my cousins. This is Ada."), or
// a tie follows the name ("This is Ada, my sister").
func introduces(text string, toks []token, m mention) bool {
	if containsWord(text, "meet", "Meet", "introduce", "Introduce") {
		return true
	}
	// "Dad, this is Ross Geller": said to someone called first, the name
	// is presented to them; "Hi, this is Ada" is a caller's.
	if w := toks[max(m.start-4, 0)]; m.start > 3 && toks[m.start-3].text == "," && w.word && (w.cap || vocativeKinship[w.lower] != "") && !greetings.has(w.lower) && !vocativeOpeners.has(w.lower) && !interjections.has(w.lower) {
		return true
	}
	if lowerAt(toks, m.end) == "," {
		switch lowerAt(toks, m.end+1) {
		case "my", "our", "your", "his", "her", "their":
			return true
		}
	}
	return false
}

// answersPlace reports whether turn k answers another voice's question
// of a place: one with "where", or a name after "in", "from" or "at".
func answersPlace(utts []utterance, k int) bool {
	for i := k - 1; i >= 0; i-- {
		if utts[i].speaker == utts[k].speaker || utts[i].speaker == "" {
			continue
		}
		t := strings.TrimSpace(utts[i].text)
		if !strings.HasSuffix(t, "?") {
			return false
		}
		ws := strings.Fields(t[strings.LastIndexAny(t[:len(t)-1], ".!?")+1:])
		for j, w := range ws {
			switch strings.ToLower(w) {
			case "where":
				return true
			case "in", "from", "at":
				if j+1 < len(ws) && capitalized(ws[j+1]) {
					return true
				}
			}
		}
		return false
	}
	return false
}

// asksName reports whether the turn before turn k, another voice's, asks
// for a name: a question with "your name" or "who are you".
func asksName(utts []utterance, k int) bool {
	for i := k - 1; i >= 0; i-- {
		if utts[i].speaker == utts[k].speaker || utts[i].speaker == "" {
			continue
		}
		t := strings.ToLower(utts[i].text)
		return strings.Contains(t, "?") && (strings.Contains(t, "your name") || strings.Contains(t, "who are you") || barelyAsksName(utts[i].text))
	}
	return false
}

// squeeze returns w with each run of a repeated letter cut to at most n
// ("Ohhhh" is "oh" or "ohh", "Hellooo" "hello").
func squeeze(w string, n int) string {
	var b strings.Builder
	var last rune
	run := 0
	for _, r := range w {
		if r == last {
			run++
		} else {
			last, run = r, 1
		}
		if run <= n {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// indefinites are the pronouns that name nobody in particular.
var indefinites = words("everybody everyone everything nobody nothing nothin somethin somebody someone something anybody anyone anything")

// interjections are the sounds of speech written with a capital at a
// turn's start.
var interjections = words("boy nah naw y'know ya'know c'mon humm wha whoo woohoo phew duh oof argh arghh damn dammit damnit amen gesundheit uhm umh oh ooh ohh ah pst psst shh hiya enh heh wanna gonna gotta gotcha dunno lemme kinda sorta ahh aah aw aww awww uh uhh um umm hmm mm mmm mhm huh hm eh er wow whoa woah oops whoops yo hey hi hello bye yeah yep yup nope geez gee gosh jeez shh shhh ow oww ouch ugh eww yay yikes ha haha hah okay ok alright alrighty please thanks sorry man dude god")

// vocativeKinship are the kinship words one calls a relative by.
var vocativeKinship = map[string]string{
	"mom": "MOTHER_OF", "mommy": "MOTHER_OF", "mum": "MOTHER_OF", "mother": "MOTHER_OF", "ma": "MOTHER_OF",
	"dad": "FATHER_OF", "daddy": "FATHER_OF", "father": "FATHER_OF", "pa": "FATHER_OF",
	"grandma": "GRANDMOTHER_OF", "granny": "GRANDMOTHER_OF", "grandpa": "GRANDFATHER_OF",
}

// calledIn returns, for each sentence of a turn, the first name it calls
// out ("Tove, you don't see it", "Hey Orvar!"), or "": the one its "you"
// most likely means.
func calledIn(u utterance, inner map[string]bool) []string {
	ss := splitSentences(u.text)
	out := make([]string, len(ss))
	for si, s := range ss {
		blocked := make([]bool, len(s.toks))
		for _, m := range findMentions(s.toks, blocked) {
			m = stripOpeners(s.toks, m)
			if m.start == m.end || !(m.kind == kindPerson || m.kind == kindNone) || genericSpeaker(m.name) || !nameLike(m, inner) {
				continue
			}
			if vocative(s.toks, m, si) && !strings.EqualFold(m.name, u.speaker) {
				out[si] = m.name
				break
			}
		}
	}
	return out
}

// firstCall returns the first name a turn calls out, or "".
func firstCall(calls []string) string {
	for _, name := range calls {
		if name != "" {
			return name
		}
	}
	return ""
}

// answerer returns the first voice after turn k (dir 1) or before it (dir
// -1) that is not the caller and is not denied the name called: the one
// a call is most likely to, once the voices that call the name themselves
// or speak of it are set aside.
func answerer(utts []utterance, k int, caller string, dir int, not map[string]map[string]bool, name string) string {
	for i := k + dir; i >= 0 && i < len(utts); i += dir {
		s := utts[i].speaker
		if s == "" || s == caller || utts[i].role == roleAssistant || utts[i].role == roleSystem {
			continue
		}
		if !not[s][name] {
			return s
		}
	}
	return ""
}

// thirdSubject reports whether mention m is the subject of a verb in the
// third person: a finite form of be, have or do, a modal, or a verb in -s
// or in the past follows it.
func thirdSubject(toks []token, m mention) bool {
	w := lowerAt(toks, m.end)
	switch w {
	case "is", "'s", "was", "has", "had", "does", "did", "will", "would", "can", "could", "should", "might", "must", "doesn't", "didn't", "isn't", "wasn't", "hasn't", "won't", "can't":
		return true
	}
	if w == "" || !toks[m.end].word {
		return false
	}
	if nlp.IsNoun(w) {
		return false
	}
	return nlp.InflectedVerb(w) || strings.HasSuffix(w, "s") && nlp.IsVerb(nlp.Lemma(w, "VBZ"))
}

// othersName reports whether the "name" at toks[i] is someone else's:
// "her name is Celia", "his name's Arvid", "your name is" speak of
// another, where "my name is" and "name's" alone introduce oneself.
func othersName(toks []token, i int) bool {
	switch lowerAt(toks, i-1) {
	case "his", "her", "their", "its", "your", "whose":
		return true
	}
	return lowerAt(toks, i-1) == "'s" || i >= 1 && strings.HasSuffix(toks[i-1].lower, "'s")
}

// appositiveDeterminers open a noun phrase set off after a name.
var appositiveDeterminers = words("a an the my our his her their your")

// appositiveAfter reports whether a comma at toks[i] opens an appositive
// that says who the name before it is, closed by a second comma: "Obinna,
// a cousin of mine, just got into medical school", "Lars, our head of QA,
// leaves us". The name is the sentence's subject, not one called.
func appositiveAfter(toks []token, i int) bool {
	if lowerAt(toks, i) != "," || !appositiveDeterminers.has(lowerAt(toks, i+1)) {
		return false
	}
	person := false
	for k := i + 2; k < len(toks) && k <= i+8; k++ {
		w := toks[k].lower
		if toks[k].text == "," {
			return person && k+1 < len(toks) && toks[k+1].word
		}
		if !toks[k].word {
			return false
		}
		if _, role := roleNouns[w]; role || kinNouns.has(w) || isJobHead(w) {
			person = true
		}
	}
	return false
}

// toFullNames moves each voice's evidence for a short form of a name to
// the name it shortens, and adds a denial of the name to each denial of
// its short form. Each move is one step, into new maps: a key added to
// a map while ranging over it may or may not be visited, and moving in
// place had made a chain of short forms go one step or two by the map's
// order.
func toFullNames(score map[string]map[string]int, not map[string]map[string]bool, nick map[string]string) {
	for s, names := range score {
		moved := map[string]int{}
		for n, w := range names {
			if long, ok := nick[n]; ok {
				n = long
			}
			moved[n] += w
		}
		score[s] = moved
	}
	for s, names := range not {
		moved := map[string]bool{}
		for n := range names {
			moved[n] = true
			if long, ok := nick[n]; ok {
				moved[long] = true
			}
		}
		not[s] = moved
	}
}
