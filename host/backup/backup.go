package backup

import (
	"archive/tar"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Format and Version name the backup format in its manifest.
const (
	Format  = "mnemo-backup"
	Version = 1
	// ManifestFile is the manifest's name in a backup directory.
	ManifestFile = "manifest.json"
)

// Manifest describes a backup.
type Manifest struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	// CreatedAt is when the snapshot was taken.
	CreatedAt time.Time `json:"created_at"`
	// Mnemo is the version of the mnemo that took it.
	Mnemo string `json:"mnemo_version"`
	// Store is the store backend ("kuzu") and SchemaVersion its schema's
	// version.
	Store         string `json:"store"`
	SchemaVersion int    `json:"schema_version"`
	// Embedder made the vectors.
	Embedder Embedder `json:"embedder"`
	// Groups counts what each group held at the snapshot's moment.
	Groups map[string]Counts `json:"groups"`
	// WritersBlockedMS is how long writers waited for the snapshot, and
	// TookMS how long the backup took in all, in milliseconds.
	WritersBlockedMS float64 `json:"writers_blocked_ms"`
	TookMS           float64 `json:"took_ms"`
	// Files are the backup's files but the manifest.
	Files []File `json:"files"`
}

// Embedder is core.EmbedderID in a manifest.
type Embedder struct {
	Name      string `json:"name"`
	Model     string `json:"model"`
	Dimension int    `json:"dimension"`
}

// EmbedderOf returns id as a manifest records it.
func EmbedderOf(id core.EmbedderID) Embedder {
	return Embedder{Name: id.Name, Model: id.Model, Dimension: id.Dimension}
}

// Counts are core.Stats in a manifest.
type Counts struct {
	Episodes        int `json:"episodes"`
	PendingEpisodes int `json:"pending_episodes"`
	FailedEpisodes  int `json:"failed_episodes"`
	Entities        int `json:"entities"`
	Facts           int `json:"facts"`
	CurrentFacts    int `json:"current_facts"`
	Communities     int `json:"communities"`
}

// CountsOf returns st as a manifest records it.
func CountsOf(st core.Stats) Counts {
	return Counts{
		Episodes: st.Episodes, PendingEpisodes: st.PendingEpisodes, FailedEpisodes: st.FailedEpisodes,
		Entities: st.Entities, Facts: st.Facts, CurrentFacts: st.CurrentFacts, Communities: st.Communities,
	}
}

