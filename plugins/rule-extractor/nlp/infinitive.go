package nlp

// infinitiveTakers are the verbs whose "to" opens an infinitive, never a
// phrase of place: "used to date", "wanted to date", "had to move". A
// verb of motion is not among them: "going to school", "got to work".
var infinitiveTakers = set("used want wants wanted need needs needed try tries tried decide decides decided supposed start starts started begin begins began have has had")

// retagInfinitives reads a word after "to" that follows an infinitive
// taker as the verb it is when WordNet knows it as one: the tagger reads
// "to date" as the noun of "up to date", and the clause loses its verb
// ("we used to date/NN").
func (s *Sentence) retagInfinitives(named []bool) {
	for i := 2; i < len(s.Tags); i++ {
		if s.Tags[i] != "NN" || named[i] || s.Lower[i-1] != "to" || !infinitiveTakers[s.Lower[i-2]] {
			continue
		}
		if IsVerb(s.Lower[i]) {
			s.Tags[i], s.Lemmas[i] = "VB", s.Lower[i]
		}
	}
}
