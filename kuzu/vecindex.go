package kuzu

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu/internal/hnsw"
)

// The vector index kept beside Kuzu.
//
// A vector table that reaches Options.VectorIndexAt vectors gets an HNSW
// index in the store's memory (package hnsw), keyed by the row's offset,
// which the catalog maps to objects and groups as it does for Kuzu's
// index. It is built when the table reaches the threshold and again each
// time the store opens, in the background: searches of that table stay
// exact until it is ready. After every commit the vectors the transaction
// wrote or deleted are queued for it (Store.apply), like the catalog and
// the text index are updated, and a goroutine of the index's own applies
// the queue (drain): an insert costs a few tenths of a millisecond, and
// under the write lock it held up the next commit, so that ingestion
// slowed by that much once a table had an index (about a millisecond an
// episode at 50,000 episodes, whose vectors and facts' are both
// indexed). A search scores the vectors still queued exactly, beside the
// index's neighbours, so it sees every committed vector; a deleted row
// still in the index is dropped by the catalog, as it always was.
//
// Kuzu's own HNSW index (CREATE_VECTOR_INDEX) cost about 3 ms an insert
// at 20,000 vectors and more as the table grew, each insert rewriting
// neighbour lists stored in the database, which filled the WAL that
// checkpoints rewrite: over 30,000 soak episodes it made the CPU an
// episode grow by two thirds, against a fifth without it
// (docs/benchmarks.md). A database that already has one keeps it, since
// Kuzu 0.11.3 cannot drop it (BuildVectorIndexes): its inserts keep that
// cost and its searches use it (hasIndex).
//
// A build reads the table in one statement, a snapshot, then inserts
// outside the store's locks. Commits during the build apply to the index
// at once and mark the offsets they touch, which the build then leaves
// alone: they are newer than its snapshot.
type vecIndex struct {
	ix *hnsw.Index

	mu      sync.Mutex
	ready   bool
	touched map[int64]bool // while building
	// queue holds the committed changes not yet in ix, oldest first;
	// draining is set while a goroutine applies them, and idle is
	// signalled when it stops. gone is set when the store drops the
	// index: the queue is then forgotten.
	queue    []vecChange
	draining bool
	gone     bool
	idle     sync.Cond
	cancel   context.CancelFunc
	done     chan struct{} // closed when the build ends, built or not
	vectors  int           // read by the build
	buildFor time.Duration // how long the build took
}

// newVecIndex returns an empty index, to be built.
func newVecIndex(dim int, cancel context.CancelFunc) *vecIndex {
	v := &vecIndex{ix: hnsw.New(dim), touched: map[int64]bool{}, cancel: cancel, done: make(chan struct{})}
	v.idle.L = &v.mu
	return v
}

// isReady reports whether searches may use the index.
func (v *vecIndex) isReady() bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.ready
}

// vecIndexes are the store's indexes and their builds.
type vecIndexes struct {
	mu sync.Mutex
	by map[core.Scope]*vecIndex
	wg sync.WaitGroup
	// started is set once Open has finished (startVecIndexes): until then
	// a recovery may close and reopen the database under a build's reads.
	started bool
	// carry holds the ready indexes while the database is opened again
	// (carryVecIndexes).
	carry map[core.Scope]carried
}

// carried is a ready index kept while the database is opened again, with
// the object at each of its offsets before.
type carried struct {
	v     *vecIndex
	slots []slot
}

// startVecIndexes lets indexes be built, and starts those due; Open runs
// it last.
func (s *Store) startVecIndexes() {
	s.vidx.mu.Lock()
	s.vidx.started = true
	s.vidx.mu.Unlock()
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	if err := s.syncIndexes(context.Background(), s.writer); err != nil {
		s.log.Error("vector indexes: searches stay exact", "err", err)
	}
}

// vecIndexOf returns the scope's index, ready or being built, or nil.
func (s *Store) vecIndexOf(sc core.Scope) *vecIndex {
	s.vidx.mu.Lock()
	defer s.vidx.mu.Unlock()
	return s.vidx.by[sc]
}

