package kuzu_test

import (
	"testing"

	"mnemo/core"
	"mnemo/core/storetest"
	"mnemo/kuzu"
	"mnemo/kuzu/kuzutest"
)

// TestConformance runs the store conformance suite on Kuzu stores, each in
// its own temporary directory with a small buffer pool.
func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) core.Store {
		return kuzutest.MustOpen(t, kuzu.Options{BufferPoolBytes: 64 << 20})
	})
}
