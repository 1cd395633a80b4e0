package kuzu

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/mnemohq/mnemo/core"
)

// The catalog: what the store keeps in memory so that a common search runs
// a handful of Kuzu statements rather than one per candidate.
//
// Measured at 100,000 facts: any Kuzu statement costs at least 0.15 ms
// (twenty "RETURN $x" take 3 ms) and a primary-key read about 0.3 ms, so
// checking 20 candidates one statement at a time costs 6 ms; and an HNSW
// query that returns a property of its nodes (node.uuid) makes Kuzu scan
// the whole vector table, 12 ms against 5 ms for the same query returning
// only the nodes' offsets. So the store keeps beside Kuzu:
//
//   - for each vector table, the uuid and group of the row at each offset,
//     so that index searches return offsets and are restricted to their
//     groups without reading a row;
//   - every fact's row but its embedding (factEntry), so that the facts a
//     search returns are read without a statement (a primary-key read of a
//     fact's 14 columns costs 0.15–0.2 ms, most of it scanning the
//     columns: 10 facts cost more than the HNSW query that found them),
//     and so that every fact filter — valid now, valid at, known at,
//     relations, labels of either end, time conditions — is decided in
//     memory;
//   - every entity's row but its embedding (entityEntry): the entities a
//     search returns, the names of the ends of the facts it returns, and
//     the label and time filters of entities and of facts' ends;
//   - how many vectors each group has, which decides between an exact scan
//     and the index (see search.go);
//   - each entity's facts and an index of entities by normalized name and
//     acronym, so that the reads of entity and fact resolution —
//     FactsOfEntities, FactsBetween, EntitiesByName — run no statement
//     (see catalog_index.go; they cost 4–6 ms each in Kuzu, a traversal
//     or a scan of the Entity table, several times per episode), nor
//     does FactHistoryOfEntities, which a search of the past makes.
//
// Like the text index it is loaded when the store opens and updated after
// every commit, under the write lock, from what the transaction wrote; a
// search that starts between a commit and the update sees the state before
// the commit. Kuzu appends new rows after the last offset and does not
// move rows (TestCatalogMatchesKuzu checks this through inserts, deletes,
// rollbacks, checkpoints and reopening), so an offset, once read, names its
// row until the row is deleted. A write transaction does not say what the
// fact and entity rows became: it names the objects it touched, and they
// are read back inside the transaction, before the commit, so the catalog
// holds what Kuzu committed, not what the write path meant to write.
// Memory: about 100 bytes per vector, 300 per fact, 200 per entity plus
// its summary (at 1M facts and 250k entities the rows took 357 MiB), and
// for the indexes about 45 bytes per fact and 180 per entity more.
type catalog struct {
	mu       sync.RWMutex
	slots    map[core.Scope][]slot
	facts    map[string]*factEntry
	entities map[string]*entityEntry
	// byName is the name index (see catalog_index.go).
	byName map[nameKey][]string
	// pairs is the pair index (see catalog_index.go).
	pairs map[[2]string][]string
	// retired indexes the facts a fact retired: invalidated_by → the
	// facts that name it (FactsInvalidatedBy, which resolution asks for
	// each fact it merges, so a scan of every fact would make ingestion
	// quadratic).
	retired map[string]map[string]struct{}
	// vectors counts the occupied slots of each scope by group, total in
	// all groups.
	vectors map[core.Scope]map[string]int
	total   map[core.Scope]int
	// episodeVecs holds the episodes that have a vector (facts and
	// entities note their offsets in their entries), so that writing an
	// episode's vector looks for an old one only where there is one
	// (replaceVecs): the lookup of a batch's episodes in the vector table
	// is a join that grows with it, 1.9 ms a batch at 6,500 episodes and
	// 6.7 at 45,000, for episodes that almost never have one.
	episodeVecs map[slot]struct{}
	// current counts the facts and entities of each group that a search
	// of the present keeps (see currentIn), so that a vector search knows
	// how few of a group's vectors can pass before it ranks them;
	// currentIDs holds their uuids, so that a search of the present
	// over few current objects scores those alone (currentVectors).
	current    map[core.Scope]map[string]int
	currentIDs map[core.Scope]map[string]map[string]struct{}
	// strs interns group ids, relation names and labels, which every
	// slot, fact and entity repeats.
	strs interner
	// loading is set while load reads the facts: link appends to the
	// entities' lists, which load sorts at the end.
	loading bool
}

