package nlp

import "strings"

// Lemma returns the lemma of a word given its Penn Treebank tag, as
// WordNet's morphy finds it: the exception list of the part of speech
// (went → go, mice → mouse), then the detachment rules whose result
// WordNet knows (moving → move, studies → study), else the word with a
// regular ending taken off. Words of other tags are returned in lower
// case.
func Lemma(word, tag string) string {
	w := strings.ToLower(word)
	switch {
	case strings.HasPrefix(tag, "VB"):
		if base, ok := be[w]; ok {
			return base
		}
		for _, p := range verbPrefixes {
			// "co-owns" is a form of "co-own": the verb's own forms.
			if rest, ok := strings.CutPrefix(w, p); ok && len(rest) > 2 {
				if l := morphy(rest, &wn().verbExc, wn().verbs, verbRules, tag); IsVerb(l) {
					return p + l
				}
			}
		}
		return morphy(w, &wn().verbExc, wn().verbs, verbRules, tag)
	case tag == "NNS" || tag == "NNPS":
		return morphy(w, &wn().nounExc, wn().nouns, nounRules, tag)
	case tag == "JJR" || tag == "JJS":
		return morphy(w, &wn().adjExc, wn().adjs, adjRules, tag)
	}
	return w
}

// be maps the forms of the auxiliaries WordNet lists nowhere useful.
var be = map[string]string{
	"am": "be", "is": "be", "are": "be", "was": "be", "were": "be", "been": "be", "being": "be", "'m": "be", "'re": "be",
	"has": "have", "had": "have", "having": "have", "'ve": "have",
	"does": "do", "did": "do", "done": "do", "doing": "do",
}

// rule is a detachment rule: an ending and its replacement.
type rule struct{ suffix, repl string }

// WordNet's detachment rules, in morphy's order.
var (
	verbRules = []rule{{"s", ""}, {"ies", "y"}, {"es", "e"}, {"es", ""}, {"ed", "e"}, {"ed", ""}, {"ing", "e"}, {"ing", ""}}
	nounRules = []rule{{"s", ""}, {"ses", "s"}, {"xes", "x"}, {"zes", "z"}, {"ches", "ch"}, {"shes", "sh"}, {"men", "man"}, {"ies", "y"}}
	adjRules  = []rule{{"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"}}
)

// morphy lemmatizes w with an exception list, rules and a vocabulary.
func morphy(w string, exc *table, vocab table, rules []rule, tag string) string {
	if vocab.text != "" && (tag == "VB" || tag == "VBP" || tag == "NN") {
		// A base form is its own lemma, whatever form of another word it
		// also is ("rent", not "rend").
		if _, ok := vocab.get(w); ok {
			return w
		}
	}
	if base, ok := exc.get(w); ok {
		return base
	}
	if vocab.text != "" {
		if _, ok := vocab.get(w); ok && (tag == "VB" || tag == "VBP" || tag == "NN") {
			return w
		}
		for _, r := range rules {
			if strings.HasSuffix(w, r.suffix) && len(w) > len(r.suffix)+1 {
				c := w[:len(w)-len(r.suffix)] + r.repl
				if _, ok := vocab.get(c); ok {
					return c
				}
			}
		}
		if _, ok := vocab.get(w); ok {
			return w
		}
	}
	return regular(w, tag)
}

// regular takes a regular ending off a word WordNet does not know:
// "zoomed" → "zoom", "planning" → "plan", "tickets" → "ticket".
func regular(w, tag string) string {
	cut := func(suffix string) (string, bool) {
		if strings.HasSuffix(w, suffix) && len(w) > len(suffix)+2 {
			return w[:len(w)-len(suffix)], true
		}
		return "", false
	}
	undouble := func(s string) string {
		n := len(s)
		if n >= 3 && s[n-1] == s[n-2] && !strings.ContainsRune("aeiouls", rune(s[n-1])) {
			return s[:n-1]
		}
		return s
	}
	switch tag {
	case "VBD", "VBN":
		if s, ok := cut("ied"); ok {
			return s + "y"
		}
		if s, ok := cut("ed"); ok {
			return undouble(s)
		}
	case "VBG":
		if s, ok := cut("ing"); ok {
			return undouble(s)
		}
	case "VBZ", "NNS", "NNPS":
		if s, ok := cut("ies"); ok {
			return s + "y"
		}
		for _, suf := range []string{"sses", "xes", "ches", "shes"} {
			if s, ok := cut(suf); ok {
				return s + suf[:len(suf)-2]
			}
		}
		if s, ok := cut("s"); ok && !strings.HasSuffix(s, "s") {
			return s
		}
	case "JJR":
		if s, ok := cut("er"); ok {
			return s
		}
	case "JJS":
		if s, ok := cut("est"); ok {
			return s
		}
	}
	return w
}

