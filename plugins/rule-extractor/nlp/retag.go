package nlp

// Corrections of the tagger's reading of single words, by the words
// around them: quantifiers after their subject, gerunds and their objects,
// prepositions and particles, pronouns and function words, and nouns or
// verbs the tagger took for the other. Parse runs them in order before
// it chunks the sentence.

import (
	"strings"
	"unicode"
)

// retagFloating reads a quantifier that floats after its subject
// ("Ann and Bo both report to Eva", "they all live in Leeds") as the
// adverb it is there, part of the verb group, not the determiner of a
// noun phrase that would swallow the verb. It floats when it follows a
// name, a plural noun or a subject pronoun and comes before a verb, or
// before a word WordNet knows as a verb that is followed by a
// preposition, a determiner or a name.
func (s *Sentence) retagFloating() {
	for i := 1; i+1 < len(s.Tags); i++ {
		if l := s.Lower[i]; s.Tags[i] != "DT" || l != "both" && l != "all" && l != "each" {
			continue
		}
		prev := s.Tags[i-1]
		// "they both", "you all", and "I" joined to another ("Rahel and
		// I both live in …").
		joinedI := s.Lower[i-1] == "i" && i >= 2 && s.Lower[i-2] == "and"
		if !(prev == "NNP" || prev == "NNPS" || prev == "NNS" || prev == "PRP" && (s.Lower[i-1] == "they" || s.Lower[i-1] == "we" || s.Lower[i-1] == "you" || joinedI)) {
			continue
		}
		next := s.Tags[i+1]
		switch {
		case verbTag(next) && next != "VBG" && next != "VBN" || s.Tags[i+1] == "RB":
		case (next == "NN" || next == "NNS") && i+2 < len(s.Tags) && (s.Tags[i+2] == "IN" || s.Tags[i+2] == "TO" || s.Tags[i+2] == "DT" || s.Tags[i+2] == "NNP"):
			v := "VBP"
			if next == "NNS" {
				v = "VBZ"
			}
			if !IsVerb(Lemma(s.Words[i+1], v)) {
				continue
			}
		default:
			continue
		}
		s.Tags[i], s.Lemmas[i] = "RB", s.Lower[i]
	}
}

// retagGerunds reads a word in -ing right after a verb of aspect
// ("started dating", "stopped seeing", "keeps visiting") as the gerund
// that verb chains, which the tagger takes for a noun; so the clause is
// the gerund's, with the aspect that starts or ends it.
func (s *Sentence) retagGerunds() {
	for i := 1; i < len(s.Tags); i++ {
		if t := s.Tags[i]; t != "NN" && t != "JJ" || !strings.HasSuffix(s.Lower[i], "ing") || !verbTag(s.Tags[i-1]) || !aspectuals[s.Lemmas[i-1]] {
			continue
		}
		if l := Lemma(s.Words[i], "VBG"); l != s.Lower[i] && IsVerb(l) {
			s.Tags[i], s.Lemmas[i] = "VBG", l
		}
	}
}

// retagGerundObjects reads a word in -ing right after a verb that
// chains no gerund, and before a preposition or the clause's end, as the
// noun it names ("is studying nursing at Lund", "was teaching swimming
// at the pool"), which the tagger takes for a second verb: WordNet must
// know it as a noun. After "go" ("went shopping") and the verbs of
// aspect it stays a verb.
func (s *Sentence) retagGerundObjects() {
	for i := 1; i < len(s.Tags); i++ {
		if s.Tags[i] != "VBG" || !verbTag(s.Tags[i-1]) || s.Tags[i-1] == "MD" || gerundChainers[s.Lemmas[i-1]] || aspectuals[s.Lemmas[i-1]] || !IsNoun(s.Lower[i]) {
			continue
		}
		if i+1 < len(s.Tags) {
			if t := s.Tags[i+1]; t != "IN" && t != "." && t != "," && t != "CC" && t != ":" {
				continue
			}
		}
		s.Tags[i], s.Lemmas[i] = "NN", s.Lower[i]
	}
}

// gerundChainers take a gerund as a verb of their own: "is going",
// "went shopping", "kept asking", "have been waiting", "likes living
// with Ann", "imagine working at Acme".
var gerundChainers = set("be have get go come keep like love hate enjoy mind imagine consider avoid miss try risk stand prefer fear dread appreciate admit deny suggest recommend remember forget regret mention discuss practise practice delay")

// retagIncluding reads "including" and "incl." after a noun or a comma
// as the preposition they are ("four engineers, including Pavel"), not
// a verb of a clause of their own.
func (s *Sentence) retagIncluding() {
	for i := 1; i+1 < len(s.Tags); i++ {
		if l := s.Lower[i]; (l == "including" || l == "incl." || l == "incl") && (nounTag(s.Tags[i-1]) || s.Words[i-1] == ",") {
			s.Tags[i], s.Lemmas[i] = "IN", "including"
		}
	}
}

// retagSinceAdverb reads "since" between a form of "have" and a
// participle as the adverb it is ("has since joined the Trust"), so the
// verb group holds together.
func (s *Sentence) retagSinceAdverb() {
	for i := 1; i+1 < len(s.Tags); i++ {
		if s.Lower[i] == "since" && s.Lemmas[i-1] == "have" && strings.HasPrefix(s.Tags[i-1], "V") && (s.Tags[i+1] == "VBN" || s.Tags[i+1] == "VBD") {
			s.Tags[i] = "RB"
		}
	}
}

