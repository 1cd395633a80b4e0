package nlp

import (
	"strings"
	"unicode"
)

// Verb groups and clauses.

// Words a verb group reads.
var (
	modals = set("will would shall should can could may might must wo ca 'll 'd")
	// futureModals state what is to come ("she'll be reporting to Amir").
	futureModals = set("will shall wo 'll")
	// Each states a will or a prospect, not a deed: "is set to buy", "agreed
	// to sell", "is looking to hire", "was due to start".
	intentions = set("want wanna plan hope need try decide expect wish mean aim consider going gonna supposed able likely set due poised slate schedule seek look agree prepare offer promise threaten propose")
	// scheduled are the intentions that fix what is to come: "has
	// decided to step down", "is due to start", "is set to join".
	scheduled  = set("decide set due schedule slate")
	aspectuals = set("start begin stop quit keep continue finish resume cease")
	linking    = set("be become remain stay")
	chaining   = set("be have do get use going")
	// auxLemmas are the auxiliaries an adverb may follow inside a verb group.
	auxLemmas    = set("be have do")
	relativeWH   = set("who which that whom")
	subordinator = set("because since although though while when where whereas if unless until after before so once whether as")
	// postposition are words tagged IN that close the phrase before them
	// and take none after ("two weeks ago I adopted a dog").
	postposition = set("ago")
	coordinators = set("and but or then")
)

