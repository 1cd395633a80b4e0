package nlp

// retagCurrency tags a currency sign before a number ("£1,240", "€30")
// as Penn's "$", which opens the amount's noun phrase; the tagger gives
// the signs it saw seldom a colon's tag, and the amount no phrase.
func (s *Sentence) retagCurrency() {
	for i := 0; i+1 < len(s.Tags); i++ {
		if CurrencySign(s.Lower[i]) && s.Tags[i+1] == "CD" {
			s.Tags[i], s.Lemmas[i] = "$", s.Lower[i]
		}
	}
}

// currencySigns are the signs of money.
var currencySigns = set("£ $ € ¥")

// CurrencySign reports whether w is a sign of money.
func CurrencySign(w string) bool { return currencySigns[w] }

// doseWord reports whether w is a number written with its unit of dose
// ("10mg", "2.5ml", "500mcg").
func doseWord(w string) bool {
	i := 0
	for i < len(w) && (w[i] >= '0' && w[i] <= '9' || w[i] == '.') {
		i++
	}
	return i > 0 && doseUnits[w[i:]]
}

// doseUnits are the units of a dose written after its number.
var doseUnits = set("mg mcg µg g ml iu units")
