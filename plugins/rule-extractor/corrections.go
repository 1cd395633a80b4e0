package main

// Corrections. "I'm not allergic to penicillin, that's my brother Eamon":
// what the speaker denies of themself, the words after it say of another,
// who is what the speaker is not.

// correctedSentence returns the sentence a correction says of the one it
// names ("My brother Eamon is allergic to penicillin."), or "": a negated
// "I am" before a comma, and "that's" or "it's" with a name or a noun
// phrase after it.
func correctedSentence(toks []token) string {
	for len(toks) > 0 && (toks[0].text == "," || correctionOpeners.has(toks[0].lower)) {
		toks = toks[1:]
	}
	if len(toks) < 8 || toks[0].lower != "i" || toks[1].lower != "am" || toks[2].lower != "not" {
		return ""
	}
	c := 3
	for c < len(toks) && toks[c].text != "," {
		if !toks[c].word {
			return ""
		}
		c++
	}
	if c == 3 || c+3 >= len(toks) {
		return ""
	}
	if d := toks[c+1].lower; d != "that" && d != "it" {
		return ""
	}
	verb := toks[c+2].lower
	if verb != "is" && verb != "was" {
		return ""
	}
	e := c + 3
	for e < len(toks) && toks[e].word {
		e++
	}
	np := toks[c+3 : e]
	named := false
	for _, t := range np {
		named = named || t.cap
	}
	if !named || len(np) > 5 {
		// "that's why", "it's fine": no one named.
		return ""
	}
	return joinTokens(np) + " " + verb + " " + joinTokens(toks[3:c]) + "."
}

// correctionOpeners are the words a correction may open with ("And I'm
// not …", "Oh, I'm not …").
var correctionOpeners = words("and but also so oh well no actually")
