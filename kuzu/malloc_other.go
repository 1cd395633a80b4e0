//go:build !linux

package kuzu

// tuneMalloc does nothing where the C library is not glibc's.
func tuneMalloc(uint64) bool { return false }

// fitMalloc does nothing where the C library is not glibc's.
func fitMalloc(int) int { return 0 }

// scrubMalloc does nothing where the C library is not glibc's.
func scrubMalloc() bool { return false }