// groupAt reads the verb group around word i (a verb outside any
// phrase): the auxiliaries and adverbs before it, the verbs it chains
// ("have been coaching", "used to live", "want to move", "stopped
// taking") and its particle. It returns the clause with the group filled
// in and the word after the group.
func (s *Sentence) groupAt(i int, skip []bool) (Clause, int) {
	n := len(s.Words)
	c := Clause{Subj: Arg{Phrase: -1}, Obj: Arg{Phrase: -1}, Obj2: Arg{Phrase: -1}, Comp: Arg{Phrase: -1}, Adj: -1, AsRole: -1, Governor: -1, GerundObj: -1, Hangs: -1}
	start := i
	for start > 0 && !skip[start-1] && !s.inPhrase(start-1) && (s.Tags[start-1] == "RB" && groupAdverbs[s.Lower[start-1]] || s.Lower[start-1] == "not" || s.Tags[start-1] == "TO" ||
		s.Lower[start-1] == "longer" || s.Lower[start-1] == "no" && start < len(s.Words) && s.Lower[start] == "longer") {
		start--
	}
	c.VerbStart = start
	if s.Tags[start] == "TO" {
		c.Infinitive = true
	}
	var verbs []int
	j := start
	for j < n {
		l, t := s.Lower[j], s.Tags[j]
		switch {
		case skip[j]:
		case verbTag(t) && !s.inPhrase(j):
			if n := len(verbs); n > 0 {
				pv := verbs[n-1]
				lp := s.Lemmas[pv]
				if !(s.Tags[pv] == "MD" || chaining[lp] || intentions[lp] || intentions[s.Lower[pv]] || aspectuals[lp] && t == "VBG" || s.Tags[j-1] == "TO") {
					goto done
				}
			}
			verbs = append(verbs, j)
		case t == "TO" && j+1 < n && (s.Tags[j+1] == "VB" || s.Tags[j+1] == "RB" && j+2 < n && s.Tags[j+2] == "VB"):
		case (t == "RB" || t == "RBR") && (groupAdverbs[l] || len(verbs) > 0 && (s.Tags[verbs[len(verbs)-1]] == "MD" || auxLemmas[s.Lemmas[verbs[len(verbs)-1]]]) && strings.HasSuffix(l, "ly")) && j+1 < n && (verbTag(s.Tags[j+1]) || s.Tags[j+1] == "RB" || s.Tags[j+1] == "TO" || s.Lower[j+1] == "longer"):
			// "has now formally stepped down": an adverb in -ly after an
			// auxiliary is part of the group too.
		case l == "longer" && j > 0 && s.Lower[j-1] == "no":
		case l == "no" && j+1 < n && s.Lower[j+1] == "longer":
		default:
			goto done
		}
		j++
	}
done:
	if len(verbs) == 0 {
		return c, i + 1
	}
	// The main verb is the last; what comes before it says tense, mood
	// and voice.
	main := verbs[len(verbs)-1]
	c.Verb = main
	c.Lemma = s.Lemmas[main]
	// "I'm not a doctor", "she was never here": a negation after the
	// last verb, before what it says, belongs to the group.
	for j < n && !skip[j] && (s.Lower[j] == "not" || s.Lower[j] == "n't" || s.Lower[j] == "never") {
		j++
	}
	for k := start; k < j; k++ {
		switch l := s.Lower[k]; {
		case l == "not" || l == "n't" || l == "never":
			c.Negated = true
		case l == "longer" && k > 0 && s.Lower[k-1] == "no":
			c.NoLonger = true
		case l == "almost" && k+1 == main:
			// "I almost married Olav": it did not happen.
			c.Negated = true
		}
	}
	first := verbs[0]
	switch {
	case s.Tags[first] == "VBD":
		c.Past = true
	case s.Tags[first] == "MD" && futureModals[s.Lower[first]]:
		c.Future = true
	case s.Tags[first] == "MD":
		c.Modal = true
	}
	if s.Tags[first] == "VBN" && len(verbs) == 1 && first > 0 && s.Tags[first-1] != "VBZ" {
		c.Past = true
	}
	for k, v := range verbs[:len(verbs)-1] {
		lv := s.Lemmas[v]
		next := verbs[k+1]
		switch {
		case s.Tags[v] == "MD" && futureModals[s.Lower[v]]:
			c.Future = true
		case s.Tags[v] == "MD" || modals[s.Lower[v]]:
			c.Modal = true
		case lv == "use" && s.Tags[v] == "VBD":
			c.UsedTo = true
		case scheduled[lv] || scheduled[s.Lower[v]]:
			c.Scheduled = true
		case intentions[lv] || intentions[s.Lower[v]]:
			c.Modal = true
		case lv == "have" && (s.Tags[next] == "VBN" || s.Tags[next] == "VBD" || s.Lemmas[next] == "be"):
			// A past form after "have" is its participle, whatever the tag.
			c.Perfect = true
		case lv == "have" && s.Tags[next] == "VB":
			// "have to" is a need; "had to quit" says one quit.
			c.Modal = s.Tags[v] != "VBD"
		case (lv == "be" || lv == "get") && s.Tags[next] == "VBN" && next == main:
			c.Passive = true
			c.GetPassive = lv == "get"
		case lv == "be" && s.Tags[next] == "VBG":
			c.Progressive = true
			if s.Lower[next] == "going" && (next != main || j >= n || s.Lower[j] != "out") {
				// "is going to move", "is going to Rome": a plan; "is
				// going out with" is not.
				c.Modal = true
			}
		case aspectuals[lv]:
			c.Aspect = lv
		}
	}
	if c.Scheduled && !c.Modal {
		// "has decided to step down at the end of the month": what is
		// to come, as "will step down" says it; the tense of "decided"
		// is the decision's.
		c.Future, c.Perfect, c.Past, c.Progressive = true, false, false, false
	}
	if s.Tags[main] == "VBG" && !c.Progressive && c.Aspect == "" && len(verbs) == 1 {
		c.Gerund = true
	}
	// "a Leeds startup founded in 2015 by Nia Okafor": a participle right
	// after a noun or an appositive's comma is a passive.
	if len(verbs) == 1 && (s.Tags[main] == "VBN" || s.Tags[main] == "VBD" && s.byFollows(j)) && start == main && main > 0 && (nounTag(s.Tags[main-1]) || s.Words[main-1] == ",") {
		c.Passive, c.Past = true, true
	}
	// A copula, a passive or a predicate: "is", "was founded", "got
	// married".
	if c.Passive && s.Lemmas[main] == "be" {
		c.Passive = false
	}
	// The particle: tagged so, or an adverb or preposition with nothing
	// after it but a preposition or the clause's end ("broke up last
	// month.", "moved out of").
	if j < n && !skip[j] && (particles[s.Lower[j]] || s.Tags[j] == "RP" && s.Lower[j] == "go" && s.Lemmas[main] == "let") {
		after := j + 1
		for after < n && skip[after] {
			after++
		}
		if s.Tags[j] == "RP" || after == n || s.Tags[after] == "IN" || s.Tags[after] == "TO" || s.Tags[after] == "." || s.Tags[after] == "," || s.Tags[after] == ":" ||
			handingIn[s.Lemmas[main]] && s.Lower[j] == "in" && (s.Tags[after] == "PRP$" || s.Tags[after] == "DT") {
			c.Particle = s.Lower[j]
			j++
		}
	}
	if c.Particle == "" && j+1 < n && s.Tags[j] == "PRP" && particles[s.Lower[j+1]] && !skip[j] && !skip[j+1] {
		// "laid me off", "traded it in for a Kia": the particle after an
		// object pronoun, tagged so or with nothing after it but a
		// preposition or the clause's end.
		if a := j + 2; s.Tags[j+1] == "RP" || a == n || s.Tags[a] == "IN" || s.Tags[a] == "TO" || s.Tags[a] == "." || s.Tags[a] == "," {
			c.Particle = s.Lower[j+1]
		}
	}
	c.VerbEnd = j
	return c, j
}

// byFollows reports whether "by" comes after word j before the clause
// ends (a comma, a verb).
func (s *Sentence) byFollows(j int) bool {
	if j < len(s.Words) && (s.Tags[j] == "DT" || s.Tags[j] == "PRP$") {
		// "Acme announced the acquisition of Helix by Vertex": a verb
		// with a direct object is no participle.
		return false
	}
	for ; j < len(s.Words) && s.Words[j] != "," && !verbTag(s.Tags[j]); j++ {
		if s.Lower[j] == "by" {
			return true
		}
	}
	return false
}

