package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// TestExtractPresuppositions checks that a clause which asserts nothing
// (a question, a modal, a plan, a condition, a negation) still gives the
// tie its ending verb takes for granted, and only that tie.
func TestExtractPresuppositions(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a question about ending a tie", source: "message",
			content: "Idunn: Should I break up with Kasimir?",
			want:    []wf{{"IS_DATING", "Idunn", "Kasimir", "", ""}}},
		{name: "a plan denied", source: "message",
			content: "Kasimir: I'm not going to quit Veltro Dynamics.",
			want:    []wf{{"WORKS_AT", "Kasimir", "Veltro Dynamics", "", ""}}},
		{name: "a condition", source: "message",
			content: "Idunn: If I moved out of Narvik, I would miss the harbour.",
			want:    []wf{{"LIVES_IN", "Idunn", "Narvik", "", ""}}},
		{name: "a wish to end a tie", source: "message",
			content: "Idunn: I want to stop taking the lisinopril.",
			want:    []wf{{"TAKES_MEDICATION", "Idunn", "lisinopril", "", ""}}},
		{name: "we, said to the other", source: "message",
			content: "Idunn: Hello.\nKasimir: Maybe we should split up.",
			want:    []wf{{"IS_DATING", "Kasimir", "Idunn", "", ""}}},
		{name: "a question about the past presupposes no tie now", source: "message",
			content: "Idunn: Hello.\nKasimir: Did you leave Veltro Dynamics?",
			absent:  []wf{{"WORKS_AT", "Idunn", "Veltro Dynamics", "", ""}}},
		{name: "a verb that starts a tie presupposes none", source: "message",
			content: "Idunn: Should I move to Narvik?",
			absent:  []wf{{"LIVES_IN", "Idunn", "Narvik", "", ""}}},
		{name: "nobody is no one in particular", source: "message",
			content: "Idunn: Nobody ever leaves Narvik.",
			absent:  []wf{{"LIVES_IN", "Nobody", "Narvik", "", ""}}},
		{name: "a stated end is still an end", source: "message",
			content: "Idunn: I broke up with Kasimir yesterday.",
			want:    []wf{{"IS_DATING", "Idunn", "Kasimir", "", "2024-05-14"}}},
	})
}

// TestExtractPossessedTies checks that a possessed noun of a tie or a
// feeling gives the tie it describes, whatever its clause asserts.
func TestExtractPossessedTies(t *testing.T) {
	runConstructions(t, []construction{
		{name: "feelings for someone", source: "message",
			content: "Ulrik: I may have let my feelings for Agnes cloud my judgement.",
			want:    []wf{{"LIKES", "Ulrik", "Agnes", "ref", ""}}},
		{name: "love for the one spoken to", source: "message",
			content: "Ulrik: Hello.\nAgnes: Ulrik, my love for you is endless.",
			want:    []wf{{"LOVES", "Agnes", "Ulrik", "ref", ""}}},
		{name: "an engagement broken off is an end, not a state", source: "message",
			content: "Ulrik: Wren broke off her engagement to Tomas.",
			want:    []wf{{"ENGAGED_TO", "Wren", "Tomas", "", "ref"}}},
		{name: "no possessor, no tie", source: "message",
			content: "Ulrik: The love for Agnes was obvious.",
			absent:  []wf{{"LOVES", "Ulrik", "Agnes", "", ""}}},
	})
}

// TestExtractGoesOnThenEnds holds a state said to go on, then its end
// told in the same episode: one fact, ended, from a start not told.
func TestExtractGoesOnThenEnds(t *testing.T) {
	content := "Mireille: Teodor, you still work at Quarrel Games, right?\nTeodor: No, I left Quarrel Games in March."
	req := abi.ExtractRequest{GroupID: "g", Episode: abi.Episode{Source: "text", Content: content, ReferenceTime: refTime}}
	var resp abi.ExtractResponse
	roundTrip(t, abi.CapExtract, req, &resp)
	var got []wf
	for _, f := range gotFacts(resp.Facts) {
		if f.Rel == "WORKS_AT" && f.Src == "Teodor" {
			got = append(got, f)
		}
	}
	want := []wf{{"WORKS_AT", "Teodor", "Quarrel Games", "", rfc("2024-03-01")}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("extract(%q) WORKS_AT facts mismatch (-want +got):\n%s", content, diff)
	}
}

// TestExtractObjectLeftInAState checks that "leave X alone" leaves no
// job: the object is left in a state, and no tie is ended or taken for
// granted.
func TestExtractObjectLeftInAState(t *testing.T) {
	runConstructions(t, []construction{
		{name: "advice", source: "message",
			content: "Hedda: Bjarne, you should leave Sindre alone.",
			absent:  []wf{{"WORKS_AT", "*", "*", "", ""}}},
		{name: "a past clause", source: "message",
			content: "Hedda: I left Sindre alone in the flat.",
			absent:  []wf{{"WORKS_AT", "*", "*", "", ""}, {"LEAVES", "*", "*", "", ""}}},
		{name: "an employer left", source: "message",
			content: "Hedda: Bjarne, you should leave Kvist Media.",
			want:    []wf{{"WORKS_AT", "Bjarne", "Kvist Media", "", ""}}},
	})
}
