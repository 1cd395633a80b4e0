package kuzu

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu/internal/journal"
)

// mnemo's journal, beside Kuzu's files.
//
// Kuzu 0.11.3 can leave a database file that does not open, or that opens
// half-written, when the process stops inside a checkpoint; Kuzu's own
// write-ahead log then does not replay, and what it held is lost. So the
// store keeps a journal of its own (package kuzu/internal/journal: an
// append-only, checksummed, fsynced log in Options.Dir/journal/log): every
// write the store acknowledges (AddEpisodes, Apply, DeleteGroup, Import,
// records, re-embedding) is first appended to the journal and synced,
// then written to Kuzu in a transaction that also records the write's
// position in the journal (Meta journal_seq). A write whose transaction
// fails is taken out of the journal again (journal.Log.Undo); a write is
// acknowledged only once both are done.
//
// What the journal is replayed onto is its base (base.go): a copy of the
// database file, checked by opening it, at a known position. Opening the
// store replays the journal past the position the database file records;
// when the database does not open, or stopped inside a checkpoint (the
// mark checkpointMark is written before each checkpoint and removed
// after it), the store puts Kuzu's files aside and rebuilds the database
// from a base and the journal (recovery.go). Records hold what is needed
// to write the graph again without an LLM: the change an extraction made,
// with its vectors.

const (
	// journalDir holds the journal, in Options.Dir.
	journalDir = "journal"
	// journalLogDir holds its segments, in journalDir.
	journalLogDir = "log"
	// checkpointMark is the file, in Options.Dir, that exists while a
	// checkpoint writes the database file.
	checkpointMark = "checkpoint.pending"
	// Meta keys of the journal: which journal the database belongs to and
	// the position of the last write it holds.
	metaJournalID  = "journal_id"
	metaJournalSeq = "journal_seq"
)

// entry says how a write is journaled: rec is appended before the write
// (a write of the store's caller), or seq names the record the write
// replays (recovery). The zero entry journals nothing.
type entry struct {
	rec *journalRecord
	seq uint64
}

// live returns the entry of a new write of kind with args, encoded, or
// the zero entry when the store keeps no journal.
func (s *Store) live(kind byte, args recordArgs) (entry, error) {
	if s.journal == nil {
		return entry{}, nil
	}
	rec, err := encodeRecord(kind, args)
	if err != nil {
		return entry{}, err
	}
	return entry{rec: &rec}, nil
}

// journaled runs write, the database write e describes, which must
// record the position it is given (withSeq); it appends e's record first
// and takes it out again if write fails. It runs under the write lock.
func (s *Store) journaled(e entry, write func(seq uint64) error) error {
	if e.rec == nil {
		if err := write(e.seq); err != nil {
			return err
		}
		if e.seq > s.applied {
			s.applied = e.seq
		}
		return nil
	}
	if err := s.writable(); err != nil {
		return err
	}
	seq, err := s.journal.Append(e.rec.kind, e.rec.data)
	if err != nil {
		err = fmt.Errorf("%w: write the journal: %w", core.ErrStorage, err)
		s.health.fail(err)
		if errors.Is(err, journal.ErrBroken) {
			s.degrade(err)
		}
		return err
	}
	crashpoint("journaled")
	if err := write(seq); err != nil {
		if uerr := s.journal.Undo(seq); uerr != nil {
			// The record stays and is replayed when the database opens
			// again; until then nothing is written after it.
			s.log.Error("take a failed write out of the journal", "seq", seq, "err", uerr)
			s.degrade(fmt.Errorf("%w: the journal holds a write that failed: %w", core.ErrStorage, uerr))
		}
		if errors.Is(err, core.ErrStorage) {
			s.degrade(err)
		}
		return err
	}
	crashpoint("committed")
	s.applied = seq
	// The write is committed, but the checkpoint after it may have found
	// the disk full and stopped writes (degrade): that failure stands.
	if s.degraded == nil {
		s.health.ok()
	}
	if s.base.Seq > 0 || s.base.Journal != "" {
		if s.journal.Bytes() > s.rebaseBytes() {
			s.keeper.kick()
		}
	}
	return nil
}

// withSeq returns f followed, in the same transaction, by recording seq
// as the position of the last write the database holds.
func withSeq(f func(ctx context.Context, c *conn, p *pending) error, seq uint64) func(ctx context.Context, c *conn, p *pending) error {
	if seq == 0 {
		return f
	}
	return func(ctx context.Context, c *conn, p *pending) error {
		if err := f(ctx, c, p); err != nil {
			return err
		}
		return setJournalSeq(ctx, c, seq)
	}
}

func setJournalSeq(ctx context.Context, c *conn, seq uint64) error {
	if err := c.exec(ctx, "MERGE (m:Meta {key: $k}) SET m.value = $v", map[string]any{"k": metaJournalSeq, "v": strconv.FormatUint(seq, 10)}); err != nil {
		return fmt.Errorf("record the journal position: %w", err)
	}
	return nil
}