// hasVecIndexes reports whether any index is kept in memory.
func (s *Store) hasVecIndexes() bool {
	s.vidx.mu.Lock()
	defer s.vidx.mu.Unlock()
	return len(s.vidx.by) > 0
}

// readyIndex returns the scope's index when searches may use it.
func (s *Store) readyIndex(sc core.Scope) *vecIndex {
	if v := s.vecIndexOf(sc); v != nil && v.isReady() {
		return v
	}
	return nil
}

// buildVecIndex starts building the scope's index in the background, or,
// given the writer (a bulk load, under ddl), builds it with the writer
// before returning. It runs under writeMu (or before the store is
// shared), so that every commit after it finds the index and marks what
// it touches.
func (s *Store) buildVecIndex(sc core.Scope, writer *conn) error {
	wait := writer != nil
	s.vidx.mu.Lock()
	if !s.vidx.started && !wait {
		s.vidx.mu.Unlock()
		return nil
	}
	if v := s.takeCarriedLocked(sc); v != nil {
		if s.vidx.by == nil {
			s.vidx.by = map[core.Scope]*vecIndex{}
		}
		s.vidx.by[sc] = v
		s.vidx.mu.Unlock()
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	v := newVecIndex(s.dim, cancel)
	// Rows written from now on are applied by the commits that write
	// them (applyVecs).
	end := s.cat.slotCount(sc)
	if s.vidx.by == nil {
		s.vidx.by = map[core.Scope]*vecIndex{}
	}
	if old := s.vidx.by[sc]; old != nil {
		old.cancel()
	}
	s.vidx.by[sc] = v
	s.vidx.wg.Add(1)
	s.vidx.mu.Unlock()
	build := func() error {
		defer s.vidx.wg.Done()
		defer close(v.done)
		defer cancel()
		read := func(f func(c *conn) error) error { return s.read(ctx, f) }
		if wait {
			read = func(f func(c *conn) error) error { return f(writer) }
		}
		err := s.fillVecIndex(ctx, sc, v, end, read)
		if err != nil && ctx.Err() == nil {
			s.log.Error("build vector index: searches stay exact", "table", vecTable(sc), "err", err)
		}
		return err
	}
	if wait {
		return build()
	}
	go build() //nolint:errcheck // logged
	return nil
}

// fillVecIndex reads the table's vectors at offsets below end, a batch
// at a time, inserts those no commit has touched since the build began,
// then marks the index ready. Each batch is a statement of its own: a
// read transaction open for the whole table (seconds at 100,000 vectors)
// would hold up checkpoints and make Kuzu refuse a bulk COPY.
func (s *Store) fillVecIndex(ctx context.Context, sc core.Scope, v *vecIndex, end int64, read func(func(c *conn) error) error) error {
	start := time.Now()
	n := 0
	type kv struct {
		key int64
		vec []float32
	}
	for from := int64(0); from < end; from += vecBuildBatch {
		var rows []kv
		var bad error
		stmt := fmt.Sprintf("MATCH (v:%s) WHERE offset(id(v)) >= %d AND offset(id(v)) < %d RETURN offset(id(v)), CAST(v.vec AS STRING)", vecTable(sc), from, from+vecBuildBatch)
		err := read(func(c *conn) error {
			return c.each(ctx, stmt, nil, func(r row) {
				vec, err := parseVec(str(r[1]))
				if err != nil {
					bad = err
					return
				}
				rows = append(rows, kv{i64(r[0]), vec})
			})
		})
		if err == nil {
			err = bad
		}
		if err != nil {
			return fmt.Errorf("read %s: %w", vecTable(sc), err)
		}
		if vecBuildHook != nil {
			vecBuildHook(sc, from)
		}
		for _, r := range rows {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			v.mu.Lock()
			if !v.touched[r.key] {
				v.ix.Add(r.key, r.vec)
			}
			v.mu.Unlock()
		}
		n += len(rows)
	}
	v.mu.Lock()
	v.ready, v.touched = true, nil
	v.vectors, v.buildFor = n, time.Since(start)
	v.mu.Unlock()
	s.log.Info("built vector index", "table", vecTable(sc), "vectors", n, "took", v.buildFor.Round(time.Millisecond))
	return nil
}

// carryVecIndexes keeps the ready indexes while the database is closed
// and opened again (a compaction of the keeper's, a renewal), so that the
// opening takes them back with the offsets the rows have then
// (takeCarriedLocked) instead of building them again: a compaction
// rewrites each table without its deleted rows, which moves the others to
// new offsets, and the build of 100,000 vectors costs a minute of CPU,
// with exact searches until it ends. The vectors themselves do not
// change. It runs under ops held for writing, so no commit comes between
// it and the opening; the opening's caller then runs dropCarried. A build
// under way is not kept: it starts again.
func (s *Store) carryVecIndexes() {
	s.vidx.mu.Lock()
	defer s.vidx.mu.Unlock()
	s.vidx.carry = map[core.Scope]carried{}
	for sc, v := range s.vidx.by {
		if v.isReady() {
			v.settle() // the offsets queued are the ones before
			s.vidx.carry[sc] = carried{v, s.cat.slotsOf(sc)}
		}
	}
}

// dropCarried forgets the indexes carryVecIndexes kept that the opening
// did not take back (a table now under VectorIndexAt, a failed opening).
func (s *Store) dropCarried() {
	s.vidx.mu.Lock()
	defer s.vidx.mu.Unlock()
	s.vidx.carry = nil
}

// takeCarriedLocked returns the scope's carried index, its vectors keyed
// by the offsets their objects have now, or nil when there is none or it
// should be built again: more of its vectors are deleted ones kept as
// waypoints than live ones (a build leaves them out), or, rekeyed, it
// does not hold exactly the table's vectors. It runs under vidx.mu, once
// the catalog is loaded.
func (s *Store) takeCarriedLocked(sc core.Scope) *vecIndex {
	c, ok := s.vidx.carry[sc]
	delete(s.vidx.carry, sc)
	if !ok || c.v.ix.Dead() > c.v.ix.Len() {
		return nil
	}
	at := s.cat.offsetBySlot(sc)
	lost := 0
	c.v.ix.Rekey(func(old int64) (int64, bool) {
		if old < int64(len(c.slots)) {
			if n, ok := at[c.slots[old]]; ok {
				return n, true
			}
		}
		lost++
		return 0, false
	})
	if lost > 0 || c.v.ix.Len() != len(at) {
		s.log.Warn("vector index: the table after reopening is not the one before; building the index again", "table", vecTable(sc), "lost", lost, "indexed", c.v.ix.Len(), "rows", len(at))
		return nil
	}
	// The closing dropped it (resetVecIndexes); its queue was applied
	// before (carryVecIndexes), and commits queue for it again.
	c.v.mu.Lock()
	c.v.gone = false
	c.v.mu.Unlock()
	return c.v
}

// vecBuildBatch is how many offsets a build reads a statement.
var vecBuildBatch int64 = 4096

// vecBuildHook, when set (by tests), runs after a build has read the
// batch of offsets from from, before it inserts them.
var vecBuildHook func(sc core.Scope, from int64)

// vecChange is a vector a committed transaction wrote (vec) or deleted
// (nil) at an offset.
type vecChange struct {
	sc     core.Scope
	offset int64
	vec    []float32
}

// applyVecs queues a committed transaction's vector changes for the
// indexes, and the deletion of the vectors of deleted groups (offsets,
// read from the catalog before it forgot them), and starts each index's
// drain when it is not running. A build under way leaves the offsets
// queued alone (touched): they are newer than its snapshot.
func (s *Store) applyVecs(changes []vecChange, dropped map[core.Scope][]int64) {
	if len(changes) == 0 && len(dropped) == 0 {
		return
	}
	s.vidx.mu.Lock()
	by := s.vidx.by
	s.vidx.mu.Unlock()
	for sc, v := range by {
		var q []vecChange
		for _, o := range dropped[sc] {
			q = append(q, vecChange{sc: sc, offset: o})
		}
		// Deletions first: a transaction that replaces a vector deletes
		// the old offset and inserts at a new one.
		for _, del := range []bool{true, false} {
			for _, ch := range changes {
				if ch.sc == sc && (ch.vec == nil) == del {
					q = append(q, ch)
				}
			}
		}
		if len(q) > 0 {
			s.queueVecs(v, q)
		}
	}
}

// queueVecs appends changes to v's queue and starts its drain.
func (s *Store) queueVecs(v *vecIndex, q []vecChange) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.gone {
		return
	}
	for _, ch := range q {
		if v.touched != nil {
			v.touched[ch.offset] = true
		}
	}
	v.queue = append(v.queue, q...)
	if !v.draining {
		v.draining = true
		s.vidx.wg.Add(1)
		go s.drain(v)
	}
}

