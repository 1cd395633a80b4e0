package weaviate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/go-openapi/strfmt"
	"github.com/weaviate/weaviate-go-client/v5/weaviate/filters"
	"github.com/weaviate/weaviate/entities/models"

	"github.com/mnemohq/mnemo/core"
)

// maxResults is the most objects one Weaviate query returns
// (QUERY_MAXIMUM_RESULTS, 10000 by default).
const maxResults = 10000

// query is one GraphQL Get of a collection.
type query struct {
	class  string
	tenant string // empty for the owner registry
	where  *filters.WhereBuilder
	// near, when set, orders by cosine distance to it, at most maxDist.
	near    []float32
	maxDist float64
	// bm25, when set, searches the properties props.
	bm25  string
	props []string
	sort  []order
	limit int
	// after pages through a whole tenant in id order (no where, sort or
	// search).
	after  string
	fields []string
	vector bool
}

type order struct {
	path string
	desc bool
}

// row is one object a query returned.
type row struct {
	id       string
	p        map[string]any
	distance float64
	score    float64
	vec      []float32
}

// get runs q. A tenant that does not exist yet holds nothing: get returns
// no rows.
func (s *Store) get(ctx context.Context, q query) ([]row, error) {
	if err := s.live(ctx); err != nil {
		return nil, err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "{Get{%s(", q.class)
	var args []string
	if q.tenant != "" {
		args = append(args, "tenant:"+strconv.Quote(q.tenant))
	}
	if q.where != nil {
		args = append(args, q.where.String())
	}
	if q.near != nil {
		vs := make([]string, len(q.near))
		for i, x := range q.near {
			vs[i] = strconv.FormatFloat(float64(x), 'g', -1, 32)
		}
		arg := "nearVector:{vector:[" + strings.Join(vs, ",") + "]"
		if q.maxDist > 0 {
			arg += ",distance:" + strconv.FormatFloat(q.maxDist, 'g', -1, 64)
		}
		args = append(args, arg+"}")
	}
	if q.bm25 != "" {
		quoted, _ := json.Marshal(q.bm25)
		props, _ := json.Marshal(q.props)
		args = append(args, fmt.Sprintf("bm25:{query:%s,properties:%s}", quoted, props))
	}
	if len(q.sort) > 0 {
		var ss []string
		for _, o := range q.sort {
			dir := "asc"
			if o.desc {
				dir = "desc"
			}
			ss = append(ss, fmt.Sprintf("{path:[%q],order:%s}", o.path, dir))
		}
		args = append(args, "sort:["+strings.Join(ss, ",")+"]")
	}
	if q.after != "" {
		args = append(args, "after:"+strconv.Quote(q.after))
	}
	limit := q.limit
	if limit <= 0 || limit > maxResults {
		limit = maxResults
	}
	args = append(args, "limit:"+strconv.Itoa(limit))
	if s.opts.ReplicationFactor > 1 {
		// Weaviate's schema has the argument on replicated collections
		// only.
		args = append(args, "consistencyLevel:"+s.opts.ConsistencyLevel)
	}
	b.WriteString(strings.Join(args, ","))
	b.WriteString("){")
	b.WriteString(strings.Join(q.fields, " "))
	b.WriteString(" _additional{id")
	if q.near != nil {
		b.WriteString(" distance")
	}
	if q.bm25 != "" {
		b.WriteString(" score")
	}
	if q.vector {
		b.WriteString(" vector")
	}
	b.WriteString("}}}}")
	op := "get"
	switch {
	case q.near != nil:
		op = "vector_search"
	case q.bm25 != "":
		op = "bm25_search"
	}
	start := time.Now()
	resp, err := s.client.GraphQL().Raw().WithQuery(b.String()).Do(ctx)
	s.observe(op, start, err)
	if err != nil {
		return nil, fail(ctx, "query "+q.class, err)
	}
	if len(resp.Errors) > 0 {
		msg := resp.Errors[0].Message
		if noTenant(msg) {
			return nil, nil
		}
		return nil, fail(ctx, "query "+q.class, errors.New(msg))
	}
	get, _ := resp.Data["Get"].(map[string]any)
	items, _ := get[q.class].([]any)
	rows := make([]row, 0, len(items))
	for _, it := range items {
		m, _ := it.(map[string]any)
		add, _ := m["_additional"].(map[string]any)
		delete(m, "_additional")
		r := row{p: m}
		r.id, _ = add["id"].(string)
		r.distance = num(add["distance"])
		r.score = num(add["score"])
		if v, ok := add["vector"].([]any); ok && len(v) > 0 {
			r.vec = make([]float32, len(v))
			for i, x := range v {
				r.vec[i] = float32(num(x))
			}
		}
		rows = append(rows, r)
	}
	return rows, nil
}

