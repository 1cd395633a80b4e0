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
			content: "Arvid: Meet my roommate. Eskil, this is Sindre.",
			want:    []wf{{"ROOMMATE_OF", "Sindre", "Arvid", "ref", ""}},
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
	checkEntityNames(t, "message", "Arvid: Come meet my friends in Tromsø. Drew lives in Oslo.", []string{"Arvid", "Tromsø", "Drew", "Oslo"}, []string{"Come"})
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
			// The first name is the full name an earlier episode gave.
			want: []wf{{"ROOMMATE_OF", "Owain Pryce", "Rhiannon", "", "2024-05-14"}}},
		{name: "a first name is the full name an earlier speaker gave", source: "message",
			previous: []string{"Idris Mahmood: Bad news everyone, the summer fair is off."},
			content:  "Wiktoria: Congratulations Idris on being elected chair of the PTA!",
			want:     []wf{{"HAS_CHAIR", "PTA", "Idris Mahmood", "ref", ""}},
			absent:   []wf{{"HAS_CHAIR", "PTA", "Idris", "", ""}}},
		{name: "a congratulation is dated by the night just past the sentence before told", source: "message",
			content: "Wiktoria: Thanks to all who came to the AGM last night! Congratulations Idris on being elected chair of the PTA, and thank you to Halina for six years in the job.",
			want:    []wf{{"HAS_CHAIR", "PTA", "Idris", "2024-05-14", ""}}},
		{name: "a congratulation states what it congratulates", source: "message",
			content: "Ana: Congrats to Maya Lind for joining Kestrel Bank!",
			want:    []wf{{"WORKS_AT", "Maya Lind", "Kestrel Bank", "ref", ""}}},
		{name: "a congratulation on a birth to a couple", source: "message",
			content: "Ana: Congratulations to Hedda and Olav on the arrival of their daughter, Sunniva, born on 11 April!",
			want: []wf{
				{"CHILD_OF", "Sunniva", "Hedda", "2024-04-11", ""},
				{"CHILD_OF", "Sunniva", "Olav", "2024-04-11", ""},
			}},
		{name: "a glad proposal told by the one asked is an engagement", source: "message",
			content: "Zainab: Ruben proposed on Christmas Eve!!!",
			want:    []wf{{"ENGAGED_TO", "Ruben", "Zainab", "2023-12-24", ""}}},
		{name: "a proposal refused is none", source: "message",
			content: "Zainab: Ruben proposed on Christmas Eve. I said no.",
			absent:  []wf{{"ENGAGED_TO", "Ruben", "Zainab", "", ""}}},
		{name: "a breakup ends the engagement told before", source: "message",
			previous: []string{"Zainab: Ruben and I got engaged at Christmas."},
			content:  "Zainab: The wedding's off. Ruben and I split up a couple of weeks ago.",
			want:     []wf{{"ENGAGED_TO", "Zainab", "Ruben", "", "2024-05-01"}}},
		{name: "a person from an organisation works there", source: "message",
			content: "Bartek: Hi Clementine, it's Bartek from Foxglove Lettings.",
			want:    []wf{{"WORKS_AT", "Bartek", "Foxglove Lettings", "ref", ""}}},
		{name: "a role opening the sentence is the speaker's", source: "message",
			content: "Tobiah: As CTO my first act will be to spend all of it on GPUs.",
			want:    []wf{{"HAS_JOB_TITLE", "Tobiah", "CTO", "ref", ""}}},
		{name: "a role opening a sentence with a modal", source: "message",
			content: "Tobiah: As an actor, I need to know my lines.",
			want:    []wf{{"HAS_JOB_TITLE", "Tobiah", "actor", "ref", ""}}},
		{name: "a role opening a negated sentence", source: "message",
			content: "Tobiah: As a nurse, I can't ignore that cough.",
			want:    []wf{{"HAS_JOB_TITLE", "Tobiah", "nurse", "ref", ""}}},
		{name: "a role opening a sentence in the past was held then", source: "message",
			content: "Tobiah: As a student, I lived in Galway.",
			want:    []wf{{"HAS_JOB_TITLE", "Tobiah", "student", "", "ref"}}},
		{name: "a new job after years somewhere ends them", source: "message",
			content: "Zainab: I started at Stafford Royal Infirmary last week as a charge nurse, after five years at Royal Walsall.",
			want:    []wf{{"WORKS_AT", "Zainab", "Royal Walsall", "2019-05-08", "2024-05-08"}}},
		{name: "a parent called by the word alone, named beside it", source: "message",
			content: "Róisín: Dad (Clement Mulcahy) was admitted to St Aidan's Hospital yesterday.",
			want:    []wf{{"FATHER_OF", "Clement Mulcahy", "Róisín", "ref", ""}}},
		{name: "the one called with an @ is the one spoken to", source: "message",
			content: "Lavinia: @Mirek could you glance at my blots? You're still my supervisor.",
			want:    []wf{{"MANAGER_OF", "Mirek", "Lavinia", "", ""}}},
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
			content: "Graça: I was promoted to analytics lead on Monday.",
			want:    []wf{{"HAS_JOB_TITLE", "Graça", "analytics lead", "2024-05-13", ""}}},
		{name: "a hyphenated verb in -ing before an object with its apposition", source: "message",
			content: "Rhona: My friend Ximena is dog-sitting Waffles, our beagle.",
			want:    []wf{{"HAS_PET", "Rhona", "Waffles", "ref", ""}, {"FRIEND_OF", "Ximena", "Rhona", "ref", ""}}},
		{name: "the first of two objects is no relation's object", source: "message",
			content: "Rhona: I'm writing Ximena a very long list.",
			absent:  []wf{{"WRITES", "Rhona", "Ximena", "", ""}}},
	})
}

