package nlp_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

func TestTag(t *testing.T) {
	tests := []struct {
		name, words, want string
	}{
		{"first person", "I live in Lisbon .", "PRP VBP IN NNP ."},
		{"past and particle", "She moved out last week .", "PRP VBD RB JJ NN ."},
		{"progressive", "I 'm coaching the team .", "PRP VBP VBG DT NN ."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := strings.Join(nlp.Tag(strings.Fields(tc.words)), " ")
			if got != tc.want {
				t.Errorf("Tag(%q) = %q, want %q", tc.words, got, tc.want)
			}
		})
	}
}

func TestLemma(t *testing.T) {
	tests := []struct {
		word, tag, want string
	}{
		{"went", "VBD", "go"},
		{"moving", "VBG", "move"},
		{"studies", "VBZ", "study"},
		{"coached", "VBD", "coach"},
		{"rent", "VBP", "rent"}, // not "rend", whose past it also is
		{"mice", "NNS", "mouse"},
		{"teams", "NNS", "team"},
		{"is", "VBZ", "be"},
		{"zoomed", "VBD", "zoom"},
		{"Lisbon", "NNP", "lisbon"},
		{"nicest", "JJS", "nice"}, // not "nic": WordNet's adjectives decide
		{"later", "JJR", "late"},
		{"taller", "JJR", "tall"},
		{"best", "JJS", "good"},
	}
	for _, tc := range tests {
		if got := nlp.Lemma(tc.word, tc.tag); got != tc.want {
			t.Errorf("Lemma(%q, %s) = %q, want %q", tc.word, tc.tag, got, tc.want)
		}
	}
}

func TestNoun(t *testing.T) {
	tests := []struct {
		lemma string
		lex   nlp.LexFile
		class nlp.Class
	}{
		{"metformin", nlp.NounArtifact, nlp.ClassDrug},
		{"vaccine", nlp.NounArtifact, nlp.ClassVaccine},
		{"nurse", nlp.NounPerson, nlp.ClassWorker},
		{"dog", nlp.NounAnimal, nlp.ClassAnimal},
		{"lisbon", nlp.NounLocation, nlp.ClassCity},
		// WordNet writes it "headhunter".
		{"head-hunter", nlp.NounPerson, nlp.ClassPerson},
	}
	for _, tc := range tests {
		lex, class, ok := nlp.Noun(tc.lemma)
		if !ok || lex != tc.lex || class&tc.class == 0 {
			t.Errorf("Noun(%q) = %d, %b, %v, want %d with class %b", tc.lemma, lex, class, ok, tc.lex, tc.class)
		}
	}
	if _, _, ok := nlp.Noun("xqzv"); ok {
		t.Errorf("Noun(xqzv) found, want unknown")
	}
}

// wordsOf splits a sentence written with spaces between its tokens into
// its words and their lower case, contractions expanded as the extractor
// expands them ("n't" is "not").
func wordsOf(text string) (words, lower []string) {
	words = strings.Fields(text)
	lower = make([]string, len(words))
	for i, w := range words {
		lower[i] = strings.ToLower(w)
		if w == "n't" {
			lower[i] = "not"
		}
	}
	return words, lower
}

// clause is what TestParse checks of a clause.
type clause struct {
	Lemma, Particle, Subj, Obj string
	Passive, Negated, Modal    bool
	PPs                        string
}

