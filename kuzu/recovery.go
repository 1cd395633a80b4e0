package kuzu

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Recovery: opening a journaled database.
//
// Open trusts the database as Kuzu opens it (replaying Kuzu's own
// write-ahead log) unless the checkpoint mark says the process stopped
// inside a checkpoint, the database file is missing, or Kuzu does not
// open it. Then the store rebuilds it, with no manual step:
//
//  1. Kuzu's files (the database file, its write-ahead log, shadow and
//     spill files) and the mark are moved, never deleted, into
//     Options.Dir/damaged-TIME;
//  2. it puts back the last state known to be whole: the database file
//     as of its last checkpoint, if no checkpoint was cut short and its
//     journal position and row counts are those the journal noted for
//     that checkpoint; otherwise the journal's base (base.go), checked
//     against its SHA-256;
//  3. it replays the journal from there, so every acknowledged write is
//     back, and checkpoints.
//
// What was done is logged in one line and kept (Store.Recovery).

// Recovery is what Open did to bring the database back.
type Recovery struct {
	// Reason says why the database was not used as Kuzu opened it; empty
	// when it was.
	Reason string
	// Aside is the directory Kuzu's files were moved into, if they were.
	Aside string
	// From is what the journal was replayed onto: "database" (the
	// database as Kuzu opened it), "checkpoint" (the database file as of
	// its last checkpoint, checked against the journal) or "base" (the
	// journal's base, taken at BaseTaken).
	From      string
	BaseTaken time.Time
	// After is the journal position the replay started after; Replayed
	// counts the writes replayed, Episodes the episodes they added, and
	// Skipped the writes refused again as they were when first tried.
	After                       uint64
	Replayed, Episodes, Skipped int
	// Took is how long opening took.
	Took time.Duration
}

// String says in one line what was done.
func (r Recovery) String() string {
	var b strings.Builder
	if r.Reason != "" {
		fmt.Fprintf(&b, "the database was rebuilt: %s", r.Reason)
		if r.Aside != "" {
			fmt.Fprintf(&b, "; its files are kept in %s", r.Aside)
		}
		switch r.From {
		case "checkpoint":
			b.WriteString("; it was opened as of its last checkpoint, which the journal confirms,")
		case "base":
			fmt.Fprintf(&b, "; the journal's base of %s was put back", r.BaseTaken.UTC().Format(time.RFC3339))
		}
		b.WriteString(" and ")
	}
	fmt.Fprintf(&b, "%d journaled writes were replayed (%d episodes) after position %d", r.Replayed, r.Episodes, r.After)
	if r.Skipped > 0 {
		fmt.Fprintf(&b, ", %d refused again as when first tried", r.Skipped)
	}
	fmt.Fprintf(&b, ", in %s", r.Took.Round(time.Millisecond))
	return b.String()
}

// Recovery returns what Open did to bring the database back: the zero
// Recovery when the database opened as it was and the journal held
// nothing it lacked.
func (s *Store) Recovery() Recovery {
	s.ops.RLock()
	defer s.ops.RUnlock()
	return s.recovery
}