// clauses finds the verb groups and their arguments.
func (s *Sentence) clauses(skip []bool) {
	n := len(s.Words)
	for i := 0; i < n; {
		if skip[i] || !verbTag(s.Tags[i]) || s.inPhrase(i) {
			i++
			continue
		}
		c, next := s.groupAt(i, skip)
		if c.Lemma == "" {
			i = next
			continue
		}
		s.Clauses = append(s.Clauses, c)
		i = next
	}
	for k := range s.Clauses {
		s.subject(k, skip)
		s.objects(k, skip)
	}
	s.openingParticiple()
	s.gerundObjects()
	s.whereClefts()
	s.whereRelatives()
	s.predicateParticiples()
	s.namingPassives()
	s.butCorrections()
}

// namingPassives read "is called" and "is named" before a name as the
// copula they mean ("my sister is called Ana", "his new wife is named
// Anouk": she is Anouk), unless an agent follows ("was called Ana by
// her brothers", a name given, not a tie).
func (s *Sentence) namingPassives() {
	for k := range s.Clauses {
		c := &s.Clauses[k]
		if !c.Passive || c.GetPassive || c.Lemma != "call" && c.Lemma != "name" || c.Particle != "" || c.Subj.Phrase < 0 || c.Obj.Phrase < 0 || !c.Obj2.None() {
			continue
		}
		if h := s.Phrases[c.Obj.Phrase].Head; s.Tags[h] != "NNP" && s.Tags[h] != "NNPS" {
			continue
		}
		aux := false
		for w := c.VerbStart; w < c.Verb; w++ {
			aux = aux || s.Lemmas[w] == "be"
		}
		if !aux {
			// "a dog named Rex" names, it is no copula.
			continue
		}
		agent := false
		for _, pp := range c.PPs {
			agent = agent || pp.Prep == "by"
		}
		if agent {
			continue
		}
		c.Lemma, c.Passive, c.Comp, c.Obj = "be", false, c.Obj, Arg{Phrase: -1}
	}
}

// predicateParticiples give a participle right after a copula's
// predicate noun the copula's subject ("Hedda is a midwife employed at
// Ansgar Klinik", "Bo was an engineer working for Kvist"): the
// participle says what the subject does or undergoes as that noun.
func (s *Sentence) predicateParticiples() {
	for k := 0; k+1 < len(s.Clauses); k++ {
		c, m := &s.Clauses[k], &s.Clauses[k+1]
		if c.Lemma != "be" || c.SubjFrom != SubjOwn || c.Subj.Phrase < 0 || c.Comp.Phrase < 0 || len(c.Comp.Coord) > 0 {
			continue
		}
		p := &s.Phrases[c.Comp.Phrase]
		if m.VerbStart != p.End || m.Subj.Phrase != c.Comp.Phrase || !(m.Passive && s.Tags[m.Verb] == "VBN" || s.Tags[m.Verb] == "VBG") {
			continue
		}
		m.Subj, m.SubjFrom = c.Subj, SubjShared
		m.Past = c.Past
		if s.Tags[m.Verb] == "VBG" {
			m.Gerund = false
		}
	}
}

// whereClefts reads a copula followed by a clause of "where"
// ("Tampere is where I live", "Larkspur Games was where she worked"):
// the clause is said of the copula's subject as the place it names, as
// "I live in Tampere" would say; the preposition is "in" or, for a
// clause of work, "at".
func (s *Sentence) whereClefts() {
	for k := 0; k+1 < len(s.Clauses); k++ {
		c, m := &s.Clauses[k], &s.Clauses[k+1]
		w := c.VerbEnd
		if c.Lemma != "be" || c.SubjFrom != SubjOwn || c.Subj.Phrase < 0 || len(c.Subj.Coord) > 0 || !c.Obj.None() || !c.Comp.None() || c.Negated {
			continue
		}
		if w >= len(s.Words) || s.Lower[w] != "where" || m.SubjFrom != SubjOwn || m.Subj.Phrase < 0 || s.Phrases[m.Subj.Phrase].Start != w+1 {
			continue
		}
		prep := "in"
		if m.Lemma == "work" || m.Lemma == "study" || m.Lemma == "teach" {
			prep = "at"
		}
		m.PPs = append(m.PPs, PP{Prep: prep, At: w, Obj: Arg{Phrase: c.Subj.Phrase}})
	}
}

// openingParticiple gives a participle clause that opens the sentence
// and closes with a comma the subject of the clause after the comma
// ("Born in Oslo, Ann moved to Bergen": Ann was born in Oslo); a past
// participle's clause is a passive, as it is alone on its line.
func (s *Sentence) openingParticiple() {
	if len(s.Clauses) == 0 {
		return
	}
	c := &s.Clauses[0]
	if c.VerbStart != 0 || c.SubjFrom != SubjNone || s.Tags[0] != "VBN" && s.Tags[0] != "VBG" {
		return
	}
	if len(s.Clauses) == 1 && s.Tags[0] == "VBN" {
		// "Born in Oslo.": a participle alone on its line, the passive
		// of a left-out "I".
		c.Passive, c.Past = true, true
		return
	}
	for k := 1; k < len(s.Clauses); k++ {
		m := &s.Clauses[k]
		if m.SubjFrom != SubjOwn || m.Subj.Phrase < 0 {
			continue
		}
		comma := false
		for j := c.VerbEnd; j < s.Phrases[m.Subj.Phrase].Start; j++ {
			if s.Words[j] == "," {
				comma = true
			}
		}
		if comma {
			c.Subj, c.SubjFrom = m.Subj, SubjShared
			if s.Tags[0] == "VBN" {
				c.Passive, c.Past = true, true
			}
		}
		return
	}
}

