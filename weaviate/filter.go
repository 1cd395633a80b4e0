package weaviate

import (
	"github.com/weaviate/weaviate-go-client/v5/weaviate/filters"

	"github.com/mnemohq/mnemo/core"
)

// A core.Filter is translated into a Weaviate where filter so that
// Weaviate cuts searches and listings to (nearly) what the filter keeps;
// core's rule (core/visibility.go) is then applied to every object
// returned, and it decides. The translation must therefore never be
// stricter than the rule: an object the rule keeps must pass it. It is
// exact for everything but entity labels on facts (which need the ends'
// labels and are left to the rule). Weaviate has no NOT, so each negation
// of the rule is written out positively; a comparison with a missing
// timestamp is false in Weaviate as in the rule.

// whereOf translates f for objects of scope sc; nil keeps everything.
func whereOf(sc core.Scope, f *core.Filter) *filters.WhereBuilder {
	switch sc {
	case core.ScopeFacts:
		return factWhere(f)
	case core.ScopeEntities:
		var labels *filters.WhereBuilder
		if len(f.Labels) > 0 {
			labels = allOf("labels", f.Labels)
		}
		return and(labels, knownAt(f), timeWhere(f.Time))
	case core.ScopeEpisodes:
		var valid *filters.WhereBuilder
		if !f.ValidAt.IsZero() {
			valid = cmpInt("valid_at", filters.LessThanEqual, core.Micros(f.ValidAt))
		}
		return and(knownAt(f), valid, timeWhere(f.Time))
	}
	return and(knownAt(f), timeWhere(f.Time))
}

// knownAt keeps the objects created at or before f.KnownAt.
func knownAt(f *core.Filter) *filters.WhereBuilder {
	if f.KnownAt.IsZero() {
		return nil
	}
	return cmpInt("created_at", filters.LessThanEqual, core.Micros(f.KnownAt))
}

// nullOrAfter keeps the objects whose path is unknown or after t.
func nullOrAfter(path string, t int64) *filters.WhereBuilder {
	return or(null(path, true), cmpInt(path, filters.GreaterThan, t))
}

// factWhere is core.Filter.MatchFactTimes written as a Weaviate filter.
func factWhere(f *core.Filter) *filters.WhereBuilder {
	var conds []*filters.WhereBuilder
	if len(f.Relations) > 0 {
		conds = append(conds, anyOf("relation", f.Relations))
	}
	// asKnown(pred) is pred applied to invalid_at as KnownAt reads it:
	// the stated one when the fact was retired after KnownAt, the
	// current one otherwise.
	asKnown := func(pred func(path string) *filters.WhereBuilder) *filters.WhereBuilder {
		if f.KnownAt.IsZero() {
			return pred("invalid_at")
		}
		kt := core.Micros(f.KnownAt)
		return or(
			and(cmpInt("expired_at", filters.GreaterThan, kt), pred("stated_invalid_at")),
			and(or(null("expired_at", true), cmpInt("expired_at", filters.LessThanEqual, kt)), pred("invalid_at")),
		)
	}
	if !f.KnownAt.IsZero() {
		kt := core.Micros(f.KnownAt)
		conds = append(conds, knownAt(f))
		if f.ValidAt.IsZero() && !f.IncludeInvalid {
			// Not retired by KnownAt and not ended by it.
			conds = append(conds, nullOrAfter("expired_at", kt),
				asKnown(func(p string) *filters.WhereBuilder { return nullOrAfter(p, kt) }))
		}
	}
	switch {
	case f.IncludeInvalid:
	case !f.ValidAt.IsZero():
		vt := core.Micros(f.ValidAt)
		conds = append(conds, or(null("valid_at", true), cmpInt("valid_at", filters.LessThanEqual, vt)),
			asKnown(func(p string) *filters.WhereBuilder { return nullOrAfter(p, vt) }))
	case f.KnownAt.IsZero():
		conds = append(conds, null("expired_at", true))
		if !f.Now.IsZero() {
			conds = append(conds, nullOrAfter("invalid_at", core.Micros(f.Now)))
		}
	}
	return and(append(conds, timeWhere(f.Time))...)
}

// timeWhere translates Filter.Time, an OR of AND groups; groups without a
// condition count for nothing.
func timeWhere(groups [][]core.TimeCondition) *filters.WhereBuilder {
	var ors []*filters.WhereBuilder
	for _, g := range groups {
		if len(g) == 0 {
			continue
		}
		var ands []*filters.WhereBuilder
		for _, c := range g {
			path := string(c.Field)
			v := core.Micros(c.Value)
			switch c.Op {
			case core.OpIsNull:
				ands = append(ands, null(path, true))
			case core.OpNotNull:
				ands = append(ands, null(path, false))
			case core.OpEq:
				ands = append(ands, cmpInt(path, filters.Equal, v))
			case core.OpNe:
				// An unknown time fails every comparison, <> included.
				ands = append(ands, null(path, false), cmpInt(path, filters.NotEqual, v))
			case core.OpLt:
				ands = append(ands, cmpInt(path, filters.LessThan, v))
			case core.OpLe:
				ands = append(ands, cmpInt(path, filters.LessThanEqual, v))
			case core.OpGt:
				ands = append(ands, cmpInt(path, filters.GreaterThan, v))
			case core.OpGe:
				ands = append(ands, cmpInt(path, filters.GreaterThanEqual, v))
			}
		}
		ors = append(ors, and(ands...))
	}
	return or(ors...)
}