// startJournaled opens the database at path and its journal, rebuilding
// the database as described above when it cannot be trusted; a non-empty
// rebuild forces the rebuild, with that reason.
func (s *Store) startJournaled(ctx context.Context, path, rebuild string) error {
	start := time.Now()
	dir := s.journalPath()
	m, ok, err := readBase(dir)
	if err != nil {
		return err
	}
	_ = os.RemoveAll(filepath.Join(dir, "base.tmp"))
	next := uint64(1)
	if ok {
		next = m.Seq + 1
	}
	if err := s.openJournal(next); err != nil {
		return err
	}
	if !ok {
		if rebuild != "" {
			return fmt.Errorf("%w: %s has no journal to rebuild the database from", core.ErrInvalid, dir)
		}
		return s.adopt(ctx, path)
	}
	s.base, s.jid = m, m.Journal
	marked := fileExists(filepath.Join(s.opts.Dir, checkpointMark))
	hasDB := fileExists(path)
	reason := rebuild
	switch {
	case reason != "":
	case !hasDB:
		reason = "its file " + dbFile + " is missing"
	case marked:
		reason = "the process stopped inside a checkpoint, which may have left the database file half-written"
		if n := fileSize(filepath.Join(s.opts.Dir, dbFile+".shadow")); n > 0 {
			reason += fmt.Sprintf(" (the shadow file held %d bytes)", n)
		}
	}
	if reason == "" {
		err := s.start(ctx, path)
		if err == nil {
			var done bool
			if reason, done, err = s.resume(ctx, start); done || err != nil {
				return err
			}
		} else if damaged(err) {
			reason = "Kuzu did not open it (" + err.Error() + ")"
		} else {
			return err
		}
		s.closeDatabase()
	}
	return s.rebuild(ctx, path, reason, start, !marked && hasDB)
}

// resume continues from the database as Kuzu opened it: it replays what
// the journal holds past the database's position. It returns a reason to
// rebuild instead, with done false, when the database does not fit the
// journal.
func (s *Store) resume(ctx context.Context, start time.Time) (reason string, done bool, err error) {
	id, seq, err := journalState(ctx, s.writer)
	if err != nil {
		return "", true, err
	}
	switch {
	case id != s.jid:
		// A database file that is not the journal's (put back by hand):
		// it is what the user wants; the journal is kept aside.
		if err := s.setJournalAside("it belongs to another database"); err != nil {
			return "", true, err
		}
		return "", true, s.newJournal(ctx, seq)
	case seq < s.base.Seq:
		return fmt.Sprintf("the database file is at journal position %d, before the journal's base (%d)", seq, s.base.Seq), false, nil
	case seq > s.journal.Last():
		// The database holds writes the journal does not: writes of a
		// run whose journal lost its end (a failing disk), never
		// acknowledged. The database is kept as it is.
		s.log.Warn("the database holds writes past the journal's end; taking a new journal base from it", "database_seq", seq, "journal_last", s.journal.Last())
		s.applied = seq
		if _, err := s.takeBase(ctx); err != nil {
			return "", true, err
		}
		return "", true, s.resetJournal(seq + 1)
	}
	s.applied = seq
	r, err := s.replay(ctx)
	if err != nil {
		return "", true, err
	}
	if r.Records+r.Skipped > 0 {
		s.recovery = Recovery{From: "database", After: r.From - 1, Replayed: r.Records, Episodes: r.Episodes, Skipped: r.Skipped, Took: time.Since(start)}
		s.log.Warn(s.recovery.String())
		if err := s.exclusive(ctx, func(c *conn) error { return s.checkpoint(ctx, c) }); err != nil {
			return "", true, err
		}
	}
	return "", true, nil
}

