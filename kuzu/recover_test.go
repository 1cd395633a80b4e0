package kuzu_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

// readFile returns the bytes of the file at path.
func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// unreplayable returns a database directory whose write-ahead log does not
// replay: the database file of a store that checkpointed groups a and b,
// beside the log of one that checkpointed a and then wrote b, which
// replays b's episodes into a file that has them (a duplicated primary
// key, as after the crash of freshrels.go). It also returns the log.
func unreplayable(t *testing.T) (dir string, wal []byte) {
	t.Helper()
	ctx := context.Background()
	opts := func(dir string) kuzu.Options {
		return kuzu.Options{Dir: dir, Dimension: kuzutest.Dimension, BufferPoolBytes: 64 << 20, Threads: 1, CheckpointEvery: -1}
	}
	both := t.TempDir()
	s := kuzutest.MustOpen(t, opts(both))
	seed(t, s, "a")
	seed(t, s, "b")
	if err := s.Checkpoint(ctx); err != nil {
		t.Fatalf("Checkpoint: %v", err)
	}
	db := readFile(t, filepath.Join(both, "graph.kuzu"))
	s.Close(ctx)

	logged := t.TempDir()
	s = kuzutest.MustOpen(t, opts(logged))
	seed(t, s, "a")
	if err := s.Checkpoint(ctx); err != nil {
		t.Fatalf("Checkpoint: %v", err)
	}
	seed(t, s, "b")
	// What a kill leaves: the log as committed, read while the store is open.
	wal = readFile(t, filepath.Join(logged, "graph.kuzu.wal"))
	s.Close(ctx)

	dir = t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "graph.kuzu"), db, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "graph.kuzu.wal"), wal, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, wal
}

func TestRecoverWithoutWAL(t *testing.T) {
	ctx := context.Background()
	dir, wal := unreplayable(t)
	opts := kuzu.Options{Dir: dir, BufferPoolBytes: 64 << 20, Threads: 1}
	if _, err := kuzu.Open(ctx, opts); err == nil || !strings.Contains(err.Error(), "mnemo recover --discard-wal") {
		t.Fatalf("Open with a log that does not replay = %v, want an error naming mnemo recover --discard-wal", err)
	}

	r, err := kuzu.RecoverWithoutWAL(ctx, opts)
	if err != nil {
		t.Fatalf("RecoverWithoutWAL: %v", err)
	}
	if dir, name := filepath.Split(r.WAL); filepath.Clean(dir) != filepath.Clean(opts.Dir) || !strings.HasPrefix(name, "graph.kuzu.wal.discarded-") {
		t.Errorf("RecoverWithoutWAL moved the log to %s, want graph.kuzu.wal.discarded-TIME beside the database", r.WAL)
	}
	if got := readFile(t, r.WAL); !bytes.Equal(got, wal) || r.WALBytes != int64(len(wal)) {
		t.Errorf("the log moved aside has %d bytes (reported %d), want the %d of the log", len(got), r.WALBytes, len(wal))
	}
	if fi, err := os.Stat(filepath.Join(dir, "graph.kuzu.wal")); err == nil && fi.Size() > 0 {
		t.Errorf("a write-ahead log of %d bytes is left after the recovery", fi.Size())
	}

	s := kuzutest.MustOpen(t, opts)
	for _, g := range []string{"a", "b"} {
		got, err := s.EpisodeLinks(ctx, []string{g}, g+"-e1")
		if err != nil {
			t.Fatalf("EpisodeLinks(%s) after the recovery: %v", g, err)
		}
		want := core.Links{Entities: []string{g + "-acme", g + "-alice", g + "-paris"}, Facts: []string{g + "-f1", g + "-f2"}}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("EpisodeLinks(%s) after the recovery (-want +got):\n%s", g, diff)
		}
	}
	seed(t, s, "c")
	if err := s.Checkpoint(ctx); err != nil {
		t.Fatalf("Checkpoint after the recovery: %v", err)
	}

	// Recovery refuses an open database, a database without a log, and a
	// directory without a database.
	if _, err := kuzu.RecoverWithoutWAL(ctx, opts); !errors.Is(err, core.ErrLocked) {
		t.Errorf("RecoverWithoutWAL of an open database = %v, want core.ErrLocked", err)
	}
	s.Close(ctx)
	if _, err := kuzu.RecoverWithoutWAL(ctx, opts); !errors.Is(err, core.ErrInvalid) {
		t.Errorf("RecoverWithoutWAL without a log = %v, want core.ErrInvalid", err)
	}
	if _, err := kuzu.RecoverWithoutWAL(ctx, kuzu.Options{Dir: t.TempDir()}); !errors.Is(err, core.ErrInvalid) {
		t.Errorf("RecoverWithoutWAL of an empty directory = %v, want core.ErrInvalid", err)
	}
}
