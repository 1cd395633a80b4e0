package kuzu

import (
	"slices"
	"strings"

	"github.com/mnemohq/mnemo/core"
)

// The catalog's two indexes, which serve the reads entity and fact
// resolution make for every episode without a Kuzu statement:
//
//   - each entity's facts (entityEntry.facts): the uuids of the facts that
//     have the entity as an end, which are the facts its RELATES_TO
//     relationships reach (FactsOfEntities, FactHistoryOfEntities,
//     FactsBetween). A fact's ends never change; a fact is linked to the
//     ends the catalog holds when it is first put, as Kuzu links a new
//     fact to its ends, and unlinked when it is forgotten. An entity's
//     list goes with the entity, as DETACH DELETE takes its relationships.
//     The list is sorted by uuid, and the engine's uuids grow with time,
//     so a new fact is appended at the end; the newest facts are then the
//     last, and a read of an entity's most recent facts walks back from
//     the end and stops at its limit rather than reading every fact the
//     entity ever had (a speaker of every episode has one per episode).
//     Beside it, entityEntry.live lists the facts that are not expired,
//     which the reads of current facts walk: most of a long-lived
//     entity's facts were retired long ago.
//   - the pair index (catalog.pairs): the uuids of the facts between two
//     entities, either way, in uuid order, under the two uuids in order
//     (pairKey), so that FactsBetween reads the pair's facts rather than
//     an end's list; a fact is filed when first put and removed when
//     forgotten, whatever the catalog holds of its ends.
//   - the name index (catalog.byName): a group's normalized names
//     (core.NormalizeName) and acronyms (core.Acronym) to the entities that
//     have them, the name_key and acronym columns that Apply and Import
//     compute from the name (entityRow) and EntitiesByName matched with a
//     scan of the Entity table. The empty key is not indexed: every entity
//     named by one word has the empty acronym, and a lookup of "" scans the
//     group's entities instead (see entitiesByName).
//
// Memory: a fact costs two string headers in its ends' lists (32 bytes,
// 44 measured with the lists' spare capacity), and two more in their live
// lists while it is not expired; the uuid they hold is the facts map's
// key. An entity costs its lists' headers (48 bytes) and, in the name index, one or two
// entries plus its normalized name's bytes when they differ from its
// name's (a lower-case name is shared): 146 bytes measured for names of
// 20 characters with an acronym. At 100k entities and 400k facts the
// indexes took 31 MiB beside the rows' 130, before the pair index and the
// live lists: by the sizes of their parts (not measured), the pair index
// adds a map entry per pair of entities a fact joins (two string headers
// as key, a slice header and the map's overhead: about 100 bytes) and a
// string header per fact.

// nameKey is a key of the name index: a normalized name or an acronym in
// a group.
type nameKey struct{ group, key string }

