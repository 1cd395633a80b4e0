// Package kuzutest opens real Kuzu-backed stores for tests.
package kuzutest

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
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

// FilesHolding returns the files under dir (recursively) whose bytes hold
// any of needles, with the needle found: what an erasure test expects to
// be empty once the store has forgotten and compacted.
func FilesHolding(tb testing.TB, dir string, needles ...string) []string {
	tb.Helper()
	var found []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, n := range needles {
			if bytes.Contains(b, []byte(n)) {
				found = append(found, fmt.Sprintf("%s holds %q", path, n))
			}
		}
		return nil
	})
	if err != nil {
		tb.Fatalf("scan %s: %v", dir, err)
	}
	return found
}
