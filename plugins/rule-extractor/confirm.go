package main

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Questions answered yes. "Are you a friend of Rachel's?" "Yes, I am.":
// a polar question asks whether its clause holds, and an answer that
// opens with yes says it does, in the answerer's words ("I am a friend of
// Rachel's"). The question is turned into that statement: its auxiliary
// moved after the subject, "you" made the answerer's "I" and "your"
// their "my". A question that speaks of the asker ("are you my
// sister's …") is left, since the answerer's "you" would have to find
// the asker; so is one answered with a negation anywhere in its first
// sentence ("Yeah, but not …").

// yesWords open an answer that confirms.
var yesWords = words("yes yeah yep yup yea sure absolutely exactly definitely correct uh-huh mm-hmm")

// polarAux are the auxiliaries that open a polar question, and what
// each becomes after "I" or after a third person.
var polarAux = map[string]struct{ first, third string }{
	"are": {"am", "are"}, "aren't": {"am", "are"}, "were": {"was", "were"}, "weren't": {"was", "were"},
	"is": {"", "is"}, "isn't": {"", "is"}, "was": {"", "was"}, "wasn't": {"", "was"},
	"do": {"", ""}, "don't": {"", ""}, "does": {"", "does"}, "doesn't": {"", "does"},
	"did": {"did", "did"}, "didn't": {"did", "did"},
	"have": {"have", "have"}, "haven't": {"have", "have"}, "has": {"", "has"}, "hasn't": {"", "has"},
}

// askerWords are the words by which a question speaks of its asker.
var askerWords = words("i me my mine myself we us our ours i'm i've i'd i'll we're")

// swapPerson turns the asker's "you" words into the answerer's.
var swapPerson = map[string]string{"you": "me", "your": "my", "yours": "mine", "yourself": "myself"}

// confirmedQuestion returns the statement that answer makes by
// answering the question that ends question with yes, or "".
func confirmedQuestion(question, answer string) string {
	if !confirms(answer) {
		return ""
	}
	q := strings.TrimSpace(question)
	if !strings.HasSuffix(q, "?") {
		return ""
	}
	q = strings.TrimRight(q, "?! ")
	if i := strings.LastIndexAny(q, ".!?"); i >= 0 {
		q = strings.TrimSpace(q[i+1:])
	}
	ws := strings.Fields(q)
	for len(ws) > 0 && (leadFillers.has(strings.ToLower(strings.Trim(ws[0], ","))) || strings.HasSuffix(ws[0], ",")) {
		ws = ws[1:]
	}
	if len(ws) < 3 {
		return ""
	}
	for _, w := range ws {
		if askerWords.has(strings.ToLower(strings.Trim(w, ",.;:'\""))) {
			return ""
		}
	}
	lower := strings.ToLower(ws[0])
	var subj, rest []string
	aux := ""
	switch {
	case lower == "you're" || lower == "you" && strings.ToLower(ws[1]) == "are":
		// "You're Monica's boss?": a statement asked.
		subj, aux = []string{"I"}, "am"
		rest = ws[1:]
		if lower == "you" {
			rest = ws[2:]
		}
	default:
		a, ok := polarAux[lower]
		if !ok {
			return ""
		}
		switch w1 := strings.ToLower(ws[1]); {
		case w1 == "you":
			if plural := strings.ToLower(ws[2]); plural == "guys" || plural == "two" || plural == "both" || plural == "all" {
				return ""
			}
			subj, rest = []string{"I"}, ws[2:]
			aux = a.first
			if aux == "" && lower != "do" && lower != "don't" {
				return ""
			}
		case w1 == "he" || w1 == "she":
			subj, rest, aux = []string{ws[1]}, ws[2:], a.third
		case capitalised(ws[1]):
			n := 1
			for n+1 < len(ws) && capitalised(ws[n+1]) && n < 3 {
				n++
			}
			subj, rest, aux = ws[1:n+1], ws[n+1:], a.third
		default:
			return ""
		}
		if aux == "" {
			// "Does he live in Leeds?": no "-s" is put back; "does"
			// stays before the verb ("he does live in Leeds").
			aux = map[string]string{"does": "does", "doesn't": "does"}[lower]
		}
	}
	if len(rest) == 0 {
		return ""
	}
	out := append([]string{}, subj...)
	if aux != "" {
		out = append(out, aux)
	}
	for _, w := range rest {
		if s, ok := swapPerson[strings.ToLower(w)]; ok {
			w = s
		}
		out = append(out, w)
	}
	return strings.Join(out, " ") + "."
}

// leadFillers open a question without belonging to it: "So are you …",
// "And is she …".
var leadFillers = words("so and but oh well wait um uh then")

// confirms reports whether an answer opens with yes and denies nothing
// in its first sentence ("Yeah, I am", not "Yeah, but not really").
func confirms(answer string) bool {
	a := strings.TrimSpace(answer)
	if i := strings.IndexAny(a, ".!?"); i >= 0 {
		a = a[:i]
	}
	ws := strings.FieldsFunc(strings.ToLower(a), func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' && r != '-' })
	if len(ws) == 0 || !yesWords.has(ws[0]) {
		return false
	}
	for _, w := range ws {
		if w == "not" || w == "no" || w == "never" || strings.HasSuffix(w, "n't") || w == "but" {
			return false
		}
	}
	return true
}

// capitalised reports whether a word opens with a capital letter.
func capitalised(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r)
}

// Offers taken up. "I can move you to Individual from 15 April." "Perfect,
// please do that.": an offer to do something for the one spoken to,
// taken up by them, will be done. The offer is read again as said by
// the one who made it, "can" or "could" made "will".

// offerModals turn an offer's "I can" into what it will do.
var offerModals = map[string]string{"can": "will", "could": "will", "will": "will", "'ll": "will"}

// acceptances take up an offer.
var acceptances = []string{"please do", "do that", "go ahead", "yes please", "yes, please", "sounds good", "sounds great", "that works",
	"perfect", "let's do that", "that would be great", "that'd be great", "lovely, thanks", "great, thanks", "please go ahead"}

// takenOffer returns the sentence of offer, the turn before answer, that
// answer takes up, with its modal made "will"; or "".
func takenOffer(offer, answer string) string {
	a := strings.ToLower(strings.TrimSpace(answer))
	if i := strings.IndexAny(a, ".!?"); i >= 0 && i+1 < len(a) {
		a = a[:i]
	}
	taken := slices.ContainsFunc(acceptances, func(w string) bool { return strings.Contains(a, w) })
	if !taken || strings.Contains(a, "n't") || strings.Contains(a, " not ") || strings.HasPrefix(a, "no") {
		return ""
	}
	var out string
	for _, s := range splitSentences(offer) {
		at := -1
		for i, t := range s.toks {
			if i > 0 && at < 0 && (s.toks[i-1].lower == "i" || s.toks[i-1].lower == "we") && offerModals[t.lower] != "" {
				at = i
			}
		}
		if at < 0 || !slices.ContainsFunc(s.toks[at:], func(t token) bool { return t.lower == "you" }) {
			continue
		}
		toks := slices.Clone(s.toks)
		toks[at].text, toks[at].lower = "will", "will"
		out = joinTokens(toks)
	}
	return out
}
