package kuzu

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// TestCheckpointHeldWhileBusy checks that a checkpoint left to the keeper
// waits while the store's user says it is busy (HoldUpkeepWhile): the
// keeper's look takes nothing; the call of quiet has the keeper take it;
// held past holdFor, the keeper takes it busy or not; and the commit that
// finds it maxDeferredCommits overdue takes it itself.
func TestCheckpointHeldWhileBusy(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, Options{Dir: t.TempDir(), Dimension: 4, BufferPoolBytes: 64 << 20, Threads: 1, CheckpointEvery: 4})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close(ctx)
	var busy atomic.Bool
	busy.Store(true)
	quiet := s.HoldUpkeepWhile(busy.Load)
	n := 0
	write := func(k int) {
		t.Helper()
		for range k {
			n++
			e := core.Entity{UUID: fmt.Sprint("e", n), GroupID: "g", Name: fmt.Sprint("Entity ", n), CreatedAt: time.Unix(0, 0)}
			if err := s.Apply(ctx, core.Change{Entities: []core.Entity{e}}); err != nil {
				t.Fatal(err)
			}
		}
	}
	checkpoints := func() int64 { return s.DurabilityStats().Checkpoints }
	// waitFor waits for the keeper's checkpoint, for a minute at most.
	waitFor := func(want int64, why string) {
		t.Helper()
		deadline := time.Now().Add(time.Minute)
		for checkpoints() < want {
			if time.Now().After(deadline) {
				t.Fatalf("no checkpoint a minute after %s", why)
			}
			time.Sleep(time.Millisecond)
		}
	}
	if err := s.Checkpoint(ctx); err != nil {
		t.Fatal(err)
	}
	base := checkpoints()

	// Due after the fourth commit, held while busy.
	write(6)
	s.checkpointIfDue(ctx)
	if got := checkpoints(); got != base {
		t.Fatalf("checkpoints while busy = %d, want %d", got-base, 0)
	}
	if !s.checkpointDue.Load() {
		t.Fatal("no checkpoint due after six commits")
	}
	busy.Store(false)
	quiet()
	waitFor(base+1, "quiet")

	// Held past holdFor, taken though busy.
	busy.Store(true)
	write(4)
	s.holdFor.Store(int64(time.Nanosecond))
	s.checkpointIfDue(ctx)
	if got := checkpoints(); got != base+2 {
		t.Fatalf("checkpoints after the hold ran out = %d, want %d", got-base, 2)
	}
	s.holdFor.Store(int64(time.Hour))

	// Overdue: the commit after maxDeferredCommits deferred ones takes it.
	write(3 + maxDeferredCommits)
	if got := checkpoints(); got != base+2 {
		t.Fatalf("checkpoints with %d commits deferred = %d, want %d", maxDeferredCommits, got-base, 2)
	}
	write(1)
	if got := checkpoints(); got != base+3 {
		t.Fatalf("checkpoints after %d commits deferred = %d, want %d", maxDeferredCommits+1, got-base, 3)
	}
}
