package weaviate_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/storetest"
	"github.com/mnemohq/mnemo/weaviate"
)

var stores atomic.Int64

// open opens a store with collections of its own on the test server and
// drops them when t ends.
func open(t *testing.T) *weaviate.Store {
	t.Helper()
	url := need(t)
	prefix := fmt.Sprintf("T%d%03d", time.Now().Unix()%100000, stores.Add(1))
	s, err := weaviate.Open(t.Context(), weaviate.Options{URL: url, Dimension: storetest.MinDimension, Prefix: prefix})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() {
		ctx := context.Background()
		if err := weaviate.Drop(ctx, s); err != nil {
			t.Errorf("Drop: %v", err)
		}
		_ = s.Close(ctx)
	})
	return s
}

// reopen opens s's collections again, as a new process would.
func reopen(t *testing.T, s *weaviate.Store) *weaviate.Store {
	t.Helper()
	r, err := weaviate.Open(t.Context(), weaviate.Options{URL: need(t), Dimension: storetest.MinDimension, Prefix: weaviate.PrefixOf(s)})
	if err != nil {
		t.Fatalf("Open again: %v", err)
	}
	t.Cleanup(func() { _ = r.Close(context.Background()) })
	return r
}

// TestConformance runs the store conformance suite, each sub-test on
// collections of its own.
func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) core.Store { return open(t) })
}