// retagLike reads "like" after a subject pronoun, adverbs between, as the
// verb it is ("I really like Mona", "we still like it"), which the tagger
// takes for the preposition of "looks like".
func (s *Sentence) retagLike() {
	for i := 1; i < len(s.Tags); i++ {
		if s.Lower[i] != "like" || s.Tags[i] != "IN" {
			continue
		}
		j := i - 1
		for j > 0 && s.Tags[j] == "RB" && s.Lower[j] != "not" {
			j--
		}
		if j < i-1 && s.Tags[j] == "PRP" && plainSubjects[s.Lower[j]] {
			s.Tags[i] = "VBP"
		}
	}
}

// retagPastAfterAdverbs reads a word in -ed the tagger took for an
// adjective after a subject and adverbs, before a name, a pronoun or a
// determiner, as the verb in the past it is ("Chandler never really liked
// Janice", "she always hated him").
func (s *Sentence) retagPastAfterAdverbs() {
	for i := 2; i+1 < len(s.Tags); i++ {
		l := Lemma(s.Lower[i], "VBD")
		regular := strings.HasSuffix(s.Lower[i], "ed") && IsVerb(l)
		irregular := l != s.Lower[i] && IsVerb(l) && !IsAdjective(s.Lower[i])
		if s.Tags[i] != "JJ" || !regular && !irregular {
			// A past form: "liked", or "taught" that no dictionary has
			// as an adjective ("broken" is one).
			continue
		}
		j := i - 1
		for j > 0 && s.Tags[j] == "RB" && s.Lower[j] != "not" {
			j--
		}
		// After a subject, or after "and" that joins it to a verb before
		// ("came to England in 1961 and later taught chemistry").
		if j == i-1 || !(s.Tags[j] == "PRP" || s.Tags[j] == "NNP" || s.Tags[j] == "CC" && s.verbBefore(j)) {
			continue
		}
		switch s.Tags[i+1] {
		case "NNP", "PRP", "DT", "PRP$", "NN", "NNS":
			s.Tags[i], s.Lemmas[i] = "VBD", Lemma(s.Lower[i], "VBD")
		}
	}
}

// retagNounBeforeTime reads a word the tagger took for an adjective
// between a determiner and a time ("got a puppy/JJ yesterday/NN",
// "adopted a puppy/JJ last week") as the noun it is, when WordNet has it
// as a noun and not as an adjective; the day words after it are
// adverbs of time, no head of its phrase.
func (s *Sentence) retagNounBeforeTime() {
	for i := 1; i+1 < len(s.Tags); i++ {
		if s.Tags[i] != "JJ" || s.Tags[i-1] != "DT" || !timeWords[s.Lower[i+1]] || IsAdjective(s.Lower[i]) || !IsNoun(s.Lower[i]) {
			continue
		}
		s.Tags[i] = "NN"
		switch s.Lower[i+1] {
		case "yesterday", "today", "tonight", "tomorrow":
			s.Tags[i+1] = "RB"
		}
	}
}

// verbBefore reports whether a finite verb in the past comes before
// word j.
func (s *Sentence) verbBefore(j int) bool {
	for k := j - 1; k >= 0; k-- {
		if s.Tags[k] == "VBD" {
			return true
		}
	}
	return false
}

// plainSubjects take a verb's plain present form.
var plainSubjects = set("i you we they")

// retagUnknownAdverbs read a word the tagger guessed an adverb (plain or
// comparative), right after a verb or its particle and before a
// preposition or the clause's end, as the
// noun it is when the tagger's dictionary does not know it, WordNet has
// it as no verb or adjective, and it has no adverb's "-ly" ("was prescribed atorvastatin/RB after
// his heart attack": a drug's name).
func (s *Sentence) retagUnknownAdverbs() {
	dict := model().dict
	for i := 1; i < len(s.Tags); i++ {
		w := s.Lower[i]
		if t := s.Tags[i]; t != "RB" && t != "RBR" && t != "RBS" || !verbTag(s.Tags[i-1]) && s.Tags[i-1] != "RP" || len(w) < 5 || strings.HasSuffix(w, "ly") || s.Words[i] != w {
			continue
		}
		if i+1 < len(s.Tags) {
			if t := s.Tags[i+1]; t != "IN" && t != "TO" && t != "." && t != "," && t != "CC" && t != ":" {
				continue
			}
		}
		if _, known := dict[s.Words[i]]; known || placeAdverbs[w] || IsVerb(w) || IsAdjective(w) {
			continue
		}
		s.Tags[i] = "NN"
	}
}

// placeAdverbs are adverbs of place and time that WordNet also has as
// nouns ("went home after work").
var placeAdverbs = set("there here then home abroad overseas downtown uptown upstairs downstairs inside outside online offline nowhere somewhere anywhere everywhere elsewhere " +
	"today tonight yesterday tomorrow ago instead together anyway away back forth")

// retagPossessedGerunds read a gerund between a possessive and a noun
// as the noun modifier it is ("your booking reference", "my wedding
// dress"), not a verb of its own.
func (s *Sentence) retagPossessedGerunds() {
	for i := 1; i+1 < len(s.Tags); i++ {
		if s.Tags[i] == "VBG" && (s.Tags[i-1] == "PRP$" || s.gerundModifier(i)) && (s.Tags[i+1] == "NN" || s.Tags[i+1] == "NNS") {
			s.Tags[i] = "NN"
		}
	}
}

// gerundModifier reports whether the gerund at i stands inside a noun
// phrase an article opens, before its noun: "new hiking boots", "a solo
// camping trip", "the cooking class"; not "the man cooking dinner", where
// the noun before it names who does it.
func (s *Sentence) gerundModifier(i int) bool {
	switch s.Tags[i-1] {
	case "DT":
		return true
	case "JJ":
		// ("is busy cooking dinner": a verb after a predicate's
		// adjective.)
		return i < 2 || s.Lemmas[i-2] != "be" && s.Tags[i-2] != "RB"
	case "NN":
		if i < 2 || s.Tags[i-2] != "DT" && s.Tags[i-2] != "PRP$" {
			return false
		}
		lex, _, ok := Noun(s.Lower[i-1])
		return !ok || lex != NounPerson && lex != NounAnimal && lex != NounGroup
	}
	return false
}

