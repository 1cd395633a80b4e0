package kuzu

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	gokuzu "github.com/kuzudb/go-kuzu"

	"github.com/mnemohq/mnemo/core"
)

// Compaction. Kuzu deletes logically: a deleted row's bytes stay in the
// database file's pages, in the write-ahead log until a checkpoint and in
// the pages of the indexes, until Kuzu happens to reuse them. An erasure
// (engine.Engine.Forget) must leave no byte of what it erased on disk, so
// the store rewrites the database: Kuzu's EXPORT DATABASE writes what
// remains, as Parquet files, into a directory beside the database; IMPORT
// DATABASE loads them into a new database file there (tables, rows,
// relationships and the HNSW indexes the old one had); the new file is
// synced and renamed over the old one, and the export removed. The old
// file's blocks go back to the file system: what a file system or a disk
// does with freed blocks (journal copies, SSD remapping) is below any
// file and out of mnemo's reach (docs/erasure.md).

// dropKuzuVectorIndexes takes the statements that create Kuzu's HNSW
// indexes out of an export's Cypher files, so that the new database has
// none: a database from before the indexes kept in memory (vecindex.go)
// loses them at its first compaction, which is the only way to drop one
// (Kuzu 0.11.3 cannot drop a vector index whole).
func dropKuzuVectorIndexes(export string) error {
	files, err := filepath.Glob(filepath.Join(export, "*.cypher"))
	if err != nil {
		return err
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return fmt.Errorf("read the export: %w", err)
		}
		lines := strings.SplitAfter(string(b), "\n")
		kept := slices.DeleteFunc(slices.Clone(lines), func(l string) bool { return strings.Contains(strings.ToUpper(l), "CREATE_VECTOR_INDEX") })
		if len(kept) == len(lines) {
			continue
		}
		if err := os.WriteFile(f, []byte(strings.Join(kept, "")), 0o600); err != nil {
			return fmt.Errorf("rewrite the export: %w", err)
		}
	}
	return nil
}

// erasureMark is the file, in Options.Dir, that says an erasure has begun
// and its compaction has not finished: Open compacts a database that has
// one, so that a crash between the delete and the rewrite does not leave
// the deleted bytes on disk for good.
const erasureMark = "erasure.pending"

// BeginErasure records, durably, that deletes whose bytes must leave the
// disk are about to be written: until Compact ends, a crash leaves the
// mark, and the next Open compacts. abandon removes the mark, for an
// erasure that wrote nothing. An in-memory store has nothing to do.
func (s *Store) BeginErasure() (abandon func(), err error) {
	if s.opts.Dir == "" {
		return func() {}, nil
	}
	mark := filepath.Join(s.opts.Dir, erasureMark)
	f, err := os.OpenFile(mark, os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, fmt.Errorf("mark the erasure: %w", err)
	}
	if err := f.Close(); err != nil {
		return nil, fmt.Errorf("mark the erasure: %w", err)
	}
	if err := syncDir(s.opts.Dir); err != nil {
		return nil, fmt.Errorf("mark the erasure: %w", err)
	}
	return func() { _ = os.Remove(mark) }, nil
}

// compactDir is the directory inside Options.Dir where a compaction
// writes the export and the new database before the swap. Open removes
// one left by an interrupted compaction.
const compactDir = ".compact"

// Compaction is what Store.Compact did.
type Compaction struct {
	// Before and After are the sizes in bytes of the database's files
	// (the database file and Kuzu's files beside it) before and after.
	Before, After int64
	// Blocked is how long reads and writes waited: the whole rewrite.
	Blocked time.Duration
}

// Compact rewrites the database so that its files hold only what is
// committed and not deleted (see above), while the store stays open:
// every read and write waits for it. If it fails before the swap, the
// database is as it was and the error says why; if reopening the new
// database fails after the swap, the store is closed and the error says
// to open it again. An in-memory store has no files: core.ErrInvalid.
func (s *Store) Compact(ctx context.Context) (Compaction, error) {
	out, err := s.compact(ctx, false)
	if err != nil {
		return out, err
	}
	if err := s.erased(ctx); err != nil {
		return out, fmt.Errorf("compact: %w", err)
	}
	return out, nil
}

