package nlp

import (
	"slices"
	"strings"
)

// A Sentence is a tagged sentence and its shallow parse: noun phrases,
// verb groups and the clauses they make.
type Sentence struct {
	Words  []string // as written
	Lower  []string // lower case, contractions expanded ("'m" → "am", "n't" → "not")
	Tags   []string // Penn Treebank tags
	Lemmas []string
	// idiomVerbs are the verbs of idioms read as other verbs (idioms.go).
	idiomVerbs map[int]bool
	// Phrases are the noun phrases, in order.
	Phrases []Phrase
	// Clauses are the clauses, one per verb group, in order.
	Clauses []Clause
}

// A Phrase is a noun phrase: the words [Start, End), its head (the last
// noun, or the name) and, for "Bob's sister" or "my sister", the
// possessor's words with their "'s", [PossStart, PossEnd) (PossStart =
// PossEnd when none): the possessed noun starts at PossEnd.
type Phrase struct {
	Start, End, Head   int
	PossStart, PossEnd int
	// Name is set when the phrase is a protected span (a name the caller
	// found).
	Name bool
}

// An Arg is an argument of a clause: a noun phrase (its index in
// Phrases), with the phrases coordinated with it ("Ann and Bo").
type Arg struct {
	Phrase int   // -1: none
	Coord  []int // further phrases joined by "and", "or", ","
}

// has reports whether phrase p is one of the argument's phrases.
func (a Arg) has(p int) bool {
	return a.Phrase == p || slices.Contains(a.Coord, p)
}

// None reports whether the argument is absent.
func (a Arg) None() bool { return a.Phrase < 0 }

// All returns the argument's phrases.
func (a Arg) All() []int {
	if a.Phrase < 0 {
		return nil
	}
	return append([]int{a.Phrase}, a.Coord...)
}

// A PP is a prepositional phrase of a clause: the preposition and its
// object.
type PP struct {
	Prep string // lower case: "in", "at", "of", …
	At   int    // the preposition's word
	Obj  Arg
}

// SubjectSource tells how a clause's subject was found.
type SubjectSource int

// Subject sources.
const (
	SubjNone     SubjectSource = iota
	SubjOwn                    // the noun phrase before the verb
	SubjRelative               // the noun phrase a relative clause hangs on ("Leyla, who works …")
	SubjShared                 // the subject of the clause before, for coordinated verbs ("quit Acme and joined …")
	SubjControl                // the subject of the governing clause, for "to" and "-ing" complements
)

// ArgOf reports whether phrase p is the clause's object, second object,
// predicate noun or the object of one of its prepositions.
func (c *Clause) ArgOf(p int) bool {
	if c.Obj.has(p) || c.Obj2.has(p) || c.Comp.has(p) {
		return true
	}
	for _, pp := range c.PPs {
		if pp.Obj.has(p) {
			return true
		}
	}
	return false
}

// A Clause is one verb group with its arguments.
type Clause struct {
	// VerbStart and VerbEnd bound the verb group (auxiliaries, adverbs,
	// negation, the verb and its particle); Verb is the main verb's word.
	VerbStart, VerbEnd, Verb int
	// Lemma is the main verb's lemma ("be" for a copula); Particle the
	// particle after it ("out" of "moved out"), or "".
	Lemma, Particle string
	Subj            Arg
	SubjFrom        SubjectSource
	// Obj is the direct object; Obj2 a second object ("prescribed me
	// metformin"); Comp the complement of a copula ("is a nurse", "is
	// Bob's sister", "is happy": Comp is -1 and Adj holds the adjective).
	Obj, Obj2, Comp Arg
	Adj             int // the word of a predicate adjective, or -1
	PPs             []PP
	// GerundObj is the phrase of a gerund object ("I enjoy playing
	// chess": "playing chess"), or -1.
	GerundObj int
	// AsRole is the phrase of "as a nurse", "as head coach" right after
	// the verb or its object, or -1.
	AsRole int
	// Relative is set for a clause whose object is the phrase it hangs on
	// ("the company that Vertex acquired"): Obj is that phrase, or the
	// object of its stranded preposition ("the firm I work for").
	Relative bool
	// Hangs is the phrase a relative clause hangs on, its object's or its
	// subject's ("Leyla, who works …"), or -1.
	Hangs int
	// Governor is the index of the clause a "to" or "-ing" complement
	// depends on ("stopped taking it": the clause of "stopped"), or -1.
	Governor int
	// GetPassive is set for a passive with "get" ("got married"): it
	// starts what it states.
	GetPassive bool
	// Aspect is the lemma of an aspectual verb before the main verb
	// ("stopped taking": "stop"), or "".
	Aspect string
	// What the verb group says. Future is set for "will" and "shall",
	// which state what is to come; Modal for the other modals and for
	// verbs of wanting or planning, which do not state it.
	Passive, Negated, Modal, Future, Progressive, Perfect, Past, UsedTo, NoLonger, Infinitive, Gerund bool
	// Scheduled is set, with Future, for a verb group that fixes what is
	// to come ("has decided to", "is due to", "is set to"): a plan the
	// extractor states when a date says when.
	Scheduled bool
}

