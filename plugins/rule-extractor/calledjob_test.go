package main

import "testing"

// TestExtractCalledName reads a job noun or a person noun named by
// "called" or "named": the name holds the job, and a copula's
// complement so named is the relative or professional the subject
// names.
func TestExtractCalledName(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a nurse called", source: "message",
			content: "Vesna: I met a nurse called Ysolde at the clinic.",
			want:    []wf{{"HAS_JOB_TITLE", "Ysolde", "nurse", "ref", ""}, {"MET", "Vesna", "Ysolde", "", ""}}},
		{name: "a man called, after a copula", source: "message",
			content: "Vesna: Our new neighbour is a man called Thorfinn.",
			want:    []wf{{"NEIGHBOR_OF", "Thorfinn", "Vesna", "ref", ""}}},
		{name: "a woman named, after a copula", source: "message",
			content: "Vesna: My new dentist is a woman named Ysolde Varga.",
			want:    []wf{{"DENTIST_OF", "Ysolde Varga", "Vesna", "ref", ""}}},
		{name: "a film is no person", source: "message",
			content: "Vesna: My favourite film is a comedy called Nurse Betty.",
			absent:  []wf{{"*", "Nurse Betty", "Vesna", "", ""}}},
	})
}
