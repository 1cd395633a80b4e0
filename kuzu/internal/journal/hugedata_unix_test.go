//go:build unix

package journal_test

import (
	"syscall"
	"testing"
)

// hugeData returns n bytes that are never touched, outside the Go heap,
// so that neither the allocator nor the race detector clears them.
func hugeData(t *testing.T, n int) []byte {
	t.Helper()
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ, syscall.MAP_PRIVATE|syscall.MAP_ANON|syscall.MAP_NORESERVE)
	if err != nil {
		t.Fatalf("mmap %d bytes: %v", n, err)
	}
	t.Cleanup(func() { syscall.Munmap(b) })
	return b
}