// drain applies v's queue, oldest change first, until it is empty or the
// index is dropped. A change leaves the queue once it is in the index, so
// that a search finds every queued vector in one or the other.
func (s *Store) drain(v *vecIndex) {
	defer s.vidx.wg.Done()
	v.mu.Lock()
	defer v.mu.Unlock()
	for len(v.queue) > 0 && !v.gone {
		ch := v.queue[0]
		v.mu.Unlock()
		if vecDrainHook != nil {
			vecDrainHook(ch)
		}
		if ch.vec == nil {
			v.ix.Delete(ch.offset)
		} else {
			v.ix.Add(ch.offset, ch.vec)
		}
		v.mu.Lock()
		// Searches may be reading the element (queued): it is left as
		// it is, and the array goes when an append outgrows it.
		v.queue = v.queue[1:]
	}
	if v.gone {
		v.queue = nil
	}
	v.draining = false
	v.idle.Broadcast()
}

// vecDrainHook, when set (by tests), runs before drain applies a change.
var vecDrainHook func(vecChange)

// settle waits until v's queue is applied.
func (v *vecIndex) settle() {
	v.mu.Lock()
	defer v.mu.Unlock()
	for v.draining {
		v.idle.Wait()
	}
}

// queued returns the vectors queued for v and not yet known to be in it.
// The slice is shared: the caller must not change it.
func (v *vecIndex) queued() []vecChange {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.queue[:len(v.queue):len(v.queue)]
}

