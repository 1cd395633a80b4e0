package nlp

// retagCurrency tags a currency sign before a number ("£1,240", "€30")
// as Penn's "$", which opens the amount's noun phrase; the tagger gives
// the signs it saw seldom a colon's tag, and the amount no phrase.
func (s *Sentence) retagCurrency() {
	for i := 0; i+1 < len(s.Tags); i++ {
		if currencySigns[s.Lower[i]] && s.Tags[i+1] == "CD" {
			s.Tags[i], s.Lemmas[i] = "$", s.Lower[i]
		}
	}
}

// currencySigns are the signs of money.
var currencySigns = set("£ $ € ¥")
