//go:build unix

package kuzu

import "golang.org/x/sys/unix"

// freeBytes returns the bytes an unprivileged process may still write on
// the file system holding dir.
func freeBytes(dir string) (uint64, error) {
	var st unix.Statfs_t
	if err := unix.Statfs(dir, &st); err != nil {
		return 0, err
	}
	return st.Bavail * uint64(st.Bsize), nil
}
