//go:build !linux

package kuzu

// releaseCHeap does nothing where the C library has no malloc_trim.
func releaseCHeap() {}
