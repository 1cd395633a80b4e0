package main

// A voice that announces itself by what it is to the one spoken to, at a
// door or on the telephone: "Ingunn! Open up! It's your brother!", "Hi
// Mum, it's your son", "It's your landlord, calling about the boiler".
// The "it" is the speaker, and the clause says what the speaker is to
// the one addressed, as "I'm your brother" does.

// selfAnnounced reports whether the "it" at toks[pos] opens such a
// sentence: "it" first (after openers and a name called out), then "is",
// then "your", words that may qualify the noun, and a kinship noun that
// ends the sentence or is followed by a comma or "calling", "here" or
// "again".
func (sc *sentCtx) selfAnnounced(pos int) bool {
	toks := sc.toks
	if sc.u.speaker == "" || pos >= len(toks) || toks[pos].lower != "it" {
		return false
	}
	if pos > 0 && toks[pos-1].text != "," && pos != firstWord(toks) {
		return false
	}
	i := pos + 1
	if w := lowerAt(toks, i); w != "is" && w != "'s" {
		return false
	}
	i++
	if lowerAt(toks, i) != "your" {
		return false
	}
	i++
	// "your little brother", "your favourite sister", "your old
	// landlord": at most two words before the noun.
	for n := 0; n < 3 && i < len(toks) && toks[i].word; n, i = n+1, i+1 {
		if !kinNouns.has(toks[i].lower) {
			continue
		}
		next := lowerAt(toks, i+1)
		return i+1 == len(toks) || !toks[i+1].word || next == "calling" || next == "here" || next == "again"
	}
	return false
}