// journalState reads which journal the database belongs to and the
// position of the last write it holds ("" and 0 for a database that was
// never journaled).
func journalState(ctx context.Context, c *conn) (string, uint64, error) {
	meta, err := readMeta(ctx, c)
	if err != nil {
		return "", 0, err
	}
	seq, _ := strconv.ParseUint(meta[metaJournalSeq], 10, 64)
	return meta[metaJournalID], seq, nil
}

// redo writes the record seq of kind again (recovery), without appending
// it to the journal.
func (s *Store) redo(ctx context.Context, seq uint64, kind byte, args recordArgs) error {
	e := entry{seq: seq}
	switch kind {
	case recAddEpisodes:
		_, err := s.addEpisodes(ctx, e, args.Episodes)
		return err
	case recApply:
		if args.Change == nil {
			return fmt.Errorf("%w: an apply record holds no change", core.ErrInvalid)
		}
		return s.applyChange(ctx, e, *args.Change)
	case recDeleteGroup:
		_, err := s.deleteGroup(ctx, e, args.Group)
		return err
	case recImport:
		if args.Change == nil {
			return fmt.Errorf("%w: an import record holds no change", core.ErrInvalid)
		}
		return s.importChange(ctx, e, *args.Change)
	case recPutRecords:
		return s.putRecords(ctx, e, args.Records)
	case recDeleteRecords:
		_, err := s.deleteRecords(ctx, e, args.Group, args.Kind, args.IDs)
		return err
	case recBeginRestage:
		if args.Embedder == nil {
			return fmt.Errorf("%w: a re-embedding record names no embedder", core.ErrInvalid)
		}
		_, err := s.beginRestage(ctx, e, *args.Embedder)
		return err
	case recStageVectors:
		return s.stageVectors(ctx, e, args.Scope, args.Staged)
	case recSwitchVectors:
		if args.Embedder == nil {
			return fmt.Errorf("%w: a re-embedding record names no embedder", core.ErrInvalid)
		}
		return s.switchVectors(ctx, e, *args.Embedder)
	case recCheckpoint:
		return nil
	}
	return fmt.Errorf("%w: journal record of unknown kind %d (written by a newer mnemo?)", core.ErrInvalid, kind)
}

// replayed counts what a replay wrote.
type replayed struct {
	// Records counts the writes replayed, Episodes the episodes they
	// added, Skipped the writes refused again as they were when first
	// tried (never acknowledged).
	Records, Episodes, Skipped int
	From, To                   uint64
}

// replay writes again every record of the journal after the position
// the database holds.
func (s *Store) replay(ctx context.Context) (replayed, error) {
	r := replayed{From: s.applied + 1, To: s.journal.Last()}
	if r.From > r.To {
		return r, nil
	}
	s.replaying = true
	defer func() { s.replaying = false }()
	start := time.Now()
	err := s.journal.Scan(r.From, func(seq uint64, kind byte, data []byte) error {
		if kind == recCheckpoint {
			return nil
		}
		args, err := decodeRecord(data)
		if err != nil {
			return fmt.Errorf("journal record %d: %w", seq, err)
		}
		err = s.redo(ctx, seq, kind, args)
		switch {
		case err == nil:
			r.Records++
			if kind == recAddEpisodes {
				r.Episodes += len(args.Episodes)
			}
		case errors.Is(err, core.ErrConflict), errors.Is(err, core.ErrInvalid):
			// The write was refused when it was first tried too (the
			// process stopped before the record was taken out), so it was
			// never acknowledged: it stays refused.
			s.log.Warn("a journaled write is refused again; skipping it", "seq", seq, "err", err)
			r.Skipped++
			if err := s.exclusive(ctx, func(c *conn) error {
				return s.transact(ctx, c, withSeq(func(context.Context, *conn, *pending) error { return nil }, seq))
			}); err != nil {
				return fmt.Errorf("record the journal position %d: %w", seq, err)
			}
			s.applied = seq
		default:
			return fmt.Errorf("replay journal record %d: %w", seq, err)
		}
		if (r.Records+r.Skipped)%1000 == 0 {
			s.log.Info("replaying the journal", "at", seq, "last", r.To, "took", time.Since(start).Round(time.Millisecond))
		}
		return nil
	})
	return r, err
}

// writable returns why the store cannot write now, nil if it can.
func (s *Store) writable() error {
	if s.degraded != nil {
		s.keeper.kick()
		return s.degraded
	}
	return nil
}

// degrade stops writes after Kuzu failed to write (a full or failing
// disk): Kuzu's memory may then hold part of the failed transaction (a key
// it reports as a duplicate, seen after a full disk), so nothing more is
// written until the database is opened again, which the keeper does once
// the disk has room. It runs under the write lock.
func (s *Store) degrade(err error) {
	if s.degraded == nil {
		s.log.Error("writes stop until the database is opened again", "err", err)
		s.degraded = err
	}
	s.health.fail(err)
	s.keeper.kick()
}

