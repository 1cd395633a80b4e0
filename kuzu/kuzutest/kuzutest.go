// Package kuzutest opens real Kuzu-backed stores for tests.
package kuzutest

import (
	"context"
	"testing"

	"github.com/mnemohq/mnemo/kuzu"
)

// Dimension is the embedding dimension of stores opened by MustOpen when
// the options leave it zero.
const Dimension = 16

// MustOpen opens a store in a fresh temporary directory and closes it when
// the test ends. Zero options get a small buffer pool and Dimension.
func MustOpen(tb testing.TB, opts ...kuzu.Options) *kuzu.Store {
	tb.Helper()
	var o kuzu.Options
	if len(opts) > 0 {
		o = opts[0]
	}
	if o.Dir == "" {
		o.Dir = tb.TempDir()
	}
	if o.Dimension == 0 {
		o.Dimension = Dimension
	}
	if o.BufferPoolBytes == 0 {
		o.BufferPoolBytes = 64 << 20
	}
	if o.Threads == 0 {
		o.Threads = 1
	}
	s, err := kuzu.Open(context.Background(), o)
	if err != nil {
		tb.Fatalf("kuzu.Open(%s): %v", o.Dir, err)
	}
	tb.Cleanup(func() {
		if err := s.Close(context.Background()); err != nil {
			tb.Errorf("Close: %v", err)
		}
	})
	return s
}
