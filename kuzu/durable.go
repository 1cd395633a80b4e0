package kuzu

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"time"

	gokuzu "github.com/kuzudb/go-kuzu"

	"github.com/mnemohq/mnemo/core"
)

// Durability on Kuzu 0.11.3: what keeps a long-running store inside its
// buffer pool.
//
// Kuzu keeps the updates of committed transactions in memory that cannot
// be evicted and counts against the buffer pool until a checkpoint writes
// them into the database file; each transaction that sets a column copies
// the earlier updates of its chunk (kuzudb/kuzu#4895). Its own automatic
// checkpoint goes by WAL size (16 MiB), and a write path that updates rows
// fills a 256 MiB pool long before the WAL gets there. So the store owns
// the policy: it checkpoints after every CheckpointEvery commits, when the
// WAL passes CheckpointWALBytes or a 256th of the pool (replaying a WAL
// after a crash takes far more memory than the WAL: a 4 MiB WAL of updates
// did not replay in 256 MiB), and when Kuzu's own count of the memory it
// uses (CALL bm_info) passes half the pool. The last trigger matters most:
// a checkpoint needs pool memory itself, so once the pool is full even the
// checkpoint fails. A statement that still finds the pool full is rolled
// back and, after a checkpoint, tried once more; what does not fit then is
// core.ErrBusy, which callers retry later.

// DefaultBufferPool is the buffer pool a Store gets when Options leave it
// unset: an eighth of the machine's memory (or of the cgroup's limit),
// at least 256 MiB and at most 2 GiB. The pool is allocated as pages are
// used, not up front.
func DefaultBufferPool() uint64 {
	const floor, ceiling = 256 << 20, 2 << 30
	mem := machineMemory()
	if mem == 0 {
		return floor
	}
	return min(max(mem/8, floor), ceiling)
}

// SmallPool is the largest buffer pool of a small machine, the pool
// DefaultBufferPool gives a machine of 4 GiB or less: with it the store
// runs malloc for memory (malloc_linux.go) and gives the memory it can
// back to the system when its writes stop (the idle checkpoint), and the
// host keeps fewer plugin instances.
const SmallPool = 512 << 20

// DefaultMaxDBSize is the maximum database size a Store gets when Options
// leave it unset: 64 GiB, about two million episodes at 30 KB each. Kuzu
// reserves the maximum size as address space when it opens (no memory:
// the mapping is MAP_NORESERVE), plus the buffer pool. Its own default,
// 8 TiB, does not fit the 512 GiB a 39-bit arm64 kernel gives a process
// (the Raspberry Pi's, kuzudb/kuzu#1826), and a process limited by
// ulimit -v fails the same way.
const DefaultMaxDBSize = 64 << 30

// machineMemory is the memory this process may use: the smaller of the
// machine's (MemTotal) and its cgroup's limit, 0 if unknown.
func machineMemory() uint64 {
	var total uint64
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		sc := bufio.NewScanner(bytes.NewReader(b))
		for sc.Scan() {
			if v, ok := bytes.CutPrefix(sc.Bytes(), []byte("MemTotal:")); ok {
				if f := bytes.Fields(v); len(f) > 0 {
					kb, _ := strconv.ParseUint(string(f[0]), 10, 64)
					total = kb << 10
				}
			}
		}
	}
	for _, p := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		if n, err := strconv.ParseUint(string(bytes.TrimSpace(b)), 10, 64); err == nil && n > 0 && (total == 0 || n < total) {
			total = n
		}
	}
	return total
}

// walFile is Kuzu's write-ahead log beside the database file.
const walFile = dbFile + ".wal"