// slot is the object whose vector sits at an offset of a vector table; the
// zero slot is a deleted row.
type slot struct{ uuid, group string }

// catalog changes a transaction records in its pending.
type slotChange struct {
	sc     core.Scope
	offset int64
	uuid   string // empty: the row was deleted
	group  string
}

func (p *pending) slot(sc core.Scope, offset int64, uuid, group string) {
	p.slots = append(p.slots, slotChange{sc, offset, uuid, group})
}

// touch records that the transaction created, changed or deleted the
// objects ids of sc (facts or entities): their rows are read back before
// the commit (readTouched).
func (p *pending) touch(sc core.Scope, ids ...string) {
	if p.touched == nil {
		p.touched = map[core.Scope]map[string]bool{}
	}
	if p.touched[sc] == nil {
		p.touched[sc] = map[string]bool{}
	}
	for _, id := range ids {
		p.touched[sc][id] = true
	}
}

func (k *catalog) intern(g string) string { return k.strs.of(g) }

// interner holds one copy of each string that many rows repeat (groups,
// relations, labels, statuses).
type interner map[string]string

// of returns the held copy of s, holding a copy of its own first if none.
func (in interner) of(s string) string {
	if v, ok := in[s]; ok {
		return v
	}
	s = keep(s)
	in[s] = s
	return s
}

// load reads the catalog from the database.
func (k *catalog) load(ctx context.Context, c *conn) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.facts, k.entities, k.strs = map[string]*factEntry{}, map[string]*entityEntry{}, interner{}
	k.byName = map[nameKey][]string{}
	k.pairs = map[[2]string][]string{}
	k.retired = map[string]map[string]struct{}{}
	k.current = map[core.Scope]map[string]int{core.ScopeFacts: {}, core.ScopeEntities: {}}
	k.currentIDs = map[core.Scope]map[string]map[string]struct{}{core.ScopeFacts: {}, core.ScopeEntities: {}}
	if err := k.readSlots(ctx, c); err != nil {
		return err
	}
	defer k.placeVectors()
	// Entities first: facts share their ends' uuids (canonical).
	if err := eachBatch(ctx, c, "MATCH (n:Entity) RETURN "+entityCols, func(r row) { k.putEntity(r) }); err != nil {
		return fmt.Errorf("load entities: %w", err)
	}
	// The facts come in table order, which is uuid order only for the
	// ids the engine makes: each entity's list is sorted once at the end
	// rather than kept sorted row by row.
	k.loading = true
	defer func() { k.loading = false }()
	attrs, err := changedAttrs(ctx, c)
	if err != nil {
		return err
	}
	if err := eachBatch(ctx, c, "MATCH (f:Fact) RETURN "+factCols, func(r row) {
		if a, ok := attrs[str(r[0])]; ok {
			r[factAttrsCol] = a
		}
		k.putFact(r)
	}); err != nil {
		return fmt.Errorf("load facts: %w", err)
	}
	if err := k.loadLists(ctx, c); err != nil {
		return err
	}
	for _, e := range k.entities {
		slices.Sort(e.facts)
		slices.Sort(e.live)
	}
	for _, ids := range k.pairs {
		slices.Sort(ids)
	}
	return nil
}

// loadLists sets every fact's list of episodes from the STATES
// relationships, oldest episode (valid_at, then uuid) first (see
// provenance.go); a fact no episode states has none. The episodes' uuids
// are held once however many lists name them. The caller holds k.mu for
// writing.
func (k *catalog) loadLists(ctx context.Context, c *conn) error {
	type stated struct {
		at int64
		ep string
	}
	lists := map[*factEntry][]stated{}
	eps := interner{}
	err := c.each(ctx, "MATCH (e:Episode)-[:STATES]->(f:Fact) RETURN f.uuid, e.uuid, e.valid_at", nil, func(r row) {
		if f, ok := k.facts[str(r[0])]; ok {
			lists[f] = append(lists[f], stated{unixMicro(tm(r[2])), eps.of(str(r[1]))})
		}
	})
	if err != nil {
		return fmt.Errorf("load provenance: %w", err)
	}
	for _, f := range k.facts {
		f.episodes = nil
	}
	for f, l := range lists {
		slices.SortFunc(l, func(a, b stated) int { return cmp.Or(cmp.Compare(a.at, b.at), strings.Compare(a.ep, b.ep)) })
		f.episodes = make([]string, len(l))
		for i, x := range l {
			f.episodes[i] = x.ep
		}
	}
	return nil
}

