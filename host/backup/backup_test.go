package backup_test

import (
	"archive/tar"
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host/backup"
)

// newBackup writes a backup directory holding one file.
func newBackup(t *testing.T) (string, backup.Manifest) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "b")
	var m backup.Manifest
	err := backup.Install(dir, func(tmp string) error {
		if err := os.WriteFile(filepath.Join(tmp, "graph.kuzu"), []byte("KUZU and some pages"), 0o644); err != nil {
			return err
		}
		var err error
		m, err = backup.Finish(tmp, backup.Manifest{Store: "kuzu", Files: []backup.File{{Name: "graph.kuzu"}}}, time.Now())
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir, m
}

func TestRoundTrip(t *testing.T) {
	dir, m := newBackup(t)
	got, err := backup.Verify(dir)
	if err != nil {
		t.Fatalf("Verify = %v", err)
	}
	if diff := cmp.Diff(m, got); diff != "" {
		t.Errorf("Verify (-written +read):\n%s", diff)
	}
	var buf bytes.Buffer
	if err := backup.WriteArchive(&buf, dir); err != nil {
		t.Fatal(err)
	}
	if got, err = backup.ReadArchive(&buf, t.TempDir()); err != nil || !cmp.Equal(m, got) {
		t.Errorf("ReadArchive = %+v, %v; want %+v", got, err, m)
	}
}

func TestRefusals(t *testing.T) {
	dir, _ := newBackup(t)
	manifest, err := os.ReadFile(filepath.Join(dir, backup.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	archive := func(entries ...[2]string) *bytes.Buffer {
		var b bytes.Buffer
		tw := tar.NewWriter(&b)
		for _, e := range entries {
			_ = tw.WriteHeader(&tar.Header{Name: e[0], Mode: 0o644, Size: int64(len(e[1])), Typeflag: tar.TypeReg})
			_, _ = tw.Write([]byte(e[1]))
		}
		_ = tw.Close()
		return &b
	}
	tests := []struct {
		name    string
		archive *bytes.Buffer
		want    string
	}{
		{"empty", archive(), "is empty"},
		{"no manifest first", archive([2]string{"graph.kuzu", "x"}), "does not start with its manifest"},
		{"a path", archive([2]string{"../evil", "x"}), "no file of a backup"},
		{"a file the manifest does not name", archive([2]string{backup.ManifestFile, string(manifest)}, [2]string{"other", "x"}), "does not name"},
		{"a changed file", archive([2]string{backup.ManifestFile, string(manifest)}, [2]string{"graph.kuzu", "KUZU and other pages"}), "the backup is damaged"},
		{"a missing file", archive([2]string{backup.ManifestFile, string(manifest)}), "lacks graph.kuzu"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := backup.ReadArchive(tc.archive, t.TempDir())
			if !errors.Is(err, core.ErrInvalid) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ReadArchive = %v, want ErrInvalid saying %q", err, tc.want)
			}
		})
	}

	t.Run("install over a non-empty directory", func(t *testing.T) {
		called := false
		err := backup.Install(dir, func(string) error { called = true; return nil })
		if !errors.Is(err, core.ErrConflict) || called {
			t.Errorf("Install = %v (fill called: %v), want ErrConflict before filling", err, called)
		}
	})
	t.Run("install that fails leaves nothing", func(t *testing.T) {
		parent := t.TempDir()
		err := backup.Install(filepath.Join(parent, "b"), func(tmp string) error {
			_ = os.WriteFile(filepath.Join(tmp, "half"), []byte("x"), 0o644)
			return errors.New("cut")
		})
		entries, _ := os.ReadDir(parent)
		if err == nil || len(entries) != 0 {
			t.Errorf("Install = %v, left %v", err, entries)
		}
	})
}
