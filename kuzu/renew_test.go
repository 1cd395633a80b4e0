package kuzu_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu"
)

// TestRenewal: Kuzu 0.11.3 spends 8 MiB of the database's address space
// at each checkpoint and gives it back only when the database closes; a
// 64 MiB maximum holds eight. Without the renewal the eighth checkpoint
// fails and the process crashes soon after. The store opens the database
// again before that, and every write stays readable, before and after
// it reopens the store.
func TestRenewal(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	opts := kuzu.Options{Dir: dir, Dimension: 4, BufferPoolBytes: 64 << 20, MaxDBSizeBytes: 64 << 20}
	s, err := kuzu.Open(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	vec := []float32{1, 0, 0, 0}
	const writes = 40
	var ids []string
	for i := range writes {
		id := fmt.Sprint("e", i)
		ids = append(ids, id)
		if err := s.Apply(ctx, core.Change{Entities: []core.Entity{{UUID: id, GroupID: "g", Name: fmt.Sprint("name ", i), NameEmbedding: vec, CreatedAt: now}}}); err != nil {
			t.Fatalf("write %d: %v", i, err)
		}
		if err := s.Checkpoint(ctx); err != nil {
			t.Fatalf("checkpoint %d: %v", i, err)
		}
	}
	st := s.DurabilityStats()
	if st.Checkpoints < writes {
		t.Errorf("%d checkpoints taken, want at least %d", st.Checkpoints, writes)
	}
	// A quarter of the eight frame groups: a renewal every two checkpoints.
	if st.Renewals < writes/4 {
		t.Errorf("the database was opened again %d times in %d checkpoints, want at least %d", st.Renewals, st.Checkpoints, writes/4)
	}
	check := func(s *kuzu.Store, when string) {
		t.Helper()
		got, err := s.Entities(ctx, []string{"g"}, ids, core.GetOptions{})
		if err != nil || len(got) != writes {
			t.Fatalf("%s: %d of %d entities read back, err %v", when, len(got), writes, err)
		}
	}
	check(s, "after the renewals")
	if err := s.Close(ctx); err != nil {
		t.Fatal(err)
	}
	s, err = kuzu.Open(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(ctx)
	check(s, "after the store opened again")
}