// eachBatch hands the rows of stmt to put a few thousand at a time. put
// copies the strings it keeps (see keep): allocated together, after the
// batch was read, the copies share memory spans with one another rather
// than with the garbage that decoding each row leaves, which then frees
// whole spans. Putting each row as it is read left 440 MiB of
// half-empty spans after loading a million facts.
func eachBatch(ctx context.Context, c *conn, stmt string, put func(row)) error {
	const size = 4096
	batch := make([]row, 0, size)
	flush := func() {
		for _, r := range batch {
			put(r)
		}
		clear(batch)
		batch = batch[:0]
	}
	err := c.each(ctx, stmt, nil, func(r row) {
		if batch = append(batch, r); len(batch) == size {
			flush()
		}
	})
	flush()
	return err
}

// keep copies a string the catalog keeps out of a decoded row (see
// eachBatch).
func keep(s string) string { return strings.Clone(s) }

// loadSlots re-reads the vector offsets (after a bulk import).
func (k *catalog) loadSlots(ctx context.Context, c *conn) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	defer k.placeVectors()
	return k.readSlots(ctx, c)
}

// placeVectors sets each fact's and entity's off from the slots (after
// they were read). The caller holds k.mu for writing.
func (k *catalog) placeVectors() {
	for _, sc := range []core.Scope{core.ScopeFacts, core.ScopeEntities} {
		for i, sl := range k.slots[sc] {
			if sl.uuid != "" {
				k.placeVector(sc, sl.uuid, int64(i))
			}
		}
	}
}

// placeVector records that the vector of the fact or entity id of sc is
// at offset. The caller holds k.mu for writing.
func (k *catalog) placeVector(sc core.Scope, id string, offset int64) {
	switch sc {
	case core.ScopeFacts:
		if f, ok := k.facts[id]; ok {
			f.off = offset
		}
	case core.ScopeEntities:
		if e, ok := k.entities[id]; ok {
			e.off = offset
		}
	}
}

func (k *catalog) readSlots(ctx context.Context, c *conn) error {
	k.slots, k.vectors, k.total = map[core.Scope][]slot{}, map[core.Scope]map[string]int{}, map[core.Scope]int{}
	k.episodeVecs = map[slot]struct{}{}
	tables, err := tableNames(ctx, c)
	if err != nil {
		return err
	}
	for _, sc := range core.Scopes {
		if !tables[vecTable(sc)] {
			continue // made by the first community (lazytables.go)
		}
		err := eachBatch(ctx, c, fmt.Sprintf("MATCH (v:%s) RETURN offset(id(v)), v.uuid, v.group_id", vecTable(sc)), func(r row) {
			k.setSlot(sc, i64(r[0]), str(r[1]), str(r[2]))
		})
		if err != nil {
			return fmt.Errorf("load %s vector offsets: %w", sc, err)
		}
	}
	return nil
}

func (k *catalog) setSlot(sc core.Scope, offset int64, uuid, group string) {
	s := k.slots[sc]
	if n := int(offset) + 1; n > len(s) {
		s = slices.Grow(s, n-len(s))[:n]
	}
	if old := s[offset]; old.uuid != "" {
		k.countVector(sc, old.group, -1)
		if sc == core.ScopeEpisodes {
			delete(k.episodeVecs, old)
		}
	}
	if uuid == "" {
		s[offset] = slot{}
	} else {
		s[offset] = slot{keep(uuid), k.intern(group)}
		k.countVector(sc, group, 1)
		if sc == core.ScopeEpisodes {
			k.episodeVecs[s[offset]] = struct{}{}
		}
	}
	k.slots[sc] = s
}

// hasEpisodeVec reports whether the committed episode uuid of group has a
// vector.
func (k *catalog) hasEpisodeVec(group, uuid string) bool {
	k.mu.RLock()
	defer k.mu.RUnlock()
	_, ok := k.episodeVecs[slot{uuid, group}]
	return ok
}

func (k *catalog) countVector(sc core.Scope, group string, n int) {
	addCount(k.vectors, sc, group, n)
	k.total[sc] += n
}

