package main

// A service one stops or starts with someone: "I stopped therapy with Dr
// Lade in March", "I've started piano lessons with Oddny", "finished my
// physio with Ingunn". The one who gives the service is the client's
// therapist, teacher, coach or doctor from the start to the stop,
// whatever the verb of starting or stopping.

// serviceGiven are the nouns of a service and the tie its giver has with
// the one who takes it.
var serviceGiven = map[string]string{
	"therapy": "THERAPIST_OF", "counselling": "THERAPIST_OF", "counseling": "THERAPIST_OF",
	"lesson": "TEACHER_OF", "tutoring": "TEACHER_OF", "tuition": "TEACHER_OF",
	"coaching": "COACHES", "training": "COACHES",
	"treatment": "DOCTOR_OF", "physio": "DOCTOR_OF", "physiotherapy": "DOCTOR_OF",
}

// serviceVerbs give the role of a verb towards a service it takes as
// its object.
var serviceVerbs = map[string]temporal{
	"start": tStart, "begin": tStart, "have": tState, "do": tState, "take": tState,
	"stop": tEnd, "end": tEnd, "finish": tEnd, "quit": tEnd, "complete": tEnd, "cancel": tEnd, "give up": tEnd,
}

// serviceTaken reads such a clause, states the tie and reports whether it
// did.
func (sc *sentCtx) serviceTaken(cc *clauseCtx, subjs []ref) bool {
	c := cc.c
	verb := phrasal(c)
	role, ok := serviceVerbs[verb]
	if !ok || c.Passive || c.Obj.None() {
		return false
	}
	if r, ok := aspectRoles[c.Aspect]; ok {
		role = r
	}
	p := &sc.p.Phrases[c.Obj.Phrase]
	rel, ok := serviceGiven[sc.p.Lemmas[p.Head]]
	if !ok || p.Name {
		return false
	}
	for _, pp := range c.PPs {
		if pp.Prep != "with" || pp.Obj.Phrase < 0 || pp.At != p.End {
			continue
		}
		giver := sc.phraseRef(pp.Obj.Phrase, false)
		if giver.name == "" || sc.semKind(giver, pp.Obj.Phrase) != kindPerson && !sc.personish(giver) {
			return false
		}
		text := "{s} gives {o} " + sc.toks[p.Head].lower
		switch role {
		case tStart:
			text = "{o} started " + sc.toks[p.Head].lower + " with {s}"
		case tEnd:
			text = "{o} stopped " + sc.toks[p.Head].lower + " with {s}"
		}
		for _, s := range subjs {
			sc.fact(cc, giver, s, rel, role, text, kindPerson, kindPerson)
		}
		return true
	}
	return false
}