// afterCommit checkpoints when the policy says so. It runs on the writer
// under the write lock. A failed checkpoint is logged and tried again
// after the next commit: the data is committed either way.
//
// A journaled store leaves the checkpoint to its keeper (keeper.go), so
// that the write whose commit made it due is answered without waiting for
// it: a checkpoint takes 100 to 200 ms, and one of them landing on a
// tenant's message at the wrong moment was that message's latency
// (`make bench-fair`). The keeper takes the write lock at once, so the
// next write waits for it as it would have; if the keeper has not come
// after maxDeferredCommits more commits, or the pool is more than three
// quarters full, the committing write takes it itself.
func (s *Store) afterCommit(ctx context.Context, c *conn) {
	s.sinceCheckpoint++
	s.lastCommit.Store(time.Now().UnixNano())
	if s.idleDone.Swap(false) && s.keeper.idleKicks != nil {
		s.keeper.kickIdle()
	}
	if s.opts.CheckpointEvery < 0 {
		return
	}
	due := s.sinceCheckpoint >= s.opts.CheckpointEvery || s.walSize() >= s.checkpointWAL()
	urgent := false
	if !due && s.sinceCheckpoint%8 == 0 {
		due, urgent = s.poolPressed(ctx, c)
	}
	if !due {
		return
	}
	if !urgent && s.keeper.kicks != nil && s.deferredCommits < maxDeferredCommits {
		s.deferredCommits++
		if !s.checkpointDue.Load() {
			s.dueAt.Store(time.Now().UnixNano())
			s.checkpointDue.Store(true)
		}
		s.keeper.kick()
		return
	}
	s.checkpointAndTrim(ctx, c)
}

// maxDeferredCommits is how many commits may follow a checkpoint left to
// the keeper before a committing write takes it itself.
const maxDeferredCommits = 16

var _ core.QuietUpkeep = (*Store)(nil)

// HoldUpkeepWhile implements core.QuietUpkeep. A checkpoint stalls every
// write for 100 to 300 ms, and the engine's ingestion writes each
// episode twice a few tens of milliseconds apart (stored pending, then
// its extraction): a checkpoint that came due on the first write, taken
// at once, stalled the second. Held until busy reports no work in
// progress, it falls in the gap before the next message (`make
// bench-fair`). A checkpoint is held at most maxUpkeepHold and
// maxDeferredCommits commits, and the buffer pool's pressure takes it at
// once, so a store that is never quiet is checkpointed as often as
// before, by the keeper or by the commit that finds it overdue.
func (s *Store) HoldUpkeepWhile(busy func() bool) (quiet func()) {
	if busy == nil {
		s.busy.Store(nil)
	} else {
		s.busy.Store(&busy)
	}
	return s.keeper.kick
}

// maxUpkeepHold is how long the keeper holds a due checkpoint for a quiet
// moment at most (HoldUpkeepWhile).
const maxUpkeepHold = 2 * time.Second

// holding reports whether the keeper holds a due checkpoint for a quiet
// moment.
func (s *Store) holding() bool {
	busy := s.busy.Load()
	if busy == nil {
		return false
	}
	hold := time.Duration(s.holdFor.Load())
	if hold == 0 {
		hold = maxUpkeepHold
	}
	return time.Since(time.Unix(0, s.dueAt.Load())) < hold && (*busy)()
}

// checkpointAndTrim checkpoints, then hands the C heap's free memory back
// and looks at the string columns (dictionary.go). It runs on the writer
// under the write lock.
func (s *Store) checkpointAndTrim(ctx context.Context, c *conn) {
	if err := s.checkpoint(ctx, c); err != nil {
		s.log.Warn("checkpoint", "err", err)
		return
	}
	// After the readers went back: they run while the arenas are trimmed.
	releaseCHeap()
	s.checkDictionaries(ctx, c)
}

// checkpointWAL is the WAL size from which a checkpoint is due after a
// commit: Options.CheckpointWALBytes, or a 256th of the buffer pool when
// that is less (1 MiB for the 256 MiB pool of a small machine).
func (s *Store) checkpointWAL() int64 {
	return min(s.opts.CheckpointWALBytes, int64(s.opts.BufferPoolBytes/256))
}

// The idle checkpoint. Until a checkpoint, Kuzu holds in memory what the
// commits since the last one changed: the relationships they created,
// the new versions of the columns they set, the keys they added to the
// primary-key indexes. A store whose writes stopped keeps that for as
// long as no write makes a checkpoint due, which a memory that went
// quiet may never do. So once the store has had no commit for
// Options.IdleCheckpoint, it checkpoints if the WAL holds at least an
// eighth of checkpointWAL: a quiet store keeps little in memory and has
// little to recover after a crash, and a trickle of small writes (a chat
// message writes a few KB) does not pay a checkpoint each. With a buffer
// pool of at most SmallPool it then also hands back to the system the
// free memory of the C heap and of the Go heap, which the writes grew
// and which would otherwise stay mapped until the runtime's scavenger
// or glibc gets to it.

