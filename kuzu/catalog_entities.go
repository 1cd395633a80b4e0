package kuzu

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mnemohq/mnemo/core"
)

// entityEntry is an entity's row as the catalog keeps it: the Entity
// table's columns read back (entityCols) but the name_key and acronym,
// which the name index holds (see catalog_index.go). The uuid is also the
// map's key, the same string, which the facts' ends share (see canonical).
type entityEntry struct {
	uuid, group, name, summary, attrs string
	labels                            []string
	created, archived                 int64
	// merge is when merges touched the entity (mergeTimes of attrs).
	merge core.MergeTimes
	// off is the offset of the entity's vector, when slots says so (see
	// vecOffset).
	off int64
	// facts are the uuids of the facts with the entity as an end, in
	// ascending order (see catalog_index.go); live those of them that are
	// not expired, in the same order.
	facts, live []string
}

// putEntity stores a row of entityCols and returns its entry. An entry
// that replaces another keeps its uuid string and its facts, and moves in
// the name index if its name changed. The caller holds k.mu for writing.
func (k *catalog) putEntity(r row) *entityEntry {
	labels := strs(r[3])
	for i, l := range labels {
		labels[i] = k.intern(l)
	}
	old, had := k.entities[str(r[0])]
	e := &entityEntry{
		group: k.intern(str(r[1])), name: keep(str(r[2])), labels: labels,
		summary: keep(str(r[4])), attrs: keep(str(r[5])), created: unixMicro(tm(r[6])),
		archived: unixMicro(tm(r[7])),
		off:      -1,
	}
	e.merge = mergeTimes(e.attrs)
	id := str(r[0])
	if had {
		e.off = old.off
		if old.passes(&present) {
			k.addCurrent(core.ScopeEntities, old.group, id, -1)
		}
	}
	if e.passes(&present) {
		k.addCurrent(core.ScopeEntities, e.group, id, 1)
	}
	switch {
	case !had:
		e.uuid = keep(str(r[0]))
		k.indexName(e)
	case old.name == e.name && old.group == e.group:
		e.uuid, e.facts, e.live, e.name = old.uuid, old.facts, old.live, old.name
	default:
		e.uuid, e.facts, e.live = old.uuid, old.facts, old.live
		k.unindexName(old)
		k.indexName(e)
	}
	k.entities[e.uuid] = e
	return e
}

// entity returns the entry as a core.Entity, decoded as decodeEntity
// decodes the row.
func (e *entityEntry) entity(uuid string) (core.Entity, error) {
	attrs, err := decodeAttrs(e.attrs)
	if err != nil {
		return core.Entity{}, fmt.Errorf("entity %s: %w", uuid, err)
	}
	return core.Entity{
		UUID: uuid, GroupID: e.group, Name: e.name, Labels: slices.Clone(e.labels),
		Summary: e.summary, Attributes: attrs, CreatedAt: fromMicro(e.created), ArchivedAt: fromMicro(e.archived),
	}, nil
}

// entitiesOf returns the entities of groups among ids, in the order of
// ids, without repeats; unknown ids and other groups' entities are left
// out.
func (k *catalog) entitiesOf(groups, ids []string) ([]core.Entity, error) {
	k.mu.RLock()
	defer k.mu.RUnlock()
	return rowsOf(k.entities, groups, ids, func(e *entityEntry) string { return e.group }, (*entityEntry).entity)
}

// passes reports whether a search with f keeps the entity: core's rules
// (core.Filter.MatchEntityTimes and KeepsMerged) on the entry.
func (e *entityEntry) passes(f *core.Filter) bool {
	return f.MatchEntityTimes(e.labels, e.created, e.archived) && f.KeepsMerged(e.merge)
}

// mergeTimes reads the merge times from attributes as stored (JSON),
// decoding only those that carry a merge mark.
func mergeTimes(attrs string) core.MergeTimes {
	if !strings.Contains(attrs, core.MergedAttribute) {
		return core.NotMerged
	}
	m, err := decodeAttrs(attrs)
	if err != nil {
		return core.NotMerged
	}
	return core.MergeTimesOf(m)
}

// canonical returns the catalog's own copy of an entity's uuid when it
// holds the entity, so that the facts between entities do not each keep
// copies of their ends' uuids (a third of a fact's memory with 36-byte
// uuids). The caller holds k.mu.
func (k *catalog) canonical(id string) string {
	if e, ok := k.entities[id]; ok {
		return e.uuid
	}
	return id
}

// labels returns the labels of the entity id, nil when the catalog does
// not hold it. The caller holds k.mu.
func (k *catalog) labels(id string) []string {
	if e, ok := k.entities[id]; ok {
		return e.labels
	}
	return nil
}
