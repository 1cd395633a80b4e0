package main

// Classes one takes. "I've been taking Spanish classes", "she started
// piano lessons in May", "signed up for a pottery class", "I stopped
// taking yoga classes": a course of classes in a subject is held
// (TAKES_CLASS) from starting or signing up to stopping or finishing,
// whatever verb says which. A course at a school one enrols in is a
// school's (STUDIES_AT, classes.go); a class here is named by its
// subject, a word before the noun.

// lessonNouns are the nouns of a course of classes.
var lessonNouns = words("class classes lesson lessons course courses")

// lessonVerbs give the role of a verb and its preposition ("" for the
// direct object) towards the classes it names.
var lessonVerbs = map[string]temporal{
	"take": tState, "attend": tState, "do": tState, "have": tState,
	"start": tStart, "begin": tStart, "sign up for": tStart, "enrol in": tStart, "enroll in": tStart,
	"register for": tStart, "join": tStart,
	"stop": tEnd, "quit": tEnd, "drop": tEnd, "finish": tEnd, "give up": tEnd, "drop out of": tEnd,
}

// lessons states the classes a clause's subject takes, starts or stops,
// and reports whether it did.
func (sc *sentCtx) lessons(cc *clauseCtx, subjs []ref) bool {
	c := cc.c
	if c.Passive {
		return false
	}
	for _, slot := range sc.verbSlots(c) {
		role, ok := lessonVerbs[slot.verb]
		if !ok {
			continue
		}
		p := &sc.p.Phrases[slot.phrase]
		if p.Name || !lessonNouns.has(sc.toks[p.Head].lower) {
			continue
		}
		from := p.Start + sc.detLen(p)
		if p.PossEnd > p.PossStart {
			from = p.PossEnd
		}
		if from >= p.Head {
			// "took a class": no subject said.
			continue
		}
		if r, ok := aspectRoles[c.Aspect]; ok {
			role = r
		}
		classes := ref{name: joinTokens(sc.toks[from : p.Head+1]), kind: kindEvent, str: strPattern}
		text := "{s} takes {o}"
		switch role {
		case tStart:
			text = "{s} started {o}"
		case tEnd:
			text = "{s} stopped {o}"
		}
		for _, s := range subjs {
			sc.fact(cc, s, classes, "TAKES_CLASS", role, text, kindPerson, kindEvent)
		}
		// "enrolled in a pottery course at Tarnwell College": the
		// school is read by the verb's frames as well; "piano lessons
		// with Oddny", the teacher by serviceTaken.
		return !sc.hasPrep(c, "at") && !sc.hasPrep(c, "with")
	}
	return false
}