// Past returns the past tense of a verb lemma: the irregular ones of
// everyday English, else the regular ending ("live" → "lived", "stop" →
// "stopped" is written "stoped": the doubling is not guessed).
func Past(lemma string) string {
	if p, ok := irregularPast[lemma]; ok {
		return p
	}
	switch {
	case strings.HasSuffix(lemma, "e"):
		return lemma + "d"
	case len(lemma) > 2 && strings.HasSuffix(lemma, "y") && !strings.ContainsRune("aeiou", rune(lemma[len(lemma)-2])):
		return lemma[:len(lemma)-1] + "ied"
	}
	return lemma + "ed"
}

// Participle returns the past participle of a verb's lemma ("take" →
// "taken", "start" → "started").
func Participle(lemma string) string {
	if p, ok := irregularParticiple[lemma]; ok {
		return p
	}
	return Past(lemma)
}

// irregularParticiple are the participles that differ from the past
// tense.
var irregularParticiple = map[string]string{
	"be": "been", "take": "taken", "give": "given", "see": "seen", "know": "known", "go": "gone", "write": "written",
	"speak": "spoken", "break": "broken", "drive": "driven", "choose": "chosen", "ride": "ridden", "eat": "eaten",
	"fall": "fallen", "forget": "forgotten", "forgive": "forgiven", "steal": "stolen", "wake": "woken", "begin": "begun",
	"swim": "swum", "sing": "sung", "drink": "drunk", "grow": "grown", "draw": "drawn", "fly": "flown", "wear": "worn",
	"throw": "thrown", "hide": "hidden", "become": "become", "come": "come", "run": "run", "bear": "borne", "do": "done",
}

// irregularPast are the past tenses of common irregular verbs.
var irregularPast = map[string]string{
	"be": "was", "have": "had", "do": "did", "go": "went", "get": "got", "make": "made", "take": "took", "come": "came",
	"see": "saw", "know": "knew", "give": "gave", "find": "found", "think": "thought", "tell": "told", "become": "became",
	"leave": "left", "feel": "felt", "bring": "brought", "begin": "began", "keep": "kept", "hold": "held", "write": "wrote",
	"stand": "stood", "hear": "heard", "let": "let", "mean": "meant", "set": "set", "meet": "met", "run": "ran", "pay": "paid",
	"sit": "sat", "speak": "spoke", "lie": "lay", "lead": "led", "read": "read", "grow": "grew", "lose": "lost", "fall": "fell",
	"send": "sent", "build": "built", "understand": "understood", "draw": "drew", "break": "broke", "spend": "spent",
	"cut": "cut", "rise": "rose", "drive": "drove", "buy": "bought", "wear": "wore", "choose": "chose", "sell": "sold",
	"teach": "taught", "fly": "flew", "win": "won", "put": "put", "quit": "quit", "sleep": "slept", "eat": "ate",
	"drink": "drank", "swim": "swam", "sing": "sang", "ride": "rode", "hide": "hid", "shut": "shut", "split": "split",
	"stick": "stuck", "throw": "threw", "forget": "forgot", "forgive": "forgave", "feed": "fed", "fight": "fought",
	"catch": "caught", "seek": "sought", "bear": "bore", "shoot": "shot", "wake": "woke", "steal": "stole", "hang": "hung",
	"stop": "stopped", "plan": "planned", "prefer": "preferred", "admit": "admitted", "commit": "committed", "ship": "shipped",
}

// InflectedVerb reports whether a lower-case word is a past form of a
// verb WordNet knows ("got", "started", "moved") and no noun of its own:
// written with a capital at the start of a chat line that drops its "I",
// it is that verb, not a name ("Got promoted last week"). Forms in -ing
// are left out: at the start of a sentence they are names ("Manning
// scored") or gerunds ("Swimming helps") as often as verbs.
func InflectedVerb(w string) bool {
	if IsNoun(w) {
		return false
	}
	if strings.HasSuffix(w, "ing") {
		return false
	}
	_, irregular := wn().verbExc.get(w)
	if !irregular && !strings.HasSuffix(w, "ed") {
		return false
	}
	if l := Lemma(w, "VBD"); l != w && IsVerb(l) {
		return true
	}
	return false
}
