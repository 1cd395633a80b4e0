package host

import (
	"context"
	"fmt"
	"io"
	"os"
	"sort"
	"time"

	"github.com/mnemohq/mnemo/host/backup"
)

// BackupOptions tune Backup.
type BackupOptions struct {
	// Version is the mnemo version the manifest records. Default: "dev".
	Version string
}

// Backup writes a backup of the store into dir, which must not exist or
// be empty (core.ErrConflict otherwise), while the Host serves: writes
// wait for the snapshot (Admin.Snapshot), reads go on. The backup is
// written beside dir and renamed into place, so dir never holds half a
// backup; its files are checksummed after writers are released.
func (h *Host) Backup(ctx context.Context, dir string, o BackupOptions) (backup.Manifest, error) {
	var m backup.Manifest
	err := backup.Install(dir, func(tmp string) error {
		var err error
		m, err = h.snapshot(ctx, tmp, o)
		return err
	})
	return m, err
}

// snapshot takes a snapshot into the empty directory dir and writes its
// manifest.
func (h *Host) snapshot(ctx context.Context, dir string, o BackupOptions) (backup.Manifest, error) {
	if o.Version == "" {
		o.Version = "dev"
	}
	start := time.Now()
	at := h.Now()
	snap, err := h.Admin.Snapshot(ctx, dir)
	if err != nil {
		return backup.Manifest{}, fmt.Errorf("snapshot: %w", err)
	}
	m := backup.Manifest{
		CreatedAt: at.UTC(), Mnemo: o.Version, Store: snap.Store, SchemaVersion: snap.SchemaVersion,
		Embedder: backup.EmbedderOf(snap.Embedder), Groups: map[string]backup.Counts{},
		WritersBlockedMS: ms(snap.Blocked),
	}
	for g, st := range snap.Groups {
		m.Groups[g] = backup.CountsOf(st)
	}
	names := append([]string(nil), snap.Files...)
	sort.Strings(names)
	for _, n := range names {
		m.Files = append(m.Files, backup.File{Name: n})
	}
	return backup.Finish(dir, m, start)
}

// BackupArchive takes a backup as Backup does, into a directory of its
// own beside the database, and returns its manifest and a function that
// writes it as a tar stream (backup.WriteArchive) and then removes it:
// for a backup sent over the network, which writers need not wait for.
// The caller must call write exactly once.
func (h *Host) BackupArchive(ctx context.Context, o BackupOptions) (m backup.Manifest, write func(io.Writer) error, err error) {
	tmp, err := os.MkdirTemp(h.Config.DB, ".backup-")
	if err != nil {
		return m, nil, fmt.Errorf("create the backup's directory: %w", err)
	}
	if m, err = h.snapshot(ctx, tmp, o); err != nil {
		os.RemoveAll(tmp)
		return m, nil, err
	}
	return m, func(w io.Writer) error {
		defer os.RemoveAll(tmp)
		return backup.WriteArchive(w, tmp)
	}, nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