// rebuild puts Kuzu's files aside, puts back the last whole state and
// replays the journal onto it. tryFile says whether the database file as
// of its last checkpoint may be that state (no checkpoint was cut short).
func (s *Store) rebuild(ctx context.Context, path, reason string, start time.Time, tryFile bool) error {
	s.log.Warn("rebuilding the database from the journal: " + reason)
	hadWAL := fileSize(filepath.Join(s.opts.Dir, walFile)) > 0
	aside, err := s.setAside()
	if err != nil {
		return fmt.Errorf("rebuild the database (%s): %w", reason, err)
	}
	r := Recovery{Reason: reason, Aside: aside}
	if tryFile && hadWAL && aside != "" {
		if s.tryCheckpointed(ctx, path, filepath.Join(aside, dbFile)) {
			r.From = "checkpoint"
		}
	}
	if r.From == "" {
		if err := s.installBase(path); err != nil {
			return fmt.Errorf("rebuild the database (%s): %w", reason, err)
		}
		if s.base.File == "" && s.opts.Dimension == 0 {
			s.opts.Dimension = s.base.Dimension
		}
		if err := s.start(ctx, path); err != nil {
			return fmt.Errorf("rebuild the database (%s): open the journal's base: %w", reason, err)
		}
		id, seq, err := journalState(ctx, s.writer)
		if err != nil {
			return fmt.Errorf("rebuild the database (%s): %w", reason, err)
		}
		if s.base.File == "" && id == "" {
			// The base of a journal started with its database: an empty
			// database, just made.
			if err := s.recordJournal(ctx, 0); err != nil {
				return fmt.Errorf("rebuild the database (%s): %w", reason, err)
			}
			id = s.jid
		}
		if id != s.jid || seq != s.base.Seq {
			return fmt.Errorf("%w: rebuild the database (%s): the journal's base records journal %s at %d, its manifest %s at %d",
				core.ErrInvalid, reason, id, seq, s.jid, s.base.Seq)
		}
		s.applied = seq
		r.From, r.BaseTaken = "base", s.base.Taken
	}
	rp, err := s.replay(ctx)
	if err != nil {
		return fmt.Errorf("rebuild the database (%s): %w", reason, err)
	}
	r.After, r.Replayed, r.Episodes, r.Skipped = rp.From-1, rp.Records, rp.Episodes, rp.Skipped
	if err := s.exclusive(ctx, func(c *conn) error { return s.checkpoint(ctx, c) }); err != nil {
		return fmt.Errorf("rebuild the database (%s): %w", reason, err)
	}
	r.Took = time.Since(start)
	s.recovery = r
	s.log.Warn(r.String())
	return nil
}

// tryCheckpointed opens a copy of the database file at from (its state
// as of its last checkpoint) at path, and keeps it open if the journal
// noted that checkpoint with the same position and row counts.
func (s *Store) tryCheckpointed(ctx context.Context, path, from string) bool {
	if err := copyFile(from, path, nil, true); err != nil {
		s.log.Warn("copy the database file as of its last checkpoint", "err", err)
		return false
	}
	ok := false
	if err := s.start(ctx, path); err == nil {
		id, seq, err := journalState(ctx, s.writer)
		var counts map[string]int64
		if err == nil && id == s.jid && seq >= s.base.Seq {
			counts, err = tableCounts(ctx, s.writer)
		}
		if err == nil && counts != nil {
			mark, found, err := s.noted(seq)
			ok = err == nil && found && maps.Equal(mark.Counts, counts)
			if ok {
				s.applied = seq
			}
		}
	}
	if !ok {
		s.closeDatabase()
		_ = os.Remove(path)
		s.log.Warn("the database file as of its last checkpoint does not match the journal; using the journal's base")
	}
	return ok
}

// noted returns the last checkpoint the journal noted at position seq.
func (s *Store) noted(seq uint64) (checkpointMarkState, bool, error) {
	var out checkpointMarkState
	found := false
	err := s.journal.Scan(s.journal.First(), func(_ uint64, kind byte, data []byte) error {
		if kind != recCheckpoint {
			return nil
		}
		args, err := decodeRecord(data)
		if err != nil {
			return err
		}
		if args.Mark != nil && args.Mark.Seq == seq {
			out, found = *args.Mark, true
		}
		return nil
	})
	return out, found, err
}

