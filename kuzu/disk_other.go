//go:build !unix

package kuzu

import "errors"

// freeBytes is not known on this platform.
func freeBytes(string) (uint64, error) {
	return 0, errors.New("free disk space is not known on this platform")
}
