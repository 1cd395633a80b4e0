package nlp

// retagVerbBeforeTime reads a word the tagger took for a noun right after
// a subject that opens the clause and right before a time ("Sigvald
// quit/NN last week", "she cut/NN yesterday") as the verb it is, when it
// is a past form of a verb, one of those whose past is its plain form
// ("quit", "put") or one in -ed.
func (s *Sentence) retagVerbBeforeTime() {
	for i := 1; i+1 < len(s.Tags); i++ {
		if s.Tags[i] != "NN" || !pastTimes[s.Lower[i+1]] {
			continue
		}
		w := s.Lower[i]
		l := Lemma(w, "VBD")
		if !IsVerb(l) || l != w && !(len(w) > 3 && w[len(w)-2:] == "ed") {
			continue
		}
		if !s.subjectOpensAt(i - 1) {
			continue
		}
		s.Tags[i], s.Lemmas[i] = "VBD", l
	}
}

// subjectOpensAt reports whether word j is a pronoun subject, or ends a
// name or a noun phrase with its determiner ("my boss") that opens the
// sentence or follows a comma or a conjunction.
func (s *Sentence) subjectOpensAt(j int) bool {
	switch s.Tags[j] {
	case "PRP":
		return subjectPronouns[s.Lower[j]]
	case "NNP":
		k := j
		for k > 0 && s.Tags[k-1] == "NNP" {
			k--
		}
		return k == 0 || s.Tags[k-1] == "," || s.Tags[k-1] == "CC"
	case "NN", "NNS":
		// "My boss", "the new manager".
		k := j
		for k > 0 && (s.Tags[k-1] == "NN" || s.Tags[k-1] == "JJ") {
			k--
		}
		if k == 0 || s.Tags[k-1] != "PRP$" && s.Tags[k-1] != "DT" {
			return false
		}
		k--
		return k == 0 || s.Tags[k-1] == "," || s.Tags[k-1] == "CC"
	}
	return false
}

// pastTimes open a time in the past right after a verb; not "this" or
// "that", which may open a phrase or a clause ("the broker that Edna
// founded").
var pastTimes = set("last yesterday earlier recently monday tuesday wednesday thursday friday saturday sunday")
