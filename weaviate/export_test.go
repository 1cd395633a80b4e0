package weaviate

import (
	"context"
	"errors"
	"slices"

	"github.com/mnemohq/mnemo/core"
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

// RecreateWithoutArchivedForTest drops s's entity and fact collections,
// creates them as mnemo did before archived_at existed and writes ents
// into them as it wrote them then, for the test of the property's
// addition to existing collections.
func RecreateWithoutArchivedForTest(ctx context.Context, s *Store, ents ...core.Entity) error {
	for _, c := range []struct {
		name  string
		props []prop
	}{{s.names.entity, entityProps}, {s.names.fact, factProps}} {
		if err := s.client.Schema().ClassDeleter().WithClassName(c.name).Do(ctx); err != nil {
			return err
		}
		old := slices.DeleteFunc(slices.Clone(c.props), func(p prop) bool { return p.name == "archived_at" })
		if err := s.client.Schema().ClassCreator().WithClass(s.classDef(c.name, old, true)).Do(ctx); err != nil {
			return err
		}
	}
	for i := range ents {
		o := s.entityObject(&ents[i])
		delete(o.Properties.(map[string]any), "archived_at")
		if _, err := s.client.Batch().ObjectsBatcher().WithObjects(o).Do(ctx); err != nil {
			return err
		}
	}
	return nil
}

// SetRecordsLimitForTest makes s read at most n records of a kind with
// one query before it scans the group's tenant instead.
func SetRecordsLimitForTest(s *Store, n int) { s.recordsLimit = n }

// DropRecordsForTest deletes s's records collection, as a store made
// before records existed lacks it.
func DropRecordsForTest(ctx context.Context, s *Store) error {
	return s.client.Schema().ClassDeleter().WithClassName(s.names.record).Do(ctx)
}
