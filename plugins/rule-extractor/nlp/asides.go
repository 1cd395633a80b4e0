package nlp

import "strings"

// Asides and what they hide. A post set off by commas after a name
// ("Graham Oyinlola, treasurer since 2019, resigned") stands between a
// verb and its subject; a verb of telling takes the one told and then a
// clause of what is told ("informed the committee that he will leave"),
// which is no relative clause on the one told; a relative clause said of
// coordinated names is said of each.

// roleAsideName returns the name before a post set off by commas that
// closes with the comma at word e-1 ("Graham Oyinlola, treasurer since
// 2019, resigned", "Ife Adebayo, currently assistant coach at Wyvern,
// lives …"), or -1.
func (s *Sentence) roleAsideName(e int) int {
	if e < 1 || s.Words[e-1] != "," {
		return -1
	}
	for k := e - 2; k > 0 && k >= e-16; k-- {
		if s.Words[k] != "," {
			continue
		}
		if p := s.phraseEndingAt(k); p >= 0 && s.Phrases[p].Name && s.rolePhrase(k+1, e-1) {
			return p
		}
		return -1
	}
	return -1
}

// asideName returns the name before an aside set off by commas that
// closes with the comma at word e-1 and is no relative clause: a post
// ("Graham Oyinlola, treasurer since 2019, resigned") or a noun phrase
// with its determiner ("Osgood Maritime, the Antwerp broker that Ruth
// founded, named …"). A relative clause's comma is left to the clause
// it closes, whose subject is shared with its coordination.
func (s *Sentence) asideName(e int) int {
	p := s.leftPhrase(e)
	if p < 0 || !s.Phrases[p].Name || s.Phrases[p].End >= e-2 {
		return -1
	}
	if a := s.Phrases[p].End; a+1 < len(s.Lower) && s.Words[a] == "," && (relativeWH[s.Lower[a+1]] || s.Lower[a+1] == "whose" || s.Lower[a+1] == "where") {
		return -1
	}
	return p
}

// rolePhrase reports whether words [i, e) are a verbless noun phrase led
// by a common noun, with what modifies it: "treasurer since 2019",
// "currently assistant coach at Wyvern Boat Club", "head of sales",
// "Quillary's chief executive". A
// name leading it ("Ann, Bo, and Cy") or any verb makes it no role.
func (s *Sentence) rolePhrase(i, e int) bool {
	if e-i < 1 || e-i > 14 {
		return false
	}
	for i < e && s.Tags[i] == "RB" {
		i++
	}
	// "Quillary's chief executive": an organisation's name and its "'s"
	// before the post.
	k := i
	for k < e && s.Tags[k] == "NNP" {
		k++
	}
	if k > i && k+1 < e && s.Tags[k] == "POS" {
		i = k + 1
	}
	noun := false
	for j := i; j < e; j++ {
		t := s.Tags[j]
		switch {
		case strings.HasPrefix(t, "VB") && !(t == "VBN" && j > i && s.Tags[j-1] == "NN"), t == "MD", t == "PRP", t == "WP", t == "WDT", s.Words[j] == ",":
			return false
		case !noun && (t == "NN" || t == "NNS" || t == "NNP" && len(s.Words[j]) <= 4 && strings.ToUpper(s.Words[j]) == s.Words[j]):
			// A noun, or an officer's initials ("CFO of Acme").
			noun = true
		case !noun && t != "JJ" && t != "NN" && t != "NNS":
			return false
		}
	}
	return noun
}

// tellVerbs take the one told and a clause of what: "informed the
// committee that he will leave".
var tellVerbs = set("tell inform notify remind assure warn advise convince persuade promise show teach")

// toldThat reports whether phrase a is the one a verb of telling in a
// clause before k tells, right after it: "that" then opens what is
// told, not a relative clause on a.
func (s *Sentence) toldThat(k, a int) bool {
	for _, c := range s.Clauses[:k] {
		if tellVerbs[c.Lemma] && c.VerbEnd <= s.Phrases[a].Start && s.Phrases[a].Start <= c.VerbEnd+1 {
			return true
		}
	}
	return false
}

// contentNouns take a clause after "that" that says what they hold ("my
// notice that I'll be moving out", "the news that Ann left"): a clause
// of its own, not a relative clause with a gap.
var contentNouns = set("notice news fact idea feeling hope belief claim rumour rumor announcement confirmation proof sign impression message email letter reminder decision sense thought suspicion doubt assumption promise warning")

// contentNoun reports whether phrase a's head is a content noun.
func (s *Sentence) contentNoun(a int) bool {
	h := s.Phrases[a].Head
	return contentNouns[s.Lemmas[h]]
}

// hasBy reports whether clause k has an agent after "by" (a true
// passive: "founded in 2011 by Grace").
func (s *Sentence) hasBy(k int) bool {
	c := &s.Clauses[k]
	for i := c.VerbEnd; i < len(s.Words) && i < c.VerbEnd+8; i++ {
		if s.Lower[i] == "by" {
			return true
		}
		if s.Words[i] == "," {
			break
		}
	}
	return false
}