// gerundObjects makes the gerund right after a verb with no object its
// object ("I enjoy playing chess", "I love hiking"): a phrase of the
// gerund and what follows it in its clause.
func (s *Sentence) gerundObjects() {
	for k := 0; k+1 < len(s.Clauses); k++ {
		c, g := &s.Clauses[k], &s.Clauses[k+1]
		if !g.Gerund || g.VerbStart != c.VerbEnd || !c.Obj.None() || c.Lemma == "be" || aspectuals[c.Lemma] {
			continue
		}
		end := g.VerbEnd
		for _, a := range []Arg{g.Obj, g.Comp} {
			for _, p := range a.All() {
				end = max(end, s.Phrases[p].End)
			}
		}
		s.Phrases = append(s.Phrases, Phrase{Start: g.VerbStart, End: end, Head: end - 1})
		c.GerundObj = len(s.Phrases) - 1
	}
}

// leftPhrase returns the phrase ending at word e (exclusive), looking
// past a parenthetical that ends there (", who works in Bursa ,", ", the
// CFO of Acme ,"), or -1.
func (s *Sentence) leftPhrase(e int) int {
	if p := s.phraseEndingAt(e); p >= 0 {
		return p
	}
	if e > 0 && s.Words[e-1] == "," {
		// Find the comma opening the parenthetical.
		for k := e - 2; k > 0 && k >= e-16; k-- {
			if s.Words[k] != "," {
				continue
			}
			next := s.Lower[k+1]
			// An age set off by commas ("Sara Lind, 45, joined") is an
			// aside too.
			if relativeWH[next] || next == "whose" || next == "where" || determiners[next] || s.Tags[k+1] == "PRP$" || s.Tags[k+1] == "CD" && k+3 == e {
				return s.phraseEndingAt(k)
			}
			return s.roleAsideName(e)
		}
	}
	return -1
}

// modifierPreps open a phrase that modifies the phrase before it.
var modifierPreps = set("at of from in on with for")

