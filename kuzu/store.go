package kuzu

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	gokuzu "github.com/kuzudb/go-kuzu"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu/internal/bm25"
	"github.com/mnemohq/mnemo/kuzu/internal/journal"
)

// Options configures a Store. The zero value of each field is its default.
type Options struct {
	// Dir is the database directory. It holds the Kuzu database file
	// (graph.kuzu) and a lock file. It is created if it does not exist; an
	// existing non-empty directory without a mnemo database is refused.
	// Empty opens an in-memory database (tests only: nothing is persisted).
	Dir string
	// Dimension is the embedding dimension. A new database records it; an
	// existing database must match it (zero accepts the recorded value).
	Dimension int
	// Embedder names the embedder whose vectors the store holds; its
	// Dimension, when set, must be Dimension. A new database records it.
	// An existing database that recorded another is refused with
	// core.ErrConflict (core.CheckEmbedder); one that recorded none, made
	// before mnemo kept it, adopts it and logs that. The zero value checks
	// and records nothing.
	Embedder core.EmbedderID
	// Restage opens a database whatever embedder it records, to re-embed
	// it with Embedder (engine.Engine.Reembed): its vectors stay in use until
	// SwitchVectors, and nothing is adopted.
	Restage bool
	// BufferPoolBytes is Kuzu's page cache, which also holds the committed
	// updates not yet checkpointed. The default is DefaultBufferPool: an
	// eighth of the machine's memory, between 256 MiB and 2 GiB (Kuzu's
	// own default is 80% of the machine's memory).
	BufferPoolBytes uint64
	// MaxDBSizeBytes is the largest the database file may grow. Kuzu
	// reserves it as address space (not memory) at open, beside the
	// buffer pool. It must be a power of two of at least 8 MiB. The
	// default is DefaultMaxDBSize, 64 GiB; Kuzu's own, 8 TiB, does not fit
	// the 39-bit (512 GiB) address space of many arm64 kernels.
	MaxDBSizeBytes uint64
	// CheckpointEvery is the number of write transactions after which the
	// store checkpoints (see durable.go). The default is 256; negative turns
	// the store's checkpoint policy off and leaves checkpoints to Kuzu's
	// WAL-size trigger, as mnemo before it did (tests only).
	CheckpointEvery int
	// CheckpointWALBytes is the WAL size from which the store checkpoints
	// after a commit, at most a 256th of the buffer pool. The default is
	// 16 MiB, so the pool decides below 4 GiB (8 MiB for the largest
	// default pool, 1 MiB for the smallest).
	CheckpointWALBytes int64
	// IdleCheckpoint is how long the store waits after its last commit
	// before it checkpoints what the writes left in the WAL, when that is
	// at least an eighth of the WAL that makes a checkpoint due (see
	// durable.go). The default is DefaultIdleCheckpoint; negative turns
	// it off.
	IdleCheckpoint time.Duration
	// Threads is the number of threads Kuzu may use per query. The default
	// is the number of CPUs, at most 4.
	Threads int
	// ReadConns is the number of connections serving reads concurrently.
	// The default is 4.
	ReadConns int
	// ExactSearchBelow is the number of vectors of the searched groups
	// under which a vector search is exact rather than going through the
	// HNSW index. The default is 20000.
	ExactSearchBelow int
	// ScoreCurrentPer decides when a search of the present, of a table
	// with an index kept in memory, scores the current vectors of its
	// groups exactly rather than asking the index: when they number at
	// most ScoreCurrentPer times the neighbours it would ask for (see
	// fewCurrent). The default is 16; negative never does.
	ScoreCurrentPer int
	// VectorIndexAt is the number of vectors of a kind (entities, facts,
	// episodes, communities) from which their table has an HNSW index.
	// Below it there is none: searches are exact scans, which are fast at
	// that size, and writes skip the index, which costs about 2 ms per
	// vector at commit. When a table reaches it, the index is built in one
	// go (a bulk build is several times cheaper than inserting one by one)
	// and maintained from then on. The default is 20000; negative builds
	// none (see BuildVectorIndexes for bulk loads).
	VectorIndexAt int
	// NoJournal turns mnemo's journal off (journal.go): acknowledged
	// writes are then only as safe as Kuzu keeps them, and a process
	// killed inside a checkpoint can leave a database that does not open.
	// For measuring the journal's cost; an in-memory store has none.
	NoJournal bool
	// JournalDir is the journal's directory. The default is Dir/journal;
	// on another disk, the journal rebuilds the database even when Dir is
	// lost. One journal belongs to one database: two databases must not
	// share it.
	JournalDir string
	// RebaseBytes is the journal's size from which the store takes a new
	// base of it (a checked copy of the database file, base.go) and drops
	// the journal the base covers. The default is the larger of 64 MiB
	// and the database file's size, so that a base costs at most one
	// byte copied per byte journaled.
	RebaseBytes int64
	// Logger receives schema migrations and slow-path notes. The default
	// discards.
	Logger *slog.Logger
	// journalFault, in tests, fails the journal's file operations
	// (journal.Options.Fault).
	journalFault func(op journal.Op, path string) error
	// Observe, when set, is told the duration and outcome of each read
	// (op "read", from taking a connection to its release), write
	// transaction ("write", lock wait and commit included) and checkpoint
	// ("checkpoint"), for latency metrics. It must be quick and safe for
	// concurrent use.
	Observe func(op string, d time.Duration, err error)
}

