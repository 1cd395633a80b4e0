package nlp

import "strings"

// verbPrefixes are the prefixes written with a hyphen before a verb that
// keep its meaning and its forms: "co-founded", "re-signed".
var verbPrefixes = []string{"co-", "re-"}

// retagPrefixedVerbs reads a hyphened word of a verb prefix and a verb's
// form, standing where a finite verb stands (after its subject or a
// modal, before its object), as that verb: the tagger, which has not seen
// the word, makes an adjective or a plural noun of "Kwabena co-founded/JJ
// Tilia Labs", "Ada co-owns/NNS the pub", "will co-supervise you".
func (s *Sentence) retagPrefixedVerbs() {
	for i := 1; i+1 < len(s.Tags); i++ {
		if strings.HasPrefix(s.Tags[i], "VB") {
			continue
		}
		w := s.Lower[i]
		prefix := ""
		for _, p := range verbPrefixes {
			if strings.HasPrefix(w, p) && len(w) > len(p)+2 {
				prefix = p
			}
		}
		if prefix == "" {
			continue
		}
		rest := w[len(prefix):]
		var tag string
		switch prev := s.Tags[i-1]; {
		case prev == "MD" || prev == "TO":
			tag = "VB"
		case prev != "NNP" && prev != "NNPS" && prev != "PRP" && prev != "NN" && prev != "NNS" && prev != "RB":
			continue
		case strings.HasSuffix(rest, "ed"):
			tag = "VBD"
		case strings.HasSuffix(rest, "s"):
			tag = "VBZ"
		case prev == "PRP" || prev == "NNS" || prev == "NNPS":
			tag = "VBP"
		default:
			continue
		}
		verb := Lemma(rest, tag)
		if tag != "VB" && tag != "VBP" && verb == rest || !IsVerb(verb) {
			continue
		}
		switch s.Tags[i+1] {
		case "NNP", "NNPS", "DT", "PRP$", "PRP", "IN", "NN", "NNS", "CD":
			s.Tags[i], s.Lemmas[i] = tag, prefix+verb
		}
	}
}
