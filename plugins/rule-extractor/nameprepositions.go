package main

// The words around a preposition before a name that say what kind of
// name follows: one speaks "to" a person, hears "from" one, and what has
// a board "of" it is an organisation.

// toPerson are the words before a "to" that is said to someone, not of
// going somewhere.
var toPerson = words("you thanks hello goodbye congratulations congrats over back talk talked talking speak spoke spoken write wrote written report reports reported reporting married engaged introduced handed hand hands passed pass gave given give lent sent send say said belongs belonged belong sold sells sell addressed")

// toPersonBefore reports whether a word of toPerson stands before the
// "to" at toks[at], right before it or past an object of up to three
// words ("said that to Ross", "gave the keys to Ines").
func toPersonBefore(toks []token, at int) bool {
	for k := at - 1; k >= 0 && k >= at-4; k-- {
		if !toks[k].word {
			return false
		}
		if toPerson.has(toks[k].lower) && (k == at-1 || !toPersonWords.has(toks[k].lower)) {
			return true
		}
	}
	return false
}

// toPersonWords are the words of toPerson that are no verb: they stand
// right before the "to".
var toPersonWords = words("you thanks hello goodbye congratulations congrats over back")

// fromPerson are the words before a "from" that is said of someone,
// not of coming from somewhere: "took over from", "heard from",
// "divorced from".
var fromPerson = words("over heard hear hearing email message call text note letter card divorced separated inherited")

// orgBodies are the bodies of an organisation, before "of" and
// its name.
var orgBodies = words("board committee trustees directors shareholders governors council members")

// peoplesNamePart reports whether the adjective of a people at i begins a
// name: a capitalized word of a name follows it ("American Airlines",
// "the British Museum"), where "American friends" names no one.
func peoplesNamePart(toks []token, i int, blocked []bool) bool {
	return peoples.has(toks[i].lower) && nameToken(toks, i+1, blocked) && !isCapStop(toks[i+1].lower)
}