// TestExtractInterviewTurns: an interview told in turns of numbered
// voices, one message per turn (reference time: 15 May 2024).
func TestExtractInterviewTurns(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a name said again in full names the one who says it", source: "message",
			content: "Speaker 1: Thanks for coming in. I'm Hedda, I run the data team here.\nSpeaker 2: Sure. So I'm Ikenna, Ikenna Obi-Lund. I work at Fernhill Foods.",
			want:    []wf{{"WORKS_AT", "Ikenna Obi-Lund", "Fernhill Foods", "ref", ""}},
			absent:  []wf{{"WORKS_AT", "Hedda", "Fernhill Foods", "", ""}}},
		{name: "a place answered alone, in the same episode", source: "message",
			content: "Speaker 1: And you're based in Leeds?\nSpeaker 2: Otley, yeah. It's quieter.",
			want:    []wf{{"LIVES_IN", "Speaker 2", "Otley", "ref", ""}},
			absent:  []wf{{"LIVES_IN", "Speaker 2", "Leeds", "", ""}}},
		{name: "a place answered alone, in the next episode", source: "message",
			previous: []string{"Speaker 1: And you're based in Leeds?"},
			content:  "Speaker 2: Otley, yeah.",
			want:     []wf{{"LIVES_IN", "Speaker 2", "Otley", "ref", ""}}},
		{name: "an answer that calls the one who asked is no place", source: "message",
			content: "Speaker 1: Did you see the game?\nSpeaker 2: Hedda, yeah, I did.",
			absent:  []wf{{"LIVES_IN", "*", "*", "", ""}}},
		{name: "a voice named in an earlier message keeps its name", source: "message",
			previous: []string{"Speaker 1: Thanks for coming in.", "Speaker 2: Sure. So I'm Ikenna, Ikenna Obi-Lund."},
			content:  "Speaker 2: I work at Fernhill Foods these days.",
			want:     []wf{{"WORKS_AT", "Ikenna Obi-Lund", "Fernhill Foods", "ref", ""}}},
		{name: "a branch of the employer is no other employer", source: "message",
			content: "Ikenna: I joined Fernhill Foods in 2019. Now I work at their Otley Road branch.",
			want:    []wf{{"WORKS_AT", "Ikenna", "Fernhill Foods", "2019-01-01", ""}},
			absent:  []wf{{"WORKS_AT", "Ikenna", "Otley Road", "", ""}}},
		{name: "a degree done at a university, ended by the year it was finished", source: "message",
			content: "Ikenna: I did my undergrad at the University of Hull, chemistry, graduated in 2019.",
			want:    []wf{{"STUDIES_AT", "Ikenna", "University of Hull", "", "2019-01-01"}}},
		{name: "a master's, started in the sentence after", source: "message",
			content: "Ikenna: I'm doing a part-time master's at Birkbeck. Started last September, so I'm halfway through.",
			want:    []wf{{"STUDIES_AT", "Ikenna", "Birkbeck", "2023-09-01", ""}}},
		{name: "a post at a university accepted, started there on a day to come", source: "message",
			content: "Ikenna: I've accepted a fellowship at the University of Hull! I start there on 2 September.",
			want:    []wf{{"WORKS_AT", "Ikenna", "University of Hull", "2024-09-02", ""}}},
		{name: "a job taken, started there in a month to come", source: "message",
			content: "Ikenna: I got a job with Fernhill Foods. I start there in July.",
			want:    []wf{{"WORKS_AT", "Ikenna", "Fernhill Foods", "2024-07-01", ""}}},
	})
}

// TestExtractUserIntroducedEarlier: a chat's "user" who said who they are
// in an earlier message is that person in the next ones.
func TestExtractUserIntroducedEarlier(t *testing.T) {
	runConstructions(t, []construction{
		{name: "the user's name from an earlier message", source: "message",
			previous: []string{"user: Hi! I'm Siv Moe. Since 2021 I've shared a flat in Tromsø with my friend Halvor Dyb.",
				"assistant: Nice to meet you, Siv. How can I help?"},
			content: "user: Halvor moved out at the end of April.",
			want:    []wf{{"LIVES_WITH", "Siv Moe", "Halvor Dyb", "", "2024-04-30"}},
			absent:  []wf{{"*", "User", "*", "", ""}}},
	})
}