// addCount adds n to counts[sc][group], dropping a count that reaches 0.
func addCount(counts map[core.Scope]map[string]int, sc core.Scope, group string, n int) {
	m := counts[sc]
	if m == nil {
		m = map[string]int{}
		counts[sc] = m
	}
	if m[group] += n; m[group] <= 0 {
		delete(m, group)
	}
}

// counts returns how many vectors of scope sc the groups have, and the
// whole table.
func (k *catalog) counts(sc core.Scope, groups []string) (inGroups, total int) {
	k.mu.RLock()
	defer k.mu.RUnlock()
	for _, g := range groups {
		inGroups += k.vectors[sc][g]
	}
	return inGroups, k.total[sc]
}

// apply publishes a committed transaction's catalog changes. It returns
// the text index changes of the facts and entities the transaction
// touched, from the rows read back: each row's text is put, and each
// touched object the catalog held and no longer does is deleted.
func (k *catalog) apply(p *pending) []textChange {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.slots == nil {
		return nil
	}
	for _, g := range p.drops {
		k.dropGroup(g)
	}
	// Deletions first: a transaction that replaces a row deletes the old
	// offset and inserts at a new one.
	for _, ch := range p.slots {
		if ch.uuid == "" {
			k.setSlot(ch.sc, ch.offset, "", "")
		}
	}
	for _, ch := range p.slots {
		if ch.uuid != "" {
			k.setSlot(ch.sc, ch.offset, ch.uuid, ch.group)
		}
	}
	var texts []textChange
	// Entities first: facts share their ends' uuids (canonical), and a
	// new fact is linked to its ends.
	for _, sc := range []core.Scope{core.ScopeEntities, core.ScopeFacts} {
		back := make(map[string]bool, len(p.rows[sc]))
		for _, r := range p.rows[sc] {
			t := k.put(sc, r)
			back[t.id] = true
			texts = append(texts, t)
		}
		gone := map[string]*factEntry{}
		for id := range p.touched[sc] {
			if back[id] {
				continue
			}
			if sc == core.ScopeFacts {
				if f, ok := k.facts[id]; ok {
					gone[id] = f
				}
			}
			if group, ok := k.forget(sc, id); ok {
				texts = append(texts, textChange{sc: sc, group: group, id: id, del: true})
			}
		}
		k.unlink(gone)
		if sc == core.ScopeFacts {
			k.setLists(p, back)
		}
	}
	for _, ch := range p.slots {
		if ch.uuid != "" {
			k.placeVector(ch.sc, ch.uuid, ch.offset)
		}
	}
	return texts
}

// setLists publishes the lists of episodes transaction p set on facts
// whose rows it did not touch otherwise, and so did not read back (back
// holds those it did): each such fact's entry is replaced by a copy with
// the new list, as putFact replaces an entry, so that a reader holding
// the old entry sees it whole. The caller holds k.mu for writing.
func (k *catalog) setLists(p *pending, back map[string]bool) {
	for id, l := range p.lists {
		if back[id] || p.touched[core.ScopeFacts][id] {
			continue // read back with its list, or deleted
		}
		old, ok := k.facts[id]
		if !ok {
			continue
		}
		f := *old
		f.episodes = nil // as putFact reads an empty list
		for _, e := range l {
			f.episodes = append(f.episodes, keep(e))
		}
		k.facts[id] = &f
	}
}

// put stores a row read back of a fact or an entity and returns its text
// for the text index. The caller holds k.mu for writing.
func (k *catalog) put(sc core.Scope, r row) textChange {
	if sc == core.ScopeEntities {
		e := k.putEntity(r)
		return textChange{sc: sc, group: e.group, id: e.uuid, text: entityText(e.name, e.summary)}
	}
	id, f := k.putFact(r)
	return textChange{sc: sc, group: f.group, id: id, text: factText(f.text, f.relation)}
}

// forget removes a fact or an entity and returns the group it was in, if
// the catalog held it. A fact stays in its ends' lists: the caller
// unlinks the facts it forgot, all at once. The caller holds k.mu for
// writing.
func (k *catalog) forget(sc core.Scope, id string) (string, bool) {
	if sc == core.ScopeEntities {
		e, ok := k.entities[id]
		if !ok {
			return "", false
		}
		k.unindexName(e)
		if e.passes(&present) {
			k.addCurrent(sc, e.group, id, -1)
		}
		delete(k.entities, id)
		return e.group, true
	}
	f, ok := k.facts[id]
	if !ok {
		return "", false
	}
	k.unretire(id, f)
	if f.passes(&present) {
		k.addCurrent(sc, f.group, id, -1)
	}
	delete(k.facts, id)
	return f.group, true
}

