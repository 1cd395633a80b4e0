package kuzu

import (
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"mnemo/core"
)

// factEntry is a fact's row as the catalog keeps it: the Fact table's
// columns but the uuid (the key), times as Unix microseconds (Kuzu's
// precision) with noTime for NULL, and the attributes as their stored
// JSON, decoded on the way out.
type factEntry struct {
	group, relation, text, source, target, attrs, invalidatedBy string
	valid, invalid, stated, created, expired                    int64
	episodes                                                    []string
}

// noTime is a NULL timestamp in a factEntry.
const noTime = math.MinInt64

func unixMicro(t time.Time) int64 {
	if t.IsZero() {
		return noTime
	}
	return t.UnixMicro()
}

func fromMicro(us int64) time.Time {
	if us == noTime {
		return time.Time{}
	}
	return time.UnixMicro(us).UTC()
}

// putFact stores a row of factCols and returns its uuid and entry. A new
// fact is linked to its ends (see catalog_index.go); a fact's ends never
// change. The caller holds k.mu for writing.
func (k *catalog) putFact(r row) (string, *factEntry) {
	eps := strs(r[13])
	for i, e := range eps {
		eps[i] = keep(e)
	}
	id := keep(str(r[0]))
	f := &factEntry{
		group: k.intern(str(r[1])), relation: k.intern(str(r[2])), text: keep(str(r[3])),
		source: k.canonical(str(r[4])), target: k.canonical(str(r[5])), attrs: keep(str(r[6])),
		valid: unixMicro(tm(r[7])), invalid: unixMicro(tm(r[8])), stated: unixMicro(tm(r[9])),
		created: unixMicro(tm(r[10])), expired: unixMicro(tm(r[11])),
		invalidatedBy: keep(str(r[12])), episodes: eps,
	}
	if _, had := k.facts[id]; !had {
		k.link(id, f)
	}
	k.facts[id] = f
	return id, f
}

// fact returns the entry as a core.Fact, decoded as decodeFact decodes
// the row.
func (e *factEntry) fact(uuid string) (core.Fact, error) {
	attrs, err := decodeAttrs(e.attrs)
	if err != nil {
		return core.Fact{}, fmt.Errorf("fact %s: %w", uuid, err)
	}
	return core.Fact{
		UUID: uuid, GroupID: e.group, Relation: e.relation, Text: e.text,
		SourceUUID: e.source, TargetUUID: e.target, Attributes: attrs,
		ValidAt: fromMicro(e.valid), InvalidAt: fromMicro(e.invalid), StatedInvalidAt: fromMicro(e.stated),
		CreatedAt: fromMicro(e.created), ExpiredAt: fromMicro(e.expired), InvalidatedBy: e.invalidatedBy,
		Episodes: slices.Clone(e.episodes),
	}, nil
}

// factsOf returns the facts of groups among ids, in the order of ids,
// without repeats; unknown ids and other groups' facts are left out.
func (k *catalog) factsOf(groups, ids []string) ([]core.Fact, error) {
	k.mu.RLock()
	defer k.mu.RUnlock()
	return rowsOf(k.facts, groups, ids, func(e *factEntry) string { return e.group }, (*factEntry).fact)
}

// rowsOf decodes the entries of m (facts or entities) named by ids that
// belong to groups, in the order of ids, without repeats. The caller
// holds the catalog's lock.
func rowsOf[E, T any](m map[string]*E, groups, ids []string, group func(*E) string, decode func(*E, string) (T, error)) ([]T, error) {
	out := make([]T, 0, len(ids))
	seen := make(map[string]bool, len(ids))
	for _, id := range ids {
		e, ok := m[id]
		if !ok || seen[id] || !slices.Contains(groups, group(e)) {
			continue
		}
		seen[id] = true
		x, err := decode(e, id)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}

// passes reports whether the fact passes f, labels aside. It is the
// condition where.filter writes in Cypher, evaluated on the entry: a
// comparison with NULL is false.
func (e *factEntry) passes(f core.Filter) bool {
	if len(f.Relations) > 0 && !slices.Contains(f.Relations, e.relation) {
		return false
	}
	inv := e.invalid
	if !f.KnownAt.IsZero() {
		kt := micro(f.KnownAt).UnixMicro()
		if e.created == noTime || e.created > kt {
			return false
		}
		if e.expired != noTime && e.expired > kt {
			inv = e.stated
		}
		if f.ValidAt.IsZero() && !f.IncludeInvalid {
			if e.expired != noTime && e.expired <= kt || inv != noTime && inv <= kt {
				return false
			}
		}
	}
	switch {
	case f.IncludeInvalid:
	case !f.ValidAt.IsZero():
		vt := micro(f.ValidAt).UnixMicro()
		if e.valid != noTime && e.valid > vt || inv != noTime && inv <= vt {
			return false
		}
	case f.KnownAt.IsZero():
		if e.expired != noTime {
			return false
		}
		if !f.Now.IsZero() && e.invalid != noTime && e.invalid <= micro(f.Now).UnixMicro() {
			return false
		}
	}
	return matchesTime(f.Time, e.field)
}

// field returns the timestamp a time condition names.
func (e *factEntry) field(f core.TimeField) (int64, bool) {
	switch f {
	case core.FieldValidAt:
		return e.valid, true
	case core.FieldInvalidAt:
		return e.invalid, true
	case core.FieldCreatedAt:
		return e.created, true
	case core.FieldExpiredAt:
		return e.expired, true
	}
	return 0, false
}

// matchesTime evaluates an OR of AND groups of time conditions on the
// timestamps field returns (false for a field the object lacks), as
// where.filter writes them in Cypher: a comparison with NULL is false, a
// group with no condition counts for nothing, and no group at all passes.
func matchesTime(groups [][]core.TimeCondition, field func(core.TimeField) (int64, bool)) bool {
	some := false
	for _, g := range groups {
		if len(g) == 0 {
			continue
		}
		some = true
		if matchesAll(g, field) {
			return true
		}
	}
	return !some
}

func matchesAll(conds []core.TimeCondition, field func(core.TimeField) (int64, bool)) bool {
	for _, c := range conds {
		v, ok := field(c.Field)
		if !ok {
			return false
		}
		switch c.Op {
		case core.OpIsNull:
			if v != noTime {
				return false
			}
			continue
		case core.OpNotNull:
			if v == noTime {
				return false
			}
			continue
		}
		if v == noTime {
			return false
		}
		x := micro(c.Value).UnixMicro()
		switch c.Op {
		case core.OpEq:
			ok = v == x
		case core.OpNe:
			ok = v != x
		case core.OpLt:
			ok = v < x
		case core.OpLe:
			ok = v <= x
		case core.OpGt:
			ok = v > x
		case core.OpGe:
			ok = v >= x
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
	return true
}

// readTouched reads back, inside the transaction, the rows of the facts
// and entities it touched, for the catalog to publish after the commit. A
// touched object that is not read back was deleted.
func (s *Store) readTouched(ctx context.Context, c *conn, p *pending) error {
	for sc, ids := range p.touched {
		a, table, cols := "f", "Fact", factCols
		if sc == core.ScopeEntities {
			a, table, cols = "n", "Entity", entityCols
		}
		rows, err := lookup(ctx, c, s.lookupLimit(sc), a, table, "", cols, nil, keys(ids))
		if err != nil {
			return fmt.Errorf("read back written %s: %w", sc, err)
		}
		if p.rows == nil {
			p.rows = map[core.Scope][]row{}
		}
		p.rows[sc] = rows
	}
	return nil
}
