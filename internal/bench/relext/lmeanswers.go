package relext

import (
	"crypto/sha1"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode"

	"github.com/mnemohq/mnemo/internal/bench/lme"
)

// LongMemEval's answers as facts. LongMemEval (Wu et al., ICLR 2025; MIT
// licence) asks about what a user told an assistant over many sessions,
// and marks the user turns that hold each answer. Those turns are
// first-person notes written by others ("I got my new stand mixer as a
// birthday gift from my sister", "The new bookshelf is from IKEA"): what
// the rule extractor meets when an agent's user talks. For each question
// whose answer is a short phrase (a name, a place, a thing), the turns are
// ingested and the question counts when an end of a fact is the answer,
// or the answer is in a fact's text.
//
// The questions are split in two halves by a hash of their ids, dev and
// test: the extractor may be read against dev; test is reported only.

// AnswerItem is one question, its answer and the user turns marked as
// holding it, each with its session's date.
type AnswerItem struct {
	ID, Type, Question, Answer string
	Turns                      []AnswerTurn
}

// AnswerTurn is a user turn and when it was said.
type AnswerTurn struct {
	Content string
	At      time.Time
}

// answerTypes are the question types whose answers a user turn states;
// the assistant's turns and preferences are left out.
var answerTypes = map[string]bool{"single-session-user": true, "knowledge-update": true, "multi-session": true, "temporal-reasoning": true}

// LMEHalf returns the half ("dev" or "test") a question id falls in.
func LMEHalf(id string) string {
	sum := sha1.Sum([]byte(id))
	if sum[len(sum)-1]%2 == 0 {
		return "dev"
	}
	return "test"
}

// ReadLMEAnswers reads the questions of one half ("dev", "test" or "all")
// of a LongMemEval file whose answers are short phrases: five words at
// most, no number, no yes or no, no abstention, and no question of how,
// when or what time.
func ReadLMEAnswers(path, half string) ([]AnswerItem, error) {
	if half != "dev" && half != "test" && half != "all" {
		return nil, fmt.Errorf("LongMemEval half %q: want dev, test or all", half)
	}
	r, err := lme.Open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var out []AnswerItem
	err = lme.Read(r, func(q *lme.Question) error {
		if !answerTypes[q.Type] || half != "all" && LMEHalf(q.ID) != half {
			return nil
		}
		var answer string
		if json.Unmarshal(q.Answer, &answer) != nil || !shortAnswer(answer) || !plainQuestion(q.Question) {
			return nil
		}
		item := AnswerItem{ID: q.ID, Type: q.Type, Question: q.Question, Answer: answer}
		for i, s := range q.Sessions {
			if i >= len(q.SessionDates) {
				break
			}
			at, err := time.Parse("2006/01/02 (Mon) 15:04", q.SessionDates[i])
			if err != nil {
				return fmt.Errorf("question %s: %w", q.ID, err)
			}
			for _, t := range s {
				if t.Role == "user" && t.HasAnswer != nil && *t.HasAnswer {
					item.Turns = append(item.Turns, AnswerTurn{Content: t.Content, At: at})
				}
			}
		}
		if len(item.Turns) > 0 {
			out = append(out, item)
		}
		return nil
	})
	return out, err
}

// shortAnswer reports whether an answer is a phrase a fact can hold.
func shortAnswer(a string) bool {
	l := strings.ToLower(strings.TrimSpace(a))
	if l == "" || len(strings.Fields(l)) > 5 || strings.IndexFunc(l, unicode.IsDigit) >= 0 {
		return false
	}
	for _, p := range []string{"the information", "you did not", "yes", "no"} {
		if strings.HasPrefix(l, p) {
			return false
		}
	}
	return true
}

// plainQuestion reports whether a question asks for a thing, not a time
// or a manner.
func plainQuestion(q string) bool {
	l := strings.ToLower(q)
	for _, p := range []string{"how", "when", "what time", "what day"} {
		if strings.HasPrefix(l, p) {
			return false
		}
	}
	return true
}

// AnswerFacts reports whether a graph holds the answer: as an end of a
// fact (the end's name holds the answer, or the answer the name; "who
// gave me …" is answered by a source), and within a fact's text.
func AnswerFacts(g Graph, answer string) (target, text bool) {
	want := answerKey(answer)
	if want == "" {
		return false, false
	}
	names := map[string]string{}
	for _, e := range g.Entities {
		names[e.UUID] = e.Name
	}
	holds := func(uuid string) bool {
		n := answerKey(names[uuid])
		return n != "" && (strings.Contains(" "+n+" ", " "+want+" ") || len(n) >= 3 && strings.Contains(" "+want+" ", " "+n+" "))
	}
	for _, f := range g.Facts {
		if holds(f.TargetUUID) || holds(f.SourceUUID) {
			target = true
		}
		if strings.Contains(" "+answerKey(f.Text)+" ", " "+want+" ") {
			text = true
		}
	}
	return target, text
}

// answerKey normalizes an answer or a name: lower case, letters, digits
// and apostrophes, without articles, "my", "at" and "in".
func answerKey(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' {
			return unicode.ToLower(r)
		}
		return ' '
	}, s)
	var kept []string
	for _, w := range strings.Fields(s) {
		switch w {
		case "the", "a", "an", "my", "at", "in":
			continue
		}
		kept = append(kept, w)
	}
	return strings.Join(kept, " ")
}

// AnswerTally counts the questions of one half.
type AnswerTally struct {
	Questions, Target, Text, AnyFact int
	// ByType counts questions and targets per question type.
	ByType map[string][2]int
}

// Add counts one question.
func (t *AnswerTally) Add(typ string, facts int, target, text bool) {
	if t.ByType == nil {
		t.ByType = map[string][2]int{}
	}
	t.Questions++
	c := t.ByType[typ]
	c[0]++
	if target {
		t.Target++
		c[1]++
	}
	if text {
		t.Text++
	}
	if facts > 0 {
		t.AnyFact++
	}
	t.ByType[typ] = c
}
