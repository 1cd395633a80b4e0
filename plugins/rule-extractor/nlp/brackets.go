package nlp

// Brackets. A name's age, ticker or former name in brackets stands
// between the name and its verb ("Oddny Berg (64) was started on …",
// "Quillary (formerly Fenlow Ltd) opened …"); the subject is the name
// before them.

// beforeBrackets returns the word before the bracket that word j closes,
// when the brackets hold no verb and are short; else j.
func (s *Sentence) beforeBrackets(j int) int {
	if j < 2 || s.Words[j] != ")" {
		return j
	}
	for k := j - 1; k > 0 && k >= j-10; k-- {
		switch {
		case s.Words[k] == "(":
			return k - 1
		case s.Words[k] == ")" || verbTag(s.Tags[k]):
			return j
		}
	}
	return j
}
