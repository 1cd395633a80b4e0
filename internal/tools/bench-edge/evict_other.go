//go:build !linux

package main

// evict does nothing where the kernel has no posix_fadvise to ask.
func evict(paths ...string) error { return nil }