// resetVecIndexes forgets every index (the offsets changed: a compaction,
// an import, a re-embedding), cancelling the builds under way; the
// caller then runs syncIndexes, which builds them again.
func (s *Store) resetVecIndexes() {
	s.vidx.mu.Lock()
	defer s.vidx.mu.Unlock()
	for _, v := range s.vidx.by {
		v.cancel()
		v.mu.Lock()
		v.gone = true
		v.mu.Unlock()
	}
	s.vidx.by = nil
}

// rebuildVecIndexes builds every index kept in memory again, in the
// background (after an import or a re-embedding, which moved vectors to
// new offsets); c is the writer, under writeMu.
func (s *Store) rebuildVecIndexes(ctx context.Context, c *conn) error {
	s.resetVecIndexes()
	return s.syncIndexes(ctx, c)
}

// stopVecIndexes cancels the builds under way and waits for them (Close).
func (s *Store) stopVecIndexes() {
	s.resetVecIndexes()
	s.vidx.mu.Lock()
	s.vidx.started = false
	s.vidx.mu.Unlock()
	s.vidx.wg.Wait()
}

// vectorANN asks the scope's in-memory index for kk neighbours, in the
// form the index path of VectorSearch takes (see vectorIndex).
func (s *Store) vectorANN(v *vecIndex, q core.SearchQuery, kk int) (found []offsetHit, raw int) {
	queued := v.queued()
	hits := v.ix.Search(q.Vector, kk, searchBreadth(kk))
	found = make([]offsetHit, 0, len(hits))
	seen := make(map[int64]bool, len(queued))
	for _, ch := range queued {
		if ch.vec != nil && !seen[ch.offset] {
			seen[ch.offset] = true
			if sc := core.Cosine(q.Vector, ch.vec); sc >= q.MinScore {
				found = append(found, offsetHit{ch.offset, sc})
			}
		}
	}
	for _, h := range hits {
		if h.Score >= q.MinScore && !seen[h.Key] {
			found = append(found, offsetHit{h.Key, h.Score})
		}
	}
	return found, len(hits)
}
