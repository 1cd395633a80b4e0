package kuzu_test

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

// journalOpts are the options of the journal tests' stores.
func journalOpts(dir string) kuzu.Options {
	return kuzu.Options{Dir: dir, Dimension: kuzutest.Dimension, BufferPoolBytes: 64 << 20, Threads: 1}
}

// copyTree copies the files under src into dst, as a process killed at
// that moment leaves them (the store is open: nothing is closed or
// checkpointed first). skip names files, relative to src, left out.
func copyTree(t *testing.T, src, dst string, skip ...string) {
	t.Helper()
	err := filepath.Walk(src, func(path string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		for _, s := range skip {
			if rel == s || strings.HasPrefix(rel, s+string(filepath.Separator)) {
				if fi.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
		}
		if fi.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if rel == "mnemo.lock" {
			return nil
		}
		in, err := os.Open(path)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.Create(filepath.Join(dst, rel))
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, in); err != nil {
			out.Close()
			return err
		}
		return out.Close()
	})
	if err != nil {
		t.Fatalf("copy %s: %v", src, err)
	}
}

// wantSeeded checks that s holds what seed wrote for each group.
func wantSeeded(t *testing.T, s *kuzu.Store, groups ...string) {
	t.Helper()
	ctx := context.Background()
	for _, g := range groups {
		got, err := s.EpisodeLinks(ctx, []string{g}, g+"-e1")
		if err != nil {
			t.Errorf("EpisodeLinks(%s): %v", g, err)
			continue
		}
		want := core.Links{Entities: []string{g + "-acme", g + "-alice", g + "-paris"}, Facts: []string{g + "-f1", g + "-f2"}}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("EpisodeLinks(%s) (-want +got):\n%s", g, diff)
		}
		st, err := s.Stats(ctx, g)
		if err != nil {
			t.Errorf("Stats(%s): %v", g, err)
			continue
		}
		if want := (core.Stats{Episodes: 2, PendingEpisodes: 2, Entities: 4, Facts: 3, CurrentFacts: 3}); st != want {
			t.Errorf("Stats(%s) = %+v, want %+v", g, st, want)
		}
	}
}

// killed returns a copy of a database directory where groups a and b were
// written, b after a checkpoint, as a process killed then leaves it.
func killed(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	src := t.TempDir()
	s := kuzutest.MustOpen(t, journalOpts(src))
	seed(t, s, "a")
	if err := s.Checkpoint(ctx); err != nil {
		t.Fatalf("Checkpoint: %v", err)
	}
	seed(t, s, "b")
	dst := t.TempDir()
	copyTree(t, src, dst)
	return dst
}

func TestJournalRebuildsTheDatabase(t *testing.T) {
	tests := []struct {
		name string
		// damage changes the killed directory.
		damage func(t *testing.T, dir string)
		// reason is a word of the recovery's reason; from what the journal
		// was replayed onto.
		reason, from string
	}{
		{
			name: "killed inside a checkpoint",
			damage: func(t *testing.T, dir string) {
				// The mark of a checkpoint in progress, and a database file
				// that checkpoint left half-written.
				writeFile(t, filepath.Join(dir, "checkpoint.pending"), "7\n")
				f, err := os.OpenFile(filepath.Join(dir, "graph.kuzu"), os.O_WRONLY, 0)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := f.WriteAt(make([]byte, 64<<10), 16<<10); err != nil {
					t.Fatal(err)
				}
				f.Close()
			},
			reason: "inside a checkpoint", from: "base",
		},
		{
			name: "Kuzu's files deleted",
			damage: func(t *testing.T, dir string) {
				for _, n := range []string{"graph.kuzu", "graph.kuzu.wal", "graph.kuzu.shadow"} {
					os.Remove(filepath.Join(dir, n))
				}
			},
			reason: "missing", from: "base",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := killed(t)
			tt.damage(t, dir)
			s := kuzutest.MustOpen(t, journalOpts(dir))
			r := s.Recovery()
			if !strings.Contains(r.Reason, tt.reason) || r.From != tt.from {
				t.Errorf("Recovery = %+v, want a reason saying %q, from %q", r, tt.reason, tt.from)
			}
			// Both groups' episodes and changes were written after the
			// base, which the new database's journal took when empty.
			if r.Replayed != 4 || r.Episodes != 4 {
				t.Errorf("Recovery replayed %d writes and %d episodes, want 4 and 4", r.Replayed, r.Episodes)
			}
			wantSeeded(t, s, "a", "b")
			if fileExists(filepath.Join(dir, "checkpoint.pending")) {
				t.Error("the checkpoint mark is left in the database directory")
			}
			if _, err := os.Stat(filepath.Join(dir, "graph.kuzu")); err == nil && r.Aside != "" {
				if _, err := os.Stat(r.Aside); err != nil {
					t.Errorf("the damaged files' directory %s: %v", r.Aside, err)
				}
			}
			// The rebuilt database takes writes and opens again as it is.
			seed(t, s, "c")
			s.Close(context.Background())
			s = kuzutest.MustOpen(t, journalOpts(dir))
			if r := s.Recovery(); r != (kuzu.Recovery{}) {
				t.Errorf("Recovery after a clean close = %+v, want none", r)
			}
			wantSeeded(t, s, "a", "b", "c")
		})
	}
}