// slotCount returns one past the highest offset of the scope's vectors.
func (k *catalog) slotCount(sc core.Scope) int64 {
	k.mu.RLock()
	defer k.mu.RUnlock()
	return int64(len(k.slots[sc]))
}

// slotsOf returns a copy of the scope's slots: the object at each offset.
func (k *catalog) slotsOf(sc core.Scope) []slot {
	k.mu.RLock()
	defer k.mu.RUnlock()
	return slices.Clone(k.slots[sc])
}

// offsetBySlot returns the offset of each of the scope's vectors by the
// object it belongs to.
func (k *catalog) offsetBySlot(sc core.Scope) map[slot]int64 {
	k.mu.RLock()
	defer k.mu.RUnlock()
	out := make(map[slot]int64, k.total[sc])
	for i, sl := range k.slots[sc] {
		if sl.uuid != "" {
			out[sl] = int64(i)
		}
	}
	return out
}

// offsetsOf returns the offsets of the vectors of the groups, by scope.
func (k *catalog) offsetsOf(groups []string) map[core.Scope][]int64 {
	k.mu.RLock()
	defer k.mu.RUnlock()
	out := map[core.Scope][]int64{}
	for sc, s := range k.slots {
		for i := range s {
			if s[i].uuid != "" && slices.Contains(groups, s[i].group) {
				out[sc] = append(out[sc], int64(i))
			}
		}
	}
	return out
}

func (k *catalog) dropGroup(group string) {
	for sc, s := range k.slots {
		for i := range s {
			if s[i].group == group {
				if sc == core.ScopeEpisodes {
					delete(k.episodeVecs, s[i])
				}
				s[i] = slot{}
			}
		}
		k.total[sc] -= k.vectors[sc][group]
		delete(k.vectors[sc], group)
		delete(k.current[sc], group)
		delete(k.currentIDs[sc], group)
	}
	// The group's entities go with their lists of facts, so that only the
	// ends in other groups, if any, are unlinked.
	for id, n := range k.entities {
		if n.group == group {
			delete(k.entities, id)
		}
	}
	for nk := range k.byName {
		if nk.group == group {
			delete(k.byName, nk)
		}
	}
	gone := map[string]*factEntry{}
	for id, f := range k.facts {
		if f.group == group {
			gone[id] = f
			k.unretire(id, f)
			delete(k.facts, id)
		}
	}
	k.unlink(gone)
}

// present is the filter of a search of the present, core.Filter's zero
// value: what the counts of current keep.
var present core.Filter

// addCurrent adds n (1 or -1) to the count of group's objects of sc that
// a search of the present keeps, and adds id to their uuids or removes it,
// once the catalog is loaded. The caller holds k.mu for writing.
func (k *catalog) addCurrent(sc core.Scope, group, id string, n int) {
	if k.current == nil {
		return
	}
	addCount(k.current, sc, group, n)
	m := k.currentIDs[sc][group]
	if n > 0 {
		if m == nil {
			m = map[string]struct{}{}
			k.currentIDs[sc][group] = m
		}
		m[keep(id)] = struct{}{}
		return
	}
	delete(m, id)
	if len(m) == 0 {
		delete(k.currentIDs[sc], group)
	}
}

// currentVectors returns the offsets of the vectors of the facts or
// entities of groups that a search of the present keeps, with their
// objects' uuids.
func (k *catalog) currentVectors(sc core.Scope, groups []string) (offs []int64, ids []string) {
	k.mu.RLock()
	defer k.mu.RUnlock()
	s := k.slots[sc]
	for _, g := range uniq(groups) {
		for id := range k.currentIDs[sc][g] {
			off := k.vecOffset(sc, id)
			if off >= 0 && off < int64(len(s)) && s[off].uuid == id {
				offs, ids = append(offs, off), append(ids, id)
			}
		}
	}
	return offs, ids
}

