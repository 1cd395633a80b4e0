package kuzu

import (
	"context"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// TestTrimAfterReads: on a small machine a read arms the trim after
// reads, which trims once no read has come for Options.IdleCheckpoint and
// not before; the next read arms it again. On a large pool reads arm
// nothing.
func TestTrimAfterReads(t *testing.T) {
	ctx := context.Background()
	read := func(s *Store) {
		t.Helper()
		if _, err := s.VectorSearch(ctx, core.SearchQuery{Groups: []string{"g"}, Scope: core.ScopeFacts, Vector: make([]float32, 8), Limit: 5}); err != nil {
			t.Fatal(err)
		}
	}
	s, err := Open(ctx, Options{Dir: t.TempDir(), Dimension: 8, BufferPoolBytes: 64 << 20, IdleCheckpoint: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(ctx)
	if !s.readsTrimmed.Load() {
		t.Fatal("a store just opened has its trim after reads armed already")
	}
	read(s)
	if s.readsTrimmed.Load() {
		t.Fatal("a read did not arm the trim after reads")
	}
	last := time.Unix(0, s.lastRead.Load())
	if wait := s.readIdle(last.Add(time.Minute)); wait != 59*time.Minute || s.readsTrimmed.Load() {
		t.Fatalf("a minute after the last read: wait %v, trimmed %v; want 59m0s, not trimmed", wait, s.readsTrimmed.Load())
	}
	if wait := s.readIdle(last.Add(time.Hour)); wait != 0 || !s.readsTrimmed.Load() {
		t.Fatalf("an hour after the last read: wait %v, trimmed %v; want 0, trimmed", wait, s.readsTrimmed.Load())
	}
	read(s)
	if s.readsTrimmed.Load() {
		t.Fatal("a read after a trim did not arm the trim again")
	}

	big, err := Open(ctx, Options{Dir: t.TempDir(), Dimension: 8, BufferPoolBytes: SmallPool + 1<<20, IdleCheckpoint: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer big.Close(ctx)
	read(big)
	if !big.readsTrimmed.Load() || big.lastRead.Load() != 0 {
		t.Error("a read on a large pool armed the trim after reads")
	}
}
