package kuzu

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math/bits"
	"os"
	"path/filepath"
	"time"

	gokuzu "github.com/kuzudb/go-kuzu"

	"github.com/mnemohq/mnemo/core"
)

// Journal bases. The journal is replayed onto a base: a copy of the
// database file at a known position of the journal, which no checkpoint
// ever writes to. Kuzu writes its database file in place at each
// checkpoint, so the file itself is no base once a later checkpoint can
// be cut short; the store therefore copies it (Snapshot's copy: writes
// wait only for a catch-up of the blocks that changed), opens the copy
// read-only to check that it opens and holds what was counted, and only
// then records it in journal/base.json and drops the journal segments and
// the older bases it covers.
//
// A base is taken when a new database is made, when a database made
// before the journal is first opened, when the journal has grown past
// Options.RebaseBytes since the last base (the keeper, keeper.go), and
// after each erasure (Compact), so that neither the journal nor a base
// keeps what was erased.

// baseFile is the manifest of the current base, in journalDir.
const baseFile = "base.json"

// baseManifest describes a base.
type baseManifest struct {
	// Journal identifies the journal (and the database's Meta
	// journal_id); Seq is the position of the last write the base holds.
	Journal string `json:"journal"`
	Seq     uint64 `json:"seq"`
	// File is the copy of the database file, relative to journalDir,
	// with its size and SHA-256; empty for the base of a journal started
	// with a new database, which is an empty database of Dimension.
	File   string `json:"file"`
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
	// Counts are the row counts of the tables the base holds.
	Counts map[string]int64 `json:"counts"`
	// Dimension and Embedder are the database's.
	Dimension int       `json:"dimension"`
	Embedder  string    `json:"embedder,omitempty"`
	Taken     time.Time `json:"taken"`
}

// readBase reads the manifest of the current base; ok is false when
// there is none.
func readBase(dir string) (m baseManifest, ok bool, err error) {
	b, err := os.ReadFile(filepath.Join(dir, baseFile))
	if errors.Is(err, os.ErrNotExist) {
		return m, false, nil
	}
	if err != nil {
		return m, false, fmt.Errorf("read the journal's base: %w", err)
	}
	if err := json.Unmarshal(b, &m); err != nil || m.Journal == "" {
		why := "it names no journal"
		if err != nil {
			why = err.Error()
		}
		return m, false, fmt.Errorf("%w: the journal's base manifest %s is damaged (%s): move the journal directory aside to open the database without it",
			core.ErrInvalid, filepath.Join(dir, baseFile), why)
	}
	return m, true, nil
}

// writeBase records m as the current base, durably.
func writeBase(dir string, m baseManifest) error {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	tmp := filepath.Join(dir, baseFile+".tmp")
	f, err := os.OpenFile(tmp, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	_, werr := f.Write(append(b, '\n'))
	serr := f.Sync()
	if err := errors.Join(werr, serr, f.Close()); err != nil {
		_ = os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, filepath.Join(dir, baseFile)); err != nil {
		return err
	}
	return syncDir(dir)
}

// newJournalID returns a new random journal id.
func newJournalID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// rebaseBytes is the journal size past which the keeper takes a new base.
func (s *Store) rebaseBytes() int64 {
	if s.opts.RebaseBytes > 0 {
		return s.opts.RebaseBytes
	}
	n := int64(64 << 20)
	if fi, err := os.Stat(filepath.Join(s.opts.Dir, dbFile)); err == nil {
		n = max(n, fi.Size())
	}
	return n
}

// takeBase makes a new base at the position of the last write, records
// it, and drops the journal segments and the bases it covers. Writes wait
// only for the last step of the copy (Snapshot).
func (s *Store) takeBase(ctx context.Context) (baseManifest, error) {
	s.baseMu.Lock()
	defer s.baseMu.Unlock()
	start := time.Now()
	dir := s.journalPath()
	tmp := filepath.Join(dir, "base.tmp")
	if err := os.RemoveAll(tmp); err != nil {
		return baseManifest{}, fmt.Errorf("take a journal base: %w", err)
	}
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		return baseManifest{}, fmt.Errorf("take a journal base: %w", err)
	}
	defer os.RemoveAll(tmp)
	var seq, last uint64
	var counts map[string]int64
	_, err := s.snapshot(ctx, tmp, func(ctx context.Context, c *conn) error {
		var err error
		if counts, err = tableCounts(ctx, c); err != nil {
			return err
		}
		seq, last = s.applied, s.journal.Last()
		// Every record up to last is now in a closed segment, which the
		// base lets go.
		return s.journal.Rotate()
	})
	if err != nil {
		return baseManifest{}, fmt.Errorf("take a journal base: %w", err)
	}
	copied := filepath.Join(tmp, dbFile)
	if err := s.verifyBase(ctx, copied, seq, counts); err != nil {
		return baseManifest{}, fmt.Errorf("take a journal base: the copy does not check: %w", err)
	}
	sum, size, err := fileSHA256(copied)
	if err != nil {
		return baseManifest{}, fmt.Errorf("take a journal base: %w", err)
	}
	crashpoint("base-copied")
	name := fmt.Sprintf("%020d", seq)
	final := filepath.Join(dir, "base", name)
	if err := os.MkdirAll(filepath.Dir(final), 0o755); err != nil {
		return baseManifest{}, fmt.Errorf("take a journal base: %w", err)
	}
	if err := os.RemoveAll(final); err != nil {
		return baseManifest{}, fmt.Errorf("take a journal base: %w", err)
	}
	if err := os.Rename(tmp, final); err != nil {
		return baseManifest{}, fmt.Errorf("take a journal base: %w", err)
	}
	if err := syncDir(filepath.Dir(final)); err != nil {
		return baseManifest{}, fmt.Errorf("take a journal base: %w", err)
	}
	m := baseManifest{
		Journal: s.jid, Seq: seq, File: filepath.Join("base", name, dbFile), Bytes: size, SHA256: sum,
		Counts: counts, Dimension: s.dim, Embedder: s.embedder.String(), Taken: time.Now().UTC(),
	}
	if err := writeBase(dir, m); err != nil {
		return baseManifest{}, fmt.Errorf("take a journal base: record it: %w", err)
	}
	// Writes read the base (journaled) under the write lock.
	s.writeMu.Lock()
	s.base = m
	s.writeMu.Unlock()
	// The base is durable: what it covers can go.
	dropped, err := s.journal.DropThrough(last)
	if err != nil {
		s.log.Warn("drop the journal a base covers", "err", err)
	}
	s.removeOldBases(name)
	s.log.Info("journal base taken", "seq", seq, "bytes", size, "dropped_segments", dropped, "took", time.Since(start).Round(time.Millisecond))
	return m, nil
}

