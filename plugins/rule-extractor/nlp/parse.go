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
}

// verbTag reports whether a tag is a verb's.
func verbTag(t string) bool { return strings.HasPrefix(t, "VB") || t == "MD" }

// nounTag reports whether a tag is a noun's.
func nounTag(t string) bool { return strings.HasPrefix(t, "NN") }

// adverbs that may sit inside a verb group.
var groupAdverbs = set("just also still now currently recently finally actually really already even always officially then eventually originally only ever never not no longer soon probably definitely sort kind of happily gladly both all n't almost nearly")

// particles after a verb.
var particles = set("out up down over off away back in on rid")

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
	s.retagHer()
	s.retagNeither()
	s.retagNamed()
	s.retagPlease()
	s.retagSuperlatives()
	s.retagFloating()
	s.retagGerunds()
	s.retagGerundObjects()
	s.retagIncluding()
	s.retagAs()
	s.retagUnknownAdverbs()
	s.retagOffOn()
	s.retagPossessedGerunds()
	s.retagInfinitives(named)
	s.retagVerbs()
	// Again, for the verbs retagVerbs found ("Maria teaches/NNS painting").
	s.retagGerundObjects()
	s.retagNouns()
	s.retagStrayVerbs()
	s.retagContracted()
	s.retagByNeighbours(named)
	s.chunk(names, skip)
	s.clauses(skip)
	return s
}

// finiteAfterComma reports whether a finite verb follows a comma after
// word i.
func (s *Sentence) finiteAfterComma(i int) bool {
	comma := false
	for j := i + 1; j < len(s.Tags); j++ {
		switch {
		case s.Words[j] == ",":
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
			k := i - 1
			for k > 0 && (s.Tags[k-1] == "NNP" || s.Tags[k-1] == "NNPS") {
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
		if !(next == "IN" || next == "TO" || next == "DT" || next == "PRP" || next == "PRP$" || next == "NNP" && (t == "NNS" || !IsNoun(s.Lower[i]))) {
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
		if !(prev == "NNP" || prev == "NNPS" || prev == "NNS" || prev == "PRP" && (s.Lower[i-1] == "they" || s.Lower[i-1] == "we")) {
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
		if s.Tags[i] == "VBG" && s.Tags[i-1] == "PRP$" && (s.Tags[i+1] == "NN" || s.Tags[i+1] == "NNS") {
			s.Tags[i] = "NN"
		}
	}
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
		if interjections[s.Lower[i]] {
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
		if j > e {
			p.End, p.Head, p.Name = j, j-1, false
		}
		return p, true
	}
	// "report to her.": a possessive pronoun with nothing to possess.
	if t == "PRP$" && (i+1 >= n || skip[i+1] || !(nounTag(s.Tags[i+1]) || strings.HasPrefix(s.Tags[i+1], "JJ") || s.Tags[i+1] == "CD" || nameStarts(nameEnd, i+1) || s.Tags[i+1] == "RB" && i+2 < n && strings.HasPrefix(s.Tags[i+2], "JJ"))) {
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
		case nounTag(tj) || tj == "CD" && (head >= 0 || j+1 < n && nounTag(s.Tags[j+1])):
			head = j
			j++
			continue
		case tj == "CD":
			head = j
			j++
			continue
		case tj == "RB" && j > i && head < 0 && j+2 < n && strings.HasPrefix(s.Tags[j+1], "JJ") && (nounTag(s.Tags[j+2]) || strings.HasPrefix(s.Tags[j+2], "JJ")):
			// "a very good man", "my very best friend": an adverb of
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
