package kuzu_test

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu"
)

// idleStore opens a store whose checkpoints after a commit need 1 MiB of
// WAL or 1<<20 commits, so that only the idle pass takes the ones these
// tests look for, and whose idle pass waits idle.
func idleStore(t *testing.T, idle time.Duration) *kuzu.Store {
	t.Helper()
	s, err := kuzu.Open(context.Background(), kuzu.Options{Dir: t.TempDir(), Dimension: 16,
		CheckpointEvery: 1 << 20, CheckpointWALBytes: 1 << 20, IdleCheckpoint: idle})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close(context.Background()) })
	return s
}

// writeWAL writes entities until the WAL holds at least n bytes.
func writeWAL(t *testing.T, s *kuzu.Store, n int64) {
	t.Helper()
	for i := 0; i == 0 || kuzu.WALBytesForTest(s) < n; i++ {
		var ents []core.Entity
		for j := range 8 {
			e := ent("g", fmt.Sprintf("e%04d-%d", i, j), fmt.Sprintf("Entity %d %d", i, j))
			e.Summary = strings.Repeat("a summary long enough to fill the log ", 8)
			ents = append(ents, e)
		}
		if err := s.Apply(context.Background(), core.Change{Entities: ents}); err != nil {
			t.Fatal(err)
		}
		if i > 10000 {
			t.Fatalf("the WAL holds %d bytes after %d writes, want %d", kuzu.WALBytesForTest(s), i, n)
		}
	}
}

// TestIdleCheckpoint checks when the idle pass checkpoints: once the
// writes have stopped for Options.IdleCheckpoint, and the WAL holds at
// least an eighth of what makes a checkpoint due after a commit (128 KiB
// here); not while writes are recent, not for a few small writes.
func TestIdleCheckpoint(t *testing.T) {
	tests := []struct {
		name     string
		wal      int64         // bytes of WAL written
		ago      time.Duration // since the last commit
		wantTook bool
	}{
		{"writes stopped, WAL past an eighth", 200 << 10, time.Hour, true},
		{"writes stopped, WAL under an eighth", 1, time.Hour, false},
		{"writes recent", 200 << 10, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := idleStore(t, time.Hour) // the keeper's own pass never comes
			writeWAL(t, s, tt.wal)
			before := s.DurabilityStats().Checkpoints
			wal := kuzu.WALBytesForTest(s)
			kuzu.IdlePassForTest(s, tt.ago)
			took := s.DurabilityStats().Checkpoints > before
			if took != tt.wantTook {
				t.Fatalf("with %d bytes of WAL, last commit %v ago: checkpointed %v, want %v", wal, tt.ago, took, tt.wantTook)
			}
			if took && kuzu.WALBytesForTest(s) >= wal {
				t.Errorf("the WAL holds %d bytes after the idle checkpoint, %d before", kuzu.WALBytesForTest(s), wal)
			}
			// The entities written are there whatever the pass did.
			if got, err := s.EntityNames(context.Background(), []string{"g"}, []string{"e0000-0"}); err != nil || got["e0000-0"] == "" {
				t.Errorf("EntityNames after the idle pass = %v, %v; want the first entity's name", got, err)
			}
		})
	}
}

// TestKeeperTakesTheIdleCheckpoint checks that the keeper makes the idle
// pass by itself once the writes stop, and that a write after it arms the
// next one.
func TestKeeperTakesTheIdleCheckpoint(t *testing.T) {
	s := idleStore(t, 50*time.Millisecond)
	for round := range 2 {
		before := s.DurabilityStats().Checkpoints
		writeWAL(t, s, 200<<10)
		deadline := time.Now().Add(time.Minute)
		for s.DurabilityStats().Checkpoints == before {
			if time.Now().After(deadline) {
				t.Fatalf("round %d: no checkpoint a minute after the writes stopped (WAL %d bytes)", round, kuzu.WALBytesForTest(s))
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// TestIdlePassWaitsForWork checks that the idle pass takes no checkpoint
// while the store's user reports work in progress (HoldUpkeepWhile): an
// extraction that commits nothing for a while is no pause.
func TestIdlePassWaitsForWork(t *testing.T) {
	s := idleStore(t, time.Hour)
	var busy atomic.Bool
	busy.Store(true)
	s.HoldUpkeepWhile(busy.Load)
	writeWAL(t, s, 200<<10)
	before := s.DurabilityStats().Checkpoints
	kuzu.IdlePassForTest(s, time.Hour)
	if n := s.DurabilityStats().Checkpoints; n != before {
		t.Fatalf("checkpoints %d -> %d while busy, want none", before, n)
	}
	busy.Store(false)
	kuzu.IdlePassForTest(s, time.Hour)
	if n := s.DurabilityStats().Checkpoints; n == before {
		t.Fatalf("no checkpoint once the work was done")
	}
}