// verbTag reports whether a tag is a verb's.
func verbTag(t string) bool { return strings.HasPrefix(t, "VB") || t == "MD" }

// nounTag reports whether a tag is a noun's.
func nounTag(t string) bool { return strings.HasPrefix(t, "NN") }

// adverbs that may sit inside a verb group.
var groupAdverbs = set("just also still since now currently recently finally actually really already even always officially then eventually originally only ever never not no longer soon probably definitely sort kind of happily gladly both all n't almost")

// particles after a verb.
var particles = set("out up down over off away back in on rid aside")

// set builds a set of words.
func set(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// Parse tags and parses one sentence. lower holds the words in lower case
// with contractions expanded; names are spans [start, end) the caller
// knows to be names (a name is one noun phrase, whatever its tags);
// skip marks words that belong to no phrase (dates: "in May" is an
// adverbial, not a place).
func Parse(words, lower []string, names [][2]int, skip []bool) *Sentence {
	named := make([]bool, len(words))
	for _, n := range names {
		for k := n[0]; k < n[1]; k++ {
			named[k] = true
		}
	}
	tw := make([]string, len(words))
	var dropped []int
	for i, w := range words {
		switch {
		case lower[i] == "i":
			w = "I"
		case !named[i] && objectPronouns[lower[i]]:
			// "Me and Ola are roommates": a pronoun written with a
			// capital at the start of a sentence is no name.
			w = lower[i]
		case (i == 0 || words[i-1] == ":") && !named[i] && InflectedVerb(lower[i]):
			// "Got promoted", "Moved to Leeds": a past form opening a
			// line whose "I" the writer left out, not a name.
			w = lower[i]
			dropped = append(dropped, i)
		}
		tw[i] = w
	}
	s := &Sentence{Words: words, Lower: lower, Tags: Tag(tw)}
	for _, i := range dropped {
		if !verbTag(s.Tags[i]) {
			s.Tags[i] = "VBD"
		}
	}
	opener := -1
	if len(words) > 1 && (s.Tags[0] == "NNP" || s.Tags[0] == "VBN") && !named[1] && (s.Tags[1] == "IN" || s.Tags[1] == "TO") {
		// "Born/NNP in Oslo, …": a participle the tagger took for a name
		// for its capital, one word that the names may hold.
		if l := Lemma(lower[0], "VBN"); l != lower[0] && IsVerb(l) {
			s.Tags[0], opener = "VBN", 0
		}
	}
	if len(words) > 1 && words[1] == "," && MannerAdverb(lower[0]) && !IsGivenName(words[0]) {
		// "Separately/NNP, the firm sold …": an adverb of manner set off
		// at the sentence's start, capitalized by its place.
		s.Tags[0], opener = "RB", 0
	}
	for i := range words {
		// "Moved/VBN to Leeds in May": a participle opening a line, with
		// no auxiliary before it, is the past of a left-out "I"; not
		// when a clause of its own follows a comma ("Educated at Leeds,
		// she joined …").
		if (i == 0 || words[i-1] == ":") && s.Tags[i] == "VBN" && !named[i] && !s.finiteAfterComma(i) && Lemma(lower[i], "VBD") != lower[i] {
			s.Tags[i] = "VBD"
		}
	}
	s.Lemmas = make([]string, len(words))
	for i, w := range words {
		lw := lower[i]
		if _, ok := be[lw]; ok || lw == "not" || lw == "will" || lw == "would" || lw == "can" || lw == "have" {
			w = lw
		}
		s.Lemmas[i] = Lemma(w, s.Tags[i])
	}
	if opener >= 0 {
		var kept [][2]int
		for _, n := range names {
			if n != [2]int{opener, opener + 1} {
				kept = append(kept, n)
			}
		}
		names = kept
	}
	for _, n := range names {
		for k := n[0]; k < n[1]; k++ {
			s.Tags[k] = "NNP"
		}
	}
	s.retagSymbols()
	s.retagCurrency()
	s.retagBecause()
	s.retagThereAfterNoun()
	s.retagSpelledNumbers()
	s.retagFalseModals()
	s.retagHad()
	s.retagParticipleTitles()
	s.retagUnits()
	s.retagNounRuns()
	s.retagHer()
	s.retagNeither()
	s.retagNamed()
	s.retagNameVerbs()
	s.retagPlease()
	s.retagImperative(named)
	s.retagOpeningWord(named)
	s.retagOpeningParticiple()
	s.retagCompoundHeads()
	s.retagHyphenGerunds()
	s.retagPrefixedVerbs()
	s.retagThatBeforeName()
	s.retagThatAfterComma()
	s.retagSuperlatives()
	s.retagFloating()
	s.retagOpeningNoun()
	s.retagGerunds()
	s.retagGerundObjects()
	s.retagIncluding()
	s.retagSinceAdverb()
	s.retagHedges()
	s.retagLike()
	s.retagPastAfterAdverbs()
	s.retagNounBeforeTime()
	s.retagVerbBeforeTime()
	s.retagPastAfterOpeningName()
	s.retagObjectHeadNoun()
	s.retagNounBeforeCode()
	s.retagOffNoun()
	s.retagUnknownObject()
	s.retagVerbAfterName()
	s.retagLetVerb()
	s.retagDueTo()
	s.retagGetParticiple()
	s.retagPluralAfterCopula()
	s.retagAs()
	s.retagUnknownAdverbs()
	s.retagOffOn()
	s.retagPossessedGerunds()
	s.retagPossessedAdjectives()
	s.retagHowAdjectives()
	s.retagBareAdjectives()
	s.retagAgeModifiers()
	s.retagInfinitives(named)
	s.retagVerbs()
	s.retagVerblessWord()
	// Again, for the verbs retagVerbs found ("Maria teaches/NNS painting").
	s.retagGerundObjects()
	s.retagNouns()
	s.retagStrayVerbs()
	s.retagContracted()
	s.retagDoSupport()
	s.retagByNeighbours(named)
	s.retagPluralNounVerbs()
	s.chunk(names, skip)
	s.clauses(skip)
	s.readIdioms()
	s.dropTimeObjects()
	s.particleAfterObject()
	return s
}

// finiteAfterComma reports whether a finite verb follows a comma after
// word i.
func (s *Sentence) finiteAfterComma(i int) bool {
	comma := false
	for j := i + 1; j < len(s.Tags); j++ {
		switch {
		case s.Words[j] == ",":
			if k := j + 1; k < len(s.Tags) && (s.Lower[k] == "so" || s.Lower[k] == "and" || s.Lower[k] == "but") {
				// "Started last September, so I'm halfway": the clause
				// after the comma is joined to it, not its main clause.
				return false
			}
			comma = true
		case comma && (s.Tags[j] == "VBD" || s.Tags[j] == "VBZ" || s.Tags[j] == "VBP" || s.Tags[j] == "MD"):
			return true
		}
	}
	return false
}

// retagVerbs corrects the tagger's commonest error on sentences full of
// names it has never seen: a verb after a subject taken for a noun
// ("Farid Haddad and Linnea Sjöberg report/NN to her"). A noun that WordNet
// knows as a verb, right after a name or a subject pronoun and before a
// preposition, a determiner or a pronoun, is a verb.
func (s *Sentence) retagVerbs() {
	for i := 1; i+1 < len(s.Tags); i++ {
		t := s.Tags[i]
		if t != "NN" && t != "NNS" {
			continue
		}
		prev, next, at := s.Tags[i-1], s.Tags[i+1], i-1
		if prev == "RB" || prev == "RBR" || prev == "JJR" && s.Lower[i-1] == "longer" {
			// "I no longer work/NN at".
			if i < 2 {
				continue
			}
			prev, at = s.Tags[i-2], i-2
			if i >= 3 && (s.Tags[i-2] == "RB" || s.Tags[i-2] == "DT") {
				prev, at = s.Tags[i-3], i-3
			}
		}
		if prev == "CC" && t == "NNS" && (s.sharedVerbBefore(at) || at < i-1 && s.pastVerbBefore(at)) {
			// "Mehmet works at Dovetail Software and volunteers/NNS at
			// …": a second verb sharing the subject of the first.
			prev = "PRP"
		}
		if prev == "CC" && t == "NN" && at == i-1 && s.presentVerbBefore(at) {
			// "I live in Bergen and work/NN at Vantor": a bare common
			// noun is no conjunct of a name; it is a second verb.
			prev = "PRP"
		}
		if prev == ")" {
			// "Ingunn Dahl (34) lives/NNS in Fenlow": the name before
			// the brackets.
			if b := s.beforeBrackets(i - 1); b != i-1 && b >= 0 && (s.Tags[b] == "NNP" || s.Tags[b] == "NNPS") {
				prev, at = s.Tags[b], b
			}
		}
		if !(prev == "NNP" || prev == "NNPS" || prev == "PRP" && subjectPronouns[s.Lower[i-1]] || prev == "PRP") {
			continue
		}
		if s.Lower[i-1] == "her" && i >= 2 && verbTag(s.Tags[i-2]) {
			// "she canceled her booking/VBP at": after a verb, "her" is
			// its object's possessor, not a subject.
			continue
		}
		if prev == "NNP" || prev == "NNPS" {
			// "his Tallyho account from": a name inside a noun phrase.
			k := at
			for k > 0 && (s.Tags[k-1] == "NNP" || s.Tags[k-1] == "NNPS") {
				k--
			}
			// "their second MMR shot at": adjectives and numbers before
			// the name are the phrase's too.
			for k > 1 && (s.Tags[k-1] == "JJ" || s.Tags[k-1] == "CD") && (s.Tags[k-2] == "DT" || s.Tags[k-2] == "PRP$" || s.Tags[k-2] == "JJ" || s.Tags[k-2] == "CD") {
				k--
			}
			if k > 0 && (s.Tags[k-1] == "DT" || s.Tags[k-1] == "PRP$" || s.Tags[k-1] == "POS" || s.Tags[k-1] == "IN" || s.Tags[k-1] == "TO" || verbTag(s.Tags[k-1])) {
				continue
			}
		}
		if next == "RB" && i+2 < len(s.Tags) && (s.Tags[i+2] == "RB" || s.Tags[i+2] == "RP") && i+3 < len(s.Tags) && s.Tags[i+3] == "IN" {
			// "Ruben plays/NNS right back for …": two adverbs, then
			// the preposition.
			next = "IN"
		}
		// "Hamid mentors/NNS Lucia", "Ann quit/NN Acme": between a
		// subject and a name, a plural noun is a verb in -s, and a word
		// WordNet knows as no noun a verb.
		if (next == "NN" || next == "NNS" || next == "JJ") && t == "NNS" && s.verbless() {
			// "Aiden studies/NNS law at Trinity.": a sentence with no
			// verb has its verb in -s between the subject and the object.
			next = "DT"
		}
		if next == "VBG" && t == "NNS" && s.finiteless() {
			// "Maria teaches/NNS painting/VBG.": a gerund object after
			// the verb in -s of a sentence with no finite verb.
			next = "DT"
		}
		if !(next == "IN" || next == "TO" || next == "DT" || next == "PRP" || next == "PRP$" || next == "NNP" && (t == "NNS" || !IsNoun(s.Lower[i])) ||
			// "My brother Brannoc teaches/NNS there too!": an adverb
			// after the verb of a sentence that has no other.
			next == "RB" && t == "NNS" && prev == "NNP" && s.verbless()) {
			continue
		}
		v := "VBP"
		switch {
		case t == "NNS":
			v = "VBZ"
		case prev == "NNP" && !s.pluralNames(i-1):
			// "Ann quit/NN Acme": after one name, a verb without its -s
			// is in the past.
			v = "VBD"
		}
		if l := Lemma(s.Words[i], v); IsVerb(l) {
			s.Tags[i], s.Lemmas[i] = v, l
		}
	}
}

// retagVerblessWord reads, in a sentence with no verb, a word tagged as
// a preposition or an adjective between names and a determiner as the
// verb WordNet knows it as: "Oskar Lind and Petra Lind own/IN the
// bakery".
func (s *Sentence) retagVerblessWord() {
	if !s.verbless() {
		return
	}
	for i := 1; i+1 < len(s.Tags); i++ {
		if t := s.Tags[i]; t != "IN" && t != "JJ" || s.Tags[i-1] != "NNP" && s.Tags[i-1] != "NNPS" || s.Tags[i+1] != "DT" && s.Tags[i+1] != "PRP$" {
			continue
		}
		if s.Lower[i] == Lemma(s.Lower[i], "VBP") && IsVerb(s.Lower[i]) {
			s.Tags[i], s.Lemmas[i] = "VBP", s.Lower[i]
			return
		}
	}
}

// verbless reports whether a sentence that ends as one (".", "!") has no
// word tagged as a verb.
func (s *Sentence) verbless() bool {
	n := len(s.Tags)
	if n == 0 || s.Lower[n-1] != "." && s.Lower[n-1] != "!" {
		return false
	}
	for _, t := range s.Tags {
		if verbTag(t) || t == "MD" {
			return false
		}
	}
	return true
}

// finiteless reports whether a sentence that ends as one has no word
// tagged as a finite verb or a modal (a gerund or a participle may be
// there).
func (s *Sentence) finiteless() bool {
	n := len(s.Tags)
	if n == 0 || s.Lower[n-1] != "." && s.Lower[n-1] != "!" {
		return false
	}
	for _, t := range s.Tags {
		if t == "VBZ" || t == "VBP" || t == "VBD" || t == "MD" {
			return false
		}
	}
	return true
}

// passiveAux are the auxiliaries of a passive.
var passiveAux = set("be get")

// toDestination are the verbs whose "to" names a rank, a place or a
// plan one is moved to rather than an infinitive.
var toDestination = set("promote demote appoint elevate transfer reassign move relocate switch upgrade downgrade")

// bareInfinitiveTakers are the verbs a bare infinitive follows ("let go",
// "helped move", "made do").
var bareInfinitiveTakers = set("let help make go come dare need see hear watch feel have")

// retagByNeighbours tags greetings and sounds as interjections, which
// the tagger takes for a name at a sentence's start ("Hi/NNP honey"); an
// unknown word tagged as an adjective where no adjective stands as a
// noun; and
// a word tagged as a verb right before a subject pronoun as the noun it
// is, when it is no auxiliary and WordNet knows the noun: a verb takes
// "me", not "I" ("Hi honey/VBP I'm home", "Oh sweetie/VBP we missed
// you").
func (s *Sentence) retagByNeighbours(named []bool) {
	for i, t := range s.Tags {
		if named[i] {
			continue
		}
		if interjections[s.Lower[i]] || HyphenedSound(s.Lower[i]) {
			s.Tags[i], s.Lemmas[i] = "UH", s.Lower[i]
			continue
		}
		if t == "JJ" && !contractedTo[s.Lower[i]] && !IsAdjective(s.Lower[i]) && !s.modifies(i) && i > 0 && (s.Tags[i-1] == "IN" || s.Tags[i-1] == "DT") {
			// "50 mg of sertraline/JJ daily": a word WordNet does not
			// know as an adjective, after a preposition or a
			// determiner and before no noun, is a noun.
			s.Tags[i], s.Lemmas[i] = "NN", s.Lower[i]
			continue
		}
		if i+1 < len(s.Tags) && verbTag(t) && t != "MD" && nominative[s.Lower[i+1]] && !auxiliaries[s.Lemmas[i]] && !chaining[s.Lemmas[i]] && !modals[s.Lower[i]] && IsNoun(s.Lower[i]) {
			s.Tags[i], s.Lemmas[i] = "NN", s.Lower[i]
		}
	}
}

// modifies reports whether the adjective at i stands before a noun,
// past other adjectives.
func (s *Sentence) modifies(i int) bool {
	j := i + 1
	for j < len(s.Tags) && strings.HasPrefix(s.Tags[j], "JJ") {
		j++
	}
	return j < len(s.Tags) && nounTag(s.Tags[j])
}

// interjections are the greetings and sounds that never head a phrase.
var interjections = set("hi hey hello bye goodbye oh ooh ohh ah aw aww wow whoa um uh uhm umm hmm oops yeah yep nope")

// HyphenedSound reports whether w is a sound written in hyphened parts:
// opening with an interjection, each part short ("oh-ho", "uh-oh",
// "ah-ha"), or two short parts that rhyme ("woo-hoo").
func HyphenedSound(w string) bool {
	first, rest, ok := strings.Cut(w, "-")
	if !ok || len(first) > 4 {
		return false
	}
	if !interjections[first] {
		// "woo-hoo", "boo-hoo", "yoo-hoo": two short parts that rhyme,
		// the second with a new first letter, are a sound made twice.
		return rest != "" && !strings.Contains(rest, "-") && len(rest) <= 4 && rest[0] != first[0] && rhyme(first) != "" && rhyme(first) == rhyme(rest)
	}
	for {
		part, more, ok := strings.Cut(rest, "-")
		if part == "" || len(part) > 4 {
			return false
		}
		if !ok {
			return true
		}
		rest = more
	}
}

// rhyme returns w from its first vowel on ("oo" of "woo"), or "" when it
// has none or starts with one.
func rhyme(w string) string {
	i := strings.IndexAny(w, "aeiou")
	if i < 1 {
		return ""
	}
	return w[i:]
}

// nominative are the pronouns only a subject takes.
var nominative = set("i he she we they")

// objectPronouns are the pronouns of the object case that the tagger
// takes for a name when a sentence starts with them.
var objectPronouns = set("me us him them")

// contractedTo are "going to", "want to" and "got to" as said: a verb
// follows.
var contractedTo = set("gonna wanna gotta")

// pluralNames reports whether the name ending at word e is joined to
// another by "and" ("Teo Lind and Lena Sand").
func (s *Sentence) pluralNames(e int) bool {
	k := e
	for k > 0 && (s.Tags[k-1] == "NNP" || s.Tags[k-1] == "NNPS") {
		k--
	}
	// "Ravi and his sister Meena": a kin noun and its possessor before
	// the name.
	for k > 0 && (s.Tags[k-1] == "NN" || s.Tags[k-1] == "JJ") {
		k--
	}
	if k > 0 && (s.Tags[k-1] == "PRP$" || s.Tags[k-1] == "DT") {
		k--
	}
	return k > 0 && (s.Lower[k-1] == "and" || s.Lower[k-1] == "&")
}

// auxiliaries take a participle after them.
var auxiliaries = set("be have get")

// linkingVerbs take a predicate adjective ("is happy", "got sick").
var linkingVerbs = set("be become seem feel look get stay remain sound keep turn go grow appear prove make find consider")

// subjectPronouns are the pronouns a verb may follow as its subject.
var subjectPronouns = set("i you he she we they it")

// chunk finds the noun phrases.
func (s *Sentence) chunk(names [][2]int, skip []bool) {
	nameEnd := map[int]int{}
	for _, n := range names {
		nameEnd[n[0]] = n[1]
	}
	n := len(s.Words)
	for i := 0; i < n; {
		if skip[i] {
			i++
			continue
		}
		p, ok := s.phraseAt(i, nameEnd, skip)
		if !ok {
			i++
			continue
		}
		s.Phrases = append(s.Phrases, p)
		i = p.End
	}
}

// determiners open a noun phrase.
var determiners = set("a an the this that these those some any another every each no all both my your his her its our their whose")

// phraseAt reads the noun phrase starting at word i.
func (s *Sentence) phraseAt(i int, nameEnd map[int]int, skip []bool) (Phrase, bool) {
	n := len(s.Words)
	t := s.Tags[i]
	p := Phrase{Start: i, Head: -1}
	if e, ok := nameEnd[i]; ok && !(e < n && s.Tags[e] == "POS") {
		p.End, p.Head, p.Name = e, e-1, true
		// "Brødhus" alone; "Acme Robotics"; a name followed by nouns
		// heads them ("Pro plan", "Vestas employee").
		j := e
		for j < n && !skip[j] && (s.Tags[j] == "NN" || s.Tags[j] == "NNS") && !nameStarts(nameEnd, j) {
			j++
		}
		if s.secondObject(i) {
			j = e
		}
		if j > e {
			p.End, p.Head, p.Name = j, j-1, false
		}
		return p, true
	}
	// "report to her.": a possessive pronoun with nothing to possess.
	if t == "PRP$" && (i+1 >= n || skip[i+1] || !(nounTag(s.Tags[i+1]) || strings.HasPrefix(s.Tags[i+1], "JJ") || s.Tags[i+1] == "CD" || nameStarts(nameEnd, i+1) || (s.Tags[i+1] == "RB" || s.Tags[i+1] == "RBS" || s.Tags[i+1] == "RBR") && i+2 < n && strings.HasPrefix(s.Tags[i+2], "JJ"))) {
		p.End, p.Head = i+1, i
		return p, true
	}
	if t == "PRP" || t == "EX" {
		if t == "EX" {
			return p, false
		}
		p.End, p.Head = i+1, i
		return p, true
	}
	j := i
	// A possessor: "my", "Bob's", "the company's".
	if t == "PRP$" || t == "WP$" {
		p.PossStart, p.PossEnd = i, i+1
		j++
		// "my cousin's wedding": the possessor is "my cousin's".
		if k := s.possessorEnd(j, nameEnd, skip); k > j {
			p.PossEnd, j = k, k
		}
	} else if k := s.possessorEnd(i, nameEnd, skip); k > i {
		p.PossStart, p.PossEnd = i, k
		j = k
	} else if t == "$" && i+1 < n && s.Tags[i+1] == "CD" {
		// "£1,240": the sign opens the amount.
		j++
	} else if t == "DT" || t == "PDT" || determiners[s.Lower[i]] && (t == "DT" || t == "PDT" || t == "JJ" || t == "RB") {
		j++
		if j < n && s.Tags[j] == "DT" {
			j++
		}
	}
	head := -1
	for j < n && !skip[j] {
		if e, ok := nameEnd[j]; ok {
			if e < n && s.Tags[e] == "POS" {
				break
			}
			head, j = e-1, e
			continue
		}
		tj := s.Tags[j]
		switch {
		case tj == "CD" && head >= 0 && doseWord(s.Lower[j]):
			// "rosuvastatin 10mg": the dose follows the drug's noun,
			// which stays the head.
		case nounTag(tj) || tj == "CD" && (head >= 0 || j+1 < n && nounTag(s.Tags[j+1])):
			head = j
			j++
			continue
		case tj == "CD":
			head = j
			j++
			continue
		case (tj == "RB" || tj == "RBS" || tj == "RBR") && j > i && head < 0 && j+2 < n && strings.HasPrefix(s.Tags[j+1], "JJ") && (nounTag(s.Tags[j+2]) || strings.HasPrefix(s.Tags[j+2], "JJ")):
			// "a very good man", "my very best friend", "the most
			// important scientists", "a more senior nurse": an adverb of
			// degree on the adjective after a determiner.
			j++
			continue
		case tj == "JJ" || tj == "JJR" || tj == "JJS" || tj == "VBN" && j > i && head < 0 || tj == "VBG" && j > i && head < 0 && j+1 < n && nounTag(s.Tags[j+1]) || tj == "HYPH":
			if j+1 < n && !skip[j+1] && (nounTag(s.Tags[j+1]) || strings.HasPrefix(s.Tags[j+1], "JJ") || s.Tags[j+1] == "CD" || s.Tags[j+1] == "VBN" || s.Tags[j+1] == "VBG") {
				j++
				continue
			}
		}
		break
	}
	if head < 0 {
		return p, false
	}
	p.End, p.Head = head+1, head
	return p, true
}

// nameStarts reports whether a protected name starts at word j.
func nameStarts(nameEnd map[int]int, j int) bool {
	_, ok := nameEnd[j]
	return ok
}

// possessorEnd returns the word after the "'s" of a possessor starting at
// i ("Bob's", "Acme Corp's", "the company's"), or i.
func (s *Sentence) possessorEnd(i int, nameEnd map[int]int, skip []bool) int {
	n := len(s.Words)
	j := i
	if e, ok := nameEnd[i]; ok {
		j = e
	} else {
		if s.Tags[j] == "DT" {
			j++
		}
		for j < n && !skip[j] && (nounTag(s.Tags[j]) || strings.HasPrefix(s.Tags[j], "JJ")) && j-i < 4 {
			j++
		}
	}
	if j > i && j < n && (s.Tags[j] == "POS" || s.Lower[j] == "'s") && j+1 < n && !skip[j+1] {
		return j + 1
	}
	return i
}

// phraseAtWord returns the index of the phrase starting at word i, or -1.
func (s *Sentence) phraseAtWord(i int) int {
	for k, p := range s.Phrases {
		if p.Start == i {
			return k
		}
		if p.Start > i {
			break
		}
	}
	return -1
}

// PhraseAt returns the index of the phrase starting at word i, or -1.
func (s *Sentence) PhraseAt(i int) int { return s.phraseAtWord(i) }

// PhraseEndingAt returns the index of the phrase ending at word e
// (exclusive), or -1.
func (s *Sentence) PhraseEndingAt(e int) int { return s.phraseEndingAt(e) }

// phraseEndingAt is PhraseEndingAt.
func (s *Sentence) phraseEndingAt(e int) int {
	for k := len(s.Phrases) - 1; k >= 0; k-- {
		if s.Phrases[k].End == e {
			return k
		}
		if s.Phrases[k].End < e {
			break
		}
	}
	return -1
}

// inPhrase reports whether word i belongs to a phrase.
func (s *Sentence) inPhrase(i int) bool {
	for _, p := range s.Phrases {
		if p.Start <= i && i < p.End {
			return true
		}
	}
	return false
}

// secondObject reports whether the name at word i follows a verb that
// takes two objects with nothing between: "prescribed Ysolde
// amoxicillin", "gave Oddny flowers". The common noun after it is the
// second object, not the name's head, as in "the Pro plan", "a Vestas
// employee" or "bought Vestas turbines".
func (s *Sentence) secondObject(i int) bool {
	return i > 0 && verbTag(s.Tags[i-1]) && s.Tags[i-1] != "MD" && dativeVerbs[s.Lemmas[i-1]]
}

// dativeVerbs take the one given to before what is given.
var dativeVerbs = set("give prescribe send offer lend hand owe show tell teach bring award grant promise")
