package kuzu

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// factEntry is a fact's row as the catalog keeps it: the Fact table's
// columns but the uuid (the key), times as Unix microseconds (Kuzu's
// precision) with noTime for NULL, and the attributes as their stored
// JSON, decoded on the way out.
type factEntry struct {
	group, relation, text, source, target, attrs, invalidatedBy, trust string
	valid, invalid, stated, created, expired, archived, quarantined    int64
	released                                                           int64
	episodes                                                           []string
	// merge is when merges touched the fact (mergeTimes of attrs).
	merge core.MergeTimes
	// off is the offset of the fact's vector, when slots says so (see
	// vecOffset).
	off int64
}

// noTime is a NULL timestamp in a factEntry, core's NoTime.
const noTime = core.NoTime

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
	var eps []string
	if !k.loading {
		// At a load the lists come from the relationships (loadLists).
		eps = strs(r[13])
		for i, e := range eps {
			eps[i] = keep(e)
		}
	}
	id := keep(str(r[0]))
	f := &factEntry{
		group: k.intern(str(r[1])), relation: k.intern(str(r[2])), text: keep(str(r[3])),
		source: k.canonical(str(r[4])), target: k.canonical(str(r[5])), attrs: keep(str(r[6])),
		valid: unixMicro(tm(r[7])), invalid: unixMicro(tm(r[8])), stated: unixMicro(tm(r[9])),
		created: unixMicro(tm(r[10])), expired: unixMicro(tm(r[11])),
		invalidatedBy: keep(str(r[12])), episodes: eps, archived: unixMicro(tm(r[14])),
		trust: k.intern(str(r[15])), quarantined: unixMicro(tm(r[16])), released: unixMicro(tm(r[17])),
		off: -1,
	}
	f.merge = mergeTimes(f.attrs)
	old, had := k.facts[id]
	if had {
		f.off = old.off
		if old.passes(&present) {
			k.addCurrent(core.ScopeFacts, old.group, id, -1)
		}
	}
	if f.passes(&present) {
		k.addCurrent(core.ScopeFacts, f.group, id, 1)
	}
	if !had {
		k.link(id, f)
	} else {
		k.unretire(id, old)
		if (old.expired == noTime) != (f.expired == noTime) {
			k.relive(id, f)
		}
	}
	if f.invalidatedBy != "" {
		m := k.retired[f.invalidatedBy]
		if m == nil {
			m = map[string]struct{}{}
			k.retired[f.invalidatedBy] = m
		}
		m[id] = struct{}{}
	}
	k.facts[id] = f
	return id, f
}

// unretire removes fact id, whose entry is f, from the index of retired
// facts. The caller holds k.mu for writing.
func (k *catalog) unretire(id string, f *factEntry) {
	if m := k.retired[f.invalidatedBy]; m != nil {
		delete(m, id)
		if len(m) == 0 {
			delete(k.retired, f.invalidatedBy)
		}
	}
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
		Episodes: slices.Clone(e.episodes), ArchivedAt: fromMicro(e.archived),
		Trust: e.trust, QuarantinedAt: fromMicro(e.quarantined), ReleasedAt: fromMicro(e.released),
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

// passes reports whether a search with f keeps the fact, labels aside:
// core's rules (core.Filter.MatchFactTimes and KeepsMerged) on the entry.
func (e *factEntry) passes(f *core.Filter) bool {
	return f.MatchFactTimes(e.relation, core.FactTimes{Valid: e.valid, Invalid: e.invalid, StatedInvalid: e.stated, Created: e.created, Expired: e.expired, Archived: e.archived, Quarantined: e.quarantined, Released: e.released}) &&
		f.KeepsMerged(e.merge)
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
		if sc == core.ScopeFacts {
			if err := s.overrideAttrs(ctx, c, rows); err != nil {
				return fmt.Errorf("read back written %s: %w", sc, err)
			}
			s.withLists(p, rows)
		}
		if p.rows == nil {
			p.rows = map[core.Scope][]row{}
		}
		p.rows[sc] = rows
	}
	return nil
}
