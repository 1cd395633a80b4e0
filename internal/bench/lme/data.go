package lme

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/ulikunitz/xz"
)

// Question is one LongMemEval item.
type Question struct {
	ID       string          `json:"question_id"`
	Type     string          `json:"question_type"`
	Question string          `json:"question"`
	Answer   json.RawMessage `json:"answer"`
	Date     string          `json:"question_date"`
	// Sessions, SessionIDs and SessionDates are parallel.
	SessionIDs   []string `json:"haystack_session_ids"`
	SessionDates []string `json:"haystack_dates"`
	Sessions     [][]Turn `json:"haystack_sessions"`
	AnswerIDs    []string `json:"answer_session_ids"`
	Index        int      `json:"-"`
	parsedDates  []time.Time
	parsedAsked  time.Time
	parsedFailed error
}

// Turn is one message of a session.
type Turn struct {
	Role      string `json:"role"`
	Content   string `json:"content"`
	HasAnswer *bool  `json:"has_answer,omitempty"`
}

// dateLayout is LongMemEval's date format, "2023/05/30 (Tue) 23:40".
const dateLayout = "2006/01/02 (Mon) 15:04"

// parseDates parses the question's dates once.
func (q *Question) parseDates() error {
	if q.parsedDates != nil || q.parsedFailed != nil {
		return q.parsedFailed
	}
	if len(q.SessionDates) != len(q.Sessions) || len(q.SessionIDs) != len(q.Sessions) {
		q.parsedFailed = fmt.Errorf("question %s: %d sessions, %d ids, %d dates", q.ID, len(q.Sessions), len(q.SessionIDs), len(q.SessionDates))
		return q.parsedFailed
	}
	q.parsedDates = make([]time.Time, len(q.SessionDates))
	for i, d := range q.SessionDates {
		t, err := time.Parse(dateLayout, d)
		if err != nil {
			q.parsedFailed = fmt.Errorf("question %s: parse session date: %w", q.ID, err)
			return q.parsedFailed
		}
		q.parsedDates[i] = t
	}
	t, err := time.Parse(dateLayout, q.Date)
	if err != nil {
		q.parsedFailed = fmt.Errorf("question %s: parse question date: %w", q.ID, err)
		return q.parsedFailed
	}
	q.parsedAsked = t
	return nil
}

// Asked is when the question is asked.
func (q *Question) Asked() (time.Time, error) {
	if err := q.parseDates(); err != nil {
		return time.Time{}, err
	}
	return q.parsedAsked, nil
}

// Gold returns the evidence sessions that count, as the official session
// metrics do: answer sessions with at least one user turn marked
// has_answer.
func (q *Question) Gold() []string {
	answer := map[string]bool{}
	for _, id := range q.AnswerIDs {
		answer[id] = true
	}
	var gold []string
	for i, id := range q.SessionIDs {
		if !answer[id] || i >= len(q.Sessions) {
			continue
		}
		for _, t := range q.Sessions[i] {
			if t.Role == "user" && t.HasAnswer != nil && *t.HasAnswer {
				gold = append(gold, id)
				break
			}
		}
	}
	return gold
}

// Skip says why a question is left out of the metrics, or "" if it counts:
// abstention questions, and questions without a user-side evidence turn.
func (q *Question) Skip() string {
	switch {
	case strings.HasSuffix(q.ID, "_abs"):
		return "abstention"
	case len(q.Gold()) == 0:
		return "no user-side evidence turn"
	}
	return ""
}

// FindData looks for shared/bench-data/name in the working directory and
// each of its parents (the data lives beside the repository, in
// ../shared/bench-data, whatever the checkout's depth).
func FindData(name string) (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("find data: %w", err)
	}
	for {
		p := filepath.Join(dir, "shared", "bench-data", name)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("find data: no shared/bench-data/%s above the working directory", name)
		}
		dir = parent
	}
}

// Open opens a LongMemEval file, decompressing it when its name ends in
// .xz.
func Open(path string) (io.ReadCloser, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open data: %w", err)
	}
	if !strings.HasSuffix(path, ".xz") {
		return f, nil
	}
	r, err := xz.NewReader(bufio.NewReaderSize(f, 1<<20))
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("open xz data: %w", err)
	}
	return struct {
		io.Reader
		io.Closer
	}{r, f}, nil
}

// Read decodes a LongMemEval JSON list one question at a time and calls fn
// for each, in file order with Index set, so the 277 MB of LongMemEval_S
// are never held at once. It stops at fn's first error.
func Read(r io.Reader, fn func(*Question) error) error {
	dec := json.NewDecoder(bufio.NewReaderSize(r, 1<<20))
	tok, err := dec.Token()
	if err != nil {
		return fmt.Errorf("read data: %w", err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '[' {
		return fmt.Errorf("read data: want a JSON list, got %v", tok)
	}
	for i := 0; dec.More(); i++ {
		var q Question
		if err := dec.Decode(&q); err != nil {
			return fmt.Errorf("read question %d: %w", i, err)
		}
		q.Index = i
		if err := fn(&q); err != nil {
			return err
		}
	}
	return nil
}