// idleWait returns how long the keeper waits before the idle pass, and
// whether one is to come: a commit since the last.
func (s *Store) idleWait(now time.Time) (time.Duration, bool) {
	if s.opts.IdleCheckpoint <= 0 || s.idleDone.Load() {
		return 0, false
	}
	return time.Unix(0, s.lastCommit.Load()).Add(s.opts.IdleCheckpoint).Sub(now), true
}

// working reports whether the store's user has work in progress
// (HoldUpkeepWhile): an extraction that takes longer than
// Options.IdleCheckpoint commits nothing meanwhile, and is not a pause.
func (s *Store) working() bool {
	busy := s.busy.Load()
	return busy != nil && (*busy)()
}

// checkpointIfIdle makes the idle pass when it is due, unless the store's
// user has work in progress: then its next commit arms the pass again,
// and the keeper's ticker looks meanwhile. It runs on the keeper.
func (s *Store) checkpointIfIdle(ctx context.Context) {
	if wait, ok := s.idleWait(time.Now()); !ok || wait > 0 || s.working() {
		return
	}
	var passed, trimmed bool
	err := s.exclusive(ctx, func(c *conn) error {
		// Looked at again under the write lock: a write may have come.
		// A database that failed to write is the keeper's to open again.
		if s.degraded != nil || time.Since(time.Unix(0, s.lastCommit.Load())) < s.opts.IdleCheckpoint {
			return nil
		}
		s.idleDone.Store(true)
		passed = true
		if s.sinceCheckpoint > 0 && s.opts.CheckpointEvery >= 0 && s.walSize() >= s.checkpointWAL()/8 {
			s.checkpointAndTrim(ctx, c) // trims the C heap itself
			trimmed = true
		}
		return nil
	})
	if err != nil && !errors.Is(err, errStoreClosed) {
		s.log.Warn("idle checkpoint", "err", err)
	}
	// Outside the write lock: a write that comes meanwhile does not wait
	// for the collection.
	if passed && s.opts.BufferPoolBytes <= SmallPool {
		if !trimmed {
			releaseCHeap()
		}
		debug.FreeOSMemory()
	}
}

// checkpointIfDue takes the checkpoint afterCommit left to the keeper, if
// no write has taken it since, unless it is held for a quiet moment
// (HoldUpkeepWhile). It runs on the keeper.
func (s *Store) checkpointIfDue(ctx context.Context) {
	if !s.checkpointDue.Load() || s.holding() {
		return
	}
	err := s.exclusive(ctx, func(c *conn) error {
		if s.checkpointDue.Load() {
			s.checkpointAndTrim(ctx, c)
		}
		return nil
	})
	if err != nil && !errors.Is(err, errStoreClosed) {
		s.log.Warn("checkpoint", "err", err)
	}
}

// poolPressed reports whether Kuzu uses more than half its buffer pool
// (asked every 8 commits: the call costs about 0.5 ms), and whether it
// uses more than three quarters (urgent). Pages of the database file
// cached in the pool count too, so a database larger than the pool keeps
// it over half full: then a checkpoint is taken at most every 16 commits
// for this reason.
func (s *Store) poolPressed(ctx context.Context, c *conn) (pressed, urgent bool) {
	rows, err := c.query(ctx, "CALL bm_info() RETURN *", nil)
	if err != nil || len(rows) != 1 || len(rows[0]) < 2 {
		return false, false
	}
	pool, used := i64(rows[0][0]), i64(rows[0][1])
	urgent = used > pool*3/4
	return used > pool/2 && s.sinceCheckpoint >= 16 || urgent, urgent
}