// vecOffset returns the offset placeVector recorded for the fact or
// entity id of sc, -1 if none; the caller checks it against the slots. The
// caller holds k.mu.
func (k *catalog) vecOffset(sc core.Scope, id string) int64 {
	switch sc {
	case core.ScopeFacts:
		if f, ok := k.facts[id]; ok {
			return f.off
		}
	case core.ScopeEntities:
		if e, ok := k.entities[id]; ok {
			return e.off
		}
	}
	return -1
}

// currentIn returns how many facts or entities of groups a search of the
// present keeps (core.Filter's zero value: not expired, archived, merged
// away or quarantined), and whether the catalog counts them: it does for
// facts and entities. A filter that narrows the present (see narrowsNow)
// keeps no more than that.
func (k *catalog) currentIn(sc core.Scope, groups []string) (int, bool) {
	if sc != core.ScopeFacts && sc != core.ScopeEntities {
		return 0, false
	}
	k.mu.RLock()
	defer k.mu.RUnlock()
	n := 0
	for _, g := range groups {
		n += k.current[sc][g]
	}
	return n, true
}

// narrowsNow reports whether f keeps only objects the zero filter keeps:
// it looks at the present, and asks for nothing the present hides.
func narrowsNow(f core.Filter) bool {
	return f.KnownAt.IsZero() && f.ValidAt.IsZero() && !f.IncludeInvalid && !f.IncludeArchived && !f.IncludeQuarantined
}

// offsetHit is a neighbour an index search returned: its row's offset in
// the vector table and its similarity.
type offsetHit struct {
	offset int64
	score  float64
}

// resolve maps index neighbours to the objects of groups, in the order
// found, dropping deleted rows and other groups' rows.
func (k *catalog) resolve(sc core.Scope, groups []string, found []offsetHit) (ids []string, score map[string]float64) {
	k.mu.RLock()
	defer k.mu.RUnlock()
	s := k.slots[sc]
	score = make(map[string]float64, len(found))
	for _, h := range found {
		if h.offset < 0 || h.offset >= int64(len(s)) {
			continue
		}
		sl := s[h.offset]
		if sl.uuid == "" || !slices.Contains(groups, sl.group) {
			continue
		}
		if _, dup := score[sl.uuid]; !dup {
			ids = append(ids, sl.uuid)
		}
		score[sl.uuid] = h.score
	}
	return ids, score
}

// simple reports whether the catalog alone decides f for objects of sc
// that are known to be in the searched groups: every filter of facts and
// entities, whose rows it holds; for episodes and communities, a filter
// that asks nothing of them.
func simple(sc core.Scope, f core.Filter) bool {
	switch sc {
	case core.ScopeFacts, core.ScopeEntities:
		return true
	case core.ScopeEpisodes:
		return len(f.Time) == 0 && f.KnownAt.IsZero() && f.ValidAt.IsZero()
	}
	return len(f.Time) == 0 && f.KnownAt.IsZero()
}

// passing returns which of ids, objects of sc in the searched groups
// ranked best first, pass f, which must be simple (see simple), checking
// no more of them than it needs to find need. A fact or entity the
// catalog does not hold does not exist.
func (k *catalog) passing(sc core.Scope, ids []string, f core.Filter, need int) map[string]bool {
	k.mu.RLock()
	defer k.mu.RUnlock()
	ok := make(map[string]bool, min(len(ids), need))
	for _, id := range ids {
		if len(ok) == need {
			break
		}
		if k.passes(sc, id, f) {
			ok[id] = true
		}
	}
	return ok
}

// passes reports whether the object id of sc passes f. The caller holds
// k.mu.
func (k *catalog) passes(sc core.Scope, id string, f core.Filter) bool {
	switch sc {
	case core.ScopeFacts:
		r, ok := k.facts[id]
		return ok && r.passes(&f) && (len(f.Labels) == 0 || f.MatchFactEnds(k.labels(r.source), k.labels(r.target)))
	case core.ScopeEntities:
		r, ok := k.entities[id]
		return ok && r.passes(&f)
	}
	return true
}

// entityNames returns the names of the entities of groups among ids.
func (k *catalog) entityNames(groups, ids []string) map[string]string {
	k.mu.RLock()
	defer k.mu.RUnlock()
	out := make(map[string]string, len(ids))
	for _, id := range ids {
		if n, ok := k.entities[id]; ok && slices.Contains(groups, n.group) {
			out[id] = n.name
		}
	}
	return out
}