// erased ends an erasure once the database is rewritten: a new journal
// base from the rewritten database, which drops the journal and the bases
// that held what was erased, and the removal of what recoveries set
// aside (Kuzu's files, journals), which may hold it too. Then the
// erasure's mark goes.
func (s *Store) erased(ctx context.Context) error {
	if s.journal != nil {
		if _, err := s.takeBase(ctx); err != nil {
			return err
		}
		crashpoint("erasure-rebased")
	}
	aside, _ := filepath.Glob(s.journalPath() + ".aside-*")
	for _, d := range append(damagedDirs(s.opts.Dir), aside...) {
		if err := os.RemoveAll(d); err != nil {
			return fmt.Errorf("remove %s, which may hold what was erased: %w", d, err)
		}
		s.log.Warn("removed files a recovery had set aside: they may hold what was erased", "dir", d)
	}
	if err := os.Remove(filepath.Join(s.opts.Dir, erasureMark)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return syncDir(s.opts.Dir)
}

// compact is Compact up to the rewrite of the database. keepIndexes
// keeps the vector indexes in memory across it (carryVecIndexes), which
// the keeper's compactions do; Compact, which ends erasures, builds them
// again from the rewritten tables, so that the vectors of deleted rows,
// kept as waypoints until a build, leave the memory too.
func (s *Store) compact(ctx context.Context, keepIndexes bool) (Compaction, error) {
	var out Compaction
	if s.opts.Dir == "" {
		return out, fmt.Errorf("%w: an in-memory database has no files to compact", core.ErrInvalid)
	}
	if strings.ContainsAny(s.opts.Dir, "'\\") {
		return out, fmt.Errorf("%w: the database directory %q holds a quote or a backslash, which Kuzu's EXPORT DATABASE cannot be given: move the database", core.ErrInvalid, s.opts.Dir)
	}
	stop := context.AfterFunc(ctx, s.interruptAll)
	defer stop()
	s.ops.Lock()
	defer s.ops.Unlock()
	if s.closed {
		return out, errStoreClosed
	}
	start := time.Now()
	out.Before = s.filesSize()
	work := filepath.Join(s.opts.Dir, compactDir)
	if err := os.RemoveAll(work); err != nil {
		return out, fmt.Errorf("compact: remove a previous compaction's files: %w", err)
	}
	if err := s.foldFactAttrs(ctx, s.writer); err != nil {
		return out, fmt.Errorf("compact: %w", err)
	}
	fresh, err := s.rewrite(ctx, work)
	if err != nil {
		_ = os.RemoveAll(work)
		return out, fmt.Errorf("compact: %w", err)
	}
	crashpoint("compact-rewritten")
	// The swap. The new database holds everything committed; Kuzu's
	// files beside the old one would be replayed on the new one, so none
	// may stay.
	if keepIndexes {
		s.carryVecIndexes()
		defer s.dropCarried()
	}
	s.closeDatabase()
	path := filepath.Join(s.opts.Dir, dbFile)
	err = removeSidecars(s.opts.Dir)
	if err == nil {
		err = os.Rename(fresh, path)
	}
	if err == nil {
		err = syncDir(s.opts.Dir)
	}
	if err == nil {
		crashpoint("compact-swapped")
		err = os.RemoveAll(work)
	}
	if err == nil {
		s.sinceCheckpoint = 0
		err = s.start(context.WithoutCancel(ctx), path)
	}
	if err != nil {
		s.closed = true
		s.closeAll()
		return out, fmt.Errorf("compact: the database was closed while being rewritten and did not open again (open mnemo again): %w", err)
	}
	out.After, out.Blocked = s.filesSize(), time.Since(start)
	s.compactedBytes.Store(out.After)
	s.stats.compactNanos.Add(int64(out.Blocked))
	s.log.Info("compacted database", "before_bytes", out.Before, "after_bytes", out.After, "blocked", out.Blocked)
	return out, nil
}

// rewrite exports the database into work/export and imports it into a
// new database file in work, synced, whose path it returns. It runs
// under s.ops held for writing; the store's database stays as it was.
func (s *Store) rewrite(ctx context.Context, work string) (string, error) {
	if err := os.MkdirAll(work, 0o700); err != nil {
		return "", err
	}
	export := filepath.Join(work, "export")
	if err := s.writer.exec(ctx, "EXPORT DATABASE '"+export+"' (format='parquet')", nil); err != nil {
		return "", fmt.Errorf("export the database: %w", err)
	}
	if err := dropKuzuVectorIndexes(export); err != nil {
		return "", err
	}
	fresh := filepath.Join(work, dbFile)
	// IMPORT DATABASE never returned on a database opened with one
	// thread (Kuzu 0.11.3, measured here): the import gets at least two.
	cfg := s.systemConfig()
	cfg.MaxNumThreads = uint64(max(s.opts.Threads, 2))
	db, err := gokuzu.OpenDatabase(fresh, cfg)
	if err != nil {
		return "", fmt.Errorf("create the new database: %w", translate(err))
	}
	c, err := openConn(db, int(cfg.MaxNumThreads))
	if err != nil {
		db.Close()
		return "", err
	}
	err = c.exec(ctx, "IMPORT DATABASE '"+export+"'", nil)
	c.close()
	db.Close() // checkpoints: the new database is whole in its file
	if err != nil {
		return "", fmt.Errorf("import into the new database: %w", err)
	}
	for _, name := range sidecars {
		if _, err := os.Stat(filepath.Join(work, name)); err == nil {
			return "", fmt.Errorf("the new database left %s after it was closed", name)
		}
	}
	if err := os.RemoveAll(export); err != nil {
		return "", fmt.Errorf("remove the export: %w", err)
	}
	if err := syncFile(fresh); err != nil {
		return "", fmt.Errorf("sync the new database: %w", err)
	}
	return fresh, nil
}

// removeSidecars removes Kuzu's files beside the database in dir.
func removeSidecars(dir string) error {
	for _, name := range sidecars {
		if err := os.Remove(filepath.Join(dir, name)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("remove %s: %w", name, err)
		}
	}
	return nil
}

// filesSize is the size of the database file and Kuzu's files beside it.
func (s *Store) filesSize() int64 {
	var n int64
	for _, name := range append([]string{dbFile}, sidecars...) {
		if fi, err := os.Stat(filepath.Join(s.opts.Dir, name)); err == nil {
			n += fi.Size()
		}
	}
	return n
}
