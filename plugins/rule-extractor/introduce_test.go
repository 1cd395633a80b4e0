package main

import "testing"

// TestExtractIntroductions: a tie noun one asks someone to meet, and the
// names presented after it, in the same sentence or the next ones of the
// turn (reference time: Wednesday 15 May 2024).
func TestExtractIntroductions(t *testing.T) {
	runConstructions(t, []construction{
		{name: "names presented after a comma", source: "message",
			content: "Arvid: Mrs. Lunde, I'd like you to meet my cousins, this is Tuva, Eskil and Brita.",
			want: []wf{
				{"COUSIN_OF", "Tuva", "Arvid", "ref", ""},
				{"COUSIN_OF", "Eskil", "Arvid", "ref", ""},
				{"COUSIN_OF", "Brita", "Arvid", "ref", ""},
			},
			absent: []wf{{"COUSIN_OF", "Mrs. Lunde", "*", "", ""}}},
		{name: "a name presented in the next sentence, after a filler", source: "message",
			content: "Arvid: Come meet my neighbour. This is uh, Sølvi.",
			want:    []wf{{"NEIGHBOR_OF", "Sølvi", "Arvid", "ref", ""}},
			absent:  []wf{{"*", "Come", "*", "", ""}}},
		{name: "the one spoken to is not the one presented", source: "message",
			content: "Arvid: Meet my roommate. Eskil, this is Jonas.",
			want:    []wf{{"ROOMMATE_OF", "Jonas", "Arvid", "ref", ""}},
			absent:  []wf{{"ROOMMATE_OF", "Eskil", "*", "", ""}}},
		{name: "a bare list of names", source: "message",
			content: "Arvid: I want to introduce you to my coworkers. Tuva and Eskil.",
			want:    []wf{{"COLLEAGUE_OF", "Tuva", "Arvid", "ref", ""}, {"COLLEAGUE_OF", "Eskil", "Arvid", "ref", ""}}},
		{name: "a meeting that never happened presents no one", source: "message",
			content: "Arvid: I never got to meet my grandfather. This is Oslo, where he lived.",
			absent:  []wf{{"GRANDFATHER_OF", "*", "*", "", ""}}},
		{name: "a name presented too late is no one's", source: "message",
			content: "Arvid: You should meet my sister. She's great. We went hiking. This is Eskil.",
			absent:  []wf{{"SISTER_OF", "Eskil", "*", "", ""}}},
	})
}

// TestExtractImperatives: a command opening a sentence names no one.
func TestExtractImperatives(t *testing.T) {
	checkEntityNames(t, "message", "Arvid: Come meet my friends in Bergen. Drew lives in Oslo.", []string{"Arvid", "Bergen", "Drew", "Oslo"}, []string{"Come"})
	checkEntityNames(t, "message", "Arvid: Meet my sister tomorrow.", []string{"Arvid"}, []string{"Meet"})
}

// TestExtractSharedHomes: sharing a home with people is living with them,
// and one of them moving out, named by the first name alone in a later
// episode, ends it.
func TestExtractSharedHomes(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a flat shared with two", source: "message",
			content: "Rhiannon: I share a flat in Cardiff with Owain Pryce and Eluned Rees.",
			want: []wf{
				{"LIVES_IN", "Rhiannon", "Cardiff", "ref", ""},
				{"LIVES_WITH", "Rhiannon", "Owain Pryce", "ref", ""},
				{"LIVES_WITH", "Rhiannon", "Eluned Rees", "ref", ""},
			}},
		{name: "one of them moves out", source: "message",
			previous: []string{"Rhiannon: I share a flat in Cardiff with Owain Pryce and Eluned Rees."},
			content:  "Rhiannon: Owain moved out yesterday, so it's just Eluned and me.",
			want:     []wf{{"ROOMMATE_OF", "Owain", "Rhiannon", "", "2024-05-14"}}},
		{name: "a stranger moving out ends nothing", source: "message",
			previous: []string{"Rhiannon: I share a flat in Cardiff with Owain Pryce."},
			content:  "Rhiannon: Gethin moved out yesterday.",
			absent:   []wf{{"ROOMMATE_OF", "*", "*", "", ""}}},
	})
}

// TestExtractTaggerRepairs: words the tagger misreads in a clause that
// states a tie.
func TestExtractTaggerRepairs(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a title whose head the tagger takes for an infinitive's verb", source: "message",
			content: "Ines: I was promoted to analytics lead on Monday.",
			want:    []wf{{"HAS_JOB_TITLE", "Ines", "analytics lead", "2024-05-13", ""}}},
		{name: "a hyphenated verb in -ing before an object with its apposition", source: "message",
			content: "Rhona: My friend Ximena is dog-sitting Waffles, our beagle.",
			want:    []wf{{"HAS_PET", "Rhona", "Waffles", "ref", ""}, {"FRIEND_OF", "Ximena", "Rhona", "ref", ""}}},
		{name: "the first of two objects is no relation's object", source: "message",
			content: "Rhona: I'm writing Ximena a very long list.",
			absent:  []wf{{"WRITES", "Rhona", "Ximena", "", ""}}},
	})
}