// setAside moves Kuzu's files and the checkpoint mark into a new
// directory damaged-TIME of Options.Dir and returns it; "" when there
// was nothing to move.
func (s *Store) setAside() (string, error) {
	var names []string
	for _, n := range append([]string{dbFile, checkpointMark}, sidecars...) {
		if fileExists(filepath.Join(s.opts.Dir, n)) {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return "", nil
	}
	aside, err := unusedName(filepath.Join(s.opts.Dir, "damaged-"+time.Now().UTC().Format("20060102T150405Z")))
	if err != nil {
		return "", err
	}
	if err := os.Mkdir(aside, 0o755); err != nil {
		return "", fmt.Errorf("set the damaged files aside: %w", err)
	}
	for _, n := range names {
		if err := os.Rename(filepath.Join(s.opts.Dir, n), filepath.Join(aside, n)); err != nil {
			return "", fmt.Errorf("set %s aside: %w", n, err)
		}
	}
	if err := syncDir(s.opts.Dir); err != nil {
		return "", err
	}
	return aside, nil
}

// adopt starts a journal for a database that has none: a new database,
// or one made before mnemo kept a journal.
func (s *Store) adopt(ctx context.Context, path string) error {
	if s.journal.Last() >= s.journal.First() {
		// Segments without a base: their writes cannot be placed.
		if err := s.setJournalAside("it has no base"); err != nil {
			return err
		}
	}
	if err := s.start(ctx, path); err != nil {
		return err
	}
	_, seq, err := journalState(ctx, s.writer)
	if err != nil {
		return err
	}
	return s.newJournal(ctx, seq)
}

// newJournal starts a new journal for the open database, continuing the
// position seq it records, and takes its first base.
func (s *Store) newJournal(ctx context.Context, seq uint64) error {
	if err := s.resetJournal(seq + 1); err != nil {
		return err
	}
	s.jid, s.applied = newJournalID(), seq
	if err := s.recordJournal(ctx, seq); err != nil {
		return err
	}
	counts, err := tableCounts(ctx, s.writer)
	if err != nil {
		return err
	}
	if seq == 0 && !slices.ContainsFunc(slices.Collect(maps.Values(counts)), func(n int64) bool { return n > 0 }) {
		// A new database: its base is an empty database of its
		// dimension, made again when needed, not copied.
		m := baseManifest{Journal: s.jid, Counts: counts, Dimension: s.dim, Embedder: s.embedder.String(), Taken: time.Now().UTC()}
		if err := writeBase(s.journalPath(), m); err != nil {
			return fmt.Errorf("record the journal's base: %w", err)
		}
		s.base = m
		return nil
	}
	_, err = s.takeBase(ctx)
	return err
}

// recordJournal records in the database that it belongs to the journal
// s.jid, at position seq.
func (s *Store) recordJournal(ctx context.Context, seq uint64) error {
	return s.exclusive(ctx, func(c *conn) error {
		return s.transact(ctx, c, func(ctx context.Context, c *conn, _ *pending) error {
			if err := c.exec(ctx, "MERGE (m:Meta {key: $k}) SET m.value = $v", map[string]any{"k": metaJournalID, "v": s.jid}); err != nil {
				return fmt.Errorf("record the journal: %w", err)
			}
			return setJournalSeq(ctx, c, seq)
		})
	})
}

// resetJournal empties the journal's log, whose first record will be at
// next.
func (s *Store) resetJournal(next uint64) error {
	s.closeJournal()
	if err := os.RemoveAll(s.journalPath(journalLogDir)); err != nil {
		return fmt.Errorf("reset the journal: %w", err)
	}
	return s.openJournal(next)
}

// setJournalAside moves the journal's log and base aside, to
// journal.aside-TIME in Options.Dir, and opens an empty log.
func (s *Store) setJournalAside(why string) error {
	s.closeJournal()
	aside, err := unusedName(s.journalPath() + ".aside-" + time.Now().UTC().Format("20060102T150405Z"))
	if err != nil {
		return err
	}
	if err := os.Rename(s.journalPath(), aside); err != nil {
		return fmt.Errorf("set the journal aside: %w", err)
	}
	s.log.Warn("the journal does not fit the database and was set aside: "+why, "aside", aside)
	s.base = baseManifest{}
	return s.openJournal(1)
}

// damaged reports whether err, a failure of Store.start, may come from a
// damaged database file rather than from the configuration (an address
// space too small, another embedder, a newer schema, a lock).
func damaged(err error) bool {
	var oe *openError
	return errors.As(err, &oe) && oe.damaged
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func fileSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}