// checkpoint writes the committed updates into the database file and
// frees their memory. It runs on the writer under the write lock, outside
// a transaction. Kuzu's CHECKPOINT waits for every active transaction to
// end and, under a steady stream of searches, gives up after a timeout
// while the searches queue behind it (seen: 10 to 20 s stalls with eight
// clients). So the store first takes every read connection out of the
// pool, which lets the reads in flight finish and holds new ones for the
// checkpoint's duration, then puts them back.
func (s *Store) checkpoint(ctx context.Context, c *conn) (err error) {
	start := time.Now()
	defer func() { s.observe("checkpoint", start, err) }()
	defer s.holdReaders()()
	if s.wornOut() {
		s.renewDue.Store(true)
		s.keeper.kick()
		return fmt.Errorf("checkpoint: %w", errWorn)
	}
	wal := s.walSize()
	// The mark stays if the checkpoint fails: the file may be
	// half-written until a checkpoint succeeds (recovery.go).
	unmark, err := s.markCheckpoint()
	if err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	if err := c.exec(context.WithoutCancel(ctx), "CHECKPOINT", nil); err != nil {
		err = fmt.Errorf("checkpoint: %w", err)
		if errors.Is(err, core.ErrStorage) && s.journal != nil {
			s.degrade(err)
		}
		return err
	}
	unmark()
	s.checkpointTaken()
	s.sinceCheckpoint = 0
	s.deferredCommits = 0
	s.checkpointDue.Store(false)
	s.fresh = freshRels{}
	s.stats.checkpoints.Add(1)
	s.stats.checkpointNanos.Add(int64(time.Since(start)))
	s.log.Debug("checkpoint", "wal_bytes", wal, "took", time.Since(start))
	s.noteCheckpoint(ctx, c)
	return nil
}

// holdReaders takes every read connection until release is called, so
// that no read transaction is open meanwhile: Kuzu waits for none to be
// before a checkpoint, and a bulk COPY, which checkpoints, fails after a
// timeout while reads keep coming (the vector index builds read batch
// after batch). It runs under writeMu; inside a hold (a checkpoint during
// an import) it takes nothing.
func (s *Store) holdReaders() (release func()) {
	if s.readers == nil || s.readersHeld {
		return func() {}
	}
	held := make([]*conn, 0, cap(s.readers))
	for range cap(s.readers) {
		held = append(held, <-s.readers)
	}
	s.readersHeld = true
	return func() {
		s.readersHeld = false
		for _, r := range held {
			s.readers <- r
		}
	}
}

// walSize is the size of the WAL file, 0 for an in-memory database.
func (s *Store) walSize() int64 {
	if s.opts.Dir == "" {
		return 0
	}
	fi, err := os.Stat(s.walPath())
	if err != nil {
		return 0
	}
	return fi.Size()
}

func (s *Store) walPath() string { return s.opts.Dir + string(os.PathSeparator) + walFile }

// Checkpoint writes everything committed into the database file now, so
// that the WAL is empty and the memory Kuzu holds for committed updates is
// freed. Stores checkpoint by themselves; this is for backups and tests.
func (s *Store) Checkpoint(ctx context.Context) error {
	err := s.exclusive(ctx, func(c *conn) error { return s.checkpoint(ctx, c) })
	if s.renewDue.Load() {
		if rerr := s.renew(ctx); rerr != nil {
			return rerr
		}
		if errors.Is(err, errWorn) {
			err = s.exclusive(ctx, func(c *conn) error { return s.checkpoint(ctx, c) })
		}
	}
	return err
}

// DurabilityStats are counters of the checkpoint policy since Open.
type DurabilityStats struct {
	// Checkpoints counts checkpoints, CheckpointTime their total duration.
	Checkpoints    int64
	CheckpointTime time.Duration
	// BusyRetries counts statements that found the buffer pool full and
	// went through after a checkpoint; Busy those that did not (answered
	// with core.ErrBusy).
	BusyRetries, Busy int64
	// Compactions counts the compactions the store ran by itself
	// (dictionary.go), CompactTime how long reads and writes waited for
	// the compactions, these and those of Compact.
	Compactions int64
	CompactTime time.Duration
	// Renewals counts the times the database was opened again after
	// many checkpoints (renew.go).
	Renewals int64
	// WALBytes is the WAL's size now.
	WALBytes int64
}

