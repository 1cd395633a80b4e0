package kuzu_test

import (
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/storetest"
	"github.com/mnemohq/mnemo/kuzu"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

// TestConformance runs the store conformance suite on Kuzu stores, each in
// its own temporary directory with a small buffer pool.
func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) core.Store {
		return kuzutest.MustOpen(t, kuzu.Options{BufferPoolBytes: 64 << 20})
	})
}

// TestConformanceIndexed runs the suite's vector searches on stores that
// build their HNSW indexes early and search them rather than scan, so the
// approximate path meets the same recall and tenancy rules as the exact one.
func TestConformanceIndexed(t *testing.T) {
	storetest.Run(t, func(t *testing.T) core.Store {
		if !strings.Contains(t.Name(), "/VectorSearch/") {
			t.Skip("covered by TestConformance; this run exercises the vector index")
		}
		return kuzutest.MustOpen(t, kuzu.Options{BufferPoolBytes: 64 << 20, VectorIndexAt: 50, ExactSearchBelow: 1, ScoreCurrentPer: -1})
	})
}

// TestConformanceCurrent runs the suite's vector searches on stores with
// an index kept in memory whose searches of the present score the current
// vectors of their groups (vectorCurrent), as a long-lived memory's do.
func TestConformanceCurrent(t *testing.T) {
	storetest.Run(t, func(t *testing.T) core.Store {
		if !strings.Contains(t.Name(), "/VectorSearch/") {
			t.Skip("covered by TestConformance; this run scores current vectors in memory")
		}
		return kuzutest.MustOpen(t, kuzu.Options{BufferPoolBytes: 64 << 20, VectorIndexAt: 50, ExactSearchBelow: 1})
	})
}
