package kuzu

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Backups on Kuzu 0.11.3. A database is the file graph.kuzu and, beside
// it, Kuzu's write-ahead log (graph.kuzu.wal), the shadow file a
// checkpoint writes pages through (graph.kuzu.shadow) and a spill file of
// large queries (graph.kuzu.tmp). Commits append to the WAL; only a
// checkpoint writes graph.kuzu. So once a checkpoint has emptied the WAL
// and while no commit and no checkpoint runs (the store's write lock),
// graph.kuzu alone is the whole committed database, and a copy of it is a
// consistent snapshot. Reads go on meanwhile: they do not write the file.

// sidecars are the files Kuzu keeps beside dbFile.
var sidecars = []string{walFile, dbFile + ".shadow", dbFile + ".tmp"}

// Snapshot is what Store.Snapshot copied and counted.
type Snapshot struct {
	// Files are the names of the files written into the snapshot's
	// directory.
	Files []string
	// Groups counts what each group held at the snapshot's moment,
	// counted under the write lock: the snapshot holds exactly this.
	Groups map[string]core.Stats
	// SchemaVersion is the database's schema version.
	SchemaVersion int
	// Embedder is the embedder the database records.
	Embedder core.EmbedderID
	// Blocked is how long writers were held: the checkpoint, the counts
	// and the copy.
	Blocked time.Duration
}

// Snapshot writes a consistent copy of the database into dir, an
// existing empty directory, without closing the store. Writers wait only
// for the last of three steps:
//
//  1. a checkpoint, as the store takes one every few hundred commits
//     (writers wait for it as for any checkpoint), so that the next one
//     has little to write;
//  2. a copy of the database file, while writes go on: it may be torn;
//  3. under the write lock (writes wait, reads go on): a checkpoint of
//     what was committed during the copy, the counts of each group, and
//     the copy brought up to date block by block, rewriting the blocks
//     that differ (most of the file is read from the page cache and left
//     as it is).
//
// An in-memory store has nothing to copy: core.ErrInvalid.
func (s *Store) Snapshot(ctx context.Context, dir string) (Snapshot, error) {
	return s.snapshot(ctx, dir, nil)
}

// snapshot is Snapshot, which runs locked, when not nil, on the writer
// under the write lock once the copy is whole.
func (s *Store) snapshot(ctx context.Context, dir string, locked func(ctx context.Context, c *conn) error) (Snapshot, error) {
	var snap Snapshot
	if s.opts.Dir == "" {
		return snap, fmt.Errorf("%w: an in-memory database has no files to back up", core.ErrInvalid)
	}
	src, dst := filepath.Join(s.opts.Dir, dbFile), filepath.Join(dir, dbFile)
	if s.walSize() != 0 {
		if err := s.Checkpoint(ctx); err != nil {
			return snap, err
		}
	}
	if err := copyFile(src, dst, nil, false); err != nil {
		return snap, fmt.Errorf("copy the database file: %w", err)
	}
	err := s.exclusive(ctx, func(c *conn) error {
		start := time.Now()
		defer func() { snap.Blocked = time.Since(start) }()
		// An empty WAL means nothing was committed since the last
		// checkpoint, which a new one would only sync again.
		if s.walSize() != 0 {
			if err := s.checkpoint(ctx, c); err != nil {
				return err
			}
		}
		if wal := s.walSize(); wal != 0 {
			return fmt.Errorf("the write-ahead log holds %d bytes after a checkpoint", wal)
		}
		checkpointed := time.Now()
		groups, err := s.groupStats(ctx, c)
		if err != nil {
			return err
		}
		counted := time.Now()
		// The copy is synced after the lock is released: writers need
		// not wait for the disk.
		rewritten, err := catchUp(src, dst)
		if err != nil {
			return fmt.Errorf("copy the database file: %w", err)
		}
		s.log.Debug("snapshot", "checkpoint", checkpointed.Sub(start), "count", counted.Sub(checkpointed),
			"catch_up", time.Since(counted), "rewritten_bytes", rewritten)
		snap.Files, snap.Groups = []string{dbFile}, groups
		if locked != nil {
			return locked(ctx, c)
		}
		return nil
	})
	if err != nil {
		return Snapshot{}, err
	}
	if err := syncFile(dst); err != nil {
		return Snapshot{}, fmt.Errorf("sync the copy of the database file: %w", err)
	}
	snap.SchemaVersion, snap.Embedder = schemaVersion, s.embedder
	return snap, nil
}

// catchUp makes dst, an earlier copy of src, equal to src: it compares
// them block by block, rewrites the blocks that differ and cuts dst to
// src's size. It returns the bytes rewritten.
func catchUp(src, dst string) (int64, error) {
	in, err := os.Open(src)
	if err != nil {
		return 0, err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_RDWR, 0)
	if err != nil {
		return 0, err
	}
	defer out.Close()
	const block = 1 << 20
	a, b := make([]byte, block), make([]byte, block)
	var off, rewritten int64
	for {
		n, rerr := io.ReadFull(in, a)
		if n > 0 {
			m, _ := out.ReadAt(b[:n], off)
			if m != n || !bytes.Equal(a[:n], b[:n]) {
				if _, err := out.WriteAt(a[:n], off); err != nil {
					return rewritten, err
				}
				rewritten += int64(n)
			}
			off += int64(n)
		}
		if errors.Is(rerr, io.EOF) || errors.Is(rerr, io.ErrUnexpectedEOF) {
			break
		}
		if rerr != nil {
			return rewritten, rerr
		}
	}
	return rewritten, out.Truncate(off)
}

