package nlp

// retagLetVerb reads the last noun of the object of "let", "make",
// "help" or "watch" as the bare verb it is when another noun stands
// before it: "let my gym membership lapse/NN", "let the kids play/NN".
// The tagger, seeing a run of nouns, ends the phrase on it; the verbs
// that take an object and a bare infinitive put the verb there.
func (s *Sentence) retagLetVerb() {
	for i := 0; i+3 < len(s.Tags); i++ {
		if !bareInfinitiveVerbs[Lemma(s.Lower[i], s.Tags[i])] || s.Tags[i][0] != 'V' {
			continue
		}
		// The noun run of the object, after its determiner or possessor.
		j := i + 1
		for j < len(s.Tags) && (s.Tags[j] == "DT" || s.Tags[j] == "PRP$" || s.Tags[j] == "POS" || s.Tags[j] == "JJ") {
			j++
		}
		k := j
		for k < len(s.Tags) && (s.Tags[k] == "NN" || s.Tags[k] == "NNS" || s.Tags[k] == "NNP") {
			k++
		}
		last := k - 1
		if last <= j || s.Tags[last] != "NN" || s.Tags[last-1] == "NNP" && last-1 == j {
			// One noun, or a name before it: no verb to find ("let
			// Vesna drive" is tagged as it is said).
			continue
		}
		if k < len(s.Tags) && (s.Tags[k] == "DT" || s.Tags[k] == "PRP$") || !IsVerb(s.Lower[last]) {
			continue
		}
		s.Tags[last], s.Lemmas[last] = "VB", s.Lower[last]
	}
}

// bareInfinitiveVerbs take an object and a bare infinitive.
var bareInfinitiveVerbs = set("let make help watch")
