//go:build linux

package kuzu

import "testing"

// TestSmallPoolTunesMalloc: a store with a small buffer pool runs malloc
// with a fixed threshold for mapping large blocks apart, so that a block
// of 1 MiB freed and allocated again is mapped again (and given back to
// the kernel when freed) instead of staying in an arena, as glibc's
// dynamic threshold would have it; a large pool changes nothing.
func TestSmallPoolTunesMalloc(t *testing.T) {
	if tuneMalloc(smallPool + 1) {
		t.Error("tuneMalloc tuned malloc for a pool larger than smallPool")
	}
	tuneMalloc(256 << 20) // once per process: a store of this package's tests may have done it
	if !mappedApart(1 << 20) {
		t.Error("a 1 MiB block freed and allocated again came from an arena, want it mapped apart")
	}
}