func TestParse(t *testing.T) {
	tests := []struct {
		name  string
		words string
		names [][2]int
		want  []clause
	}{
		{"coordinated verbs share the subject", "I quit Acme and joined Globex .", [][2]int{{2, 3}, {5, 6}},
			[]clause{{Lemma: "quit", Subj: "I", Obj: "Acme"}, {Lemma: "join", Subj: "I", Obj: "Globex"}}},
		{"passive with an agent", "Pixelmoor was founded by Sigrun .", [][2]int{{0, 1}, {4, 5}},
			[]clause{{Lemma: "found", Subj: "Pixelmoor", Passive: true, PPs: "by:Sigrun"}}},
		{"relative clause", "Leyla , who works in Bursa , sang loudly .", [][2]int{{0, 1}, {5, 6}},
			[]clause{{Lemma: "work", Subj: "Leyla", PPs: "in:Bursa"}, {Lemma: "sing", Subj: "Leyla"}}},
		{"an aside led by a preposition between a subject and its verb", "Our lease with Varde , in place since 2019 , ends in May .", [][2]int{{3, 4}},
			[]clause{{Lemma: "end", Subj: "Our lease", PPs: "in:May"}}},
		{"a phrase after for modifies the subject before it", "The train for Tartu leaves at nine .", [][2]int{{3, 4}},
			[]clause{{Lemma: "leave", Subj: "The train", PPs: "at:nine"}}},
		{"one appointed does what follows", "The board named Eirik to replace her .", [][2]int{{3, 4}},
			[]clause{{Lemma: "name", Subj: "The board", Obj: "Eirik"}, {Lemma: "replace", Subj: "Eirik", Obj: "her"}}},
		{"because opens a clause, no object of the verb before it", "I left because Ilse was there .", [][2]int{{3, 4}},
			[]clause{{Lemma: "leave", Subj: "I"}, {Lemma: "be", Subj: "Ilse"}}},
		{"negation and particle", "I did n't move out .", nil,
			[]clause{{Lemma: "move", Particle: "out", Subj: "I", Negated: true}}},
		{"negation after a copula", "I 'm not a nurse .", nil,
			[]clause{{Lemma: "be", Subj: "I", Negated: true}}},
		{"no before the complement negates", "I 'm no nurse .", nil,
			[]clause{{Lemma: "be", Subj: "I", Negated: true}}},
		{"no before the object negates", "Oddny has no brothers .", nil,
			[]clause{{Lemma: "have", Subj: "Oddny", Obj: "no brothers", Negated: true}}},
		{"a relative clause without its pronoun, its preposition stranded", "Tomasz is the guy I broke up with .", [][2]int{{0, 1}},
			[]clause{{Lemma: "be", Subj: "Tomasz"}, {Lemma: "break", Particle: "up", Subj: "I", PPs: "with:the guy"}}},
		{"a relative clause closing before the verb of the phrase it hangs on", "The studio I work for is Foxglove .", [][2]int{{6, 7}},
			[]clause{{Lemma: "work", Subj: "I", PPs: "for:The studio"}, {Lemma: "be", Subj: "The studio"}}},
		{"a clause after a phrase, with an object of its own, is no relative", "I kept the book you gave me .", nil,
			[]clause{{Lemma: "keep", Subj: "I", Obj: "the book"}, {Lemma: "give", Subj: "you", Obj: "me"}}},
		{"since between have and its participle is an adverb of the group", "Ilse collected her degree and has since joined Kelder .", [][2]int{{0, 1}, {8, 9}},
			[]clause{{Lemma: "collect", Subj: "Ilse", Obj: "her degree"}, {Lemma: "join", Subj: "Ilse", Obj: "Kelder"}}},
		{"an adverb in -ly after an auxiliary is part of the group", "Ilse has now formally stepped down from the choir .", [][2]int{{0, 1}},
			[]clause{{Lemma: "step", Particle: "down", Subj: "Ilse", PPs: "from:the choir"}}},
		{"the verb after the do of emphasis, though also a noun", "I did date Ilse .", [][2]int{{3, 4}},
			[]clause{{Lemma: "date", Subj: "I", Obj: "Ilse"}}},
		{"the verb after a negated do, though also a noun", "I did not date Ilse .", [][2]int{{4, 5}},
			[]clause{{Lemma: "date", Subj: "I", Obj: "Ilse", Negated: true}}},
		{"the object of do stays its object", "I did the dishes .", nil,
			[]clause{{Lemma: "do", Subj: "I", Obj: "the dishes"}}},
		{"aside after a verb is its particle", "Ilse stepped aside from the Terns .", [][2]int{{0, 1}, {5, 6}},
			[]clause{{Lemma: "step", Particle: "aside", Subj: "Ilse", PPs: "from:the Terns"}}},
		{"intention", "I want to move to Berlin .", [][2]int{{5, 6}},
			[]clause{{Lemma: "move", Subj: "I", Modal: true, PPs: "to:Berlin"}}},
		{"a verb after used to, though the tagger reads a noun", "Halvard and I used to date .", [][2]int{{0, 1}},
			[]clause{{Lemma: "date", Subj: "I&Halvard"}}},
		{"a verb in -s before a gerund, though the tagger reads a plural", "Maria teaches painting .", [][2]int{{0, 1}},
			[]clause{{Lemma: "teach", Subj: "Maria", Obj: "painting"}}},
		{"please opens a request with no subject", "Please cancel my plan .", nil,
			[]clause{{Lemma: "cancel", Obj: "my plan"}}},
		{"a second verb in the present after a name, though the tagger reads a noun", "I live in Tromsø and work at Vantor .", [][2]int{{3, 4}, {7, 8}},
			[]clause{{Lemma: "live", Subj: "I", PPs: "in:Tromsø"}, {Lemma: "work", Subj: "I", PPs: "at:Vantor"}}},
		{"two common nouns stay conjuncts", "I buy bread and jam at the market .", nil,
			[]clause{{Lemma: "buy", Subj: "I", Obj: "bread&jam", PPs: "at:the market"}}},
		{"neither and nor join the subjects of a negated clause", "Neither Ana nor Olav works at Vantor .", [][2]int{{1, 2}, {3, 4}, {6, 7}},
			[]clause{{Lemma: "work", Subj: "Olav&Ana", Negated: true, PPs: "at:Vantor"}}},
		{"an age set off by commas is an aside", "Sara Lind , 45 , joined Vantor .", [][2]int{{0, 2}, {6, 7}},
			[]clause{{Lemma: "join", Subj: "Sara Lind", Obj: "Vantor"}}},
		{"a particle after an object pronoun, before a preposition", "I traded it in for a Kia .", [][2]int{{6, 7}},
			[]clause{{Lemma: "trade", Particle: "in", Subj: "I", Obj: "it", PPs: "for:a Kia"}}},
		{"adverbs between the verb and its preposition", "Ilse got back together with Tor .", [][2]int{{0, 1}, {5, 6}},
			[]clause{{Lemma: "get", Subj: "Ilse", PPs: "with:Tor"}}},
		{"got rid of", "I got rid of the car .", nil,
			[]clause{{Lemma: "get", Particle: "rid", Subj: "I", PPs: "of:the car"}}},
		{"up to date stays a noun", "The list is up to date .", nil,
			[]clause{{Lemma: "be", Particle: "up", Subj: "The list", PPs: "to:date"}}},
		{"a post set off by commas after a name stands between the name and its verb", "Yewande Olatunde , assistant coach at Wyvern , lives in Leeds .", [][2]int{{0, 2}, {6, 7}, {10, 11}},
			[]clause{{Lemma: "live", Subj: "Yewande Olatunde", PPs: "in:Leeds"}}},
		{"a participle after such a post is the name's past verb", "Oriol Vidal , head of sales at Larkwater , retired in April .", [][2]int{{0, 2}, {7, 8}, {11, 12}},
			[]clause{{Lemma: "retire", Subj: "Oriol Vidal", PPs: "in:April"}}},
		{"who after a name and its post is the name", "We chose Yewande Olatunde , coach at Wyvern , who starts Monday .", [][2]int{{2, 4}, {7, 8}, {11, 12}},
			[]clause{{Lemma: "choose", Subj: "We", Obj: "Yewande Olatunde"}, {Lemma: "start", Subj: "Yewande Olatunde", Obj: "Monday"}}},
		{"what one tells someone is no relative clause on them", "Maddox informed the committee that he will leave the club .", [][2]int{{0, 1}},
			[]clause{{Lemma: "inform", Subj: "Maddox", Obj: "the committee"}, {Lemma: "leave", Subj: "he", Obj: "the club"}}},
		{"an aside with its determiner after a name stands between the name and its verb", "Linwood Maritime , the shipping broker that Edna Fenwright founded , hired Graça Sequeira .", [][2]int{{0, 2}, {7, 9}, {12, 14}},
			[]clause{{Lemma: "found", Subj: "Edna Fenwright", Obj: "the shipping broker"}, {Lemma: "hire", Subj: "Linwood Maritime", Obj: "Graça Sequeira"}}},
		{"a word in -ed after have is its participle", "I 've upgraded membership LP-40212 to the Premium plan .", [][2]int{{4, 5}},
			[]clause{{Lemma: "upgrade", Subj: "I", Obj: "membership LP-40212", PPs: "to:the Premium plan"}}},
		{"a hyphenated participle after be is a passive", "Anouk was co-opted as treasurer .", [][2]int{{0, 1}},
			[]clause{{Lemma: "co-opt", Subj: "Anouk", Passive: true}}},
		{"that before a name opens the clause of a verb of saying", "We 're delighted to announce that Prof. Ilze Berzina of Riga University will give the keynote .", [][2]int{{6, 9}, {10, 12}},
			[]clause{{Lemma: "announce", Subj: "We"}, {Lemma: "give", Subj: "Prof. Ilze Berzina", Obj: "the keynote"}}},
		{"a name with a phrase of place after that and an infinitive is the subject", "We 're pleased to announce that Ilze Berzina of Riga University will give the keynote .", [][2]int{{6, 8}, {9, 11}},
			[]clause{{Lemma: "be", Subj: "We"}, {Lemma: "announce", Subj: "We"}, {Lemma: "give", Subj: "Ilze Berzina", Obj: "the keynote"}}},
		{"that after a comma before a verb is a pronoun, no relative", "No problem , that has been cancelled .", nil,
			[]clause{{Lemma: "cancel", Subj: "that", Passive: true}}},
		{"a hyphened verb after its subject is the verb", "Anouk co-founded Tilia Labs .", [][2]int{{0, 1}, {2, 4}},
			[]clause{{Lemma: "co-found", Subj: "Anouk", Obj: "Tilia Labs"}}},
		{"a hyphened verb in -s after its subject is the verb", "Anouk re-reads the minutes .", [][2]int{{0, 1}},
			[]clause{{Lemma: "re-read", Subj: "Anouk", Obj: "the minutes"}}},
		{"a hyphened verb after a modal is the verb", "Anouk will co-supervise Tilde .", [][2]int{{0, 1}, {3, 4}},
			[]clause{{Lemma: "co-supervise", Subj: "Anouk", Obj: "Tilde"}}},
		{"a spoken hedge before the verb is an adverb", "I kinda like Tilde .", [][2]int{{3, 4}},
			[]clause{{Lemma: "like", Subj: "I", Obj: "Tilde"}}},
		{"a participle after an unknown name that opens the sentence is its past", "Ysolde graduated from Fenlow University in 2019 .", [][2]int{{0, 1}, {3, 5}},
			[]clause{{Lemma: "graduate", Subj: "Ysolde", PPs: "from:Fenlow University in:2019"}}},
		{"a participle after a name before by stays a passive", "Quillary acquired by Brackley Freight .", [][2]int{{0, 1}, {3, 5}},
			[]clause{{Lemma: "acquire", Subj: "Quillary", Passive: true, PPs: "by:Brackley Freight"}}},
		{"a noun taken for a verb at the end of an object is its head", "Sigvald had his second MMR jab in May .", [][2]int{{0, 1}, {4, 5}, {7, 8}},
			[]clause{{Lemma: "have", Subj: "Sigvald", Obj: "his second MMR jab", PPs: "in:May"}}},
		{"a noun after have before a code is the object's noun", "Ingunn has ticket TK-5521 .", [][2]int{{0, 1}, {3, 4}},
			[]clause{{Lemma: "have", Subj: "Ingunn", Obj: "ticket TK-5521"}}},
		{"a participle in -ed before a code stays one", "Ingunn has booked TK-5521 .", [][2]int{{0, 1}, {3, 4}},
			[]clause{{Lemma: "book", Subj: "Ingunn", Obj: "TK-5521"}}},
		{"an organisation's post set off by commas after a name stands between the name and its verb", "Ingunn Dahl , Quillary 's chief executive , resigned on 2 May .", [][2]int{{0, 2}, {3, 4}},
			[]clause{{Lemma: "resign", Subj: "Ingunn Dahl", PPs: "on:2 May"}}},
		{"a word in -ed after got is the participle of a passive", "When we got married , I was broke .", nil,
			[]clause{{Lemma: "marry", Subj: "we", Passive: true}, {Lemma: "be", Subj: "I"}}},
		{"a name after a verb of giving is the first of two objects", "Dr. Holm prescribed Ysolde amoxicillin on Monday .", [][2]int{{0, 2}, {3, 4}, {6, 7}},
			[]clause{{Lemma: "prescribe", Subj: "Dr. Holm", Obj: "Ysolde", PPs: "on:Monday"}}},
		{"off after an object before a noun opens a phrase", "The vet took Juniper off carprofen .", [][2]int{{3, 4}},
			[]clause{{Lemma: "take", Subj: "The vet", Obj: "Juniper", PPs: "off:carprofen"}}},
		{"a plural after a name before an adverb, in a sentence with no verb, is its verb", "My brother Brannoc teaches there too !", [][2]int{{2, 3}},
			[]clause{{Lemma: "teach", Subj: "My brother Brannoc"}}},
		{"a correction after but is a clause of what the subject is", "Ingunn is not a nurse but a doctor .", [][2]int{{0, 1}},
			[]clause{{Lemma: "be", Subj: "Ingunn", Negated: true}, {Lemma: "be", Subj: "Ingunn"}}},
		{"kind of before a verb in the past is an adverb", "She sort of hated Tilde .", [][2]int{{4, 5}},
			[]clause{{Lemma: "hate", Subj: "She", Obj: "Tilde"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			words, lower := wordsOf(tc.words)
			s := nlp.Parse(words, lower, tc.names, make([]bool, len(words)))
			text := func(a nlp.Arg) string {
				var out []string
				for _, p := range a.All() {
					ph := s.Phrases[p]
					out = append(out, strings.Join(words[ph.Start:ph.End], " "))
				}
				return strings.Join(out, "&")
			}
			var got []clause
			for _, c := range s.Clauses {
				g := clause{Lemma: c.Lemma, Particle: c.Particle, Subj: text(c.Subj), Obj: text(c.Obj), Passive: c.Passive, Negated: c.Negated, Modal: c.Modal}
				var pps []string
				for _, pp := range c.PPs {
					pps = append(pps, pp.Prep+":"+text(pp.Obj))
				}
				g.PPs = strings.Join(pps, " ")
				got = append(got, g)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Parse(%q) clauses (-want +got):\n%s", tc.words, diff)
			}
		})
	}
}

func TestInflectedVerb(t *testing.T) {
	tests := []struct {
		word string
		want bool
	}{
		{"got", true},
		{"moved", true},
		{"promoted", true},
		{"reading", false}, // a noun, and a town's name
		{"manning", false}, // -ing forms are left out
		{"ted", false},     // a lemma, not an inflected form
		{"start", false},
	}
	for _, tt := range tests {
		if got := nlp.InflectedVerb(tt.word); got != tt.want {
			t.Errorf("InflectedVerb(%q) = %v, want %v", tt.word, got, tt.want)
		}
	}
}

// TestGivenNames checks the embedded gazetteer: thousands of names, in
// lower case, sorted and each once, its licence kept out of the list.
func TestGivenNames(t *testing.T) {
	ns := nlp.GivenNames()
	if len(ns) < 5000 {
		t.Fatalf("GivenNames: %d names, want the whole list (over 5,000)", len(ns))
	}
	for i, n := range ns {
		if n != strings.ToLower(n) || strings.ContainsAny(n, " #") {
			t.Errorf("GivenNames[%d] = %q: not one lower-case word", i, n)
		}
		if i > 0 && ns[i-1] >= n {
			t.Errorf("GivenNames: %q before %q, not sorted or repeated", ns[i-1], n)
		}
	}
	if !slices.Contains(ns, "dorothea") || slices.Contains(ns, "permission") {
		t.Errorf("GivenNames: a name missing or the licence read as names")
	}
	for name, want := range map[string]byte{"dorothea": 'f', "bram": 'm', "kim": 0, "nosuchname": 0} {
		if got := nlp.NameGender(name); got != want {
			t.Errorf("NameGender(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestRetagModifiers checks the tags Parse corrects around a noun: a
// noun after a possessive that the tagger read as an adjective, and an
// age before a noun that it read as a name.
func TestRetagModifiers(t *testing.T) {
	tests := []struct {
		name, words, want string
		names             [][2]int
	}{
		{"a noun after a possessive, before a time", "I was her accountant four years ago .", "PRP VBD PRP$ NN CD NNS RB .", nil},
		{"an age before a noun", "Ilse , our 50-year-old librarian , is here .", "NNP , PRP$ JJ NN , VBZ RB .", [][2]int{{0, 1}}},
		{"an adjective after how, before its subject", "Ilse says how kind you are .", "NNP VBZ WRB JJ PRP VBP .", [][2]int{{0, 1}}},
		{"a bare adjective closing a copula", "She is so kind .", "PRP VBZ RB JJ .", nil},
		{"a noun closing a copula stays", "The problem is cost .", "DT NN VBZ NN .", nil},
		{"a greeting in -ing whose stem is no verb", "Morning Ilse !", "NN NNP .", [][2]int{{1, 2}}},
		{"a verb in -ing opening a sentence stays", "Running late , sorry .", "VBG RB , NN .", nil},
		{"a past like its plain form after a name, before a time", "Sigvald quit last week .", "NNP VBD JJ NN .", [][2]int{{0, 1}}},
		{"a past after a noun subject, before a time", "My boss quit last week .", "PRP$ NN VBD JJ NN .", nil},
		{"a noun after an object stays", "We had a good start last week .", "PRP VBD DT JJ NN JJ NN .", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			words, lower := wordsOf(tc.words)
			s := nlp.Parse(words, lower, tc.names, make([]bool, len(words)))
			if got := strings.Join(s.Tags, " "); got != tc.want {
				t.Errorf("Parse(%q) tags = %q, want %q", tc.words, got, tc.want)
			}
		})
	}
	for w, want := range map[string]bool{"50-year-old": true, "twenty-year-old": true, "six-month-old": true, "old-timer": false, "year-old": false, "x-year-old": false} {
		if got := nlp.IsAgeModifier(w); got != want {
			t.Errorf("IsAgeModifier(%q) = %v, want %v", w, got, want)
		}
	}
}

func TestHyphenedSound(t *testing.T) {
	for w, want := range map[string]bool{
		"uh-oh": true, "oh-ho": true, "woo-hoo": true, "boo-hoo": true, "yoo-hoo": true,
		"jean-paul": false, "mary-lou": false, "co-op": false, "ex-wife": false, "woo-": false, "bo-bo": false,
	} {
		if got := nlp.HyphenedSound(w); got != want {
			t.Errorf("HyphenedSound(%q) = %v, want %v", w, got, want)
		}
	}
}

func TestOpeningFunctionWord(t *testing.T) {
	for _, tc := range []struct {
		w, next string
		want    bool
	}{
		{"ever", "since", true}, {"then", "we", true}, {"will", "you", true},
		{"ever", "Garden", false}, {"tamsin", "left", false}, {"rose", "from", false},
	} {
		if got := nlp.OpeningFunctionWord(tc.w, tc.next); got != tc.want {
			t.Errorf("OpeningFunctionWord(%q, %q) = %v, want %v", tc.w, tc.next, got, tc.want)
		}
	}
}
