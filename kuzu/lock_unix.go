//go:build unix

package kuzu

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"

	"github.com/mnemohq/mnemo/core"
)

// lockFile sits beside the database; the Store holding it has an exclusive
// flock on it. flock conflicts between open file descriptions, so a second
// Store in the same process is refused too (Kuzu itself would let it open
// the file and corrupt it).
const lockFile = "mnemo.lock"

func lockDir(dir string) (*os.File, error) {
	path := filepath.Join(dir, lockFile)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("open lock file: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		holder, _ := os.ReadFile(path)
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("%w: %s is in use by another mnemo%s", core.ErrLocked, dir, describeHolder(holder))
		}
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt(lockContent(os.Getpid(), ""), 0)
	}
	return f, nil
}

func (s *Store) unlock() {
	if s.lock == nil {
		return
	}
	_ = syscall.Flock(int(s.lock.Fd()), syscall.LOCK_UN)
	s.lock.Close()
	s.lock = nil
}
