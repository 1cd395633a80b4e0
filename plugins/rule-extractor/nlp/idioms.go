package nlp

// Idioms. A few fixed phrases of a verb and its object say what one verb
// says: "tied the knot" is "married", "called it quits" is "broke up",
// "hung up his boots" is "retired". The clause is read as that verb, and
// the phrase after the idiom's preposition as its object ("tied the knot
// with Ysolde": married Ysolde).

// idiom is one such phrase: its verb's lemma and particle, its object's
// head, and the verb and particle it stands for, with the preposition
// whose object becomes the verb's.
type idiom struct {
	particle, object  string
	lemma, asParticle string
	prep              string
}

var idioms = map[string][]idiom{
	"tie":  {{object: "knot", lemma: "marry", prep: "with"}},
	"call": {{object: "quits", lemma: "break", asParticle: "up", prep: "with"}},
	"hang": {{particle: "up", object: "boots", lemma: "retire", prep: "from"}, {particle: "up", object: "gloves", lemma: "retire", prep: "from"}},
	// "got bumped up to depot manager": promoted, object or none.
	"bump": {{particle: "up", lemma: "promote", asParticle: ""}},
}

// readIdioms rewrites the clauses whose verb and object are an idiom.
func (s *Sentence) readIdioms() {
	for k := range s.Clauses {
		c := &s.Clauses[k]
		if c.Obj.None() || len(c.Obj.Coord) > 0 {
			for _, id := range idioms[c.Lemma] {
				if id.object == "" && id.particle == c.Particle {
					s.readAs(c, id)
					break
				}
			}
			continue
		}
		head := s.Lower[s.Phrases[c.Obj.Phrase].Head]
		if c.Lemma == "call" && s.Lower[s.Phrases[c.Obj.Phrase].Head] == "it" && s.Phrases[c.Obj.Phrase].End < len(s.Lower) && s.Lower[s.Phrases[c.Obj.Phrase].End] == "quits" {
			// "called it quits": the tagger leaves "quits" out of the
			// object.
			head = "quits"
		}
		for _, id := range idioms[c.Lemma] {
			if id.particle != c.Particle || id.object != head && id.object != "" {
				continue
			}
			s.readAs(c, id)
			c.Obj = Arg{Phrase: -1}
			for i, pp := range c.PPs {
				if pp.Prep == id.prep && id.lemma == "marry" && !pp.Obj.None() {
					c.Obj = pp.Obj
					c.PPs = append(c.PPs[:i:i], c.PPs[i+1:]...)
					break
				}
			}
			break
		}
	}
}

// readAs reads clause c's verb as the one idiom id stands for.
func (s *Sentence) readAs(c *Clause, id idiom) {
	c.Lemma, c.Particle = id.lemma, id.asParticle
	s.Lemmas[c.Verb] = id.lemma
	if s.idiomVerbs == nil {
		s.idiomVerbs = map[int]bool{}
	}
	s.idiomVerbs[c.Verb] = true
}

// IdiomVerb reports whether word i is the verb of an idiom, read as the
// verb its lemma now names.
func (s *Sentence) IdiomVerb(i int) bool { return s.idiomVerbs[i] }
