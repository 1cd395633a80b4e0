package kuzu

import (
	"fmt"
	"strings"

	"github.com/mnemohq/mnemo/core"
)

// where builds a conjunction of Cypher conditions with their parameters.
// Parameter names are unique per builder, so conditions from different OR
// groups never overwrite each other's values.
type where struct {
	prefix string
	conds  []string
	params map[string]any
}

// newWhere returns a builder whose parameters are named w0, w1, ...
func newWhere() *where { return newWhereNamed("w") }

// newWhereNamed returns a builder whose parameters carry prefix, so that two
// builders can feed one statement.
func newWhereNamed(prefix string) *where { return &where{prefix: prefix, params: map[string]any{}} }

// param binds v and returns its placeholder.
func (w *where) param(v any) string {
	name := fmt.Sprintf("%s%d", w.prefix, len(w.params))
	w.params[name] = v
	return "$" + name
}

func (w *where) add(cond string, args ...any) {
	w.conds = append(w.conds, fmt.Sprintf(cond, args...))
}

// String is the conjunction, or "true" when there are no conditions.
func (w *where) String() string {
	if len(w.conds) == 0 {
		return "true"
	}
	return strings.Join(w.conds, " AND ")
}

// groupsCond restricts alias to the groups.
func (w *where) groups(alias string, groups []string) {
	if len(groups) == 1 {
		w.add("%s.group_id = %s", alias, w.param(groups[0]))
		return
	}
	w.add("%s.group_id IN %s", alias, w.param(groups))
}

// filter adds the conditions of f for objects of scope sc bound to alias.
//
// It is core's rule (core/visibility.go: core.Filter.MatchFact and its
// siblings) translated into Cypher, for the reads the catalog cannot
// answer alone; core/storetest's Filter/Agreement cases check that every
// read of the store keeps exactly what core's rule keeps. The invalid_at a
// fact had at system time T' is its stated invalid_at if mnemo invalidated
// it after T' (expired_at > T'), and its current invalid_at otherwise.
func (w *where) filter(sc core.Scope, alias string, f core.Filter) {
	a := alias
	switch sc {
	case core.ScopeFacts:
		w.archived(a, f)
		if !f.IncludeQuarantined {
			// core.Filter.KeepsQuarantined
			if f.KnownAt.IsZero() {
				w.add("%s.quarantined_at IS NULL", a)
			} else {
				kt := w.param(tsParam(f.KnownAt))
				w.add("(%s.quarantined_at IS NULL OR %s.quarantined_at > timestamp(%s))", a, a, kt)
				w.add("(%s.released_at IS NULL OR %s.released_at <= timestamp(%s))", a, a, kt)
			}
		}
		if len(f.Relations) > 0 {
			w.add("%s.relation IN %s", a, w.param(f.Relations))
		}
		if len(f.Labels) > 0 {
			// Kuzu does not see parameters inside EXISTS subqueries; labels
			// are validated identifiers (core.ValidateLabel), safe to quote.
			// The endpoint's alias derives from the fact's, so that it never
			// shadows it (Traverse names facts "x").
			w.add("EXISTS { MATCH (%s)-[:RELATES_TO]-(%s_end:Entity) WHERE list_has_all(%s_end.labels, %s) }", a, a, a, labelList(f.Labels))
		}
		inv := a + ".invalid_at"
		if !f.KnownAt.IsZero() {
			kt := w.param(tsParam(f.KnownAt))
			w.add("%s.created_at <= timestamp(%s)", a, kt)
			inv = fmt.Sprintf("(CASE WHEN %s.expired_at IS NOT NULL AND %s.expired_at > timestamp(%s) THEN %s.stated_invalid_at ELSE %s.invalid_at END)", a, a, kt, a, a)
			if f.ValidAt.IsZero() && !f.IncludeInvalid {
				w.add("(%s.expired_at IS NULL OR %s.expired_at > timestamp(%s))", a, a, kt)
				w.add("(%s IS NULL OR %s > timestamp(%s))", inv, inv, kt)
			}
		}
		switch {
		case f.IncludeInvalid:
		case !f.ValidAt.IsZero():
			vt := w.param(tsParam(f.ValidAt))
			w.add("(%s.valid_at IS NULL OR %s.valid_at <= timestamp(%s))", a, a, vt)
			w.add("(%s IS NULL OR %s > timestamp(%s))", inv, inv, vt)
		case f.KnownAt.IsZero():
			w.add("%s.expired_at IS NULL", a)
			if !f.Now.IsZero() {
				now := w.param(tsParam(f.Now))
				w.add("(%s.invalid_at IS NULL OR %s.invalid_at > timestamp(%s))", a, a, now)
			}
		}
	case core.ScopeEntities:
		w.archived(a, f)
		if len(f.Labels) > 0 {
			w.add("list_has_all(%s.labels, %s)", a, w.param(f.Labels))
		}
		if !f.KnownAt.IsZero() {
			w.add("%s.created_at <= timestamp(%s)", a, w.param(tsParam(f.KnownAt)))
		}
	case core.ScopeEpisodes:
		if !f.KnownAt.IsZero() {
			w.add("%s.created_at <= timestamp(%s)", a, w.param(tsParam(f.KnownAt)))
		}
		if !f.ValidAt.IsZero() {
			w.add("%s.valid_at <= timestamp(%s)", a, w.param(tsParam(f.ValidAt)))
		}
	case core.ScopeCommunities:
		if !f.KnownAt.IsZero() {
			w.add("%s.created_at <= timestamp(%s)", a, w.param(tsParam(f.KnownAt)))
		}
	}
	if len(f.Time) > 0 {
		var ors []string
		for _, group := range f.Time {
			var ands []string
			for _, c := range group {
				col := a + "." + string(c.Field)
				switch c.Op {
				case core.OpIsNull:
					ands = append(ands, col+" IS NULL")
				case core.OpNotNull:
					ands = append(ands, col+" IS NOT NULL")
				default:
					ands = append(ands, fmt.Sprintf("%s %s timestamp(%s)", col, c.Op, w.param(tsParam(c.Value))))
				}
			}
			if len(ands) > 0 {
				ors = append(ors, "("+strings.Join(ands, " AND ")+")")
			}
		}
		if len(ors) > 0 {
			w.add("(%s)", strings.Join(ors, " OR "))
		}
	}
}

// archived is core.Filter.KeepsArchived in Cypher.
func (w *where) archived(a string, f core.Filter) {
	switch {
	case f.IncludeArchived:
	case f.KnownAt.IsZero():
		w.add("%s.archived_at IS NULL", a)
	default:
		w.add("(%s.archived_at IS NULL OR %s.archived_at > timestamp(%s))", a, a, w.param(tsParam(f.KnownAt)))
	}
}

// merge copies params into p and returns p.
func (w *where) merge(p map[string]any) map[string]any {
	for k, v := range w.params {
		p[k] = v
	}
	return p
}

// labelList renders validated labels as a Cypher list literal.
func labelList(labels []string) string {
	q := make([]string, len(labels))
	for i, l := range labels {
		q[i] = "'" + l + "'"
	}
	return "[" + strings.Join(q, ", ") + "]"
}
