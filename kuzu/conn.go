package kuzu

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	gokuzu "github.com/kuzudb/go-kuzu"

	"github.com/mnemohq/mnemo/core"
)

// conn is one Kuzu connection with its prepared statements. A conn is used
// by one goroutine at a time: the store hands it out from a pool (readers)
// or under the write lock (the writer).
type conn struct {
	c     *gokuzu.Connection
	stmts map[string]*gokuzu.PreparedStatement
}

func openConn(db *gokuzu.Database, threads int) (*conn, error) {
	c, err := gokuzu.OpenConnection(db)
	if err != nil {
		return nil, fmt.Errorf("open connection: %w", err)
	}
	if threads > 0 {
		c.SetMaxNumThreads(uint64(threads))
	}
	return &conn{c: c, stmts: map[string]*gokuzu.PreparedStatement{}}, nil
}

func (c *conn) close() {
	for _, s := range c.stmts {
		s.Close()
	}
	c.stmts = nil
	c.c.Close()
}

// row is one result row, columns in RETURN order.
type row []any

// query runs a statement with parameters and returns all rows. Statements
// with parameters are prepared once per connection and cached. If ctx ends
// while the statement runs, the connection is interrupted and the ctx error
// is returned (errors.Is(err, context.Canceled) holds).
func (c *conn) query(ctx context.Context, stmt string, params map[string]any) ([]row, error) {
	var rows []row
	err := c.each(ctx, stmt, params, func(r row) { rows = append(rows, r) })
	return rows, err
}

// each runs a statement like query but hands each row to f as it is read
// instead of collecting them: loading a table whole (the catalog, the
// text index) then holds one row at a time, not a million.
func (c *conn) each(ctx context.Context, stmt string, params map[string]any, f func(row)) error {
	res, interrupted, err := c.start(ctx, stmt, params)
	if err != nil {
		return err
	}
	defer res.Close()
	for res.HasNext() {
		t, err := res.Next()
		if err != nil {
			return translate(err)
		}
		vals, err := t.GetAsSlice()
		t.Close()
		if err != nil {
			return translate(err)
		}
		f(vals)
	}
	if interrupted && ctx.Err() != nil {
		return fmt.Errorf("query interrupted: %w", ctx.Err())
	}
	return nil
}

// start runs a statement for query, each and ints, and reports whether
// ctx ended while it ran.
func (c *conn) start(ctx context.Context, stmt string, params map[string]any) (res *gokuzu.QueryResult, interrupted bool, err error) {
	if err := ctx.Err(); err != nil {
		return nil, false, err
	}
	stop := context.AfterFunc(ctx, c.c.Interrupt)
	res, err = c.run(stmt, params)
	interrupted = !stop()
	if err != nil {
		if interrupted && ctx.Err() != nil {
			return nil, true, fmt.Errorf("query interrupted: %w", ctx.Err())
		}
		return nil, interrupted, translate(err)
	}
	return res, interrupted, nil
}

// ints runs a statement whose columns are all INT64 (none NULL) and
// returns its rows, read as the result's text in one call. Reading a row
// value by value costs about ten calls into Kuzu, 1.7 µs a row; a ranking
// that returns a few hundred rows paid more for them than for its scan.
func (c *conn) ints(ctx context.Context, stmt string, params map[string]any) ([][]int64, error) {
	res, interrupted, err := c.start(ctx, stmt, params)
	if err != nil {
		return nil, err
	}
	text := res.ToString()
	res.Close()
	if interrupted && ctx.Err() != nil {
		return nil, fmt.Errorf("query interrupted: %w", ctx.Err())
	}
	return parseInts(text)
}

// parseInts reads Kuzu's text of a result of INT64 columns: a header
// line, then one line per row, columns separated by '|'.
func parseInts(text string) ([][]int64, error) {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	cols := strings.Count(lines[0], "|") + 1
	rows := make([][]int64, 0, len(lines)-1)
	for _, l := range lines[1:] {
		r := make([]int64, 0, cols)
		for f := range strings.SplitSeq(l, "|") {
			n, err := strconv.ParseInt(f, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("kuzu: result row %q: %w", l, err)
			}
			r = append(r, n)
		}
		if len(r) != cols {
			return nil, fmt.Errorf("kuzu: result row %q: %d columns, want %d", l, len(r), cols)
		}
		rows = append(rows, r)
	}
	return rows, nil
}

