package nlp

import (
	_ "embed"
	"strconv"
	"strings"
	"sync"
)

// wordnetBin is what internal/tools/nlpdata keeps of WordNet 3.0: sections
// "#name" of sorted "key\tvalue" lines.
//
//go:embed wordnet.bin
var wordnetBin string

// table is one section of wordnetBin: sorted lines, searched in place.
type table struct {
	text string
}

// wordnet holds the sections, decoded once and read-only afterwards.
type wordnet struct {
	verbExc, nounExc, adjExc, verbs, nouns, adjs table
}

var wn = sync.OnceValue(func() *wordnet {
	const magic = "MNWN1\n"
	if !strings.HasPrefix(wordnetBin, magic) {
		panic("nlp: wordnet.bin is not WordNet data")
	}
	w := &wordnet{}
	sections := map[string]*table{"verb.exc": &w.verbExc, "noun.exc": &w.nounExc, "adj.exc": &w.adjExc, "verbs": &w.verbs, "nouns": &w.nouns, "adjs": &w.adjs}
	s := wordnetBin[len(magic):]
	for len(s) > 0 {
		nl := strings.IndexByte(s, '\n')
		name := s[1:nl]
		s = s[nl+1:]
		end := strings.Index(s, "\n#")
		if end < 0 {
			end = len(s)
		} else {
			end++
		}
		t := sections[name]
		if t == nil {
			panic("nlp: wordnet.bin has an unknown section " + name)
		}
		t.text = s[:end]
		s = s[end:]
	}
	return w
})

// get returns the value of key, or ok false: a binary search over the
// bytes of the section, each probe widened to the line it falls in, so
// that nothing is decoded or indexed beforehand.
func (t *table) get(key string) (string, bool) {
	lo, hi := 0, len(t.text) // lines starting in [lo, hi)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		start := strings.LastIndexByte(t.text[:m], '\n') + 1
		if start < lo {
			start = lo
		}
		end := start + strings.IndexByte(t.text[start:], '\n')
		k, v, _ := strings.Cut(t.text[start:end], "\t")
		switch {
		case k == key:
			return v, true
		case k < key:
			lo = end + 1
		default:
			hi = start
		}
	}
	return "", false
}

// LexFile is a WordNet lexicographer file: a word's coarse sense, a
// supersense (noun.person, verb.motion…).
type LexFile uint8

// Lexicographer files the extractor asks about (WordNet's numbering).
const (
	NounAct           LexFile = 4
	NounAnimal        LexFile = 5
	NounArtifact      LexFile = 6
	NounAttribute     LexFile = 7
	NounBody          LexFile = 8
	NounCognition     LexFile = 9
	NounCommunication LexFile = 10
	NounEvent         LexFile = 11
	NounFeeling       LexFile = 12
	NounFood          LexFile = 13
	NounGroup         LexFile = 14
	NounLocation      LexFile = 15
	NounObject        LexFile = 17
	NounPerson        LexFile = 18
	NounPlant         LexFile = 20
	NounPossession    LexFile = 21
	NounQuantity      LexFile = 23
	NounState         LexFile = 26
	NounSubstance     LexFile = 27
	NounTime          LexFile = 28
	VerbBody          LexFile = 29
	VerbChange        LexFile = 30
	VerbCognition     LexFile = 31
	VerbCommunication LexFile = 32
	VerbCompetition   LexFile = 33
	VerbConsumption   LexFile = 34
	VerbContact       LexFile = 35
	VerbCreation      LexFile = 36
	VerbEmotion       LexFile = 37
	VerbMotion        LexFile = 38
	VerbPerception    LexFile = 39
	VerbPossession    LexFile = 40
	VerbSocial        LexFile = 41
	VerbStative       LexFile = 42
	VerbWeather       LexFile = 43
)

// Class is a set of noun classes: the anchors the hypernyms of a noun's
// first sense reach. The bits follow internal/tools/nlpdata's
// classAnchors.
type Class uint32

// Noun classes.
const (
	ClassPerson Class = 1 << iota
	ClassAnimal
	ClassDrug
	ClassVaccine
	ClassOrganization
	ClassTeam
	ClassSchool
	ClassCity
	ClassCountry
	ClassPlace
	ClassFood
	ClassVehicle
	ClassDisease
	ClassRelative
	ClassWorker
	ClassDegree
	ClassFacility
	ClassArtifact
	ClassEvent
	ClassPeriod
)

// Noun is what WordNet says of a noun lemma (lower case, words separated
// by spaces): its first sense's lexicographer file and classes. ok is
// false for a word WordNet does not know as a noun.
func Noun(lemma string) (lex LexFile, class Class, ok bool) {
	v, ok := wn().nouns.get(lemma)
	if !ok && strings.Contains(lemma, "-") {
		// "head-hunter", "book-keeper": WordNet writes the word closed
		// up or open.
		if v, ok = wn().nouns.get(strings.ReplaceAll(lemma, "-", "")); !ok {
			v, ok = wn().nouns.get(strings.ReplaceAll(lemma, "-", " "))
		}
	}
	if !ok {
		return 0, 0, false
	}
	l, c, _ := strings.Cut(v, "\t")
	n, _ := strconv.Atoi(l)
	b, _ := strconv.ParseUint(c, 16, 32)
	return LexFile(n), Class(b), true
}

// Verb returns the lexicographer file of a verb lemma's first sense (a
// phrasal verb is written "take over"); ok is false for a word WordNet
// does not know as a verb.
func Verb(lemma string) (LexFile, bool) {
	v, ok := wn().verbs.get(lemma)
	if !ok {
		return 0, false
	}
	n, _ := strconv.Atoi(v)
	return LexFile(n), true
}

// IsNoun reports whether WordNet knows a noun lemma.
func IsNoun(lemma string) bool {
	_, ok := wn().nouns.get(lemma)
	return ok
}

// IsAdjective reports whether WordNet knows a one-word adjective.
func IsAdjective(lemma string) bool {
	_, ok := wn().adjs.get(lemma)
	return ok
}

// IsVerb reports whether WordNet knows a verb lemma.
func IsVerb(lemma string) bool {
	_, ok := wn().verbs.get(lemma)
	return ok
}