// subject finds clause k's subject.
func (s *Sentence) subject(k int, skip []bool) {
	c := &s.Clauses[k]
	if c.Infinitive && k > 0 {
		// "left Quayside in April to become counsel of Mireva": the
		// infinitive's subject is the governing clause's.
		s.control(k)
		return
	}
	j := c.VerbStart - 1
	if c.Gerund && j > 0 && subordinator[s.Lower[j]] && !skip[j] {
		// "was a nurse for six years before retraining as a
		// paramedic": a participle a subordinator opens is said of the
		// governing clause's subject, whatever noun ends before it.
		s.control(k)
		return
	}
	for j >= 0 && (skip[j] || s.Tags[j] == "RB" && !s.inPhrase(j)) {
		j--
	}
	if b := s.beforeBrackets(j); b != j && b >= 0 && s.phraseEndingAt(b+1) >= 0 && s.Phrases[s.phraseEndingAt(b+1)].Name {
		j = b
	}
	if j > 0 && emphaticReflexive[s.Lower[j]] && nounTag(s.Tags[j-1]) {
		// "the lab itself stays": the reflexive stresses the subject
		// before it.
		j--
	}
	if j < 0 {
		s.control(k)
		return
	}
	l := s.Lower[j]
	if l == "," {
		if a, ok := s.namedAside(j); ok {
			c.Subj, c.SubjFrom = a, SubjOwn
			return
		}
	}
	if l == "," && c.Passive && c.Verb == c.VerbStart && s.Tags[c.Verb] == "VBN" && c.VerbStart == j+1 && !s.hasBy(k) {
		// "Oriol Vidal, head of sales at Brightwater, retired/VBN in
		// April": a participle after a name's post set off by commas is
		// the name's past verb, not one said of the post's last word.
		if p := s.roleAsideName(j + 1); p >= 0 {
			c.Subj, c.SubjFrom = Arg{Phrase: p}, SubjOwn
			c.Passive, c.Past = false, true
			return
		}
	}
	switch {
	case relativeWH[l] && (s.Tags[j] == "WP" || s.Tags[j] == "WDT" || s.Tags[j] == "IN"):
		// "Leyla, who works …": the phrase before, past a comma.
		e := j
		if e > 0 && s.Words[e-1] == "," {
			e--
		}
		if l == "who" && s.Words[e] == "," {
			// "Ife Adebayo, assistant coach at Wyvern, who has
			// accepted": the person before the post.
			if p := s.roleAsideName(e + 1); p >= 0 {
				c.Subj, c.SubjFrom, c.Hangs = Arg{Phrase: p}, SubjRelative, p
				return
			}
		}
		if p := s.phraseEndingAt(e); p >= 0 {
			// "brothers Arjun and Kabir Sethi, who run the deli": each.
			arg, _ := s.coordinatedLeft(k, p)
			c.Subj, c.SubjFrom, c.Hangs = arg, SubjRelative, p
			return
		}
	case l == "," && (c.Gerund || c.Passive && c.Verb == c.VerbStart && s.Tags[c.Verb] == "VBN") && c.VerbStart == j+1 && s.phraseEndingAt(j) >= 0 && (s.Phrases[s.phraseEndingAt(j)].Name || s.Phrases[s.phraseEndingAt(j)].Start == 0) && !s.objectOf(k, s.phraseEndingAt(j)):
		// "The ticket is for Ida Berg, flying from Oslo", "Orchard &
		// Ash, founded in 2011 by Grace Whitlock, has been bought": a
		// participle after a name and a comma is said of the name (or
		// of the phrase that opens the sentence, "The house, owned by
		// …"), unless the name is a verb's object ("Ann quit Acme, joining
		// Globex").
		c.Subj, c.SubjFrom, c.Hangs = Arg{Phrase: s.phraseEndingAt(j)}, SubjRelative, s.phraseEndingAt(j)
		return
	case coordinators[l] || l == "," || l == ";" || (l == "—" || l == "–") && c.Gerund:
		if l == "," {
			// "noted that Graham Oyinlola, treasurer since 2019, had
			// resigned": a name and the post set off after it, in a
			// clause of its own.
			if p := s.asideName(j + 1); p >= 0 && (!s.inEarlierClause(k, s.Phrases[p].Start) || s.Lower[s.Phrases[p].Start-1] == "that") {
				c.Subj, c.SubjFrom = Arg{Phrase: p}, SubjOwn
				return
			}
		}
		// "… quit Acme and joined Globex": the subject of the clause
		// before, when no phrase of its own comes between.
		for q := k - 1; q >= 0; q-- {
			prev := s.Clauses[q]
			if prev.VerbEnd > j || prev.SubjFrom == SubjNone {
				continue
			}
			if l == "," && (prev.Subj.Phrase >= 0 && s.Lower[s.Phrases[prev.Subj.Phrase].Start] == "whose" || prev.SubjFrom != SubjRelative && s.closesRelative(j)) {
				// "Bertrand, whose brother lectures at …, works as …",
				// "Acme, which Dana founded, was bought by …", "Lumo,
				// where I worked, was bought by …": the relative clause
				// closes; the phrase it hangs on is the subject.
				break
			}
			c.Subj, c.SubjFrom = prev.Subj, SubjShared
			c.Governor = -1
			return
		}
	}
	p := s.leftPhrase(j + 1)
	if p < 0 && s.Words[j] == "," {
		// An aside of an adverb and a preposition set off by commas
		// after the subject ("Leilani Kahale, formerly of Moana
		// Capital, joined"): the phrase before it is the subject.
		if q := s.phraseEndingAt(j); q >= 0 {
			if st := s.Phrases[q].Start; st >= 4 && s.Tags[st-1] == "IN" && s.Tags[st-2] == "RB" && s.Words[st-3] == "," && !s.inEarlierClause(k, st-3) {
				if r := s.phraseEndingAt(st - 3); r >= 0 && s.Phrases[r].Name {
					p = r
				}
			}
		}
	}
	if p < 0 && s.Words[j] == "," {
		// A verbless aside led by a preposition ("Our contract with
		// Brightledger, in place since 2019, ends …"): the phrase
		// before it, climbed to what its preposition modifies below.
		if o := s.prepAsideOpens(j); o > 0 && !s.inEarlierClause(k, o) {
			p = s.phraseEndingAt(o)
		}
	}
	if p < 0 && k > 0 {
		// "The firm I work for is Acme": the relative clause just before
		// the verb closes, and the phrase it hangs on is the subject.
		if h := s.relativeHead(k-1, j+1); h >= 0 {
			c.Subj, c.SubjFrom = Arg{Phrase: h}, SubjOwn
			return
		}
	}
	if p < 0 {
		if c.Infinitive || c.Gerund {
			s.control(k)
		}
		return
	}
	// A phrase after a preposition that follows another phrase modifies
	// it: the subject is that one ("Dr. Carvalho at Riverside Cardiology
	// is my cardiologist", "the passenger on ticket TK-5512 is").
	for st := s.Phrases[p].Start; st > 1 && modifierPreps[s.Lower[st-1]] && !s.inEarlierClause(k, st); st = s.Phrases[p].Start {
		q := s.phraseEndingAt(st - 1)
		if q < 0 {
			break
		}
		p = q
	}
	// A phrase right after a preposition is its object, not a subject
	// ("In Lisbon I work" aside: the phrase must not follow one).
	if st := s.Phrases[p].Start; st > 0 && (s.Tags[st-1] == "IN" && !subordinator[s.Lower[st-1]] && !relativeWH[s.Lower[st-1]] && !postposition[s.Lower[st-1]] || s.Tags[st-1] == "TO") {
		if c.Infinitive || c.Gerund {
			s.control(k)
		}
		return
	}
	arg, first := s.coordinatedLeft(k, p)
	c.Subj, c.SubjFrom = arg, SubjOwn
	if first > 0 && s.Lower[first-1] == "neither" {
		// "Neither Ana nor Olav works there": said of each, negated.
		c.Negated = true
	}
	// "the company that Vertex acquired": the clause's object is the
	// phrase the relative clause hangs on; "that Ruth and Bernard
	// founded": before the first of coordinated subjects.
	st := s.Phrases[p].Start
	if first > 0 && first < st {
		st = first
	}
	if st >= 2 && (s.Lower[st-1] == "that" || s.Lower[st-1] == "which" || s.Lower[st-1] == "whom") {
		e := st - 1
		if s.Words[e-1] == "," {
			e--
		}
		if a := s.leftPhrase(e); a >= 0 && !(s.Lower[st-1] == "that" && (s.toldThat(k, a) || s.contentNoun(a))) {
			c.Relative, c.Hangs = true, a
			c.Obj = Arg{Phrase: a}
		}
		return
	}
	// "the guy I broke up with", "the woman you married": a relative
	// clause without its pronoun, a clause whose subject follows a common
	// noun phrase right after it and whose verb has no object of its own.
	if a := s.contactHead(k, p); a >= 0 {
		c.Relative, c.Hangs = true, a
		c.Obj = Arg{Phrase: a}
	}
}

