package kuzu_test

import (
	"testing"

	"github.com/mnemohq/mnemo/kuzu"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

// TestOpenScrubsFreedMemory: once a store is open, a block that held a
// canary and was freed does not hand it back to the next allocation of its
// size, for the sizes of the pages Kuzu writes partly unfilled and more
// (docs/erasure.md): without the store's malloc setting, glibc gives the
// same block back as it was.
func TestOpenScrubsFreedMemory(t *testing.T) {
	s, err := open(t, t.TempDir(), kuzutest.Dimension)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(t.Context())
	for _, size := range []int{2 << 10, 4 << 10, 16 << 10, 64 << 10} {
		if kuzu.FreedBytesReturnForTest(canary, size) {
			t.Errorf("a freed block of %d KiB came back to malloc holding the canary", size>>10)
		}
	}
}