// DurabilityStats returns the checkpoint policy's counters.
func (s *Store) DurabilityStats() DurabilityStats {
	return DurabilityStats{
		Checkpoints: s.stats.checkpoints.Load(), CheckpointTime: time.Duration(s.stats.checkpointNanos.Load()),
		BusyRetries: s.stats.busyRetries.Load(), Busy: s.stats.busy.Load(), Compactions: s.stats.compactions.Load(), CompactTime: time.Duration(s.stats.compactNanos.Load()), Renewals: s.stats.renewals.Load(), WALBytes: s.walSize(),
	}
}

// isBusy reports whether err is a want of a resource that a checkpoint
// may free.
func isBusy(err error) bool { return errors.Is(err, core.ErrBusy) }

// systemConfig is the configuration the store opens Kuzu databases with.
func (s *Store) systemConfig() gokuzu.SystemConfig {
	cfg := gokuzu.DefaultSystemConfig()
	cfg.BufferPoolSize = s.opts.BufferPoolBytes
	cfg.MaxNumThreads = uint64(s.opts.Threads)
	cfg.MaxDbSize = s.opts.MaxDBSizeBytes
	return cfg
}

// openDatabase opens the Kuzu database at path with the configured pool.
// A WAL left behind (a run killed before its checkpoint) is replayed by
// Kuzu into memory as the run left it, relationships it created and
// deleted included, which a checkpoint and another would crash on
// (freshrels.go): the replayed log is checkpointed at once and the
// database opened afresh. If the open fails, replaying the WAL may need
// more memory than the pool: the database is opened once more with larger
// pools, up to half the machine's memory, checkpointed and closed, then
// opened again as configured. If nothing works, the error says what was
// tried and how to recover: by hand, or, as a last resort that loses what
// the log holds, with RecoverWithoutWAL (mnemo recover --discard-wal).
func (s *Store) openDatabase(path string) (*gokuzu.Database, error) {
	cfg := s.systemConfig()
	wal := s.walSize()
	if wal > 0 {
		// Replaying the log ends with a checkpoint, which a kill can cut
		// short like any other.
		unmark, err := s.markCheckpoint()
		if err != nil {
			return nil, err
		}
		defer func() {
			if s.walSize() == 0 {
				unmark()
			}
		}()
	}
	db, err := gokuzu.OpenDatabase(path, cfg)
	if err == nil && wal > 0 {
		db, err = checkpointAndReopen(db, path, cfg)
	}
	if err == nil {
		return db, nil
	}
	if db != nil {
		db.Close()
	}
	wal = s.walSize()
	if s.opts.Dir == "" || wal == 0 {
		return nil, s.openFailure(path, fmt.Errorf("open kuzu database %s: %w", path, translateOpen(err)))
	}
	limit := max(machineMemory()/2, s.opts.BufferPoolBytes)
	tried := []uint64{s.opts.BufferPoolBytes}
	for pool := s.opts.BufferPoolBytes * 4; ; pool *= 4 {
		pool = min(pool, limit)
		if pool <= tried[len(tried)-1] {
			break
		}
		tried = append(tried, pool)
		s.log.Warn("the database did not open with its buffer pool; replaying its write-ahead log with a larger pool",
			"wal_bytes", wal, "buffer_pool_mib", pool>>20)
		if rerr := replay(path, pool, cfg); rerr != nil {
			s.log.Warn("replay write-ahead log", "buffer_pool_mib", pool>>20, "err", rerr)
			continue
		}
		if db, err = gokuzu.OpenDatabase(path, cfg); err == nil {
			s.log.Info("replayed and checkpointed the write-ahead log", "buffer_pool_mib", pool>>20)
			return db, nil
		}
		if db != nil {
			db.Close()
		}
	}
	mibs := make([]string, len(tried))
	for i, p := range tried {
		mibs[i] = strconv.FormatUint(p>>20, 10)
	}
	return nil, s.openFailure(path, fmt.Errorf("open kuzu database %s (tried buffer pools of %s MiB, write-ahead log of %d bytes left by a run that did not close): %w",
		path, joinComma(mibs), wal, translateOpen(err)))
}

// openError is a failure of Kuzu to open the database file. damaged says
// whether the file itself may be at fault, rather than the address space
// or the settings: then a journaled store rebuilds it (recovery.go).
type openError struct {
	err     error
	damaged bool
}

func (e *openError) Error() string { return e.err.Error() }
func (e *openError) Unwrap() error { return e.err }

