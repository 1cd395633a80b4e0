//go:build !linux

package journal

import "os"

// datasync flushes f to stable storage; outside Linux, with File.Sync
// (F_FULLFSYNC on macOS).
func datasync(f *os.File) error {
	return f.Sync()
}