// File is one file of a backup.
type File struct {
	Name   string `json:"name"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// SHA256 maps each file's name to its checksum.
func (m Manifest) SHA256() map[string]string {
	out := make(map[string]string, len(m.Files))
	for _, f := range m.Files {
		out[f.Name] = f.SHA256
	}
	return out
}

// Finish checksums the files named in m.Files (their names only need be
// set) in dir and writes the manifest, with TookMS the time since start.
// It returns m with the files' sizes and checksums.
func Finish(dir string, m Manifest, start time.Time) (Manifest, error) {
	m.Format, m.Version = Format, Version
	for i, f := range m.Files {
		size, sum, err := checksum(filepath.Join(dir, f.Name))
		if err != nil {
			return m, fmt.Errorf("checksum %s: %w", f.Name, err)
		}
		m.Files[i].Size, m.Files[i].SHA256 = size, sum
	}
	m.TookMS = float64(time.Since(start).Microseconds()) / 1000
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return m, fmt.Errorf("encode manifest: %w", err)
	}
	if err := writeSynced(filepath.Join(dir, ManifestFile), append(b, '\n')); err != nil {
		return m, fmt.Errorf("write manifest: %w", err)
	}
	return m, nil
}

// Read reads a backup directory's manifest and checks its format. A
// directory that is no backup is core.ErrInvalid.
func Read(dir string) (Manifest, error) {
	var m Manifest
	b, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if errors.Is(err, os.ErrNotExist) {
		return m, fmt.Errorf("%w: %s is not a mnemo backup: it has no %s", core.ErrInvalid, dir, ManifestFile)
	}
	if err != nil {
		return m, fmt.Errorf("read manifest: %w", err)
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("%w: %s: %w", core.ErrInvalid, filepath.Join(dir, ManifestFile), err)
	}
	if m.Format != Format {
		return m, fmt.Errorf("%w: %s is not a mnemo backup manifest (format %q)", core.ErrInvalid, filepath.Join(dir, ManifestFile), m.Format)
	}
	if m.Version != Version {
		return m, fmt.Errorf("%w: backup format version %d: this mnemo reads version %d", core.ErrInvalid, m.Version, Version)
	}
	for _, f := range m.Files {
		if !validName(f.Name) || f.Name == ManifestFile {
			return m, fmt.Errorf("%w: the manifest names the file %q", core.ErrInvalid, f.Name)
		}
	}
	return m, nil
}

// Verify reads a backup directory's manifest and checks every file it
// names against its size and checksum: a damaged backup is
// core.ErrInvalid, naming the file.
func Verify(dir string) (Manifest, error) {
	m, err := Read(dir)
	if err != nil {
		return m, err
	}
	if len(m.Files) == 0 {
		return m, fmt.Errorf("%w: the manifest of %s names no file", core.ErrInvalid, dir)
	}
	for _, f := range m.Files {
		size, sum, err := checksum(filepath.Join(dir, f.Name))
		if errors.Is(err, os.ErrNotExist) {
			return m, fmt.Errorf("%w: the backup lacks %s", core.ErrInvalid, f.Name)
		}
		if err != nil {
			return m, fmt.Errorf("checksum %s: %w", f.Name, err)
		}
		if size != f.Size || !strings.EqualFold(sum, f.SHA256) {
			return m, fmt.Errorf("%w: %s has %d bytes with SHA-256 %s, the manifest says %d bytes with %s: the backup is damaged",
				core.ErrInvalid, f.Name, size, sum, f.Size, f.SHA256)
		}
	}
	return m, nil
}

// validName reports whether name is a plain file name.
func validName(name string) bool {
	return name != "" && name != "." && name != ".." && !strings.ContainsAny(name, `/\`)
}

func checksum(path string) (int64, string, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, "", err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return 0, "", err
	}
	return n, hex.EncodeToString(h.Sum(nil)), nil
}

func writeSynced(path string, b []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Install makes the directory dir by filling a new directory beside it
// and renaming that into place once fill returns nil, so that dir never
// exists half-written; its parent is created if needed. dir must not exist or be an empty directory: a
// non-empty one is refused with core.ErrConflict and left alone.
func Install(dir string, fill func(tmp string) error) error {
	if err := checkTarget(dir); err != nil {
		return err
	}
	parent := filepath.Dir(filepath.Clean(dir))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("create the backup's parent directory: %w", err)
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".partial-")
	if err != nil {
		return fmt.Errorf("create the backup beside %s: %w", dir, err)
	}
	defer os.RemoveAll(tmp)
	if err := fill(tmp); err != nil {
		return err
	}
	// The target may have appeared meanwhile; rename replaces only an
	// empty directory.
	if err := checkTarget(dir); err != nil {
		return err
	}
	if err := os.Rename(tmp, dir); err != nil {
		return fmt.Errorf("move the backup into place: %w", err)
	}
	if d, err := os.Open(parent); err == nil {
		_ = d.Sync()
		d.Close()
	}
	return nil
}

// checkTarget checks that dir does not exist or is an empty directory.
func checkTarget(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%w: the backup directory %s: %w", core.ErrInvalid, dir, err)
	}
	if len(entries) > 0 {
		return fmt.Errorf("%w: the backup directory %s exists and is not empty: name a new directory", core.ErrConflict, dir)
	}
	return nil
}

// WriteArchive writes the backup directory dir as a tar stream: the
// manifest first, then the files it names.
func WriteArchive(w io.Writer, dir string) error {
	m, err := Read(dir)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(w)
	for _, name := range append([]string{ManifestFile}, fileNames(m)...) {
		if err := addFile(tw, dir, name); err != nil {
			return fmt.Errorf("archive %s: %w", name, err)
		}
	}
	return tw.Close()
}

func fileNames(m Manifest) []string {
	names := make([]string, len(m.Files))
	for i, f := range m.Files {
		names[i] = f.Name
	}
	return names
}

func addFile(tw *tar.Writer, dir, name string) error {
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: st.Size(), ModTime: st.ModTime(), Typeflag: tar.TypeReg}); err != nil {
		return err
	}
	_, err = io.Copy(tw, f)
	return err
}

// ReadArchive writes the tar stream WriteArchive made into dir, an
// existing empty directory, and verifies it (Verify). An entry that is
// not a plain file the manifest names, or a cut stream, is refused.
func ReadArchive(r io.Reader, dir string) (Manifest, error) {
	tr := tar.NewReader(r)
	var m Manifest
	seen := map[string]bool{}
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return m, fmt.Errorf("read backup stream: %w", err)
		}
		if h.Typeflag != tar.TypeReg || !validName(h.Name) || seen[h.Name] {
			return m, fmt.Errorf("%w: the backup stream holds %q, which is no file of a backup", core.ErrInvalid, h.Name)
		}
		if len(seen) == 0 && h.Name != ManifestFile {
			return m, fmt.Errorf("%w: the backup stream does not start with its manifest", core.ErrInvalid)
		}
		if len(seen) > 0 && !slices.Contains(fileNames(m), h.Name) {
			return m, fmt.Errorf("%w: the backup stream holds %q, which its manifest does not name", core.ErrInvalid, h.Name)
		}
		seen[h.Name] = true
		if err := writeEntry(filepath.Join(dir, h.Name), tr); err != nil {
			return m, fmt.Errorf("write %s: %w", h.Name, err)
		}
		if h.Name == ManifestFile {
			if m, err = Read(dir); err != nil {
				return m, err
			}
		}
	}
	if len(seen) == 0 {
		return m, fmt.Errorf("%w: the backup stream is empty", core.ErrInvalid)
	}
	return Verify(dir)
}

func writeEntry(path string, r io.Reader) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, r); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
