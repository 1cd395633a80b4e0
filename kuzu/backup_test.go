package kuzu_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

// TestSnapshotUnderWrites takes a snapshot while a goroutine adds
// episodes, then restores it and checks that it holds exactly what the
// snapshot counted under the lock.
func TestSnapshotUnderWrites(t *testing.T) {
	ctx := context.Background()
	s, err := open(t, t.TempDir(), kuzutest.Dimension)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(ctx)
	seed(t, s, "g1")
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var written int
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			if _, err := s.AddEpisodes(ctx, []core.Episode{ep("g2", fmt.Sprintf("g2-e%d", i), "Carol: hello", t0)}); err != nil {
				t.Errorf("AddEpisodes: %v", err)
				return
			}
			written = i + 1
		}
	}()
	// Let some writes through first.
	for {
		st, _ := s.Stats(ctx, "g2")
		if st.Episodes >= 5 {
			break
		}
	}
	snapDir := t.TempDir()
	snap, err := s.Snapshot(ctx, snapDir)
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatalf("Snapshot: %v", err)
	}
	if snap.Groups["g2"].Episodes >= written {
		t.Errorf("the snapshot holds %d episodes of g2 and %d were written: no write came after it", snap.Groups["g2"].Episodes, written)
	}
	if snap.Blocked <= 0 || !cmp.Equal(snap.Files, []string{"graph.kuzu"}) {
		t.Errorf("Snapshot = %+v", snap)
	}

	dst := filepath.Join(t.TempDir(), "restored")
	if err := kuzu.Restore(snapDir, dst, kuzu.RestoreOptions{}); err != nil {
		t.Fatalf("Restore: %v", err)
	}
	r, err := open(t, dst, 0)
	if err != nil {
		t.Fatalf("open the restored database: %v", err)
	}
	defer r.Close(ctx)
	got := map[string]core.Stats{}
	for _, g := range []string{"g1", "g2"} {
		if got[g], err = r.Stats(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	if diff := cmp.Diff(snap.Groups, got); diff != "" {
		t.Errorf("restored counts (-snapshot +restored):\n%s", diff)
	}
}

func TestRestoreRefuses(t *testing.T) {
	ctx := context.Background()
	live := t.TempDir()
	s, err := open(t, live, kuzutest.Dimension)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(ctx)
	seed(t, s, "g1")
	snapDir := t.TempDir()
	if _, err := s.Snapshot(ctx, snapDir); err != nil {
		t.Fatal(err)
	}

	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	full := t.TempDir()
	if err := kuzu.Restore(snapDir, full, kuzu.RestoreOptions{}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		dst  string
		o    kuzu.RestoreOptions
		want error
	}{
		{"locked by a running store", live, kuzu.RestoreOptions{Replace: true}, core.ErrLocked},
		{"holds a database", full, kuzu.RestoreOptions{}, core.ErrConflict},
		{"holds other files", other, kuzu.RestoreOptions{Replace: true}, core.ErrInvalid},
		{"damaged", filepath.Join(t.TempDir(), "new"), kuzu.RestoreOptions{SHA256: map[string]string{"graph.kuzu": "00"}}, core.ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := kuzu.Restore(snapDir, tt.dst, tt.o); !errors.Is(err, tt.want) {
				t.Errorf("Restore = %v, want %v", err, tt.want)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(tests[3].dst), "new", "graph.kuzu")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a damaged backup left a database file: %v", err)
	}
	st, err := s.Stats(ctx, "g1")
	if err != nil || st.Facts != 3 {
		t.Errorf("the live database after a refused restore: %+v, %v", st, err)
	}
	if err := kuzu.Restore(snapDir, full, kuzu.RestoreOptions{Replace: true}); err != nil {
		t.Errorf("Restore with Replace = %v", err)
	}
}
