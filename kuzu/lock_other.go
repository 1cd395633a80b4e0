//go:build !unix

package kuzu

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/mnemohq/mnemo/core"
)

const lockFile = "mnemo.lock"

// lockDir creates the lock file exclusively; a stale file left by a crash
// must be removed by hand on these platforms.
func lockDir(dir string) (*os.File, error) {
	path := filepath.Join(dir, lockFile)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		if os.IsExist(err) {
			holder, _ := os.ReadFile(path)
			return nil, fmt.Errorf("%w: %s is in use%s (remove %s if no mnemo runs)", core.ErrLocked, dir, describeHolder(holder), path)
		}
		return nil, fmt.Errorf("create lock file: %w", err)
	}
	_, _ = f.WriteAt(lockContent(os.Getpid(), ""), 0)
	return f, nil
}

func (s *Store) unlock() {
	if s.lock == nil {
		return
	}
	name := s.lock.Name()
	s.lock.Close()
	os.Remove(name)
	s.lock = nil
}