// groupStats counts every group on c.
func (s *Store) groupStats(ctx context.Context, c *conn) (map[string]core.Stats, error) {
	rows, err := c.query(ctx, "MATCH (e:Episode) RETURN DISTINCT e.group_id AS g ORDER BY g", nil)
	if err != nil {
		return nil, fmt.Errorf("list groups: %w", err)
	}
	out := make(map[string]core.Stats, len(rows))
	for _, r := range rows {
		g := str(r[0])
		if out[g], err = stats(ctx, c, g, s.communities.Load()); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// copyFile copies src to dst, a new file, and syncs it if sync. If sum
// is not nil, the bytes copied are hashed into it.
func copyFile(src, dst string, sum io.Writer, sync bool) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	var w io.Writer = out
	if sum != nil {
		w = io.MultiWriter(out, sum)
	}
	if _, err := io.Copy(w, in); err != nil {
		out.Close()
		return err
	}
	if sync {
		if err := out.Sync(); err != nil {
			out.Close()
			return err
		}
	}
	return out.Close()
}

func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// RestoreOptions tune Restore.
type RestoreOptions struct {
	// Replace lets Restore replace a database the directory holds.
	Replace bool
	// JournalDir is the database's journal directory when it is not the
	// default (Options.JournalDir): the restore empties it.
	JournalDir string
	// SHA256 gives the expected hex SHA-256 of the snapshot's files by
	// name; a file copied with another is refused (core.ErrInvalid) and
	// nothing is changed. Files it does not name are not checked.
	SHA256 map[string]string
}

// Restore installs the database of a snapshot directory src (as
// Store.Snapshot writes it) into the database directory dst, created if
// needed. It holds dst's lock meanwhile, so it fails with core.ErrLocked,
// naming the holder, while a process has the database open. A dst that
// holds a database is refused with core.ErrConflict unless o.Replace; one
// that holds other files with core.ErrInvalid. The file is copied beside
// the database and checked before the old database (its file and Kuzu's
// files beside it) is replaced, so a failed restore changes nothing.
func Restore(src, dst string, o RestoreOptions) error {
	if _, err := os.Stat(filepath.Join(src, dbFile)); err != nil {
		return fmt.Errorf("%w: %s holds no database file (%s): %w", core.ErrInvalid, src, dbFile, err)
	}
	if err := checkDir(dst); err != nil {
		return err
	}
	lock, err := lockDir(dst)
	if err != nil {
		return err
	}
	held := &Store{lock: lock}
	defer held.unlock()
	target := filepath.Join(dst, dbFile)
	if _, err := os.Stat(target); err == nil && !o.Replace {
		return fmt.Errorf("%w: %s holds a database already; replacing it loses what it holds", core.ErrConflict, dst)
	}
	tmp := target + ".restore"
	_ = os.Remove(tmp) // left by an interrupted restore
	h := sha256.New()
	if err := copyFile(filepath.Join(src, dbFile), tmp, h, true); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("copy the database file: %w", err)
	}
	if want, ok := o.SHA256[dbFile]; ok {
		if got := hex.EncodeToString(h.Sum(nil)); !strings.EqualFold(got, want) {
			_ = os.Remove(tmp)
			return fmt.Errorf("%w: %s copied with SHA-256 %s, the backup's manifest says %s: the backup is damaged", core.ErrInvalid, dbFile, got, want)
		}
	}
	// Kuzu's files of the old database would be replayed on the new one,
	// and its journal too: the restored database starts a journal of its
	// own when it is opened.
	jdir := o.JournalDir
	if jdir == "" {
		jdir = filepath.Join(dst, journalDir)
	}
	if err := os.RemoveAll(jdir); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("remove the old database's journal: %w", err)
	}
	for _, name := range append(sidecars, checkpointMark) {
		if err := os.Remove(filepath.Join(dst, name)); err != nil && !errors.Is(err, os.ErrNotExist) {
			_ = os.Remove(tmp)
			return fmt.Errorf("remove the old database's %s: %w", name, err)
		}
	}
	if err := os.Rename(tmp, target); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("install the database file: %w", err)
	}
	return syncDir(dst)
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return fmt.Errorf("sync %s: %w", dir, err)
	}
	return nil
}

// ServedURL returns the URL at which the process holding the database
// directory dir serves it (Store.Advertise), or "" when the lock file
// names none.
func ServedURL(dir string) string {
	b, err := os.ReadFile(filepath.Join(dir, lockFile))
	if err != nil {
		return ""
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) < 2 {
		return ""
	}
	return strings.TrimSpace(lines[1])
}