// relativeHead returns the phrase relative clause q hangs on when the
// clause ends at word e, or -1.
func (s *Sentence) relativeHead(q, e int) int {
	c := &s.Clauses[q]
	if !c.Relative {
		return -1
	}
	end, head := c.VerbEnd, c.Hangs
	for _, pp := range c.PPs {
		if pp.Obj.Phrase == head {
			end = max(end, pp.At+1) // the stranded preposition
			continue
		}
		end = max(end, s.Phrases[last(pp.Obj)].End)
	}
	if head < 0 || end != e || s.Phrases[head].Start != 0 && s.Tags[s.Phrases[head].Start-1] != "," && s.Tags[s.Phrases[head].Start-1] != "IN" && s.Tags[s.Phrases[head].Start-1] != "CC" {
		return -1
	}
	return head
}

// contactHead returns the phrase a relative clause without a relative
// pronoun hangs on, when clause k is one with subject phrase p: p is a
// pronoun or a name right after a phrase headed by a common noun with a
// determiner or a possessor ("the guy I broke up with", "my sister you
// met"), and no phrase follows the verb. It returns -1 otherwise.
func (s *Sentence) contactHead(k, p int) int {
	c := &s.Clauses[k]
	sp := s.Phrases[p]
	if linking[c.Lemma] || c.Passive || sp.Start == 0 || !(sp.End-sp.Start == 1 && s.Tags[sp.Start] == "PRP" || sp.Name) {
		return -1
	}
	a := s.phraseEndingAt(sp.Start)
	if a < 0 || a == p {
		return -1
	}
	h := s.Phrases[a]
	if h.Name || !nounTag(s.Tags[h.Head]) || strings.HasPrefix(s.Tags[h.Head], "NNP") || !(determiners[s.Lower[h.Start]] || h.PossEnd > h.PossStart) {
		return -1
	}
	j := c.VerbEnd
	for j < len(s.Words) && s.Tags[j] == "RB" && !s.inPhrase(j) {
		j++
	}
	if j < len(s.Words) && s.phraseAtWord(j) >= 0 {
		return -1
	}
	return a
}

// objectOf reports whether phrase p is the direct object of a clause
// before clause k.
func (s *Sentence) objectOf(k, p int) bool {
	for _, c := range s.Clauses[:k] {
		for _, q := range c.Obj.All() {
			if q == p {
				return true
			}
		}
	}
	return false
}

// inEarlierClause reports whether word w comes after the verb of a
// clause before clause k, and so belongs to it ("I live in Leeds and I
// love …": Leeds is no subject of "love").
func (s *Sentence) inEarlierClause(k, w int) bool {
	for _, c := range s.Clauses[:k] {
		if c.VerbStart >= w {
			continue
		}
		// A coordinator or a subordinator between the clause and w opens
		// another clause ("…, and Dr. Mori at Elm Street is treating").
		open := false
		for i := c.VerbEnd; i < w; i++ {
			if l := s.Lower[i]; coordinators[l] && l != "then" || subordinator[l] && s.Tags[i] != "TO" || l == ";" || l == "that" && s.Tags[i] == "IN" && (i == c.VerbEnd || strings.HasPrefix(s.Tags[i-1], "VB")) {
				open = true
				break
			}
		}
		if !open {
			return true
		}
	}
	return false
}

// control gives clause k the subject of the clause it depends on: the
// clause before it; for "told me to switch", its object.
func (s *Sentence) control(k int) {
	c := &s.Clauses[k]
	if k == 0 {
		return
	}
	g := &s.Clauses[k-1]
	c.Governor = k - 1
	c.Subj, c.SubjFrom = g.Subj, SubjControl
	if c.Infinitive && (Directive(g.Lemma) || appointers[g.Lemma]) && !g.Obj.None() {
		c.Subj = g.Obj
	}
}

// appointers choose their object for what follows, which the object then
// does: "the board named Eirik Moe to replace her".
var appointers = set("name appoint hire choose select pick elect nominate recruit")

// directives are verbs whose object is asked to do what follows ("told
// me to switch").
var directives = set("tell ask advise urge order encourage persuade remind recommend instruct warn beg invite allow force help want need expect")

