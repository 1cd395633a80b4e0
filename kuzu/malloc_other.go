//go:build !linux

package kuzu

// tuneMalloc does nothing where the C library is not glibc's.
func tuneMalloc(uint64) bool { return false }

// scrubMalloc does nothing where the C library is not glibc's.
func scrubMalloc() bool { return false }
