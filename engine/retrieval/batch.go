package retrieval

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"strconv"

	"github.com/mnemohq/mnemo/core"
)

// BatchQuery is one query of a batch.
type BatchQuery struct {
	// ID is the caller's name for the query, repeated in its result.
	ID      string
	Request Request
	// Err, when set, is the query's result without a search: ReadQueries
	// sets it for a line it cannot parse, so that every line gets a result.
	Err error
}

// BatchResult is the outcome of one query of a batch: Results, or Err.
type BatchResult struct {
	ID      string
	Results Results
	Err     error
}

// SearchBatch runs queries with at most Options.BatchWorkers searches
// at once and yields one result per query, in the order of the queries. It
// pulls queries only as workers free up, so a long stream is never held in
// memory. Stopping the iteration early cancels the searches in flight; a
// query being read at that moment is read to its end and dropped.
func (sr *Searcher) SearchBatch(ctx context.Context, queries iter.Seq[BatchQuery]) iter.Seq[BatchResult] {
	return func(yield func(BatchResult) bool) {
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		workers := sr.search.BatchWorkers
		// pending holds each started query's result channel, in input
		// order; the semaphore bounds the searches running.
		pending := make(chan chan BatchResult, workers)
		sem := make(chan struct{}, workers)
		go func() {
			defer close(pending)
			for q := range queries {
				select {
				case sem <- struct{}{}:
				case <-ctx.Done():
					return
				}
				ch := make(chan BatchResult, 1)
				select {
				case pending <- ch:
				case <-ctx.Done():
					<-sem
					return
				}
				go func() {
					defer func() { <-sem }()
					r := BatchResult{ID: q.ID, Err: q.Err}
					if r.Err == nil {
						r.Results, r.Err = sr.Search(ctx, q.Request)
					}
					ch <- r
				}()
			}
		}()
		for ch := range pending {
			if !yield(<-ch) {
				cancel()
				for range pending {
				}
				return
			}
		}
	}
}

// maxQueryLine bounds one line of a query stream.
const maxQueryLine = 1 << 20

// queryLine is one line of a JSON Lines query stream.
type queryLine struct {
	ID     json.RawMessage `json:"id"`
	Query  string          `json:"query"`
	Groups []string        `json:"groups"`
	Recipe string          `json:"recipe"`
	Limit  int             `json:"limit"`
}

// ReadQueries reads JSON Lines of {"id", "query"} objects, optionally with
// "groups", "recipe" and "limit", and yields one query per line: base with
// those fields replaced. Blank lines are skipped. The id may be a string
// or a number; a line without one is named by its line number. A line
// that does not parse, or a read error, yields a query whose Err says so
// (the stream ends after a read error).
func ReadQueries(r io.Reader, base Request) iter.Seq[BatchQuery] {
	return func(yield func(BatchQuery) bool) {
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 0, 64<<10), maxQueryLine)
		n := 0
		for sc.Scan() {
			n++
			line := bytes.TrimSpace(sc.Bytes())
			if len(line) == 0 {
				continue
			}
			q := BatchQuery{ID: strconv.Itoa(n), Request: base}
			var l queryLine
			if err := json.Unmarshal(line, &l); err != nil {
				q.Err = fmt.Errorf("parse query line %d: %w: %w", n, core.ErrInvalid, err)
			} else {
				if id := queryID(l.ID); id != "" {
					q.ID = id
				}
				q.Request.Query = l.Query
				if len(l.Groups) > 0 {
					q.Request.Groups = l.Groups
				}
				if l.Recipe != "" {
					q.Request.Recipe = l.Recipe
				}
				if l.Limit != 0 {
					q.Request.Limit = l.Limit
				}
			}
			if !yield(q) {
				return
			}
		}
		if err := sc.Err(); err != nil {
			yield(BatchQuery{ID: strconv.Itoa(n + 1), Err: fmt.Errorf("read queries: %w", err)})
		}
	}
}

// queryID renders a JSON string or number id as text.
func queryID(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var num json.Number
	if json.Unmarshal(raw, &num) == nil {
		return num.String()
	}
	return ""
}