// Directive reports whether a verb lemma asks its object to do something.
func Directive(lemma string) bool { return directives[lemma] }

// nominatives are the pronouns that are never an object: after a verb
// one begins the next clause ("when we broke up I moved").
var nominatives = set("i he she we they")

// objects finds clause k's objects, complement and prepositional
// phrases.
func (s *Sentence) objects(k int, skip []bool) {
	c := &s.Clauses[k]
	n := len(s.Words)
	j := c.VerbEnd
	next := func() {
		for j < n && (skip[j] || s.Tags[j] == "RB" && !s.inPhrase(j) && !particles[s.Lower[j]]) {
			j++
		}
	}
	copula := linking[c.Lemma] && !c.Passive && !c.Progressive
	next()
	if j+1 < n && quoteMarks[s.Lower[j]] && !s.inPhrase(j) {
		// "finished "The Quiet Harbour"": the title in quotes is the
		// object, whatever the tagger made of the mark.
		j++
	}
	if j < n {
		if p := s.phraseAtWord(j); p >= 0 && !c.Relative && !(nominatives[s.Lower[j]] && s.Phrases[p].End == j+1) {
			arg := s.coordinated(p, skip)
			if copula {
				// "Jonas is one of my best friends": one of them, what
				// they are.
				if e := s.Phrases[p].End; len(arg.Coord) == 0 && e == j+1 && (s.Lower[j] == "one" || s.Lower[j] == "some") && e+1 < n && s.Lower[e] == "of" {
					if q := s.phraseAtWord(e + 1); q >= 0 && nounTag(s.Tags[s.Phrases[q].Head]) {
						arg, p = Arg{Phrase: q}, q
					}
				}
				c.Comp = arg
			} else {
				c.Obj = s.namedObject(arg, c.SubjFrom == SubjRelative)
				arg = c.Obj
			}
			if arg.Phrase >= 0 && len(arg.Coord) == 0 && s.Lower[s.Phrases[arg.Phrase].Start] == "no" && s.Tags[s.Phrases[arg.Phrase].Start] == "DT" {
				// "I'm no actor", "I have no kids": "no" negates what
				// the clause says of its subject.
				c.Negated = true
			}
			j = s.Phrases[last(arg)].End
			next()
			if j < n && quoteMarks[s.Lower[j]] {
				// The mark that closes a quoted object.
				j++
			}
			if q := s.phraseAtWord(j); q >= 0 && !copula {
				c.Obj2 = Arg{Phrase: q}
				j = s.Phrases[q].End
			}
		} else if copula && (s.Tags[j] == "JJ" || s.Tags[j] == "VBN") {
			c.Adj = j
			j++
		} else if copula && (s.Lower[j] == "more" || s.Lower[j] == "most") && j+1 < n && s.Tags[j+1] == "JJ" {
			// "You're more beautiful than ever": the adjective compared.
			c.Adj = j + 1
			j += 2
		}
	}
	if copula && c.Adj < 0 && c.Comp.None() {
		// "how wonderful you are", "how tired she looks": the
		// adjective fronted by "how".
		c.Adj = s.frontedHow(c)
	}
	for j < n {
		next()
		if j >= n {
			break
		}
		if s.Words[j] == "," && j+1 < n && s.Tags[j+1] == "IN" && s.Lemmas[j+1] == "including" {
			// "four engineers, including Pavel".
			j++
		}
		l, t := s.Lower[j], s.Tags[j]
		if l == c.Particle && j > c.VerbEnd && s.Tags[j-1] == "PRP" {
			// "traded it in for a Kia": the particle after the pronoun.
			j++
			continue
		}
		if (t == "IN" || t == "TO") && !subordinator[l] || l == "as" && j+1 < n {
			if l == "that" {
				break
			}
			q := j + 1
			for q < n && skip[q] {
				q++
			}
			p := s.phraseAtWord(q)
			if p < 0 {
				if l == "as" {
					j++
					continue
				}
				if particles[l] && q < n && (s.Tags[q] == "TO" || s.Tags[q] == "IN" && !subordinator[s.Lower[q]]) {
					// "switched her over to meloxicam", "moved back into
					// town": an adverb before the preposition.
					j++
					continue
				}
				if c.Relative && !c.Obj.None() && (q == n || s.Tags[q] == "." || s.Tags[q] == "," || s.Tags[q] == ":" || verbTag(s.Tags[q])) {
					// "the guy I broke up with": the phrase the relative
					// clause hangs on is the stranded preposition's
					// object, not the verb's.
					c.PPs = append(c.PPs, PP{Prep: l, At: j, Obj: c.Obj})
					c.Obj = Arg{Phrase: -1}
				}
				break
			}
			if l == "as" && c.AsRole < 0 {
				c.AsRole = p
				j = s.Phrases[p].End
				continue
			}
			if s.Lemmas[j] == "including" {
				l = "including" // "incl." too
			}
			pp := PP{Prep: l, At: j, Obj: s.coordinated(p, skip)}
			c.PPs = append(c.PPs, pp)
			j = s.Phrases[last(pp.Obj)].End
			continue
		}
		if t == "RP" || t == "RB" {
			// "plays right back for Castlefield Albion", "works there
			// now at …", "got back together with Rachel": adverbs
			// between the phrases.
			k := j + 1
			for k < n && (s.Tags[k] == "RP" || s.Tags[k] == "RB") {
				k++
			}
			if k < n && (s.Tags[k] == "IN" && !subordinator[s.Lower[k]] || s.Tags[k] == "TO") {
				j = k
				continue
			}
		}
		break
	}
}