// coordinatedLeft returns phrase p as clause k's subject with the
// phrases coordinated before it ("Ann and Bo", "Ann, Bo and Cy",
// "Leyla, who …, and her husband Emre"; the nearest join is "and" or
// "or"), and the first word of the first of them.
func (s *Sentence) coordinatedLeft(k, p int) (Arg, int) {
	arg := Arg{Phrase: p}
	first := s.Phrases[p].Start
	for q, joins := s.Phrases[p].Start-1, 0; q > 0; joins++ {
		and := s.Lower[q] == "and" || s.Lower[q] == "or" || s.Lower[q] == "nor"
		if !and && (s.Words[q] != "," || joins == 0) {
			break
		}
		o := s.leftPhrase(q)
		if o < 0 || o == p || s.inEarlierClause(k, s.Phrases[o].Start) {
			break
		}
		if st := s.Phrases[o].Start; st > 0 && s.Tags[st-1] == "IN" && !clauseOpeners[s.Lower[st-1]] && s.Phrases[p].Name && !s.Phrases[o].Name {
			// "stood down after three years and Vesna Kolar was
			// elected": a preposition's object is no subject beside a
			// name.
			break
		}
		arg.Coord = append(arg.Coord, o)
		q = s.Phrases[o].Start - 1
		first = s.Phrases[o].Start
	}
	return arg, first
}

// clauseOpeners open a clause, never a phrase: "confirmed that brothers
// Arjun and Kabir Sethi took over".
var clauseOpeners = set("that because although though while whereas if unless whether so")

// prepAsideOpens returns the comma that opens a verbless aside led by a
// preposition and closed by the comma at word j ("…, in place since
// 2019,"), or -1.
func (s *Sentence) prepAsideOpens(j int) int {
	for k := j - 1; k > 0 && k >= j-12; k-- {
		if s.Words[k] != "," {
			if verbTag(s.Tags[k]) || s.Tags[k] == "WP" || s.Tags[k] == "WDT" {
				return -1
			}
			continue
		}
		if k+1 < j && s.Tags[k+1] == "IN" && !subordinator[s.Lower[k+1]] {
			return k
		}
		return -1
	}
	return -1
}

// closesRelative reports whether the comma at word e closes a relative
// clause set off by commas after a phrase (", which Dana founded ,",
// ", where I worked ,"), the phrase not inside an earlier clause.
func (s *Sentence) closesRelative(e int) bool {
	for k := e - 1; k > 0 && k >= e-20; k-- {
		if s.Words[k] != "," {
			continue
		}
		if next := s.Lower[k+1]; !relativeWH[next] && next != "whose" && next != "where" {
			return false
		}
		p := s.phraseEndingAt(k)
		if p < 0 {
			return false
		}
		for _, c := range s.Clauses {
			if c.VerbStart < s.Phrases[p].Start {
				return false
			}
		}
		return true
	}
	return false
}

// namedAside returns the names set off by commas after a common noun
// phrase, closing with the comma at word e: "My sister, Ann, lives …",
// "My parents, Ruth and Emmanuel, retired …". The names are the subject.
func (s *Sentence) namedAside(e int) (Arg, bool) {
	var names []int
	for q := e; ; {
		p := s.phraseEndingAt(q)
		if p < 0 || !s.Phrases[p].Name {
			return Arg{}, false
		}
		names = append(names, p)
		q = s.Phrases[p].Start - 1
		if q < 1 {
			return Arg{}, false
		}
		if s.Lower[q] == "and" && s.Words[q-1] == "," {
			q--
		}
		switch {
		case s.Lower[q] == "and":
		case s.Words[q] != ",":
			return Arg{}, false
		default:
			// A comma: the common noun phrase the names follow, or a
			// name before it in the list.
			if h := s.phraseEndingAt(q); h >= 0 && !s.Phrases[h].Name && s.Tags[s.Phrases[h].Head] != "PRP" {
				return Arg{Phrase: names[0], Coord: names[1:]}, true
			}
			// "The chief executive of Quillary, Ingunn Dahl, resigned":
			// a common noun phrase with a name after its "of".
			if h := s.phraseEndingAt(q); h >= 0 && s.Phrases[h].Name && s.Phrases[h].Start >= 2 && s.Lower[s.Phrases[h].Start-1] == "of" {
				if c := s.phraseEndingAt(s.Phrases[h].Start - 1); c >= 0 && !s.Phrases[c].Name && s.Tags[s.Phrases[c].Head] != "PRP" && len(names) == 1 {
					return Arg{Phrase: names[0]}, true
				}
			}
		}
	}
}

// whereRelatives reads a clause of "where" set off after a name ("Oslo,
// where she was born", "Northvale Bank, where she had closed her
// account") as said in or at the named place: the name is the clause's
// place, as "she was born in Oslo" would say. A clause that names its
// own place keeps it.
func (s *Sentence) whereRelatives() {
	for k := range s.Clauses {
		m := &s.Clauses[k]
		if m.Subj.Phrase < 0 || m.SubjFrom != SubjOwn {
			continue
		}
		w := s.Phrases[m.Subj.Phrase].Start - 1
		if w < 2 || s.Lower[w] != "where" || s.Words[w-1] != "," {
			continue
		}
		a := s.phraseEndingAt(w - 1)
		if a < 0 || s.Tags[s.Phrases[a].Head] != "NNP" {
			continue
		}
		placed := false
		for _, pp := range m.PPs {
			placed = placed || pp.Prep == "in" || pp.Prep == "at"
		}
		if placed {
			continue
		}
		prep := "in"
		if whereAt[m.Lemma] {
			prep = "at"
		}
		m.PPs = append(m.PPs, PP{Prep: prep, At: w, Obj: Arg{Phrase: a}})
	}
}

// whereAt are the verbs whose place is an organisation's, "at" it.
var whereAt = set("work study teach train close open bank shop volunteer play serve")
