package lme

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Granularity is what one episode holds.
type Granularity string

// Granularities.
const (
	// Sessions makes one episode per session: its turns as "user: …" and
	// "assistant: …" lines, at the session's date.
	Sessions Granularity = "session"
	// Turns makes one episode per turn, "user: …" or "assistant: …", at
	// the session's date plus one second per turn, so order holds.
	Turns Granularity = "turn"
)

// Haystack is a question's history as episodes, with the session each
// episode came from.
type Haystack struct {
	Group    string
	Episodes []core.Episode
	// Session maps an episode uuid to its session id.
	Session map[string]string
}

// Build turns a question's sessions into episodes of group, sorted by
// their full timestamp (the data is not always in time order within a
// day). created is the episodes' CreatedAt.
func Build(q *Question, g Granularity, group string, created time.Time) (Haystack, error) {
	if err := q.parseDates(); err != nil {
		return Haystack{}, err
	}
	h := Haystack{Group: group, Session: map[string]string{}}
	order := make([]int, len(q.Sessions))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return q.parsedDates[order[a]].Before(q.parsedDates[order[b]]) })
	for _, i := range order {
		sid, at := q.SessionIDs[i], q.parsedDates[i]
		add := func(uuid, content string, at time.Time, src core.Source) {
			if strings.TrimSpace(content) == "" {
				return
			}
			h.Episodes = append(h.Episodes, core.Episode{
				UUID: uuid, GroupID: group, Name: sid, Source: src, SourceDescription: "LongMemEval session " + sid,
				Content: content, ValidAt: at, CreatedAt: created,
			})
			h.Session[uuid] = sid
		}
		switch g {
		case Turns:
			for j, t := range q.Sessions[i] {
				add(fmt.Sprintf("q%d-s%d-t%d", q.Index, i, j), t.Role+": "+t.Content, at.Add(time.Duration(j)*time.Second), core.SourceMessage)
			}
		default:
			var b strings.Builder
			for _, t := range q.Sessions[i] {
				b.WriteString(t.Role)
				b.WriteString(": ")
				b.WriteString(strings.TrimSpace(t.Content))
				b.WriteString("\n")
			}
			add(fmt.Sprintf("q%d-s%d", q.Index, i), b.String(), at, core.SourceText)
		}
	}
	return h, nil
}
