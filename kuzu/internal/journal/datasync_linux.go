package journal

import (
	"io/fs"
	"os"
	"syscall"
)

// datasync flushes f's data, and the metadata needed to read it back (its
// size), to stable storage: fdatasync, which skips the timestamps fsync
// would also write.
func datasync(f *os.File) error {
	for {
		err := syscall.Fdatasync(int(f.Fd()))
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return &fs.PathError{Op: "fdatasync", Path: f.Name(), Err: err}
		}
		return nil
	}
}
