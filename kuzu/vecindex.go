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
// wrote or deleted are applied to it (Store.apply), like the catalog and
// the text index.
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

	mu       sync.Mutex
	ready    bool
	touched  map[int64]bool // while building
	cancel   context.CancelFunc
	done     chan struct{} // closed when the build ends, built or not
	vectors  int           // read by the build
	buildFor time.Duration // how long the build took
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
	v := &vecIndex{ix: hnsw.New(s.dim), touched: map[int64]bool{}, cancel: cancel, done: make(chan struct{})}
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

// applyVecs applies a committed transaction's vector changes, and drops
// the vectors of deleted groups (offsets, read from the catalog before
// it forgot them).
func (s *Store) applyVecs(changes []vecChange, dropped map[core.Scope][]int64) {
	if len(changes) == 0 && len(dropped) == 0 {
		return
	}
	s.vidx.mu.Lock()
	by := s.vidx.by
	s.vidx.mu.Unlock()
	for sc, offs := range dropped {
		if v := by[sc]; v != nil {
			v.mu.Lock()
			for _, o := range offs {
				v.ix.Delete(o)
				if v.touched != nil {
					v.touched[o] = true
				}
			}
			v.mu.Unlock()
		}
	}
	// Deletions first: a transaction that replaces a vector deletes the
	// old offset and inserts at a new one.
	for _, del := range []bool{true, false} {
		for _, ch := range changes {
			v := by[ch.sc]
			if v == nil || (ch.vec == nil) != del {
				continue
			}
			v.mu.Lock()
			if del {
				v.ix.Delete(ch.offset)
			} else {
				v.ix.Add(ch.offset, ch.vec)
			}
			if v.touched != nil {
				v.touched[ch.offset] = true
			}
			v.mu.Unlock()
		}
	}
}

// resetVecIndexes forgets every index (the offsets changed: a compaction,
// an import, a re-embedding), cancelling the builds under way; the
// caller then runs syncIndexes, which builds them again.
func (s *Store) resetVecIndexes() {
	s.vidx.mu.Lock()
	defer s.vidx.mu.Unlock()
	for _, v := range s.vidx.by {
		v.cancel()
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
	hits := v.ix.Search(q.Vector, kk, searchBreadth(kk))
	found = make([]offsetHit, 0, len(hits))
	for _, h := range hits {
		if h.Score >= q.MinScore {
			found = append(found, offsetHit{h.Key, h.Score})
		}
	}
	return found, len(hits)
}