func (c *conn) run(stmt string, params map[string]any) (*gokuzu.QueryResult, error) {
	if len(params) == 0 {
		res, err := c.c.Query(stmt)
		if err != nil {
			if res != nil {
				res.Close()
			}
			return nil, err
		}
		return res, nil
	}
	p, ok := c.stmts[stmt]
	if !ok {
		var err error
		p, err = c.c.Prepare(stmt)
		if err != nil {
			if p != nil {
				p.Close()
			}
			return nil, err
		}
		c.stmts[stmt] = p
	}
	res, err := c.c.Execute(p, params)
	if err != nil {
		if res != nil {
			res.Close()
		}
		return nil, err
	}
	return res, nil
}

// exec runs a statement and discards its rows.
func (c *conn) exec(ctx context.Context, stmt string, params map[string]any) error {
	_, err := c.query(ctx, stmt, params)
	return err
}

// translate maps go-kuzu's error text to core sentinels. It is the only
// place that matches on Kuzu's messages.
//
// Kuzu's message is kept as text (%s), not wrapped: go-kuzu's errors are
// plain text made by fmt.Errorf from the C API's message, with no type or
// sentinel to inspect, and keeping them out of the chain means no caller
// reaches a go-kuzu value; what a caller can test is core's sentinel.
func translate(err error) error {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "Interrupted"):
		return fmt.Errorf("kuzu: %s: %w", msg, context.Canceled)
	case strings.Contains(msg, "Only one write transaction"):
		return fmt.Errorf("kuzu: %s: %w", msg, core.ErrLocked)
	case strings.Contains(msg, "duplicated primary key"), strings.Contains(msg, "violates the uniqueness"):
		return fmt.Errorf("kuzu: %s: %w", msg, core.ErrConflict)
	case strings.Contains(msg, "buffer pool is full"), strings.Contains(msg, "Write-write conflict"), strings.Contains(msg, "write-write conflict"):
		return fmt.Errorf("kuzu: %s: %w", msg, core.ErrBusy)
	case strings.Contains(msg, "Could not set lock"), strings.Contains(msg, "lock on file"):
		return fmt.Errorf("kuzu: %s: %w", msg, core.ErrLocked)
	case strings.Contains(msg, "No active transaction"):
		return fmt.Errorf("kuzu: %s: %w", msg, errNoTransaction)
	case strings.Contains(msg, "IO exception"), strings.Contains(msg, "No space left on device"):
		// A full or failing disk: Kuzu could not write its files.
		return fmt.Errorf("kuzu: %s: %w", msg, core.ErrStorage)
	}
	return fmt.Errorf("kuzu: %s", msg)
}

// Column decoders. go-kuzu returns STRING as string, INT64 as int64,
// TIMESTAMP as time.Time (local zone), lists as []any and NULL as nil.

func str(v any) string {
	s, _ := v.(string)
	return s
}

func i64(v any) int64 {
	switch n := v.(type) {
	case int64:
		return n
	case int32:
		return int64(n)
	case uint64:
		return int64(n)
	case float64:
		return int64(n)
	}
	return 0
}

func f64(v any) float64 {
	switch n := v.(type) {
	case float64:
		return n
	case float32:
		return float64(n)
	case int64:
		return float64(n)
	}
	return 0
}

func tm(v any) time.Time {
	t, ok := v.(time.Time)
	if !ok {
		return time.Time{}
	}
	return t.UTC()
}

func strs(v any) []string {
	l, _ := v.([]any)
	if len(l) == 0 {
		return nil
	}
	out := make([]string, 0, len(l))
	for _, x := range l {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// Timestamps cross into Kuzu as strings (so that batches of rows have one
// struct type whether or not a time is set) and are stored with microsecond
// precision in UTC. The empty string is NULL.
const tsLayout = "2006-01-02 15:04:05.999999"

func tsParam(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(tsLayout)
}

// tsExpr is the Cypher that turns a tsParam string back into a TIMESTAMP.
func tsExpr(field string) string {
	return fmt.Sprintf("CASE WHEN %s = '' THEN NULL ELSE timestamp(%s) END", field, field)
}

// micro truncates t to what Kuzu stores.
func micro(t time.Time) time.Time {
	if t.IsZero() {
		return t
	}
	return t.UTC().Truncate(time.Microsecond)
}

var errStoreClosed = fmt.Errorf("kuzu store: %w", core.ErrClosed)

// errNoTransaction is Kuzu's answer to a COMMIT or ROLLBACK when no
// transaction is open: it has already aborted the transaction (see
// Store.rollback).
var errNoTransaction = errors.New("no active transaction")