func TestJournalConfirmsTheLastCheckpoint(t *testing.T) {
	dir := killed(t)
	r, err := kuzu.Recover(context.Background(), journalOpts(dir), kuzu.RecoverOptions{Rebuild: true})
	if err != nil {
		t.Fatalf("Recover: %v", err)
	}
	// The file as of the checkpoint after group a, which the journal
	// noted: only b's two writes are replayed.
	if r.From != "checkpoint" || r.Replayed != 2 || r.Episodes != 2 {
		t.Errorf("Recover = %+v, want from the checkpoint, 2 writes and 2 episodes replayed", r)
	}
	aside, _ := filepath.Glob(filepath.Join(dir, "damaged-*", "graph.kuzu.wal"))
	if len(aside) != 1 {
		t.Errorf("damaged files set aside: %v, want the write-ahead log in one directory", aside)
	}
	s := kuzutest.MustOpen(t, journalOpts(dir))
	wantSeeded(t, s, "a", "b")
}

func TestJournalReplaysWhatKuzuLost(t *testing.T) {
	ctx := context.Background()
	src := t.TempDir()
	s := kuzutest.MustOpen(t, journalOpts(src))
	seed(t, s, "a")
	// Kuzu's files as they were before b, the journal as it is after:
	// what a kill between the journal's sync and Kuzu's commit leaves,
	// or a Kuzu log that lost its end.
	dst := t.TempDir()
	copyTree(t, src, dst, "journal")
	seed(t, s, "b")
	copyTree(t, filepath.Join(src, "journal"), filepath.Join(dst, "journal"))
	s2 := kuzutest.MustOpen(t, journalOpts(dst))
	if r := s2.Recovery(); r.From != "database" || r.Replayed != 2 || r.Reason != "" {
		t.Errorf("Recovery = %+v, want 2 writes replayed onto the database as it opened", r)
	}
	wantSeeded(t, s2, "a", "b")
	_ = ctx
}

func TestJournalBehindTheDatabase(t *testing.T) {
	src := t.TempDir()
	s := kuzutest.MustOpen(t, journalOpts(src))
	seed(t, s, "a")
	// The journal before b, the database after: the journal lost its end.
	dst := t.TempDir()
	copyTree(t, filepath.Join(src, "journal"), filepath.Join(dst, "journal"))
	seed(t, s, "b")
	copyTree(t, src, dst, "journal")
	s2 := kuzutest.MustOpen(t, journalOpts(dst))
	wantSeeded(t, s2, "a", "b")
	seed(t, s2, "c")
	s2.Close(context.Background())
	// The journal taken from that database rebuilds it whole.
	for _, n := range []string{"graph.kuzu", "graph.kuzu.wal"} {
		os.Remove(filepath.Join(dst, n))
	}
	s3 := kuzutest.MustOpen(t, journalOpts(dst))
	if r := s3.Recovery(); r.From != "base" {
		t.Errorf("Recovery = %+v, want a rebuild from the base", r)
	}
	wantSeeded(t, s3, "a", "b", "c")
}

func TestJournalDropsWhatABaseCovers(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	o := journalOpts(dir)
	o.RebaseBytes = 1 // a base after every write
	s := kuzutest.MustOpen(t, o)
	seed(t, s, "a")
	seed(t, s, "b")
	s.Close(ctx)
	bases, _ := filepath.Glob(filepath.Join(dir, "journal", "base", "*"))
	if len(bases) != 1 {
		t.Errorf("bases kept: %v, want one", bases)
	}
	for _, n := range []string{"graph.kuzu", "graph.kuzu.wal"} {
		os.Remove(filepath.Join(dir, n))
	}
	s = kuzutest.MustOpen(t, o)
	wantSeeded(t, s, "a", "b")
}

func TestRestoreStartsAJournal(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := kuzutest.MustOpen(t, journalOpts(dir))
	seed(t, s, "a")
	backup := t.TempDir()
	if _, err := s.Snapshot(ctx, backup); err != nil {
		t.Fatalf("Snapshot: %v", err)
	}
	seed(t, s, "b")
	s.Close(ctx)
	if err := kuzu.Restore(backup, dir, kuzu.RestoreOptions{Replace: true}); err != nil {
		t.Fatalf("Restore: %v", err)
	}
	s = kuzutest.MustOpen(t, journalOpts(dir))
	wantSeeded(t, s, "a")
	if _, err := s.Episode(ctx, []string{"b"}, "b-e1"); !errors.Is(err, core.ErrNotFound) {
		t.Errorf("Episode(b-e1) after restoring a backup without it = %v, want core.ErrNotFound", err)
	}
	seed(t, s, "c")
	s.Close(ctx)
	os.Remove(filepath.Join(dir, "graph.kuzu"))
	s = kuzutest.MustOpen(t, journalOpts(dir))
	wantSeeded(t, s, "a", "c")
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func TestJournalOnAnotherDiskRebuildsALostDirectory(t *testing.T) {
	ctx := context.Background()
	o := journalOpts(filepath.Join(t.TempDir(), "db"))
	o.JournalDir = filepath.Join(t.TempDir(), "journal")
	s := kuzutest.MustOpen(t, o)
	seed(t, s, "a")
	seed(t, s, "b")
	s.Close(ctx)
	if err := os.RemoveAll(o.Dir); err != nil {
		t.Fatal(err)
	}
	s = kuzutest.MustOpen(t, o)
	if r := s.Recovery(); r.From != "base" || r.Replayed != 4 {
		t.Errorf("Recovery = %+v, want 4 writes replayed onto the journal's base", r)
	}
	wantSeeded(t, s, "a", "b")
}