// writeHealth tells whether writes succeed: the last failure of a write
// to the disk, until a write succeeds again.
type writeHealth struct {
	mu  sync.Mutex
	err error
}

func (h *writeHealth) fail(err error) {
	h.mu.Lock()
	h.err = err
	h.mu.Unlock()
}

func (h *writeHealth) ok() {
	h.mu.Lock()
	h.err = nil
	h.mu.Unlock()
}

func (h *writeHealth) get() error {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.err
}

// WriteHealth returns why writes fail now (a full or failing disk,
// wrapping core.ErrStorage), nil while they succeed.
func (s *Store) WriteHealth() error {
	if err := s.health.get(); err != nil {
		s.keeper.kick()
		return err
	}
	return nil
}

// journalPath is the journal's directory (Options.JournalDir), or elem
// inside it.
func (s *Store) journalPath(elem ...string) string {
	dir := s.opts.JournalDir
	if dir == "" {
		dir = filepath.Join(s.opts.Dir, journalDir)
	}
	return filepath.Join(append([]string{dir}, elem...)...)
}

// openJournal opens the journal's log, next being the position its first
// record gets when it holds none.
func (s *Store) openJournal(next uint64) error {
	log, err := journal.Open(journal.Options{Dir: s.journalPath(journalLogDir), Next: next, Logger: s.log, Fault: s.opts.journalFault})
	if err != nil {
		return fmt.Errorf("open the journal: %w", err)
	}
	s.journal = log
	return nil
}

// closeJournal closes the journal's log.
func (s *Store) closeJournal() {
	if s.journal != nil {
		if err := s.journal.Close(); err != nil {
			s.log.Error("close the journal", "err", err)
		}
		s.journal = nil
	}
}

// markCheckpoint writes the checkpoint mark, durably, before a
// checkpoint; the returned function removes it once the checkpoint has
// succeeded. A store without a journal has no mark.
func (s *Store) markCheckpoint() (done func(), err error) {
	if s.opts.Dir == "" || s.opts.NoJournal {
		return func() {}, nil
	}
	path := filepath.Join(s.opts.Dir, checkpointMark)
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, fmt.Errorf("%w: mark the checkpoint: %w", core.ErrStorage, err)
	}
	_, werr := f.WriteString(strconv.FormatUint(s.applied, 10) + "\n")
	serr := f.Sync()
	cerr := f.Close()
	if err := errors.Join(werr, serr, cerr); err != nil {
		_ = os.Remove(path)
		return nil, fmt.Errorf("%w: mark the checkpoint: %w", core.ErrStorage, err)
	}
	if err := syncDir(s.opts.Dir); err != nil {
		return nil, fmt.Errorf("%w: mark the checkpoint: %w", core.ErrStorage, err)
	}
	return func() {
		if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
			s.log.Warn("remove the checkpoint mark", "err", err)
			return
		}
		if err := syncDir(s.opts.Dir); err != nil {
			s.log.Warn("remove the checkpoint mark", "err", err)
		}
	}, nil
}

// noteCheckpoint appends to the journal what the checkpoint just taken
// wrote into the database file: recovery checks a database file opened
// without its write-ahead log against it. A failure is only logged: the
// record is a check, not data.
func (s *Store) noteCheckpoint(ctx context.Context, c *conn) {
	if s.journal == nil || s.replaying || s.degraded != nil {
		return
	}
	counts, err := tableCounts(ctx, c)
	if err != nil {
		s.log.Warn("count the tables for the journal", "err", err)
		return
	}
	rec, err := encodeRecord(recCheckpoint, recordArgs{Mark: &checkpointMarkState{Seq: s.applied, Counts: counts}})
	if err == nil {
		_, err = s.journal.Append(rec.kind, rec.data)
	}
	if err != nil {
		s.log.Warn("note the checkpoint in the journal", "err", err)
	}
}

// countedTables are the tables whose row counts a checkpoint notes.
var countedTables = []string{"Episode", "Entity", "Fact", "Community", "Record"}

// tableCounts counts the rows of countedTables; a table the database does
// not have (Record and Community, made on demand: lazytables.go) counts 0.
func tableCounts(ctx context.Context, c *conn) (map[string]int64, error) {
	out := make(map[string]int64, len(countedTables))
	tables, err := tableNames(ctx, c)
	if err != nil {
		return nil, err
	}
	for _, t := range countedTables {
		if !tables[t] {
			out[t] = 0
			continue
		}
		rows, err := c.query(ctx, "MATCH (x:"+t+") RETURN count(*)", nil)
		if err != nil {
			return nil, fmt.Errorf("count %s: %w", t, err)
		}
		if len(rows) == 1 {
			out[t] = i64(rows[0][0])
		}
	}
	return out, nil
}