// removeOldBases removes every base directory but keep.
func (s *Store) removeOldBases(keep string) {
	dir := s.journalPath("base")
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if e.Name() == keep {
			continue
		}
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			s.log.Warn("remove an old journal base", "base", e.Name(), "err", err)
		}
	}
	_ = syncDir(dir)
}

// verifyBase opens the database file at path read-only and checks that
// it belongs to the store's journal at position seq and holds counts.
func (s *Store) verifyBase(ctx context.Context, path string, seq uint64, counts map[string]int64) error {
	id, got, gotCounts, err := s.inspectFile(ctx, path)
	if err != nil {
		return err
	}
	if id != s.jid || got != seq {
		return fmt.Errorf("it records journal %s at %d, want %s at %d", id, got, s.jid, seq)
	}
	if !maps.Equal(gotCounts, counts) {
		return fmt.Errorf("it holds %v rows, want %v", gotCounts, counts)
	}
	return nil
}

// inspectFile opens the database file at path read-only, with a small
// pool, and reads its journal id and position and its table counts.
func (s *Store) inspectFile(ctx context.Context, path string) (id string, seq uint64, counts map[string]int64, err error) {
	fi, err := os.Stat(path)
	if err != nil {
		return "", 0, nil, err
	}
	cfg := s.systemConfig()
	cfg.ReadOnly = true
	cfg.BufferPoolSize = 64 << 20
	cfg.MaxNumThreads = 1
	// Kuzu reserves the maximum size as address space: a second database
	// open beside the store's needs no more than its file.
	cfg.MaxDbSize = min(s.opts.MaxDBSizeBytes, max(uint64(1)<<bits.Len64(uint64(fi.Size())*2), 64<<20))
	db, err := gokuzu.OpenDatabase(path, cfg)
	if err != nil {
		if db != nil {
			db.Close()
		}
		return "", 0, nil, fmt.Errorf("open it: %w", translate(err))
	}
	defer db.Close()
	c, err := openConn(db, 1)
	if err != nil {
		return "", 0, nil, err
	}
	defer c.close()
	if id, seq, err = journalState(ctx, c); err != nil {
		return "", 0, nil, err
	}
	counts, err = tableCounts(ctx, c)
	return id, seq, counts, err
}

// fileSHA256 returns the hex SHA-256 and the size of the file at path.
func fileSHA256(path string) (string, int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", 0, err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return "", 0, err
	}
	return hex.EncodeToString(h.Sum(nil)), n, nil
}

// installBase copies the base's database file to path, checking its
// SHA-256 on the way. The base of a journal started with its database
// has no file: the database is made anew.
func (s *Store) installBase(path string) error {
	if s.base.File == "" {
		if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		return nil
	}
	src := filepath.Join(s.journalPath(), s.base.File)
	tmp := path + ".base"
	_ = os.Remove(tmp)
	h := sha256.New()
	if err := copyFile(src, tmp, h, true); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("copy the journal's base: %w", err)
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != s.base.SHA256 {
		_ = os.Remove(tmp)
		return fmt.Errorf("%w: the journal's base %s has SHA-256 %s, its manifest says %s: the base is damaged", core.ErrInvalid, src, got, s.base.SHA256)
	}
	if err := os.Rename(tmp, path); err != nil {
		_ = os.Remove(tmp)
		return err
	}
	return syncDir(filepath.Dir(path))
}