// noTenant reports whether Weaviate's message says the tenant of a query
// does not exist: only this package reads the client's messages.
func noTenant(msg string) bool {
	m := strings.ToLower(msg)
	return strings.Contains(m, "tenant") && (strings.Contains(m, "not found") || strings.Contains(m, "does not exist") || strings.Contains(m, "not exist"))
}

// getAll runs q for every object it matches; more than maxResults is
// core.ErrTooLarge.
func (s *Store) getAll(ctx context.Context, q query) ([]row, error) {
	q.limit = maxResults
	rows, err := s.get(ctx, q)
	if err == nil && len(rows) == maxResults {
		return nil, fmt.Errorf("weaviate: query %s: %w: more than %d objects match", q.class, core.ErrTooLarge, maxResults)
	}
	return rows, err
}

// scan calls f with every object of a tenant, in id order, a page at a
// time.
func (s *Store) scan(ctx context.Context, q query, f func([]row) error) error {
	q.limit = 1000
	q.after = ""
	for {
		rows, err := s.get(ctx, q)
		if err != nil {
			return err
		}
		if len(rows) > 0 {
			if err := f(rows); err != nil {
				return err
			}
		}
		if len(rows) < q.limit {
			return nil
		}
		q.after = rows[len(rows)-1].id
	}
}

// count returns the number of objects of a tenant matching where.
func (s *Store) count(ctx context.Context, class, tenant string, where *filters.WhereBuilder) (int, error) {
	if err := s.live(ctx); err != nil {
		return 0, err
	}
	q := fmt.Sprintf("{Aggregate{%s(tenant:%s", class, strconv.Quote(tenant))
	if where != nil {
		q += "," + where.String()
	}
	q += "){meta{count}}}}"
	start := time.Now()
	resp, err := s.client.GraphQL().Raw().WithQuery(q).Do(ctx)
	s.observe("aggregate", start, err)
	if err != nil {
		return 0, fail(ctx, "count "+class, err)
	}
	if len(resp.Errors) > 0 {
		if noTenant(resp.Errors[0].Message) {
			return 0, nil
		}
		return 0, fail(ctx, "count "+class, errors.New(resp.Errors[0].Message))
	}
	agg, _ := resp.Data["Aggregate"].(map[string]any)
	items, _ := agg[class].([]any)
	if len(items) == 0 {
		return 0, nil
	}
	m, _ := items[0].(map[string]any)
	meta, _ := m["meta"].(map[string]any)
	return int(num(meta["count"])), nil
}

// put writes objects, replacing those with the same ids, in batches.
func (s *Store) put(ctx context.Context, objs []*models.Object) error {
	for len(objs) > 0 {
		n := min(len(objs), 200)
		start := time.Now()
		resp, err := s.client.Batch().ObjectsBatcher().WithObjects(objs[:n]...).WithConsistencyLevel(s.opts.ConsistencyLevel).Do(ctx)
		s.observe("write", start, err)
		if err != nil {
			return fail(ctx, "write objects", err)
		}
		for _, r := range resp {
			if r.Result != nil && r.Result.Errors != nil && len(r.Result.Errors.Error) > 0 {
				return fail(ctx, "write objects", fmt.Errorf("%s %s: %s", r.Class, r.ID, r.Result.Errors.Error[0].Message))
			}
		}
		objs = objs[n:]
	}
	return nil
}

