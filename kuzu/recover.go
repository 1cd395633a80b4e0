package kuzu

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/mnemohq/mnemo/core"
)

// RecoverOptions tune Recover.
type RecoverOptions struct {
	// Rebuild rebuilds the database from the journal even when it opens:
	// Kuzu's files are moved aside and the last whole state (the database
	// file as of its last checkpoint, if the journal confirms it, else
	// the journal's base) is put back and the journal replayed onto it.
	Rebuild bool
}

// Recover opens the database the way Open does, rebuilding it from the
// journal when it does not open or stopped inside a checkpoint, or
// always with o.Rebuild, closes it, and reports what was done (mnemo
// recover). opts are those Open takes. No process may have the database
// open (core.ErrLocked); a database without a journal cannot be rebuilt
// (core.ErrInvalid).
func Recover(ctx context.Context, opts Options, o RecoverOptions) (Recovery, error) {
	if opts.Dir == "" {
		return Recovery{}, fmt.Errorf("%w: an in-memory database has nothing to recover", core.ErrInvalid)
	}
	if opts.NoJournal {
		return Recovery{}, fmt.Errorf("%w: the journal is turned off (store.journal = false): nothing can rebuild the database", core.ErrInvalid)
	}
	reason := ""
	if o.Rebuild {
		reason = "mnemo recover --rebuild asked for it"
	}
	s, err := open(ctx, opts, nil, reason)
	if err != nil {
		return Recovery{}, err
	}
	r := s.Recovery()
	return r, s.Close(context.WithoutCancel(ctx))
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

// damagedDirs lists the directories of Kuzu's files that recoveries set
// aside in dir.
func damagedDirs(dir string) []string {
	m, _ := filepath.Glob(filepath.Join(dir, "damaged-*"))
	return m
}