// Defaults of Options.
const (
	// DefaultCheckpointEvery is Options.CheckpointEvery's default.
	DefaultCheckpointEvery = 256
	// DefaultCheckpointWAL is Options.CheckpointWALBytes's default.
	DefaultCheckpointWAL = 16 << 20
	// DefaultIdleCheckpoint is Options.IdleCheckpoint's default.
	DefaultIdleCheckpoint = 2 * time.Second
	// DefaultReadConns is Options.ReadConns's default.
	DefaultReadConns = 4
)

// DefaultThreads is Options.Threads's default: the CPUs, at most 4.
func DefaultThreads() int { return min(runtime.NumCPU(), 4) }

func (o Options) withDefaults() Options {
	if o.BufferPoolBytes == 0 {
		o.BufferPoolBytes = DefaultBufferPool()
	}
	if o.MaxDBSizeBytes == 0 {
		o.MaxDBSizeBytes = DefaultMaxDBSize
	}
	if o.CheckpointEvery == 0 {
		o.CheckpointEvery = DefaultCheckpointEvery
	}
	if o.CheckpointWALBytes == 0 {
		o.CheckpointWALBytes = DefaultCheckpointWAL
	}
	if o.IdleCheckpoint == 0 {
		o.IdleCheckpoint = DefaultIdleCheckpoint
	}
	if o.Threads == 0 {
		o.Threads = DefaultThreads()
	}
	if o.ReadConns == 0 {
		o.ReadConns = DefaultReadConns
	}
	if o.ExactSearchBelow == 0 {
		o.ExactSearchBelow = 20000
	}
	if o.VectorIndexAt == 0 {
		o.VectorIndexAt = 20000
	}
	if o.ScoreCurrentPer == 0 {
		o.ScoreCurrentPer = 16
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o
}

// Validate checks the options.
func (o Options) Validate() error {
	if o.Dimension < 0 || o.Dimension > 8192 {
		return fmt.Errorf("%w: embedding dimension %d: want 1 to 8192", core.ErrInvalid, o.Dimension)
	}
	if o.BufferPoolBytes != 0 && o.BufferPoolBytes < 16<<20 {
		return fmt.Errorf("%w: buffer pool of %d bytes is under 16 MiB", core.ErrInvalid, o.BufferPoolBytes)
	}
	if n := o.MaxDBSizeBytes; n != 0 && (n < 8<<20 || n&(n-1) != 0) {
		return fmt.Errorf("%w: maximum database size of %d bytes: want a power of two of at least 8 MiB", core.ErrInvalid, n)
	}
	if o.Threads < 0 || o.ReadConns < 0 || o.ExactSearchBelow < 0 || o.CheckpointWALBytes < 0 || o.RebaseBytes < 0 {
		return fmt.Errorf("%w: negative thread, connection or search setting", core.ErrInvalid)
	}
	return nil
}

// dbFile is the Kuzu database inside Options.Dir.
const dbFile = "graph.kuzu"

// Store is a core.Store on an embedded Kuzu database.
//
// A Store is safe for concurrent use: reads run concurrently on a pool of
// connections; writes are serialized on one connection, because Kuzu allows
// one write transaction at a time. Close waits for operations in flight.
type Store struct {
	opts Options
	dim  int
	// embedder is the embedder the database records; fixed at Open.
	embedder core.EmbedderID
	log      *slog.Logger

	db   *gokuzu.Database
	lock *os.File

	// ops guards the connections against Close: operations hold it for
	// reading, Close for writing.
	ops    sync.RWMutex
	closed bool

	writeMu sync.Mutex
	writer  *conn
	readers chan *conn
	// connMu guards writer against interruptAll, which Close runs on
	// another goroutine when its ctx ends, while closeAll may be freeing
	// the connections.
	connMu sync.Mutex

	text map[core.Scope]*bm25.Index
	cat  catalog
	// timeline orders each group's episodes (timeline.go).
	timeline timeline
	// indexed says which vector tables have their HNSW index; it changes
	// only under writeMu.
	indexed sync.Map // core.Scope → bool
	// vidx holds the vector indexes kept in memory (vecindex.go).
	vidx vecIndexes
	// records and communities say whether the Record table and the
	// community tables exist (lazytables.go); they change only under
	// writeMu.
	records, communities, factAttrs atomic.Bool

	// sinceCheckpoint counts commits since the last checkpoint, and
	// fresh holds the ends of the relationships they created
	// (freshrels.go); both change only under writeMu.
	sinceCheckpoint int
	fresh           freshRels
	// lastCommit is when the last write committed, in Unix nanoseconds;
	// idleDone says the idle pass since it is made (durable.go).
	lastCommit atomic.Int64
	idleDone   atomic.Bool
	// lastRead is when the last read ended, in Unix nanoseconds, and
	// readsTrimmed says the C heap was trimmed since (readIdle).
	lastRead     atomic.Int64
	readsTrimmed atomic.Bool
	// checkpointDue asks the keeper for a checkpoint afterCommit found
	// due; deferredCommits counts the commits since (under writeMu).
	checkpointDue   atomic.Bool
	deferredCommits int
	// readersHeld is set while holdReaders holds the read connections
	// (under writeMu).
	readersHeld bool
	// busy, when set, reports whether the store's user has work in
	// progress that a checkpoint would stall (HoldUpkeepWhile); dueAt is
	// when checkpointDue was set, in Unix nanoseconds, and holdFor the
	// longest the keeper holds a due checkpoint for busy, in
	// nanoseconds (0 is maxUpkeepHold; tests change it).
	busy    atomic.Pointer[func() bool]
	dueAt   atomic.Int64
	holdFor atomic.Int64
	stats   struct {
		checkpoints, checkpointNanos, busyRetries, busy, compactions, compactNanos, renewals atomic.Int64
		// exactRanks counts the statements that rank a group's vectors
		// exactly (vectorExact's rounds).
		exactRanks atomic.Int64
		// exactRows counts the rows those statements returned when the
		// catalog decides the filter.
		exactRows atomic.Int64
		// currentRanks counts the searches that scored the current
		// vectors of their groups in memory (vectorCurrent).
		currentRanks atomic.Int64
	}
	// sinceDictionaryCheck counts checkpoints since the string columns
	// were last sized, under the write lock; compactDue asks the keeper
	// to compact (dictionary.go).
	sinceDictionaryCheck int
	compactDue           atomic.Bool
	// compactedBytes is the size of the database's files when it was
	// opened or last compacted (dictionary.go).
	compactedBytes atomic.Int64
	// openCheckpoints counts the checkpoints since the database opened;
	// renewDue asks the keeper to open it again (renew.go).
	openCheckpoints atomic.Int64
	renewDue        atomic.Bool

	// The journal (journal.go), nil for an in-memory store or with
	// Options.NoJournal. jid identifies it; applied is the position of
	// the last write the database holds; base is its base (base.go);
	// replaying is set while recovery replays it. degraded, when set,
	// is why writes stop until the database is opened again (a failed
	// Kuzu write). They change under writeMu, or under ops held for
	// writing.
	journal   *journal.Log
	jid       string
	applied   uint64
	base      baseManifest
	baseMu    sync.Mutex
	replaying bool
	degraded  error
	health    writeHealth
	keeper    keeper
	recovery  Recovery
}

var _ core.Store = (*Store)(nil)

// Open opens or creates a database. It fails with core.ErrLocked if another
// process (or another Store) holds the directory, core.ErrInvalid if the
// directory is not a mnemo database, and core.ErrConflict if the database
// was created with another embedding dimension.
func Open(ctx context.Context, opts Options) (*Store, error) {
	return open(ctx, opts, nil, "")
}

// open is Open, which runs prepare, when not nil, on the directory once it
// holds the directory's lock and before it opens the database; a
// non-empty rebuild rebuilds the database from the journal, with that
// reason (Recover).
func open(ctx context.Context, opts Options, prepare func() error, rebuild string) (*Store, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	opts = opts.withDefaults()
	s := &Store{opts: opts, log: opts.Logger}
	s.keeper.readKicks = make(chan struct{}, 1)
	s.readsTrimmed.Store(true) // the first read arms the trim after reads
	if !scrubMalloc() {
		s.log.Debug("malloc does not fill the memory it hands out: a page Kuzu writes partly unfilled may hold bytes the process freed (docs/erasure.md)")
	}
	if tuneMalloc(opts.BufferPoolBytes) {
		s.log.Debug("malloc tuned for a small machine", "arenas", smallArenas, "mmap_threshold", smallMmapThreshold)
	}
	path := ":memory:"
	if opts.Dir != "" {
		if err := checkDir(opts.Dir); err != nil {
			return nil, err
		}
		lock, err := lockDir(opts.Dir)
		if err != nil {
			return nil, err
		}
		s.lock = lock
		path = filepath.Join(opts.Dir, dbFile)
		// A compaction interrupted before its swap leaves its work
		// beside the database: an export of what the database held.
		if err := os.RemoveAll(filepath.Join(opts.Dir, compactDir)); err != nil {
			s.unlock()
			return nil, fmt.Errorf("remove an interrupted compaction's files: %w", err)
		}
		if prepare != nil {
			if err := prepare(); err != nil {
				s.unlock()
				return nil, err
			}
		}
	}
	var err error
	if opts.Dir != "" && !opts.NoJournal {
		err = s.startJournaled(holdingOps(ctx), path, rebuild)
	} else {
		err = s.start(ctx, path)
	}
	if err != nil {
		s.closeAll()
		s.closeJournal()
		return nil, err
	}
	if s.journal != nil {
		s.startKeeper()
	}
	s.startVecIndexes()
	if opts.Dir != "" {
		s.compactedBytes.Store(s.filesSize())
		s.checkPool(path)
		if _, err := os.Stat(filepath.Join(opts.Dir, erasureMark)); err == nil {
			s.log.Warn("an erasure was interrupted before the database was rewritten: rewriting it now")
			if _, err := s.Compact(ctx); err != nil {
				s.Close(ctx)
				return nil, fmt.Errorf("finish an interrupted erasure: %w", err)
			}
		}
	}
	return s, nil
}

// start opens the database at path with its connections, creates or
// checks its schema and loads what the store keeps beside Kuzu (catalog,
// timeline, vector index states, text index). On error the caller frees
// what was opened (closeAll or closeDatabase).
func (s *Store) start(ctx context.Context, path string) error {
	db, err := s.openDatabase(path)
	if err != nil {
		return err
	}
	s.db = db
	s.openCheckpoints.Store(0)
	s.fresh = freshRels{}
	if s.writer, err = openConn(db, s.opts.Threads); err != nil {
		return err
	}
	if s.opts.Dir != "" && !s.opts.NoJournal {
		// Every checkpoint is the store's, behind the checkpoint mark:
		// none by Kuzu after a large commit, none when it closes.
		for _, stmt := range []string{"CALL auto_checkpoint=false", "CALL force_checkpoint_on_close=false"} {
			if err := s.writer.exec(ctx, stmt, nil); err != nil {
				return fmt.Errorf("configure kuzu: %w", err)
			}
		}
	}
	if err := s.setup(ctx); err != nil {
		return err
	}
	if err := s.dropEmptyTables(ctx, s.writer); err != nil {
		return err
	}
	s.readers = make(chan *conn, s.opts.ReadConns)
	for range s.opts.ReadConns {
		c, err := openConn(db, s.opts.Threads)
		if err != nil {
			return err
		}
		s.readers <- c
	}
	if err := s.cat.load(ctx, s.writer); err != nil {
		return err
	}
	if err := s.timeline.load(ctx, s.writer); err != nil {
		return err
	}
	s.indexed.Clear()
	s.resetVecIndexes()
	if err := s.syncIndexes(ctx, s.writer); err != nil {
		return err
	}
	return s.loadText(ctx, s.writer)
}

// checkPool warns when the database file outgrows the buffer pool: the
// pages that do not fit are read from disk again and again, and searches
// over large groups slow down several times (docs/configuration.md).
func (s *Store) checkPool(path string) {
	fi, err := os.Stat(path)
	if err != nil || uint64(fi.Size()) <= s.opts.BufferPoolBytes {
		return
	}
	s.log.Warn("the database is larger than the buffer pool; searches will reread pages from disk",
		"database_mib", fi.Size()>>20, "buffer_pool_mib", s.opts.BufferPoolBytes>>20)
}

// checkDir creates dir if needed and refuses a non-empty directory that
// holds no mnemo database, so mnemo never writes into someone's files.
func checkDir(dir string) error {
	st, err := os.Stat(dir)
	if errors.Is(err, os.ErrNotExist) {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("create database directory: %w", err)
		}
		return nil
	}
	if err != nil {
		return fmt.Errorf("stat database directory: %w", err)
	}
	if !st.IsDir() {
		return fmt.Errorf("%w: %s is a file, not a database directory", core.ErrInvalid, dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("read database directory: %w", err)
	}
	if len(entries) == 0 {
		return nil
	}
	if _, err := os.Stat(filepath.Join(dir, dbFile)); err == nil {
		return nil
	}
	for _, e := range entries {
		// A lock file: created by an Open that failed before the
		// database; a journal: the database is rebuilt from it.
		if e.Name() == lockFile || e.Name() == journalDir {
			return nil
		}
	}
	return fmt.Errorf("%w: %s is not empty and holds no mnemo database (%s)", core.ErrInvalid, dir, dbFile)
}

func translateOpen(err error) error {
	return translate(err)
}

// Dimension is the embedding dimension of the database.
func (s *Store) Dimension() int { return s.dim }

// observe reports an operation that started at start to Options.Observe.
func (s *Store) observe(op string, start time.Time, err error) {
	if s.opts.Observe != nil {
		s.opts.Observe(op, time.Since(start), err)
	}
}

// read runs f on a pooled read connection.
func (s *Store) read(ctx context.Context, f func(c *conn) error) (err error) {
	defer func(start time.Time) { s.observe("read", start, err) }(time.Now())
	s.ops.RLock()
	defer s.ops.RUnlock()
	if s.closed {
		return errStoreClosed
	}
	if s.readers == nil {
		// The database did not open again after a failed write (heal).
		return s.degraded
	}
	var c *conn
	select {
	case c = <-s.readers:
	case <-ctx.Done():
		return ctx.Err()
	}
	err = f(c)
	s.readers <- c
	s.afterRead()
	if !isBusy(err) || ctx.Err() != nil {
		return err
	}
	// The pool is full of committed updates: a checkpoint frees them. It
	// takes every read connection, this one included.
	if cerr := s.exclusiveLocked(ctx, func(w *conn) error { return s.checkpoint(ctx, w) }); cerr != nil {
		s.stats.busy.Add(1)
		return err
	}
	select {
	case c = <-s.readers:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { s.readers <- c }()
	if err = f(c); isBusy(err) {
		s.stats.busy.Add(1)
	} else {
		s.stats.busyRetries.Add(1)
	}
	return err
}

// inMemory runs f, which reads only what the store keeps beside Kuzu (text
// index, catalog), while the store is open.
func (s *Store) inMemory(f func() error) error {
	s.ops.RLock()
	defer s.ops.RUnlock()
	if s.closed {
		return errStoreClosed
	}
	return f()
}

// write runs f inside one write transaction on the writer connection: it
// commits if f returns nil and rolls back otherwise. What f records in its
// pending is published (text index, catalog) only after the commit,
// still under the write lock, so the text index never runs ahead of or
// behind the committed data for a writer.
//
// e journals the write (journal.go): its record is appended to the
// journal before the transaction, which records its position, and taken
// out again if the transaction fails.
func (s *Store) write(ctx context.Context, e entry, f func(ctx context.Context, c *conn, p *pending) error) (err error) {
	return s.writeAfter(ctx, e, nil, f)
}

// writeAfter is write, which first runs prepare, when not nil, on the
// writer under the write lock, outside the transaction and before the
// journal holds the write: it creates the tables the write needs
// (lazytables.go).
func (s *Store) writeAfter(ctx context.Context, e entry, prepare func(c *conn) error, f func(ctx context.Context, c *conn, p *pending) error) (err error) {
	defer func(start time.Time) { s.observe("write", start, err) }(time.Now())
	return s.exclusive(ctx, func(c *conn) error {
		if prepare != nil {
			if err := prepare(c); err != nil {
				return err
			}
		}
		return s.journaled(e, func(seq uint64) error { return s.transact(ctx, c, withSeq(f, seq)) })
	})
}

// exclusive runs f on the writer connection under the write lock.
func (s *Store) exclusive(ctx context.Context, f func(c *conn) error) error {
	if ctx.Value(opsHeldKey{}) != nil {
		return s.exclusiveLocked(ctx, f)
	}
	s.ops.RLock()
	defer s.ops.RUnlock()
	if s.closed {
		return errStoreClosed
	}
	return s.exclusiveLocked(ctx, f)
}

// opsHeldKey marks the context of work that holds s.ops already: Open
// before the store is shared, and the keeper's reopening under s.ops held
// for writing (holdingOps), so that exclusive does not take it again.
type opsHeldKey struct{}

// holdingOps returns ctx marked as holding s.ops.
func holdingOps(ctx context.Context) context.Context {
	return context.WithValue(ctx, opsHeldKey{}, true)
}

// exclusiveLocked is exclusive for a caller that holds s.ops.
func (s *Store) exclusiveLocked(ctx context.Context, f func(c *conn) error) error {
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	if err := ctx.Err(); err != nil {
		return err
	}
	if s.writer == nil {
		// The database did not open again after a failed write (heal).
		return s.degraded
	}
	return f(s.writer)
}

// transact runs f in one transaction on c, the writer under the write
// lock, and publishes its pending changes after the commit. A transaction
// that would delete relationships not checkpointed yet (freshrels.go), or
// that finds the buffer pool full, is rolled back and tried once more
// after a checkpoint.
func (s *Store) transact(ctx context.Context, c *conn, f func(ctx context.Context, c *conn, p *pending) error) error {
	err := s.transactOnce(ctx, c, f)
	if errors.Is(err, errCheckpointFirst) {
		s.log.Debug("checkpoint before deleting relationships not checkpointed yet")
		if err = s.checkpoint(ctx, c); err == nil {
			err = s.transactOnce(ctx, c, f)
		} else {
			err = fmt.Errorf("checkpoint before deleting relationships: %w", err)
		}
	}
	if !isBusy(err) || ctx.Err() != nil {
		return err
	}
	if cerr := s.checkpoint(ctx, c); cerr != nil {
		s.log.Warn("checkpoint after a full buffer pool", "err", cerr)
		s.stats.busy.Add(1)
		return err
	}
	if err = s.transactOnce(ctx, c, f); isBusy(err) {
		s.log.Warn("the buffer pool is full after a checkpoint", "err", err)
		s.stats.busy.Add(1)
	} else {
		s.stats.busyRetries.Add(1)
	}
	return err
}

func (s *Store) transactOnce(ctx context.Context, c *conn, f func(ctx context.Context, c *conn, p *pending) error) error {
	if err := c.exec(ctx, "BEGIN TRANSACTION", nil); err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	p := &pending{}
	err := f(ctx, c, p)
	if err == nil {
		err = s.readTouched(ctx, c, p)
	}
	if err != nil {
		s.rollback(ctx, c)
		return err
	}
	if err := c.exec(context.WithoutCancel(ctx), "COMMIT", nil); err != nil {
		s.rollback(ctx, c)
		return fmt.Errorf("commit transaction: %w", err)
	}
	s.apply(p)
	s.afterCommit(ctx, c)
	if err := s.syncIndexes(context.WithoutCancel(ctx), c); err != nil {
		// The data is committed; searches stay exact until the next try.
		s.log.Error("build vector index", "err", err)
	}
	return nil
}

// rollback ends a failed transaction, even if ctx is done. Kuzu aborts a
// transaction itself when one of its statements fails (a full buffer
// pool, a write-write conflict, any runtime error) and then answers our
// ROLLBACK with "No active transaction": the transaction is rolled back
// either way, so that answer is not an error.
func (s *Store) rollback(ctx context.Context, c *conn) {
	if err := c.exec(context.WithoutCancel(ctx), "ROLLBACK", nil); err != nil && !errors.Is(err, errNoTransaction) {
		s.log.Error("roll back transaction", "err", err)
	}
}

// Close closes the database after the operations in flight finish. It is
// idempotent and succeeds even when ctx is done; if ctx ends while waiting,
// running queries are interrupted. A journaled store checkpoints first,
// so that the next Open has no log to replay; when that checkpoint fails
// for a full or failing disk, Close still closes and returns its error
// (core.ErrStorage): every acknowledged write is in the WAL and the
// journal, and the next Open, given room, replays them.
func (s *Store) Close(ctx context.Context) error {
	stop := context.AfterFunc(ctx, s.interruptAll)
	defer stop()
	s.stopKeeper()
	s.stopVecIndexes()
	s.ops.Lock()
	defer s.ops.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	var failed error
	if s.journal != nil && s.degraded == nil && s.writer != nil && s.walSize() > 0 {
		s.writeMu.Lock()
		// A full or failing disk is the caller's to report; anything
		// else only costs the next Open a replay.
		if err := s.checkpoint(context.WithoutCancel(ctx), s.writer); errors.Is(err, core.ErrStorage) {
			failed = err
		} else if err != nil {
			s.log.Warn("checkpoint before closing", "err", err)
		}
		s.writeMu.Unlock()
	}
	s.closeAll()
	s.closeJournal()
	return failed
}

// interruptAll interrupts the writer's running query. It is safe to call
// concurrently with queries (Kuzu's interrupt sets a flag) and with
// closeAll, after which it does nothing.
func (s *Store) interruptAll() {
	s.connMu.Lock()
	defer s.connMu.Unlock()
	if s.writer != nil {
		s.writer.c.Interrupt()
	}
}

// closeAll frees the connections and the database and releases the
// directory lock. It runs under s.ops held for writing, or in Open before
// the store is shared.
func (s *Store) closeAll() {
	s.closeDatabase()
	s.unlock()
}

// closeDatabase frees the connections and the database, keeping the
// directory lock. It runs under s.ops held for writing, or in Open before
// the store is shared.
func (s *Store) closeDatabase() {
	s.connMu.Lock()
	defer s.connMu.Unlock()
	if s.readers != nil {
		close(s.readers)
		for c := range s.readers {
			c.close()
		}
		s.readers = nil
	}
	if s.writer != nil {
		s.writer.close()
		s.writer = nil
	}
	if s.db != nil {
		if s.degraded != nil {
			if free, err := freeBytes(s.opts.Dir); err == nil && free < lowDisk {
				// Kuzu writes what it buffered when it closes, and aborts
				// the process when the disk has no room for it. The
				// database is left open until the process ends; the
				// journal has every acknowledged write.
				runtime.SetFinalizer(s.db, nil)
				s.log.Warn("the disk is full: the database is left to the end of the process instead of closed", "free_bytes", free)
				s.db = nil
				return
			}
		}
		s.db.Close()
		s.db = nil
	}
}
