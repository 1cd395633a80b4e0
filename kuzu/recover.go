package kuzu

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Recovery is what RecoverWithoutWAL did.
type Recovery struct {
	// WAL is the path the write-ahead log was moved to, and WALBytes its
	// size: what was committed after the last checkpoint, and lost.
	WAL      string
	WALBytes int64
	// Compaction is the rewrite of the database that followed.
	Compaction Compaction
}

// RecoverWithoutWAL is the last resort for a database whose write-ahead
// log does not replay at all, so that Open fails whatever the buffer pool
// (mnemo recover --discard-wal). It opens the database as its last
// checkpoint left it: everything committed after is lost. The log is not
// deleted but moved beside the database, to graph.kuzu.wal.discarded-
// followed by the UTC time (and a number if that name is taken), and
// logged; it can only be replayed against the database file as it was,
// which the rewrite below replaces, so copy the directory first to keep
// that chance.
//
// The database is then rewritten as Compact does: a checkpoint that a
// crash interrupted can leave the primary-key indexes in the file holding
// keys of rows the file does not have (measured after the crash described
// in freshrels.go: inserting such a key failed as a duplicate, and the
// next statement crashed the process), and the rewrite builds them anew
// from the rows.
//
// opts are those Open takes; zero Dimension and Embedder accept what the
// database records. The directory must hold a database and a write-ahead
// log (else core.ErrInvalid), and no process may have it open
// (core.ErrLocked).
func RecoverWithoutWAL(ctx context.Context, opts Options) (Recovery, error) {
	var out Recovery
	if opts.Dir == "" {
		return out, fmt.Errorf("%w: an in-memory database has no write-ahead log", core.ErrInvalid)
	}
	if _, err := os.Stat(filepath.Join(opts.Dir, dbFile)); err != nil {
		return out, fmt.Errorf("%w: %s holds no mnemo database (%s): %w", core.ErrInvalid, opts.Dir, dbFile, err)
	}
	log := opts.withDefaults().Logger
	s, err := open(ctx, opts, func() error {
		wal := filepath.Join(opts.Dir, walFile)
		fi, err := os.Stat(wal)
		if errors.Is(err, os.ErrNotExist) || err == nil && fi.Size() == 0 {
			return fmt.Errorf("%w: %s has no write-ahead log to discard: the database opens as it is", core.ErrInvalid, opts.Dir)
		}
		if err != nil {
			return fmt.Errorf("stat the write-ahead log: %w", err)
		}
		aside, err := unusedName(wal + ".discarded-" + time.Now().UTC().Format("20060102T150405Z"))
		if err != nil {
			return err
		}
		if err := os.Rename(wal, aside); err != nil {
			return fmt.Errorf("move the write-ahead log aside: %w", err)
		}
		out.WAL, out.WALBytes = aside, fi.Size()
		log.Warn("opening the database without its write-ahead log: what was committed after the last checkpoint is lost",
			"wal_moved_to", aside, "wal_bytes", fi.Size())
		return syncDir(opts.Dir)
	})
	if err != nil {
		if out.WAL != "" {
			return out, fmt.Errorf("open the database without its write-ahead log (moved to %s): %w", out.WAL, err)
		}
		return out, err
	}
	defer s.Close(context.WithoutCancel(ctx))
	if out.Compaction, err = s.Compact(ctx); err != nil {
		return out, fmt.Errorf("rewrite the database opened without its write-ahead log (moved to %s): %w", out.WAL, err)
	}
	log.Warn("recovered the database as of its last checkpoint", "wal_moved_to", out.WAL,
		"before_bytes", out.Compaction.Before, "after_bytes", out.Compaction.After)
	return out, nil
}

// unusedName returns path, or path followed by -2, -3, … if a file has
// that name already.
func unusedName(path string) (string, error) {
	for i := 1; ; i++ {
		p := path
		if i > 1 {
			p += "-" + strconv.Itoa(i)
		}
		_, err := os.Lstat(p)
		if errors.Is(err, os.ErrNotExist) {
			return p, nil
		}
		if err != nil {
			return "", fmt.Errorf("stat %s: %w", p, err)
		}
	}
}