// retagPossessedAdjectives read a word tagged an adjective right after a
// possessive, before no noun, adjective or gerund it could modify, as the
// noun it is when WordNet has it as one ("I was her accountant/JJ four
// years ago": nothing follows for an adjective to qualify). After a form
// of "be", "her" is that possessive, not an object.
func (s *Sentence) retagPossessedAdjectives() {
	for i := 1; i < len(s.Tags); i++ {
		her := s.Lower[i-1] == "her" && s.Tags[i-1] == "PRP" && i >= 2 && s.Lemmas[i-2] == "be"
		if s.Tags[i] != "JJ" || s.Tags[i-1] != "PRP$" && !her || !IsNoun(s.Lower[i]) {
			continue
		}
		if i+1 < len(s.Tags) {
			if t := s.Tags[i+1]; strings.HasPrefix(t, "NN") || strings.HasPrefix(t, "JJ") || t == "VBG" {
				continue
			}
		}
		s.Tags[i-1], s.Tags[i] = "PRP$", "NN"
	}
}

// retagHowAdjectives tag a word after "how" that is an adjective, and
// that a subject follows, as the adjective "how" asks or exclaims the
// degree of ("how kind you are", which the tagger reads as a noun).
func (s *Sentence) retagHowAdjectives() {
	for i := 1; i+1 < len(s.Tags); i++ {
		if s.Lower[i-1] != "how" || strings.HasPrefix(s.Tags[i], "JJ") || !IsAdjective(s.Lower[i]) {
			continue
		}
		if t := s.Tags[i+1]; t == "PRP" || t == "NNP" || t == "DT" || t == "PRP$" {
			s.Tags[i] = "JJ"
		}
	}
}

// retagBareAdjectives tag a singular noun with no determiner that ends a
// copula's predicate, and that is also an adjective, as the adjective
// ("you are kind", "she's so kind."), which the tagger reads as a noun.
func (s *Sentence) retagBareAdjectives() {
	for i := 1; i < len(s.Tags); i++ {
		if s.Tags[i] != "NN" || !IsAdjective(s.Lower[i]) {
			continue
		}
		j := i - 1
		for j > 0 && s.Tags[j] == "RB" {
			j--
		}
		if s.Lemmas[j] != "be" || !strings.HasPrefix(s.Tags[j], "VB") {
			continue
		}
		if i+1 == len(s.Tags) || s.Tags[i+1] == "." || s.Words[i+1] == "," {
			s.Tags[i] = "JJ"
		}
	}
}

// retagAgeModifiers tag an age said before a noun ("our 50-year-old
// librarian", "a twenty-year-old daughter") as the adjective it is,
// which the tagger takes for a name, and the noun after it, which it
// may take for an adjective, as a noun.
func (s *Sentence) retagAgeModifiers() {
	for i := range s.Tags {
		if !IsAgeModifier(s.Lower[i]) {
			continue
		}
		s.Tags[i] = "JJ"
		if n := i + 1; n < len(s.Tags) && s.Tags[n] == "JJ" && IsNoun(s.Lower[n]) && (n+1 == len(s.Tags) || !strings.HasPrefix(s.Tags[n+1], "NN") && !strings.HasPrefix(s.Tags[n+1], "JJ")) {
			s.Tags[n] = "NN"
		}
	}
}