// openFailure adds to err, Kuzu's failure to open the database at path,
// what Kuzu does not say: its C API returns a status and discards the
// reason. The causes mnemo can check are checked again here: the address
// space Kuzu reserves (the maximum database size and the pool), and the
// file's being a Kuzu database at all.
func (s *Store) openFailure(path string, err error) error {
	reserve := s.opts.MaxDBSizeBytes + s.opts.BufferPoolBytes
	if rerr := reserveAddressSpace(reserve); rerr != nil {
		return &openError{err: fmt.Errorf("%w: Kuzu reserves the maximum database size (%d MiB) plus the buffer pool (%d MiB) as address space, and %d MiB could not be reserved here (%w): "+
			"lower store.max_db_size_mb (a power of two) or store.buffer_pool_mb, or raise the process's address-space limit (ulimit -v)",
			err, s.opts.MaxDBSizeBytes>>20, s.opts.BufferPoolBytes>>20, reserve>>20, rerr)}
	}
	if fi, serr := os.Stat(path); serr == nil && uint64(fi.Size()) > s.opts.MaxDBSizeBytes {
		return &openError{err: fmt.Errorf("%w: the database file (%d MiB) is larger than the maximum database size (%d MiB): raise store.max_db_size_mb",
			err, fi.Size()>>20, s.opts.MaxDBSizeBytes>>20)}
	}
	if free, ferr := freeBytes(filepath.Dir(path)); ferr == nil && free < lowDisk {
		return &openError{err: fmt.Errorf("%w: %w: the disk holding %s has %d KiB free; free space and open it again",
			err, core.ErrStorage, filepath.Dir(path), free>>10)}
	}
	if head, ok := fileHead(path, 4); ok && string(head) != "KUZU" {
		return &openError{err: fmt.Errorf("%w: %s is not a Kuzu database file", err, path), damaged: true}
	}
	if s.opts.NoJournal {
		return &openError{err: fmt.Errorf("%w (Kuzu's C API gives no reason; the address space, the file's size and the free disk were checked); "+
			"without a journal (store.journal = false) nothing can rebuild it: restore a backup", err)}
	}
	return &openError{err: fmt.Errorf("%w (Kuzu's C API gives no reason; the address space, the file's size and the free disk were checked)", err), damaged: true}
}

// lowDisk is the free disk under which the store neither opens a
// database nor closes one that failed to write: Kuzu needs room to write
// what it holds in memory, and aborts the process when it has none.
const lowDisk = 16 << 20

// fileHead returns the first n bytes of the file at path, if it has them.
func fileHead(path string, n int) ([]byte, bool) {
	f, err := os.Open(path)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	b := make([]byte, n)
	if _, err := io.ReadFull(f, b); err != nil {
		return nil, false
	}
	return b, true
}

// replay opens the database as cfg says but with pool bytes of buffer
// pool, which replays its WAL, checkpoints it and closes it.
func replay(path string, pool uint64, cfg gokuzu.SystemConfig) error {
	cfg.BufferPoolSize = pool
	db, err := gokuzu.OpenDatabase(path, cfg)
	if err != nil {
		if db != nil {
			db.Close()
		}
		return translate(err)
	}
	defer db.Close()
	return checkpointDB(db)
}

// checkpointAndReopen checkpoints db, which has just replayed a WAL,
// closes it and opens the database at path again as cfg says.
func checkpointAndReopen(db *gokuzu.Database, path string, cfg gokuzu.SystemConfig) (*gokuzu.Database, error) {
	err := checkpointDB(db)
	db.Close()
	if err != nil {
		return nil, err
	}
	return gokuzu.OpenDatabase(path, cfg)
}

// checkpointDB checkpoints db on a connection of its own.
func checkpointDB(db *gokuzu.Database) error {
	c, err := gokuzu.OpenConnection(db)
	if err != nil {
		return fmt.Errorf("open connection: %w", err)
	}
	defer c.Close()
	res, err := c.Query("CHECKPOINT")
	if res != nil {
		res.Close()
	}
	if err != nil {
		return translate(err)
	}
	return nil
}

func joinComma(xs []string) string {
	var b bytes.Buffer
	for i, x := range xs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(x)
	}
	return b.String()
}