// nameKeys returns the distinct non-empty keys the name index files an
// entity named name under: its normalized name and its acronym.
func nameKeys(name string) []string {
	nk, acro := core.NormalizeName(name), core.Acronym(name)
	if nk == name {
		nk = name // the entry's own string: no copy kept
	}
	keys := make([]string, 0, 2)
	for _, k := range []string{nk, acro} {
		if k != "" && !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys
}

// indexName files e under its name's keys. The caller holds k.mu for
// writing.
func (k *catalog) indexName(e *entityEntry) {
	for _, key := range nameKeys(e.name) {
		nk := nameKey{e.group, key}
		if !slices.Contains(k.byName[nk], e.uuid) {
			k.byName[nk] = append(k.byName[nk], e.uuid)
		}
	}
}

// unindexName removes e from the name index. The caller holds k.mu for
// writing.
func (k *catalog) unindexName(e *entityEntry) {
	for _, key := range nameKeys(e.name) {
		nk := nameKey{e.group, key}
		ids := k.byName[nk]
		if i := slices.Index(ids, e.uuid); i >= 0 {
			ids = removeAt(ids, i)
		}
		if len(ids) == 0 {
			delete(k.byName, nk)
		} else {
			k.byName[nk] = ids
		}
	}
}

// removeAt removes ids[i] by moving the last element into its place, and
// gives back spare capacity when the slice has shrunk to a quarter of it.
func removeAt(ids []string, i int) []string {
	last := len(ids) - 1
	ids[i] = ids[last]
	ids[last] = ""
	ids = ids[:last]
	if cap(ids) > 8 && len(ids) < cap(ids)/4 {
		ids = slices.Clone(ids)
	}
	return ids
}

// link adds the fact id to the lists of its ends that the catalog holds,
// in order (while loading, at the end: load sorts the lists). The caller
// holds k.mu for writing.
func (k *catalog) link(id string, f *factEntry) {
	pk := pairKey(f.source, f.target)
	k.pairs[pk] = k.insertID(k.pairs[pk], id)
	live := f.expired == noTime
	k.eachEnd(f, func(e *entityEntry) {
		e.facts = k.insertID(e.facts, id)
		if live {
			e.live = k.insertID(e.live, id)
		}
	})
}

// pairKey is the pair index's key of the entities a and b.
func pairKey(a, b string) [2]string {
	if b < a {
		a, b = b, a
	}
	return [2]string{a, b}
}

// relive moves the fact id, whose entry is now f, into or out of the live
// lists of its ends, as f is expired or not. The caller holds k.mu for
// writing.
func (k *catalog) relive(id string, f *factEntry) {
	live := f.expired == noTime
	k.eachEnd(f, func(e *entityEntry) {
		if live {
			e.live = k.insertID(e.live, id)
		} else {
			e.live = deleteID(e.live, id)
		}
	})
}

// eachEnd calls do with each end of f that the catalog holds, once.
func (k *catalog) eachEnd(f *factEntry, do func(*entityEntry)) {
	if e, ok := k.entities[f.source]; ok {
		do(e)
	}
	if f.target == f.source {
		return
	}
	if e, ok := k.entities[f.target]; ok {
		do(e)
	}
}

// insertID adds id to the sorted ids (while loading, at the end: load
// sorts the lists), appending in the common case of a newest id.
func (k *catalog) insertID(ids []string, id string) []string {
	n := len(ids)
	if k.loading || n == 0 || ids[n-1] < id {
		return append(ids, id)
	}
	if i, found := slices.BinarySearch(ids, id); !found {
		ids = slices.Insert(ids, i, id)
	}
	return ids
}

// deleteID removes id from the sorted ids.
func deleteID(ids []string, id string) []string {
	if i, found := slices.BinarySearch(ids, id); found {
		ids = slices.Delete(ids, i, i+1)
	}
	return ids
}

// unlink removes the facts gone from the lists of their ends that the
// catalog still holds, one pass over each end's list. The caller holds
// k.mu for writing.
func (k *catalog) unlink(gone map[string]*factEntry) {
	ends := map[string]bool{}
	for id, f := range gone {
		ends[f.source], ends[f.target] = true, true
		pk := pairKey(f.source, f.target)
		if ids := deleteID(k.pairs[pk], id); len(ids) > 0 {
			k.pairs[pk] = ids
		} else {
			delete(k.pairs, pk)
		}
	}
	for id := range ends {
		e, ok := k.entities[id]
		if !ok {
			continue
		}
		drop := func(f string) bool {
			_, ok := gone[f]
			return ok
		}
		e.facts = slices.DeleteFunc(e.facts, drop)
		if cap(e.facts) > 8 && len(e.facts) < cap(e.facts)/4 {
			e.facts = slices.Clone(e.facts)
		}
		e.live = slices.DeleteFunc(e.live, drop)
	}
}

// factsOfEntities returns the facts of group that are not expired (any,
// with history) and have an end among ids, an entity of group, newest
// (greatest uuid) first, at most limit of them (0: all): what
//
//	MATCH (n:Entity {uuid: $id})-[:RELATES_TO]-(f:Fact)
//	WHERE n.group_id = $g AND f.group_id = $g AND f.expired_at IS NULL
//	RETURN DISTINCT f ORDER BY f.uuid DESC LIMIT $limit
//
// returns for the ids together (without the expired_at condition with
// history).
//
// Each entity's list (its live facts, or all of them with history) is
// walked from its newest fact back, and with a limit only until that
// entity gave limit facts: the newest limit facts of the ids together are
// among them, so the cost is that of the facts returned, not of the
// entities' degrees.
func (k *catalog) factsOfEntities(group string, ids []string, limit int, history bool) ([]core.Fact, error) {
	k.mu.RLock()
	defer k.mu.RUnlock()
	seen := map[string]bool{}
	var found []string
	for _, id := range ids {
		e, ok := k.entities[id]
		if !ok || e.group != group {
			continue
		}
		list := e.live
		if history {
			list = e.facts
		}
		took := 0
		for i := len(list) - 1; i >= 0 && (limit <= 0 || took < limit); i-- {
			fid := list[i]
			if f, ok := k.facts[fid]; ok && f.group == group && (history || f.expired == noTime) {
				took++
				if !seen[fid] {
					seen[fid] = true
					found = append(found, fid)
				}
			}
		}
	}
	slices.SortFunc(found, func(a, b string) int { return strings.Compare(b, a) })
	if limit > 0 && len(found) > limit {
		found = found[:limit]
	}
	return k.decodeFacts(found)
}

// factsBetween returns the facts of group between the entities a and b,
// in either direction, by uuid: what
//
//	MATCH (a:Entity {uuid: $a})-[:RELATES_TO]-(f:Fact)
//	WHERE f.group_id = $g AND (f.source_uuid = $a AND f.target_uuid = $b
//	                           OR f.source_uuid = $b AND f.target_uuid = $a)
//	RETURN DISTINCT f ORDER BY f.uuid
//
// returns: a must exist, in any group; b need not.
//
// It reads the pair's facts from the pair index, not an end's list (a
// speaker of every episode has one fact per episode), and keeps those in
// a's list, which a traversal from a reaches: a fact whose end was
// deleted and made again is not. Without history it keeps only the facts
// that are not expired, before decoding any.
func (k *catalog) factsBetween(group, a, b string, history bool) ([]core.Fact, error) {
	k.mu.RLock()
	defer k.mu.RUnlock()
	e, ok := k.entities[a]
	if !ok {
		return nil, nil
	}
	var found []string
	for _, fid := range k.pairs[pairKey(a, b)] {
		f, ok := k.facts[fid]
		if !ok || f.group != group || !history && f.expired != noTime {
			continue
		}
		if _, linked := slices.BinarySearch(e.facts, fid); linked {
			found = append(found, fid)
		}
	}
	return k.decodeFacts(found)
}

// decodeFacts decodes the facts ids, which the catalog holds. The caller
// holds k.mu.
func (k *catalog) decodeFacts(ids []string) ([]core.Fact, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	out := make([]core.Fact, 0, len(ids))
	for _, id := range ids {
		f, err := k.facts[id].fact(id)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

// entitiesByName returns the entities of group whose normalized name or
// acronym is one of keys, by uuid: what
//
//	MATCH (n:Entity) WHERE n.group_id = $g AND (n.name_key IN $k OR n.acronym IN $k)
//	RETURN n ORDER BY n.uuid
//
// returns. The empty key, which the index leaves out, matches the
// entities whose normalized name or acronym is empty, found by a scan of
// the catalog's entities.
func (k *catalog) entitiesByName(group string, keys []string) ([]core.Entity, error) {
	k.mu.RLock()
	defer k.mu.RUnlock()
	seen := map[string]bool{}
	var found []string
	add := func(id string) {
		if !seen[id] {
			seen[id] = true
			found = append(found, id)
		}
	}
	scanned := false
	for _, key := range keys {
		if key != "" {
			for _, id := range k.byName[nameKey{group, key}] {
				add(id)
			}
			continue
		}
		if scanned {
			continue
		}
		scanned = true
		for id, e := range k.entities {
			if e.group == group && (core.NormalizeName(e.name) == "" || core.Acronym(e.name) == "") {
				add(id)
			}
		}
	}
	if len(found) == 0 {
		return nil, nil
	}
	slices.Sort(found)
	out := make([]core.Entity, 0, len(found))
	for _, id := range found {
		e, err := k.entities[id].entity(id)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}
