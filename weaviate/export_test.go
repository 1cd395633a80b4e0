package weaviate

import (
	"context"
	"errors"
)

// Drop deletes the store's collections (tests).
func Drop(ctx context.Context, s *Store) error { return s.dropSchema(ctx) }

// PrefixOf returns the prefix of s's collections.
func PrefixOf(s *Store) string { return s.opts.Prefix }

// CrashAt makes the store's next changes fail before their write number n
// (0 first), as a crash there would leave them; a negative n stops it. It
// reports whether the last change reached write n.
func CrashAt(s *Store, n int) (reached func() bool) {
	if n < 0 {
		s.beforeWrite = nil
		return func() bool { return false }
	}
	i, hit := 0, false
	s.beforeWrite = func() error {
		defer func() { i++ }()
		if i == n {
			hit = true
			return errCrash
		}
		return nil
	}
	return func() bool { return hit }
}

var errCrash = errors.New("weaviate test: crash")