// remove deletes the objects of a collection (and tenant) with ids, and
// returns how many Weaviate deleted (those that existed).
func (s *Store) remove(ctx context.Context, class, tenant string, ids []strfmt.UUID) (int, error) {
	deleted := 0
	for len(ids) > 0 {
		n := min(len(ids), 500)
		vals := make([]string, n)
		for i, id := range ids[:n] {
			vals[i] = string(id)
		}
		d := s.client.Batch().ObjectsBatchDeleter().WithClassName(class).WithOutput("minimal").
			WithWhere(filters.Where().WithPath([]string{"id"}).WithOperator(filters.ContainsAny).WithValueText(vals...)).
			WithConsistencyLevel(s.opts.ConsistencyLevel)
		if tenant != "" {
			d = d.WithTenant(tenant)
		}
		start := time.Now()
		resp, err := d.Do(ctx)
		s.observe("delete", start, err)
		if err != nil {
			if noTenant(err.Error()) {
				return deleted, nil
			}
			return deleted, fail(ctx, "delete objects of "+class, err)
		}
		if resp.Results != nil {
			if resp.Results.Failed > 0 {
				return deleted, fail(ctx, "delete objects of "+class, fmt.Errorf("%d deletions failed", resp.Results.Failed))
			}
			deleted += int(resp.Results.Successful)
		}
		ids = ids[n:]
	}
	return deleted, nil
}

// ---- filters ----

func eq(path, v string) *filters.WhereBuilder {
	return filters.Where().WithPath([]string{path}).WithOperator(filters.Equal).WithValueText(v)
}

// anyOf matches objects whose path (a text or a list of texts) holds one
// of vs; vs must not be empty.
func anyOf(path string, vs []string) *filters.WhereBuilder {
	return filters.Where().WithPath([]string{path}).WithOperator(filters.ContainsAny).WithValueText(vs...)
}

func allOf(path string, vs []string) *filters.WhereBuilder {
	return filters.Where().WithPath([]string{path}).WithOperator(filters.ContainsAll).WithValueText(vs...)
}

// cmpInt compares a micros property with v.
func cmpInt(path string, op filters.WhereOperator, v int64) *filters.WhereBuilder {
	return filters.Where().WithPath([]string{path}).WithOperator(op).WithValueNumber(float64(v))
}

func null(path string, isNull bool) *filters.WhereBuilder {
	return filters.Where().WithPath([]string{path}).WithOperator(filters.IsNull).WithValueBoolean(isNull)
}

// and joins conditions, leaving out nil ones; nil when none is left.
func and(ws ...*filters.WhereBuilder) *filters.WhereBuilder { return join(filters.And, ws) }

// or joins conditions, leaving out nil ones; nil when none is left.
func or(ws ...*filters.WhereBuilder) *filters.WhereBuilder { return join(filters.Or, ws) }

func join(op filters.WhereOperator, ws []*filters.WhereBuilder) *filters.WhereBuilder {
	var kept []*filters.WhereBuilder
	for _, w := range ws {
		if w != nil {
			kept = append(kept, w)
		}
	}
	switch len(kept) {
	case 0:
		return nil
	case 1:
		return kept[0]
	}
	return filters.Where().WithOperator(op).WithOperands(kept)
}

// ---- values ----

func num(v any) float64 {
	switch x := v.(type) {
	case float64:
		return x
	case json.Number:
		f, _ := x.Float64()
		return f
	case string: // GraphQL gives BM25 scores as strings
		f, _ := strconv.ParseFloat(x, 64)
		return f
	case int64:
		return float64(x)
	case int:
		return float64(x)
	}
	return 0
}

func str(p map[string]any, k string) string {
	s, _ := p[k].(string)
	return s
}

func strs(p map[string]any, k string) []string {
	vs, _ := p[k].([]any)
	if len(vs) == 0 {
		return nil
	}
	out := make([]string, 0, len(vs))
	for _, v := range vs {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func integer(p map[string]any, k string) int64 {
	return int64(math.Round(num(p[k])))
}

// timeOf reads a micros property: the zero time when absent.
func timeOf(p map[string]any, k string) time.Time {
	v, ok := p[k]
	if !ok || v == nil {
		return time.Time{}
	}
	return time.UnixMicro(int64(math.Round(num(v)))).UTC()
}

// microsOf reads a micros property as core.Micros does: core.NoTime when
// absent.
func microsOf(p map[string]any, k string) int64 {
	v, ok := p[k]
	if !ok || v == nil {
		return core.NoTime
	}
	return int64(math.Round(num(v)))
}

// setTime sets a micros property, leaving it out for the zero time.
func setTime(p map[string]any, k string, t time.Time) {
	if !t.IsZero() {
		p[k] = t.UnixMicro()
	}
}