// namedObject returns, for an object that is one common noun phrase
// with a name in apposition after it ("bought my first car, a Polestar
// 2", "adopted a puppy, Biscuit, in May"), the name, which says what the
// object is; else the object. The name must close the apposition: a
// comma or the sentence's end follows it.
func (s *Sentence) namedObject(arg Arg, relative bool) Arg {
	p := &s.Phrases[arg.Phrase]
	n := len(s.Words)
	if len(arg.Coord) > 0 || p.Name || !nounTag(s.Tags[p.Head]) || p.End+1 >= n || s.Words[p.End] != "," {
		return arg
	}
	k := p.End + 1
	q := s.phraseAtWord(k)
	if q < 0 && s.Tags[k] == "DT" {
		q = s.phraseAtWord(k + 1)
	}
	if q < 0 || s.Phrases[q].Start > k+1 || s.Phrases[q].PossEnd > s.Phrases[q].PossStart {
		return arg
	}
	// A name, with or without an article: its words are all names'.
	from := s.Phrases[q].Start
	if s.Tags[from] == "DT" {
		from++
	}
	if from >= s.Phrases[q].End || s.Tags[from] != "NNP" {
		return arg
	}
	for w := from; w < s.Phrases[q].End; w++ {
		if t := s.Tags[w]; t != "NNP" && t != "NNPS" && t != "CD" || identifierLike(s.Words[w]) {
			return arg
		}
	}
	// A person in apposition is read as one ("had a baby girl, Marit",
	// "called my sister, Ada").
	if _, class, ok := Noun(s.Lemmas[p.Head]); ok && class&ClassPerson != 0 {
		return arg
	}
	if e := s.Phrases[q].End; e < n && s.Words[e] != "," && s.Tags[e] != "." || relative && e < n && s.Words[e] == "," {
		// In a relative clause, a name closed by a comma is the one the
		// clause hangs on ("the guy who manages our team, Henrik, is
		// leaving").
		return arg
	}
	return Arg{Phrase: q}
}

// identifierLike reports whether a word is a code rather than a name's:
// capitals only ("SKU") or letters and digits together ("TP-88").
func identifierLike(w string) bool {
	letters, digits, lower := false, false, false
	for _, r := range w {
		switch {
		case r >= '0' && r <= '9':
			digits = true
		case unicode.IsLetter(r):
			letters = true
			lower = lower || unicode.IsLower(r)
		}
	}
	return letters && (digits || !lower && len(w) > 1)
}

// last returns the last phrase of an argument.
func last(a Arg) int {
	if len(a.Coord) > 0 {
		return a.Coord[len(a.Coord)-1]
	}
	return a.Phrase
}

// coordinated returns phrase p with the phrases joined to it by "and" or
// "or" that are not the subject of a verb of their own ("I met Ann and
// Bo", but not "I met Ann and Bo left").
func (s *Sentence) coordinated(p int, skip []bool) Arg {
	a := Arg{Phrase: p}
	for {
		e := s.Phrases[last(a)].End
		if e+1 >= len(s.Words) || !(s.Lower[e] == "and" || s.Lower[e] == "or") {
			return a
		}
		q := s.phraseAtWord(e + 1)
		if q < 0 {
			return a
		}
		after := s.Phrases[q].End
		for after < len(s.Words) && (skip[after] || s.Tags[after] == "RB") {
			after++
		}
		if after < len(s.Words) && verbTag(s.Tags[after]) {
			return a
		}
		a.Coord = append(a.Coord, q)
	}
}

// handingIn are the verbs whose "in" before an object is a particle:
// "handed in my notice", "put in her papers", "traded in the car".
var handingIn = set("hand put turn send trade")

// frontedHow returns the word of an adjective "how" fronts before clause
// c's subject ("I know how wonderful you are"), or -1.
func (s *Sentence) frontedHow(c *Clause) int {
	start := c.VerbStart
	if c.Subj.Phrase >= 0 {
		p := &s.Phrases[c.Subj.Phrase]
		if i := p.Start; i > 0 && s.Lower[i-1] == "how" && s.Tags[i] == "JJ" && p.Head > i && p.PossEnd == p.PossStart {
			// "how annoying Oddny is": the chunker took the adjective
			// into the subject.
			p.Start++
			return i
		}
		start = min(start, p.Start)
	}
	for i := start - 1; i >= 1 && i >= start-6; i-- {
		if s.Tags[i] == "." || s.Words[i] == "," {
			break
		}
		if s.Lower[i-1] == "how" && s.Tags[i] == "JJ" {
			return i
		}
	}
	return -1
}

// emphaticReflexive are the reflexive pronouns, which after a noun stress
// it ("the lab itself").
var emphaticReflexive = set("itself himself herself themselves")

// quoteMarks are the double quotation marks.
var quoteMarks = set("\" “ ”")
