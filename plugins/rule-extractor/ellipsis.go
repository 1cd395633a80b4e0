package main

import (
	"regexp"
	"strings"
)

// Answers by a name alone. "And you're based in London?" "Croydon,
// yeah.": the answer puts its name in the place of the question's, and
// says what the question asked, of the one who answers ("I'm based in
// Croydon").

// askedYou matches a question about the one asked with a name after a
// preposition of place or work: "you're based in London?", "you still
// work at Ocado?".
var askedYou = regexp.MustCompile(`(?i)^(?:and |so |but )?(you(?:'re| are)?(?: still| now)? [a-z]+(?: [a-z]+)? (?:in|at|from|for)) ((?-i:[A-Z][\p{L}'-]*)(?: (?-i:[A-Z][\p{L}'-]*)){0,2})\?$`)

// answeredName matches an answer that opens with a name alone: "Croydon,
// yeah.", "Ocado.", "Leeds, actually."
var answeredName = regexp.MustCompile(`^((?-i:[A-Z][\p{L}'-]*)(?: (?-i:[A-Z][\p{L}'-]*)){0,2})(?:[,.!]|$)`)

// nameAnswer returns the sentence that turn k, answering the question
// ending turn q with a name alone, states ("I are based in Croydon" read
// as "I am based in Croydon"), or "".
func nameAnswer(question, answer string) string {
	q := strings.TrimSpace(question)
	if i := strings.LastIndexAny(strings.TrimSuffix(q, "?"), ".!?"); i >= 0 {
		q = strings.TrimSpace(q[i+1:])
	}
	m := askedYou.FindStringSubmatch(q)
	if m == nil {
		return ""
	}
	a := answeredName.FindStringSubmatch(strings.TrimSpace(answer))
	if a == nil || strings.EqualFold(a[1], m[2]) {
		return ""
	}
	switch strings.ToLower(strings.Fields(a[1])[0]) {
	case "yes", "yeah", "no", "nope", "right", "sure", "well", "oh", "um", "uh", "actually", "not", "i", "we":
		return ""
	}
	said := strings.NewReplacer("you're", "I'm", "You're", "I'm", "you are", "I am", "You are", "I am", "you ", "I ", "You ", "I ").Replace(m[1])
	return said + " " + a[1] + "."
}

// askedRole matches a question of what the one asked does, or a
// sentence about them left for them to finish: "What do you do?", "And
// you are a…".
var askedRole = regexp.MustCompile(`(?i)^(?:and |so |but |oh,? )?(?:you(?:'re| are)(?: a| an)?|what do you do(?: for a living| for work)?|what(?:'s| is) your job)[.…?! ]*$`)

// answeredRole matches an answer that is a job's noun alone, with an
// article or "I'm" at most: "Periodontist.", "A nurse, yeah."
var answeredRole = regexp.MustCompile(`(?i)^(?:(?:uh|um|oh|well),? )?(?:(?:i'm|i am) )?(?:an? )?([a-z][a-z-]+(?: [a-z][a-z-]+)?)(?:[,.!]|$)`)

// roleAnswer returns the sentence that an answer by a job alone states,
// of the one who answers, to a question of what they do ("I am a
// periodontist."), or "".
func roleAnswer(question, answer string) string {
	q := strings.TrimSpace(question)
	if i := strings.LastIndexAny(strings.TrimRight(q, ".…?! "), ".!?"); i >= 0 {
		q = strings.TrimSpace(q[i+1:])
	}
	if !askedRole.MatchString(q) {
		return ""
	}
	a := answeredRole.FindStringSubmatch(strings.TrimSpace(answer))
	if a == nil {
		return ""
	}
	job := strings.ToLower(a[1])
	f := strings.Fields(job)
	if !isJobHead(f[len(f)-1]) {
		return ""
	}
	return "I am " + withArticle(job) + "."
}

// turnBefore returns the turn before turn k: the one before it in the
// episode, else the last of the previous episode (previous holds the
// previous episodes' turns).
func (c *conversation) turnBefore(k int, previous [][]utterance) (utterance, bool) {
	if k > 0 {
		return c.utts[k-1], true
	}
	if len(previous) == 0 {
		return utterance{}, false
	}
	utts := previous[len(previous)-1]
	if len(utts) == 0 {
		return utterance{}, false
	}
	return utts[len(utts)-1], true
}

// earlierVoices returns the last of the previous episodes' turns that
// numbered voices or a chat's "user" spoke ("Speaker 2: I'm Oyelaran",
// "user: Hi! I'm Siv Moe"), so that a voice named in an earlier message
// keeps its name in the next one.
func earlierVoices(previous [][]utterance) []utterance {
	const keep = 12
	var out []utterance
	for _, utts := range previous {
		for _, u := range utts {
			if u.speaker != "" && genericSpeaker(u.speaker) && u.role != roleAssistant && u.role != roleSystem {
				out = append(out, u)
			}
		}
	}
	if len(out) > keep {
		out = out[len(out)-keep:]
	}
	return out
}
