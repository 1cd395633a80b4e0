package main

// Questions that presuppose their clause. "Why did you quit Acme?",
// "when did you two marry?", "how long have you been married?", "how
// come you live with Ada?" and "is that why you became a chef?" ask
// about a reason, a time or a length, and take the clause itself as
// known: it is read as a statement. Other questions state nothing but
// what an ending verb presupposes (presuppose.go).

// whAux are the auxiliaries "why" and "when" take before the subject.
var whAux = words("did do does have has had was were is are")

// whPresupposes reports whether the sentence is a question of reason,
// time or length that presupposes its clause, and whether its
// auxiliary puts that clause in the past ("why did you").
func (sc *sentCtx) whPresupposes() (ok, past bool) {
	w0, w1, w2 := lowerAt(sc.toks, 0), lowerAt(sc.toks, 1), lowerAt(sc.toks, 2)
	switch {
	case (w0 == "why" || w0 == "when") && whAux.has(w1):
		return true, w1 == "did"
	case w0 == "how" && w1 == "long" && whAux.has(w2):
		return true, w2 == "did"
	case w0 == "how" && w1 == "come":
		return true, false
	case (w0 == "is" || w0 == "was") && w1 == "that" && w2 == "why":
		return true, false
	}
	return false, false
}

// readPresupposedQuestion reads the clauses of a question that
// presupposes them as statements, but for the auxiliary standing before
// the subject, which is no clause of its own.
func (sc *sentCtx) readPresupposedQuestion(past bool) {
	for ci := range sc.p.Clauses {
		c := &sc.p.Clauses[ci]
		if c.Subj.Phrase < 0 && c.VerbStart <= 2 && (c.Lemma == "do" || c.Lemma == "have" || c.Lemma == "be" || c.Lemma == "come") {
			continue
		}
		if past && !c.Perfect {
			c.Past = true
		}
		sc.readClause(ci)
	}
}

// askedAfter returns where a question said after a statement starts in
// a sentence ending in "?" (without it), at the comma, dash or semicolon
// between, or -1:
// "Ross and Rachel got married, do you think we should?" states the
// marriage and asks the rest; "my name is Buffay, so is it Buffay-
// Hannigan?" states the name. The question is an auxiliary before a
// subject pronoun or a question word, after at most a joining word; the
// statement opens with neither.
func askedAfter(toks []token) int {
	if len(toks) == 0 || tagAuxiliaries.has(toks[0].lower) || questionWords.has(toks[0].lower) || questionModals.has(toks[0].lower) {
		return -1
	}
	for c := len(toks) - 3; c >= 3; c-- {
		if t := toks[c].text; t != "," && t != "—" && t != "–" && t != ";" {
			continue
		}
		r := toks[c+1:]
		if askJoiners.has(r[0].lower) && len(r) > 3 {
			r = r[1:]
		}
		aux := tagAuxiliaries.has(r[0].lower) || questionModals.has(r[0].lower)
		if aux && (tagPronouns.has(r[1].lower) || deictics.has(r[1].lower)) && len(r) > 2 || questionWords.has(r[0].lower) && len(r) > 2 {
			return c
		}
		return -1
	}
	return -1
}

// Words of a question after a statement.
var (
	questionModals = words("should could would can will shall may might must")
	askJoiners     = words("so but and then well now okay ok")
	deictics       = words("that this there")
)
