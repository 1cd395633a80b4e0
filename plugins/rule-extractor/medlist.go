package main

// A list of medicines after its heading, in a record about a patient:
// "Current medications: metformin 500 mg twice daily, ramipril 5 mg once
// daily." Each item that opens with a drug is one the patient takes.

// medHeads head such a list.
var medHeads = words("medication medications meds medicines drugs prescriptions")

// medicationList reads such a list in the sentence.
func (sc *sentCtx) medicationList() {
	holder := sc.u.speaker
	if holder == "" || holder == assistantName {
		return
	}
	toks := sc.toks
	colon := -1
	for i := 1; i+1 < len(toks) && i < 6; i++ {
		if toks[i].text == ":" && medHeads.has(toks[i-1].lower) {
			colon = i
			break
		}
	}
	if colon < 0 {
		return
	}
	cc := &clauseCtx{te: tensePresent}
	item := true
	for i := colon + 1; i < len(toks); i++ {
		switch t := toks[i]; {
		case t.text == "," || t.text == ";" || t.lower == "and":
			item = true
		case item && t.word:
			item = false
			if i < len(sc.p.Tags) && sc.drugHead(i) || unknownLowerWord(ref{name: t.lower}) && doseAfter(toks, i) {
				sc.fact(cc, ref{name: holder, kind: kindPerson, str: strSure}, ref{name: t.text, kind: kindDrug, str: strCue}, "TAKES_MEDICATION", tState, "{s} takes {o}", kindPerson, kindDrug)
			}
		}
	}
}

// doseAfter reports whether a dose follows word i ("metformin 500 mg").
func doseAfter(toks []token, i int) bool {
	return i+2 < len(toks) && isDecimal(toks[i+1].lower) && doseUnits.has(toks[i+2].lower) || i+1 < len(toks) && glued(toks[i+1].lower)
}
