package main

import "testing"

// TestExtractConfirmedQuestions holds polar questions answered yes: the
// answer states the question's clause in the answerer's words; a no, a
// yes with a denial after it, and a question about the asker state
// nothing.
func TestExtractConfirmedQuestions(t *testing.T) {
	runConstructions(t, []construction{
		{name: "are you, yes", source: "message",
			content: "Ilka: Are you a friend of Sunniva's?\nJonas: Yes, yes I am.",
			want:    []wf{{"FRIEND_OF", "Jonas", "Sunniva", "ref", ""}}},
		{name: "a statement asked, yeah", source: "message",
			content: "Ilka: So you're Maren's boss?\nJonas: Yeah.",
			want:    []wf{{"MANAGER_OF", "Jonas", "Maren", "ref", ""}}},
		{name: "do you, yep", source: "message",
			content: "Ilka: Do you still work at Kelder Tools?\nJonas: Yep.",
			want:    []wf{{"WORKS_AT", "Jonas", "Kelder Tools", "", ""}}},
		{name: "did you, with a verb that is also a noun", source: "message",
			content: "Ilka: Did you date Sunniva?\nJonas: Yeah, for a year.",
			want:    []wf{{"IS_DATING", "Jonas", "Sunniva", "", "ref"}}},
		{name: "is a name your relative", source: "message",
			content: "Ilka: Is Tuomas your brother?\nJonas: Yes he is.",
			want:    []wf{{"BROTHER_OF", "Tuomas", "Jonas", "ref", ""}}},
		{name: "no states nothing", source: "message",
			content: "Ilka: Is Tuomas your brother?\nJonas: No, my cousin.",
			absent:  []wf{{"BROTHER_OF", "*", "*", "", ""}}},
		{name: "a yes that goes on to deny states nothing", source: "message",
			content: "Ilka: Do you work at Kelder Tools?\nJonas: Yeah, but not for long.",
			absent:  []wf{{"WORKS_AT", "Jonas", "Kelder Tools", "", ""}}},
		{name: "a question about the asker is left", source: "message",
			content: "Ilka: Are you my brother's friend?\nJonas: Yes.",
			absent:  []wf{{"FRIEND_OF", "*", "*", "", ""}}},
		{name: "a question before another sentence is no question answered", source: "message",
			content: "Ilka: Do you work at Kelder Tools? I met Tuomas there.\nJonas: Yes.",
			absent:  []wf{{"WORKS_AT", "Jonas", "*", "", ""}}},
	})
}

// TestExtractTakenOffers holds an offer to do something for the one
// spoken to, taken up by them: it will be done, from the date it names.
// An offer declined or not answered is not. (The reference time is 15
// May 2024: the next 15 April is in 2025.)
func TestExtractTakenOffers(t *testing.T) {
	const offer = "Gulnara: Hi, I'm on the Premium Family plan for Tunewell. Can I pay for less?\n" +
		"Tomás: Thanks Gulnara, I can see your account. I can move you to Individual from your next billing date, 15 April, and you keep Premium Family until then.\n"
	runConstructions(t, []construction{
		{name: "taken up", source: "message",
			content: offer + "Gulnara: Perfect, please do that.",
			want:    []wf{{"ON_PLAN", "Gulnara", "Individual", "2025-04-15", ""}}},
		{name: "taken up in the next message", source: "message",
			previous: []string{"Gulnara: Hi, I'm on the Premium Family plan for Tunewell. Can I pay for less?", "Tomás: I can move you to Individual from your next billing date, 15 April."},
			content:  "Gulnara: Perfect, please do that.",
			want:     []wf{{"ON_PLAN", "Gulnara", "Individual", "2025-04-15", ""}}},
		{name: "declined", source: "message",
			content: offer + "Gulnara: No, please don't, I'll think about it.",
			absent:  []wf{{"ON_PLAN", "Gulnara", "Individual", "", ""}}},
		{name: "not answered", source: "message",
			content: offer,
			absent:  []wf{{"ON_PLAN", "Gulnara", "Individual", "", ""}}},
		{name: "done, with the date set beside the time it names", source: "message",
			content: "Gulnara: I'm on the Premium Family plan.\nTomás: I've moved you to Individual from your next billing date, 15 April.",
			want:    []wf{{"ON_PLAN", "Gulnara", "Individual", "2025-04-15", ""}},
			absent:  []wf{{"LIVES_IN", "*", "*", "", ""}}},
	})
}

// TestExtractRoleAnswers holds a job said alone in answer to what one
// does, or to a sentence about one left to finish: it is the answerer's.
func TestExtractRoleAnswers(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a sentence left to finish", source: "message",
			content: "Ilka: I'm the one who called. And you are a...\nJonas: Periodontist.",
			want:    []wf{{"HAS_JOB_TITLE", "Jonas", "Periodontist", "ref", ""}},
			absent:  []wf{{"HAS_JOB_TITLE", "Ilka", "*", "", ""}}},
		{name: "what do you do", source: "message",
			content: "Ilka: So what do you do?\nJonas: Uh, a nurse, mostly nights.",
			want:    []wf{{"HAS_JOB_TITLE", "Jonas", "nurse", "ref", ""}}},
		{name: "no job in the answer", source: "message",
			content: "Ilka: So what do you do?\nJonas: Tennis, mostly.",
			absent:  []wf{{"HAS_JOB_TITLE", "*", "*", "", ""}}},
		{name: "an insult finishing the sentence", source: "message",
			content: "Ilka: You are a...\nJonas: Genius, I know.",
			absent:  []wf{{"HAS_JOB_TITLE", "*", "*", "", ""}}},
	})
}
