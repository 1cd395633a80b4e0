package nlp

// A time said as a bare noun phrase after the verb is when, not what:
// "lives alone these days", "is working from home this week". The
// clause has no object then.

// timeDeterminers open such a phrase; timeHeads end it.
var (
	timeDeterminers = set("these this that those last next every each")
	timeHeads       = set("day days week weeks month months year years morning mornings evening evenings night nights weekend weekends time summer winter spring autumn fall season term semester")
)

// dropTimeObjects clears the object of a clause that is such a phrase.
func (s *Sentence) dropTimeObjects() {
	for k := range s.Clauses {
		c := &s.Clauses[k]
		if c.Obj.None() || len(c.Obj.Coord) > 0 || c.Lemma == "spend" || c.Lemma == "take" || c.Lemma == "have" || c.Lemma == "love" || c.Lemma == "enjoy" || c.Lemma == "hate" {
			continue
		}
		p := &s.Phrases[c.Obj.Phrase]
		if p.End-p.Start != 2 || !timeDeterminers[s.Lower[p.Start]] || !timeHeads[s.Lower[p.Start+1]] {
			continue
		}
		if p.End < len(s.Lower) && s.Lower[p.End] == "of" {
			// "this time of year".
			continue
		}
		c.Obj = Arg{Phrase: -1}
	}
}
