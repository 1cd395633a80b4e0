package kuzu

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu/internal/journal"
)

func TestJournalRecordRoundTrip(t *testing.T) {
	at := time.Date(2024, 5, 1, 9, 0, 0, 123456000, time.UTC)
	vec := []float32{0.5, -1.25, float32(math.Inf(1)), 3e-38}
	tests := []struct {
		name string
		args recordArgs
	}{
		{"episodes", recordArgs{Episodes: []core.Episode{
			{UUID: "e1", GroupID: "g", Source: core.SourceMessage, Content: "Alice: I moved to Lisbon.\nBob: ✓", ValidAt: at, CreatedAt: at, Embedding: vec},
			{UUID: "e2", GroupID: "g", Source: core.SourceText, Content: "no vector", ValidAt: at, CreatedAt: at},
		}}},
		{"change", recordArgs{Change: &core.Change{
			Group:    "g",
			Entities: []core.Entity{{UUID: "n1", GroupID: "g", Name: "Alice", Labels: []string{"Person"}, NameEmbedding: vec, Attributes: map[string]any{"age": 30.0}}, {UUID: "n2", GroupID: "g", Name: "Lisbon"}},
			Facts: []core.Fact{{UUID: "f1", GroupID: "g", Relation: "LIVES_IN", Text: "Alice lives in Lisbon", SourceUUID: "n1", TargetUUID: "n2",
				Embedding: vec, Episodes: []string{"e1"}, ValidAt: at, InvalidAt: at.Add(time.Hour), CreatedAt: at}},
			Mentions:       []core.Mention{{Episode: "e1", Entity: "n1"}},
			Communities:    []core.Community{{UUID: "c1", GroupID: "g", Name: "c", Members: []string{"n1"}, NameEmbedding: vec}},
			DeleteFacts:    []string{"f0"},
			DeleteEpisodes: []string{"e0"},
		}}},
		{"staged", recordArgs{Scope: core.ScopeFacts, Staged: []core.StagedVector{{UUID: "f1", Group: "g", Vector: vec}}}},
		{"group", recordArgs{Group: "g"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := cloneArgs(tt.args)
			rec, err := encodeRecord(recApply, tt.args)
			if err != nil {
				t.Fatalf("encodeRecord: %v", err)
			}
			if diff := cmp.Diff(before, tt.args); diff != "" {
				t.Errorf("encodeRecord changed its argument (-before +after):\n%s", diff)
			}
			got, err := decodeRecord(rec.data)
			if err != nil {
				t.Fatalf("decodeRecord: %v", err)
			}
			if diff := cmp.Diff(tt.args, got, cmp.Comparer(func(a, b float32) bool { return math.Float32bits(a) == math.Float32bits(b) })); diff != "" {
				t.Errorf("decodeRecord(encodeRecord(args)) (-want +got):\n%s", diff)
			}
			// A record cut short or with bytes after it is refused.
			for _, bad := range [][]byte{rec.data[:len(rec.data)-1], append(append([]byte{}, rec.data...), 0)} {
				if _, err := decodeRecord(bad); err == nil && len(vectorSlots(&got)) > 0 {
					t.Errorf("decodeRecord of %d bytes (of %d) = nil error", len(bad), len(rec.data))
				}
			}
		})
	}
}

// cloneArgs copies args deeply enough to see a change to it.
func cloneArgs(a recordArgs) recordArgs {
	b, _ := encodeRecord(0, a)
	out, _ := decodeRecord(b.data)
	return out
}

func TestJournalWriteFailureStoresNothing(t *testing.T) {
	ctx := context.Background()
	var full atomic.Bool
	s, err := Open(ctx, Options{Dir: t.TempDir(), Dimension: 4, BufferPoolBytes: 64 << 20, Threads: 1,
		journalFault: func(op journal.Op, _ string) error {
			if full.Load() && op == journal.OpWrite {
				return syscall.ENOSPC
			}
			return nil
		}})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close(ctx)
	at := time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC)
	episode := func(id string) []core.Episode {
		return []core.Episode{{UUID: id, GroupID: "g", Source: core.SourceMessage, Content: "Alice: hello", ValidAt: at, CreatedAt: at}}
	}
	full.Store(true)
	_, err = s.AddEpisodes(ctx, episode("e1"))
	if !errors.Is(err, core.ErrStorage) || !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("AddEpisodes with a full journal = %v, want core.ErrStorage wrapping ENOSPC", err)
	}
	if _, err := s.Episode(ctx, []string{"g"}, "e1"); !errors.Is(err, core.ErrNotFound) {
		t.Errorf("Episode(e1) after a failed write = %v, want core.ErrNotFound", err)
	}
	if err := s.WriteHealth(); !errors.Is(err, core.ErrStorage) {
		t.Errorf("WriteHealth while the journal fails = %v, want core.ErrStorage", err)
	}
	full.Store(false)
	if _, err := s.AddEpisodes(ctx, episode("e1")); err != nil {
		t.Fatalf("AddEpisodes once the journal has room = %v", err)
	}
	if err := s.WriteHealth(); err != nil {
		t.Errorf("WriteHealth after a write succeeded = %v, want nil", err)
	}
	// A failed transaction takes its record out of the journal again: the
	// conflicting episode is not replayed when the database is rebuilt.
	last := s.journal.Last()
	bad := episode("e1")
	bad[0].Content = "Alice: something else"
	if _, err := s.AddEpisodes(ctx, bad); !errors.Is(err, core.ErrConflict) {
		t.Fatalf("AddEpisodes of a conflicting episode = %v, want core.ErrConflict", err)
	}
	if got := s.journal.Last(); got != last {
		t.Errorf("journal's last record after a refused write = %d, want %d", got, last)
	}
}

// TestWriteHealthAfterADegradingCheckpoint: a write commits and the
// checkpoint after it finds the disk full, which stops writes until the
// keeper opens the database again. Write health must say so: it said the
// store was healthy (the write had succeeded), so /readyz answered 200
// while every write was refused (internal/crashtest's TestFullDisk).
func TestWriteHealthAfterADegradingCheckpoint(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, Options{Dir: t.TempDir(), Dimension: 4, BufferPoolBytes: 64 << 20, Threads: 1})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close(ctx)
	// The keeper would open the database again at once on this disk,
	// which has room: without it the store stays as the failure left it.
	s.stopKeeper()
	at := time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC)
	e, err := s.live(recAddEpisodes, recordArgs{Episodes: []core.Episode{{UUID: "e1", GroupID: "g", Source: core.SourceMessage, Content: "Alice: hello", ValidAt: at, CreatedAt: at}}})
	if err != nil {
		t.Fatal(err)
	}
	full := fmt.Errorf("checkpoint: %w: no space left on device", core.ErrStorage)
	err = s.exclusive(ctx, func(*conn) error {
		return s.journaled(e, func(uint64) error {
			s.degrade(full) // what checkpoint does after the commit
			return nil
		})
	})
	if err != nil {
		t.Fatalf("the write = %v, want nil", err)
	}
	if err := s.WriteHealth(); !errors.Is(err, core.ErrStorage) {
		t.Errorf("WriteHealth after a checkpoint stopped writes = %v, want core.ErrStorage", err)
	}
}