// IsAgeModifier reports whether a word is an age said as a modifier:
// "50-year-old", "twenty-year-old", "six-month-old".
func IsAgeModifier(w string) bool {
	n, rest, ok := strings.Cut(w, "-")
	if !ok || n == "" {
		return false
	}
	switch rest {
	case "year-old", "years-old", "month-old", "week-old", "day-old":
	default:
		return false
	}
	if _, ok := SpelledNumber(n); ok || n == "one" {
		return true
	}
	for _, r := range n {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// retagOffOn reads "off" and "on" between an object pronoun or a
// participle and a noun phrase as the preposition they are ("took me
// off lisinopril", "was taken off it", "put her on the waiting list"), which the tagger takes for the particle of
// "laid me off"; a time after them ("laid me off last week") keeps the
// particle.
func (s *Sentence) retagOffOn() {
	for i := 1; i+1 < len(s.Tags); i++ {
		if l := s.Lower[i]; (l != "off" && l != "on") || s.Tags[i] != "RP" || s.Tags[i-1] != "PRP" && s.Tags[i-1] != "VBN" {
			continue
		}
		next := s.Lower[i+1]
		if t := s.Tags[i+1]; !(nounTag(t) || t == "DT" || t == "PRP$") || timeWords[next] {
			continue
		}
		s.Tags[i] = "IN"
	}
}

// timeWords open a time rather than a thing ("last week", "this
// morning", "Monday").
var timeWords = set("last next this that yesterday today tonight tomorrow monday tuesday wednesday thursday friday saturday sunday " +
	"january february march april may june july august september october november december")

// retagAs reads "as" before a noun phrase as the preposition of a role
// ("stepped down as/RB chief scientist"), which the tagger takes for the
// adverb of "as … as" after a particle; a second "as" close behind keeps
// the comparison ("as soon as", "as good a cook as").
func (s *Sentence) retagAs() {
	for i := 1; i+1 < len(s.Tags); i++ {
		if s.Lower[i] != "as" || s.Tags[i] != "RB" {
			continue
		}
		j := i + 1
		for j < len(s.Tags) && (s.Tags[j] == "JJ" || s.Tags[j] == "DT" || s.Tags[j] == "PRP$") {
			j++
		}
		if j == len(s.Tags) || !nounTag(s.Tags[j]) {
			continue
		}
		comparison := false
		for k := i + 1; k < len(s.Lower) && k <= j+3; k++ {
			if s.Lower[k] == "as" {
				comparison = true
			}
		}
		if !comparison {
			s.Tags[i] = "IN"
		}
	}
}

// retagHer reads "her" before a singular noun as a possessive ("canceled
// her booking at"), which the tagger often takes for an object.
func (s *Sentence) retagHer() {
	for i := 0; i+1 < len(s.Tags); i++ {
		if s.Lower[i] == "her" && s.Tags[i] == "PRP" && s.Tags[i+1] == "NN" {
			s.Tags[i] = "PRP$"
		}
	}
}

// retagNeither tags "neither" and "nor" as the coordinators they are,
// not names: "Neither/NNP Ana nor Olav".
func (s *Sentence) retagNeither() {
	for i := range s.Tags {
		if s.Lower[i] == "neither" || s.Lower[i] == "nor" {
			s.Tags[i] = "CC"
		}
	}
}

// retagNamed reads "named" and "called" after an indefinite noun phrase
// that is an object, before a name, as the participle of a reduced
// relative clause: "adopted a rescue greyhound named/VBD Pixel" names the
// greyhound; no greyhound named anyone. "My boss called Ana" keeps its
// verb.
func (s *Sentence) retagNamed() {
	for i := 2; i+1 < len(s.Tags); i++ {
		if l := s.Lower[i]; l != "named" && l != "called" || s.Tags[i] != "VBD" || !strings.HasPrefix(s.Tags[i+1], "NNP") || !strings.HasPrefix(s.Tags[i-1], "NN") {
			continue
		}
		k := i - 1
		for k > 0 && (strings.HasPrefix(s.Tags[k-1], "NN") || strings.HasPrefix(s.Tags[k-1], "JJ")) {
			k--
		}
		if k < 1 || s.Lower[k-1] != "a" && s.Lower[k-1] != "an" {
			continue
		}
		if k-1 > 0 && (verbTag(s.Tags[k-2]) || s.Tags[k-2] == "IN" || s.Tags[k-2] == "TO") {
			s.Tags[i] = "VBN"
		}
	}
}

// Imperative reports whether w, the lower-case word opening a sentence,
// is a verb in its base form giving a command, by the word after it as
// written: a determiner, a possessive or an object pronoun ("Meet my
// sister"), or a second bare verb in lower case ("Come meet Dana", "Go
// see him"); not a modal or an inflected verb, which follow a subject
// ("Chase called", "Drew can").
func Imperative(w, next string) bool {
	if !IsVerb(w) || Lemma(w, "VB") != w {
		return false
	}
	switch strings.ToLower(next) {
	case "my", "your", "our", "his", "her", "their", "the", "this", "these", "me", "us", "him", "them":
		return true
	}
	if next != strings.ToLower(next) || !IsVerb(next) || Lemma(next, "VB") != next {
		return false
	}
	if _, ok := subjectVerbs[next]; ok {
		return false
	}
	return !strings.HasSuffix(next, "s") && !strings.HasSuffix(next, "ed") && !strings.HasSuffix(next, "ing")
}

// subjectVerbs are the auxiliaries and modals, which follow a subject.
var subjectVerbs = map[string]struct{}{"is": {}, "are": {}, "was": {}, "were": {}, "has": {}, "have": {}, "had": {}, "do": {}, "does": {}, "did": {},
	"can": {}, "could": {}, "will": {}, "would": {}, "shall": {}, "should": {}, "may": {}, "might": {}, "must": {}}

// retagImperative tags a command's verb opening a sentence as the base
// form it is, and the bare verb after it ("Come/NNP meet/VBD my
// friends": come/VB meet/VB): the tagger takes a capital for a name.
func (s *Sentence) retagImperative(named []bool) {
	if len(s.Tags) < 2 || named[0] || s.Tags[0] == "UH" || !Imperative(s.Lower[0], s.Words[1]) {
		return
	}
	s.Tags[0], s.Lemmas[0] = "VB", s.Lower[0]
	if IsVerb(s.Lower[1]) && !named[1] && s.Words[1] == s.Lower[1] && !strings.HasPrefix(s.Tags[1], "PRP") && s.Tags[1] != "DT" {
		s.Tags[1], s.Lemmas[1] = "VB", s.Lower[1]
	}
}

// retagCompoundHeads tags a base-form verb after "to" and a noun as the
// noun that ends the phrase ("promoted to analytics/NNS lead/VB": a
// title): an infinitive's verb follows "to" at once.
func (s *Sentence) retagCompoundHeads() {
	for i := 2; i < len(s.Tags); i++ {
		if s.Tags[i] != "VB" || s.Tags[i-2] != "TO" || s.Tags[i-1] != "NN" && s.Tags[i-1] != "NNS" || !IsNoun(s.Lower[i]) {
			continue
		}
		s.Tags[i], s.Lemmas[i] = "NN", s.Lower[i]
	}
}

// retagHyphenGerunds tags a hyphenated word in -ing after a form of "be"
// and before an object as the verb it is ("is dog-sitting/JJ Waffles",
// "was house-hunting in Leeds"), when its last part is a verb's gerund.
func (s *Sentence) retagHyphenGerunds() {
	for i := 1; i+1 < len(s.Tags); i++ {
		w := s.Lower[i]
		k := strings.LastIndexByte(w, '-')
		if k < 0 || strings.HasPrefix(s.Tags[i], "VB") || Lemma(s.Lower[i-1], "VBZ") != "be" {
			continue
		}
		tag := "VBG"
		switch {
		case strings.HasSuffix(w, "ed") && (s.Lower[i+1] == "as" || s.Lower[i+1] == "by"):
			// "was co-opted/JJ as treasurer", "was co-founded by Ann":
			// a passive participle.
			tag = "VBN"
		case !strings.HasSuffix(w, "ing"):
			continue
		}
		last := w[k+1:]
		verb := Lemma(last, tag)
		if verb == last || !IsVerb(verb) {
			continue
		}
		switch s.Tags[i+1] {
		case "NNP", "NNPS", "DT", "PRP$", "PRP", "IN":
			s.Tags[i], s.Lemmas[i] = tag, w[:k+1]+verb
		}
	}
}

// conjunctions are the words the tagger may rightly tag CC.
var conjunctions = map[string]struct{}{"and": {}, "or": {}, "but": {}, "nor": {}, "yet": {}, "so": {}, "either": {}, "neither": {}, "both": {}, "plus": {}, "&": {}, "whether": {}, "versus": {}, "vs": {}, "vs.": {}, "minus": {}, "times": {}}

// retagSymbols tags a word of letters the tagger took for a symbol
// ("lisinopril/$") as the noun it is.
func (s *Sentence) retagSymbols() {
	for i, t := range s.Tags {
		if (s.Lower[i] == "—" || s.Lower[i] == "–" || s.Lower[i] == "―") && (strings.HasPrefix(t, "VB") || strings.HasPrefix(t, "NN") || strings.HasPrefix(t, "JJ")) {
			// A dash the tagger took for a word ("the end of the month
			// —/VBD joining …") is punctuation.
			s.Tags[i], s.Lemmas[i] = ":", s.Lower[i]
			continue
		}
		if (t == "$" || t == "#" || t == "SYM") && strings.IndexFunc(s.Lower[i], unicode.IsLetter) >= 0 {
			s.Tags[i], s.Lemmas[i] = "NN", s.Lower[i]
		}
		if _, ok := conjunctions[s.Lower[i]]; t == "CC" && !ok && len(s.Lower[i]) > 3 {
			// "losartan/CC 50 mg daily started".
			s.Tags[i], s.Lemmas[i] = "NN", s.Lower[i]
		}
	}
}

// retagPlease tags "please" before a verb's base form as the interjection
// it is, and the verb as a base form: "Please cancel my plan" is a
// request with no subject, whatever the tagger made of the two words
// ("Please/NNP cancel/VBZ").
func (s *Sentence) retagPlease() {
	for i := 0; i+1 < len(s.Tags); i++ {
		next := s.Lower[i+1]
		if s.Lower[i] != "please" || !IsVerb(next) || Lemma(next, "VB") != next {
			continue
		}
		if t := s.Tags[i+1]; strings.HasPrefix(t, "VB") || strings.HasPrefix(t, "NN") {
			s.Tags[i], s.Tags[i+1] = "UH", "VB"
		}
	}
}

// retagSuperlatives tags a superlative the tagger took for an adverb as
// the adjective it is when a noun follows it: "they were best/RBS
// friends". Not after a noun, where it opens an adverbial ("I take
// metformin most days"), and not comparatives ("no longer/RBR
// work/NN" is an adverb before a verb the tagger took for a noun).
func (s *Sentence) retagSuperlatives() {
	for i := 0; i+1 < len(s.Tags); i++ {
		if s.Tags[i] == "RBS" && nounTag(s.Tags[i+1]) && s.Tags[i+1] != "NNP" && (i == 0 || !nounTag(s.Tags[i-1]) && s.Tags[i-1] != "CD") {
			s.Tags[i] = "JJS"
		}
	}
}

// sharedVerbBefore reports whether the coordinator at word cc joins a
// second verb to a clause with a finite third-person verb: one comes
// before it in the sentence, and the word before the coordinator is no
// plural noun ("books and magazines at" joins nouns).
func (s *Sentence) sharedVerbBefore(cc int) bool {
	if cc < 2 || (s.Lower[cc] != "and" && s.Lower[cc] != "but") || s.Tags[cc-1] == "NNS" {
		return false
	}
	for k := cc - 1; k >= 0; k-- {
		switch s.Tags[k] {
		case "VBZ":
			return true
		case "VBD", "VBP", "VB", "MD", "CC":
			return false
		}
		if s.Words[k] == ";" || s.Words[k] == ":" {
			return false
		}
	}
	return false
}

// pastVerbBefore reports whether the coordinator at word cc follows a
// clause with a verb in the past and no plural noun right before it:
// "quit Acme in April and now coaches/NNS at", where an adverb after the
// coordinator marks the second verb.
func (s *Sentence) pastVerbBefore(cc int) bool {
	if cc < 2 || s.Lower[cc] != "and" && s.Lower[cc] != "but" || s.Tags[cc-1] == "NNS" {
		return false
	}
	for k := cc - 1; k >= 0; k-- {
		switch {
		case s.Tags[k] == "VBD":
			return true
		case s.Tags[k] == "VBP" && k > 0 && s.Tags[k-1] == "NNP" && Lemma(s.Lower[k], "VBD") == s.Lower[k]:
			// "Beatrix quit/VBP Tamesis": after one name, a verb whose
			// past is its base is in the past.
			return true
		case s.Tags[k] == "MD" || s.Tags[k] == "CC" || s.Words[k] == ";" || s.Words[k] == ":":
			return false
		}
	}
	return false
}

// presentVerbBefore reports whether the coordinator at word cc joins a
// name or a pronoun to what follows, after a clause whose verb is in the
// present without its -s: "we live in Bergen and work at", "I met Ana
// and teach at" (not "bread and jam", two common nouns).
func (s *Sentence) presentVerbBefore(cc int) bool {
	if cc < 2 || s.Lower[cc] != "and" && s.Lower[cc] != "but" || s.Tags[cc-1] != "NNP" && s.Tags[cc-1] != "PRP" {
		return false
	}
	for k := cc - 1; k >= 0; k-- {
		switch s.Tags[k] {
		case "VBP":
			return true
		case "VBZ", "VBD", "MD", "CC":
			return false
		}
		if s.Words[k] == ";" || s.Words[k] == ":" || s.Words[k] == "," {
			return false
		}
	}
	return false
}

// retagNouns corrects the tagger on unknown words taken for adjectives
// where only a noun fits: after a verb that takes no predicate adjective,
// or after a determiner, with no noun after them ("I take
// sitagliptin/JJ", "bought a flat/JJ in Mudanya").
func (s *Sentence) retagNouns() {
	for i := 1; i < len(s.Tags); i++ {
		if s.Tags[i] != "JJ" {
			continue
		}
		if i+1 < len(s.Tags) {
			if n := s.Tags[i+1]; nounTag(n) || strings.HasPrefix(n, "JJ") || n == "CD" || n == "VBG" || n == "VBN" {
				continue
			}
		}
		prev := s.Tags[i-1]
		if prev == "DT" && s.Lower[i-1] != "no" || prev == "PRP$" || verbTag(prev) && !linkingVerbs[s.Lemmas[i-1]] {
			s.Tags[i] = "NN"
		}
	}
}

// retagStrayVerbs corrects verbs the tagger guessed for unknown nouns: a
// base form after "to" that WordNet knows only as a noun ("switched me
// to losartan/VB"), a participle after a finite verb with no auxiliary
// for it ("starts first grade/VBN at").
func (s *Sentence) retagStrayVerbs() {
	for i := 1; i < len(s.Tags); i++ {
		t := s.Tags[i]
		switch {
		case t == "VB" && s.Tags[i-1] == "TO" && !IsVerb(s.Lower[i]):
			s.Tags[i], s.Lemmas[i] = "NN", s.Lower[i]
		case s.Lower[i] == "go" && s.Lower[i-1] == "let" && s.Tags[i-1] == "VBN" && i >= 2 && passiveAux[s.Lemmas[i-2]]:
			// "was let go": one phrasal verb in the passive.
			s.Tags[i], s.Lemmas[i] = "RP", "go"
		case t == "VB" && s.Tags[i-1] == "TO" && i >= 2 && toDestination[s.Lemmas[i-2]] && IsNoun(s.Lower[i]) &&
			i+1 < len(s.Tags) && (s.Tags[i+1] == "NN" || s.Tags[i+1] == "NNS" || s.Tags[i+1] == "JJ" && IsNoun(s.Lower[i+1])):
			// "was promoted to team/VB lead": after a verb whose "to"
			// names where one goes, a noun before a noun is a compound's
			// first word ("charge nurse/JJ": and the noun is one).
			s.Tags[i], s.Lemmas[i] = "NN", s.Lower[i]
			if s.Tags[i+1] == "JJ" && !IsAdjective(s.Lower[i+1]) {
				s.Tags[i+1], s.Lemmas[i+1] = "NN", s.Lower[i+1]
			}
		case !verbTag(t) && contractedTo[s.Lower[i-1]] && IsVerb(s.Lower[i]):
			// "I'm gonna miss/NN you": after gonna, wanna or gotta, a
			// verb.
			s.Tags[i], s.Lemmas[i] = "VB", s.Lower[i]
		case (t == "VB" || t == "VBP") && (s.Tags[i-1] == "VBZ" || s.Tags[i-1] == "VBD") && !auxiliaries[s.Lemmas[i-1]] && !bareInfinitiveTakers[s.Lemmas[i-1]] && IsNoun(s.Lower[i]):
			// "plays centre/VB back for": a bare verb does not follow a
			// finite one that takes no bare infinitive; it is a noun.
			s.Tags[i], s.Lemmas[i] = "NN", s.Lower[i]
		case t == "VBN" || t == "VBD":
			k := i - 1
			for k >= 0 && (s.Tags[k] == "RB" || s.Tags[k] == "JJ") {
				k--
			}
			if k < 0 {
				continue
			}
			if (s.Tags[k] == "VBZ" || s.Tags[k] == "VBP" || s.Tags[k] == "VBD") && !auxiliaries[s.Lemmas[k]] && IsNoun(s.Lower[i]) {
				s.Tags[i], s.Lemmas[i] = "NN", s.Lower[i]
				for m := k + 1; m < i; m++ {
					s.Tags[m] = "JJ"
				}
			}
		}
	}
}

// retagContracted tags "gonna" before a verb as the "going" of "going
// to" and "wanna" as "want", so that "I'm gonna call Ada" and "I wanna
// quit" are one verb group with their subject, as "I'm going to miss
// you" is; the tagger takes both for adjectives, which split the clause
// and left the verb after them without a subject.
func (s *Sentence) retagContracted() {
	for i := 0; i+1 < len(s.Tags); i++ {
		if s.Tags[i+1] != "VB" {
			continue
		}
		switch s.Lower[i] {
		case "gonna":
			s.Tags[i], s.Lemmas[i] = "VBG", "go"
		case "wanna":
			t := "VBP"
			if i > 0 && (s.Tags[i-1] == "TO" || s.Tags[i-1] == "MD" || s.Lemmas[i-1] == "do" || s.Lower[i-1] == "not" || s.Lower[i-1] == "n't") {
				t = "VB"
			}
			s.Tags[i], s.Lemmas[i] = t, "want"
		}
	}
}

// retagFalseModals tags a word the tagger took for a modal that is none
// ("the Aberdeen offshore/MD wind developer") as the adjective or noun
// WordNet knows it as.
func (s *Sentence) retagFalseModals() {
	for i, t := range s.Tags {
		if t != "MD" || modals[s.Lower[i]] || i+1 < len(s.Lower) && s.Lower[i+1] == "to" || s.Lower[i] == "need" || s.Lower[i] == "dare" {
			continue
		}
		if IsAdjective(s.Lower[i]) {
			s.Tags[i] = "JJ"
		} else {
			s.Tags[i] = "NN"
		}
		s.Lemmas[i] = s.Lower[i]
	}
}

// retagHad reads "'d" before a past participle as the "had" of the past
// perfect ("She'd lived with my parents"), not the "would" the tagger
// takes it for.
func (s *Sentence) retagHad() {
	for i := 0; i+1 < len(s.Tags); i++ {
		// The tokenizer reads "'d" as "would"; the word as written tells.
		if (s.Words[i] == "'d" || s.Words[i] == "’d") && (s.Tags[i+1] == "VBN" || s.Tags[i+1] == "VBD" || s.Lower[i+1] == "been") {
			s.Tags[i], s.Lemmas[i], s.Lower[i] = "VBD", "have", "had"
		}
		// "I've upgraded/JJ membership FP-55170": after a form of have,
		// a word in -ed a verb makes is its past participle.
		if l := s.Lower[i]; (l == "'ve" || l == "’ve" || l == "have" || l == "has") && s.Tags[i+1] == "JJ" && strings.HasSuffix(s.Lower[i+1], "ed") && i+2 < len(s.Tags) && (nounTag(s.Tags[i+2]) || s.Tags[i+2] == "DT" || s.Tags[i+2] == "PRP$") {
			if v := Lemma(s.Lower[i+1], "VBN"); v != s.Lower[i+1] && IsVerb(v) && !IsAdjective(s.Lower[i+1]) {
				s.Tags[i+1], s.Lemmas[i+1] = "VBN", v
			}
		}
	}
}

// measureUnits are units a number measures a dose in.
var measureUnits = set("mg mcg µg ml iu")

// retagUnits tags a unit after a number as the noun it is ("10 mg/JJ
// daily"), so the dose stays in the phrase of what it measures.
func (s *Sentence) retagUnits() {
	for i := 1; i < len(s.Tags); i++ {
		if measureUnits[s.Lower[i]] && s.Tags[i-1] == "CD" {
			s.Tags[i], s.Lemmas[i] = "NN", s.Lower[i]
		}
	}
}

// titleHeads are nouns a participle may qualify as part of a title:
// "managing director", "chief operating officer", "visiting professor".
var titleHeads = set("director officer editor partner professor engineer surgeon consultant")

// retagParticipleTitles tags a participle right before a title's head
// noun as a word of the title's compound ("remains managing/VBG
// director", "chief operating officer"), not a verb with that noun as
// its object.
func (s *Sentence) retagParticipleTitles() {
	for i := 0; i+1 < len(s.Tags); i++ {
		if s.Tags[i] == "VBG" && s.Tags[i+1] == "NN" && titleHeads[s.Lower[i+1]] {
			s.Tags[i], s.Lemmas[i] = "NN", s.Lower[i]
			if i > 0 && s.Lower[i-1] == "chief" {
				// "chief operating officer" begins a phrase, as "chief
				// executive" does.
				s.Tags[i-1] = "JJ"
			}
		}
	}
}

// retagNounRuns tags a base-form verb inside a noun phrase, after its
// determiner and modifiers and before its head noun, as the noun
// modifier it is: "the Aberdeen offshore wind/VB developer", "a Leeds
// software/NN design/VB studio".
func (s *Sentence) retagNounRuns() {
	for i := 1; i+1 < len(s.Tags); i++ {
		// After a name the verb is the clause's ("his wife Elin run/VBP
		// ferries"), and a name after it is its object.
		if t := s.Tags[i]; t != "VB" && t != "VBP" || s.Tags[i+1] != "NN" && s.Tags[i+1] != "NNS" || strings.HasPrefix(s.Tags[i-1], "NNP") || !IsNoun(s.Lower[i]) {
			continue
		}
		k := i - 1
		for k > 0 && (s.Tags[k] == "JJ" || nounTag(s.Tags[k])) {
			k--
		}
		if k < i-1 && (s.Tags[k] == "DT" || s.Tags[k] == "PRP$") {
			s.Tags[i], s.Lemmas[i] = "NN", s.Lower[i]
		}
	}
}

// retagNameVerbs reads a past form the tagger took for an adjective
// between a name and what it is done to as the verb it is: "two years
// later Ettore married/JJ Consolata Ferraro" (married/VBD). A word the
// tagger takes for an adjective after a name it does not know is most
// often the verb of that name.
func (s *Sentence) retagNameVerbs() {
	for i := 1; i+1 < len(s.Tags); i++ {
		w := s.Lower[i]
		if s.Tags[i] != "JJ" || !strings.HasSuffix(w, "ed") || s.Tags[i-1] != "NNP" {
			continue
		}
		if n := s.Tags[i+1]; n != "NNP" && n != "DT" && n != "PRP$" {
			continue
		}
		if v := Lemma(w, "VBD"); v == w || !IsVerb(v) {
			continue
		}
		finite := false
		for k := 0; k < i; k++ {
			if strings.HasPrefix(s.Tags[k], "VB") && s.Tags[k] != "VBG" || s.Tags[k] == "MD" {
				finite = true
			}
			if s.Tags[k] == "," || s.Tags[k] == "CC" {
				finite = false
			}
		}
		if !finite {
			s.Tags[i], s.Lemmas[i] = "VBD", Lemma(w, "VBD")
		}
	}
}

// retagDoSupport tags the verb after the "do" of emphasis, negation or a
// question as the verb it is ("I did date her", "Did you date Rachel?"):
// the tagger reads a word that is also a noun as one after "did", which
// left "do" the clause's verb and "date Rachel" its object.
func (s *Sentence) retagDoSupport() {
	subject := func(t string) bool { return t == "PRP" || t == "NNP" || t == "NN" || t == "NNS" }
	for i, t := range s.Tags {
		if s.Lemmas[i] != "do" || t != "VBD" && t != "VBZ" && t != "VBP" {
			continue
		}
		j := i + 1
		switch {
		case i == 0 && j < len(s.Tags) && subject(s.Tags[j]):
			// "Did you date Rachel?"
			j++
		case i > 0 && subject(s.Tags[i-1]):
		default:
			continue
		}
		for j < len(s.Tags) && (s.Tags[j] == "RB" || s.Lower[j] == "n't") {
			j++
		}
		if j >= len(s.Tags) || s.Tags[j] != "NN" || !IsVerb(s.Lower[j]) {
			continue
		}
		if k := j + 1; k < len(s.Tags) && (s.Tags[k] == "NN" || s.Tags[k] == "NNS" || s.Tags[k] == "POS" || s.Lower[k] == "of") {
			// "I did homework duty", "did a job's …": a noun phrase.
			continue
		}
		s.Tags[j], s.Lemmas[j] = "VB", s.Lower[j]
	}
}

// retagSpelledNumbers tags a number spelled out that the tagger took for
// an adjective or a noun ("I'm twelve/JJ", "turning thirty/NN",
// "twenty-four") as the number it is. "One" stays as tagged: it is as
// often a pronoun ("the one I met").
func (s *Sentence) retagSpelledNumbers() {
	for i, t := range s.Tags {
		if _, n := SpelledNumber(s.Lower[i]); t != "JJ" && t != "NN" || s.Lower[i] == "one" || !n {
			continue
		}
		if i+1 < len(s.Tags) && (nounTag(s.Tags[i+1]) && s.Tags[i+1] != "NNP" || s.Lower[i+1] == "of") {
			// "a twelve pack", "forty of them": left as tagged unless
			// it counts.
			if s.Tags[i+1] != "NNS" {
				continue
			}
		}
		s.Tags[i], s.Lemmas[i] = "CD", s.Lower[i]
	}
}

// spelledUnits and spelledTens are the words of a number spelled out.
var (
	spelledUnits = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
		"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
	spelledTens = map[string]int{"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
)

// SpelledNumber parses a number from one to ninety-nine spelled out in
// one word: "nineteen", "forty", "fifty-four".
func SpelledNumber(w string) (int, bool) {
	if n, ok := spelledUnits[w]; ok {
		return n, true
	}
	tens, unit, hyphen := strings.Cut(w, "-")
	t, ok := spelledTens[tens]
	if !ok {
		return 0, false
	}
	if !hyphen {
		return t, true
	}
	u, ok := spelledUnits[unit]
	if !ok || u > 9 {
		return 0, false
	}
	return t + u, true
}

// MannerAdverb reports whether a word is an adverb made from an
// adjective WordNet knows: "separately", "happily", "notably".
func MannerAdverb(w string) bool {
	stem, ok := strings.CutSuffix(w, "ly")
	if !ok || len(stem) < 3 {
		return false
	}
	switch {
	case IsAdjective(stem):
		return true
	case strings.HasSuffix(stem, "i") && IsAdjective(stem[:len(stem)-1]+"y"):
		return true // happily
	case strings.HasSuffix(stem, "b") && IsAdjective(stem+"le"):
		return true // notably
	}
	return false
}

// retagPluralNounVerbs read a plural noun the tagger took for a verb
// after the noun it is said of, when a finite verb of the plural follows
// its prepositional phrases: "Renovation works/VBZ at the town hall
// have over-run", "Price rises/VBZ for gas were announced". A verb of its
// own is followed by no second finite verb ("Dana works at the town
// hall", "Dana works at the hall we run").
func (s *Sentence) retagPluralNounVerbs() {
	for i := 1; i+2 < len(s.Tags); i++ {
		if s.Tags[i] != "VBZ" || s.Tags[i+1] != "IN" || !strings.HasPrefix(s.Tags[i-1], "NN") || !IsNoun(s.Lower[i-1]) || IsGivenName(s.Words[i-1]) || !IsNoun(Lemma(s.Lower[i], "NNS")) {
			continue
		}
		if i >= 2 && strings.HasPrefix(s.Tags[i-2], "NN") {
			continue
		}
		for j := i + 2; j < len(s.Tags); j++ {
			t := s.Tags[j]
			if t == "VBP" || t == "MD" || t == "VBD" {
				s.Tags[i] = "NNS"
				break
			}
			if t != "IN" && t != "DT" && t != "JJ" && t != "CD" && t != "PRP$" && t != "POS" && !strings.HasPrefix(t, "NN") {
				break
			}
		}
	}
}

// retagBecause tags "because" as the subordinator it is, never an adverb
// ("I left because/RB Ben was here" would take Ben for the object).
func (s *Sentence) retagBecause() {
	for i, l := range s.Lower {
		if l == "because" {
			s.Tags[i] = "IN"
		}
	}
}
