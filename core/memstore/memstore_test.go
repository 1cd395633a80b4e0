package memstore_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/memstore"
	"github.com/mnemohq/mnemo/core/storetest"
)

// TestConformance runs the store conformance suite, a fresh store per
// sub-test. No sub-test is skipped.
func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) core.Store {
		return open(t)
	})
}

func open(t testing.TB) *memstore.Store {
	s := memstore.New(storetest.MinDimension)
	t.Cleanup(func() { _ = s.Close(context.Background()) })
	return s
}

var t0 = time.Date(2024, 3, 1, 9, 0, 0, 0, time.UTC)

func episode(group, id string) core.Episode {
	return core.Episode{UUID: id, GroupID: group, Source: core.SourceText, Content: "episode " + id, ValidAt: t0, CreatedAt: t0}
}

// TestGroups checks that Groups lists the groups holding episodes, sorted,
// and forgets a group once its episodes are gone.
func TestGroups(t *testing.T) {
	ctx := t.Context()
	s := open(t)
	groups := func() []string {
		t.Helper()
		gs, err := s.Groups(ctx)
		if err != nil {
			t.Fatalf("Groups: %v", err)
		}
		return gs
	}
	if got := groups(); len(got) != 0 {
		t.Errorf("Groups() of an empty store = %v, want none", got)
	}
	if _, err := s.AddEpisodes(ctx, []core.Episode{episode("g-b", "e1"), episode("g-a", "e2")}); err != nil {
		t.Fatalf("AddEpisodes: %v", err)
	}
	// A group holding only an entity is not listed.
	if err := s.Apply(ctx, core.Change{Entities: []core.Entity{{UUID: "n1", GroupID: "g-c", Name: "Alice", CreatedAt: t0}}}); err != nil {
		t.Fatalf("Apply: %v", err)
	}
	if got, want := groups(), []string{"g-a", "g-b"}; !slices.Equal(got, want) {
		t.Errorf("Groups() = %v, want %v", got, want)
	}
	if err := s.Apply(ctx, core.Change{Group: "g-a", DeleteEpisodes: []string{"e2"}}); err != nil {
		t.Fatalf("Apply: %v", err)
	}
	if got, want := groups(), []string{"g-b"}; !slices.Equal(got, want) {
		t.Errorf("Groups() after deleting g-a's episode = %v, want %v", got, want)
	}
	if err := s.Close(ctx); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if _, err := s.Groups(ctx); !errors.Is(err, core.ErrClosed) {
		t.Errorf("Groups after Close: %v, want %v", err, core.ErrClosed)
	}
}

func TestNewPanicsOnBadDimension(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Errorf("New(0) did not panic")
		}
	}()
	memstore.New(0)
}
