package journal_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/kuzu/internal/journal"
)

// lastData is the data of the last record in the torn-tail tests.
const lastData = "the last record, cut short anywhere"

// buildLog writes records 1 to n, with a Rotate before each seq in
// rotateAt, closes the log and returns the files by name.
func buildLog(t *testing.T, n uint64, rotateAt ...uint64) map[string][]byte {
	t.Helper()
	dir := t.TempDir()
	l := openLog(t, journal.Options{Dir: dir})
	for s := uint64(1); s <= n; s++ {
		if slices.Contains(rotateAt, s) {
			if err := l.Rotate(); err != nil {
				t.Fatal(err)
			}
		}
		appendUpTo(t, l, s)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	return readDir(t, dir)
}

func readDir(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, name := range files(t, dir) {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		out[name] = b
	}
	return out
}

func writeDir(t *testing.T, dir string, fs map[string][]byte) {
	t.Helper()
	for name, b := range fs {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func segName(first uint64) string { return fmt.Sprintf("%020d.seg", first) }

// offsets returns the offset of each record in a segment's bytes, by seq.
func offsets(b []byte) map[uint64]int {
	out := map[uint64]int{}
	for off := 16; off+16 <= len(b); off += 16 + int(binary.LittleEndian.Uint32(b[off:])) {
		out[binary.LittleEndian.Uint64(b[off+8:])] = off
	}
	return out
}

// logTo returns a Logger writing text to buf.
func logTo(buf *bytes.Buffer) *slog.Logger {
	return slog.New(slog.NewTextHandler(buf, nil))
}

func TestTornTail(t *testing.T) {
	layouts := []struct {
		name     string
		rotateAt []uint64
		lastSeg  uint64
	}{
		{"one segment", nil, 1},
		{"last of three segments", []uint64{3, 5}, 5},
	}
	for _, lay := range layouts {
		t.Run(lay.name, func(t *testing.T) {
			fs := buildLog(t, 5, lay.rotateAt...)
			last := append(fs[segName(lay.lastSeg)], encodeRecord(6, 3, []byte(lastData))...)
			start := len(last) - 17 - len(lastData)
			for cut := start; cut < len(last); cut++ {
				t.Run(fmt.Sprintf("cut at %d", cut), func(t *testing.T) {
					dir := t.TempDir()
					writeDir(t, dir, fs)
					writeDir(t, dir, map[string][]byte{segName(lay.lastSeg): last[:cut]})
					var logged bytes.Buffer
					l := openLog(t, journal.Options{Dir: dir, Logger: logTo(&logged)})
					if got := l.Last(); got != 5 {
						t.Errorf("Last() = %d, want 5", got)
					}
					if diff := cmp.Diff(want(1, 5), readAll(t, l)); diff != "" {
						t.Errorf("records (-want +got):\n%s", diff)
					}
					if fi, err := os.Stat(filepath.Join(dir, segName(lay.lastSeg))); err != nil || fi.Size() != int64(start) {
						t.Errorf("last segment after Open = %v, %v, want %d bytes", fi.Size(), err, start)
					}
					if w := fmt.Sprintf("bytes=%d", cut-start); cut > start && !strings.Contains(logged.String(), w) {
						t.Errorf("Open logged %q, want the torn tail with %s", logged.String(), w)
					}
					if got, err := l.Append(3, []byte(lastData)); err != nil || got != 6 {
						t.Fatalf("Append after Open = %d, %v, want 6, nil", got, err)
					}
					l.Close()
					l = openLog(t, journal.Options{Dir: dir})
					w := append(want(1, 5), rec{6, 3, lastData})
					if diff := cmp.Diff(w, readAll(t, l)); diff != "" {
						t.Errorf("records after appending and reopening (-want +got):\n%s", diff)
					}
				})
			}
		})
	}
}

// TestBadTail covers final records that are whole in size but bad, and
// bytes after the last record: with nothing valid after them, they are a
// torn tail too.
func TestBadTail(t *testing.T) {
	fs := buildLog(t, 6)
	seg := fs[segName(1)]
	off := offsets(seg)
	tests := []struct {
		name     string
		mutate   func(b []byte) []byte
		wantLast uint64
	}{
		{"checksum of the last record", func(b []byte) []byte { b[len(b)-1] ^= 1; return b }, 5},
		{"seq of the last record", func(b []byte) []byte { b[off[6]+8] ^= 1; return b }, 5},
		{"length of the last record too long", func(b []byte) []byte {
			binary.LittleEndian.PutUint32(b[off[6]:], uint32(len(b)))
			return b
		}, 5},
		{"length of the last record zero", func(b []byte) []byte { clear(b[off[6] : off[6]+4]); return b }, 5},
		{"last two records", func(b []byte) []byte { b[off[5]+16] ^= 1; b[off[6]+16] ^= 1; return b }, 4},
		{"zeros after the last record", func(b []byte) []byte { return append(b, make([]byte, 4096)...) }, 6},
		{"text after the last record", func(b []byte) []byte { return append(b, strings.Repeat("no record here ", 50)...) }, 6},
		{"a header's worth of bytes", func(b []byte) []byte { return append(b, make([]byte, 16)...) }, 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeDir(t, dir, map[string][]byte{segName(1): tt.mutate(bytes.Clone(seg))})
			var logged bytes.Buffer
			l := openLog(t, journal.Options{Dir: dir, Logger: logTo(&logged)})
			if diff := cmp.Diff(want(1, tt.wantLast), readAll(t, l)); diff != "" {
				t.Errorf("records (-want +got):\n%s", diff)
			}
			if !strings.Contains(logged.String(), "torn tail") {
				t.Errorf("Open logged %q, want the torn tail", logged.String())
			}
			appendUpTo(t, l, 8)
			l.Close()
			l = openLog(t, journal.Options{Dir: dir})
			if diff := cmp.Diff(want(1, 8), readAll(t, l)); diff != "" {
				t.Errorf("records after appending and reopening (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCorrupt(t *testing.T) {
	// Segments 1 (records 1-4), 5 (5-8) and 9 (9-12).
	fs := buildLog(t, 12, 5, 9)
	off := offsets(fs[segName(5)])
	for s, o := range offsets(fs[segName(9)]) {
		off[s] = o
	}
	tests := []struct {
		name     string
		mutate   func(fs map[string][]byte)
		wantFile string
		wantText string
	}{
		{"flipped byte in a middle record", func(fs map[string][]byte) {
			fs[segName(9)][off[10]+16] ^= 0x40
		}, segName(9), fmt.Sprintf("offset %d: record fails its checksum, and a valid record follows at offset %d", off[10], off[11])},
		{"length of a middle record past the end", func(fs map[string][]byte) {
			binary.LittleEndian.PutUint32(fs[segName(9)][off[10]:], 1<<20)
		}, segName(9), fmt.Sprintf("offset %d: record of 1048576 bytes runs", off[10])},
		{"record cut out of the middle", func(fs map[string][]byte) {
			b := fs[segName(9)]
			fs[segName(9)] = append(b[:off[10]:off[10]], b[off[11]:]...)
		}, segName(9), fmt.Sprintf("offset %d: record has seq 11, want 10", off[10])},
		{"bytes between two records", func(fs map[string][]byte) {
			b := fs[segName(9)]
			fs[segName(9)] = slices.Insert(b, off[11], []byte("xxxxx")...)
		}, segName(9), fmt.Sprintf("offset %d:", off[11])},
		{"record twice at the end", func(fs map[string][]byte) {
			fs[segName(9)] = append(fs[segName(9)], encodeRecord(12, kindOf(12), payload(12))...)
		}, segName(9), "record has seq 12, want 13"},
		{"bad record in an earlier segment", func(fs map[string][]byte) {
			fs[segName(5)][off[8]+16] ^= 1
		}, segName(5), fmt.Sprintf("offset %d: record fails its checksum in a segment that is not the last", off[8])},
		{"torn end of an earlier segment", func(fs map[string][]byte) {
			b := fs[segName(5)]
			fs[segName(5)] = b[:len(b)-1]
		}, segName(5), fmt.Sprintf("offset %d: record of", off[8])},
		{"incomplete header of an earlier segment", func(fs map[string][]byte) {
			fs[segName(5)] = fs[segName(5)][:10]
		}, segName(5), "offset 0: header of 10 bytes is incomplete"},
		{"gap between segments", func(fs map[string][]byte) {
			delete(fs, segName(5))
		}, segName(9), "gap between segments: " + segName(1) + " ends at seq 4, this one begins at 9"},
		{"header seq differs from the name", func(fs map[string][]byte) {
			binary.LittleEndian.PutUint64(fs[segName(9)][8:], 10)
		}, segName(9), "offset 8: header says the segment begins at seq 10, its name says 9"},
		{"bad magic", func(fs map[string][]byte) {
			copy(fs[segName(1)], "MNJRNL02")
		}, segName(1), "offset 0: bad magic"},
		{"segment 0", func(fs map[string][]byte) {
			fs[segName(0)] = append([]byte("MNJRNL01"), make([]byte, 8)...)
		}, segName(0), "seq 0 is never used"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			c := map[string][]byte{}
			for name, b := range fs {
				c[name] = bytes.Clone(b)
			}
			tt.mutate(c)
			writeDir(t, dir, c)
			before := readDir(t, dir)
			l, err := journal.Open(journal.Options{Dir: dir})
			if err == nil {
				l.Close()
				t.Fatalf("Open = nil, want ErrCorrupt")
			}
			if !errors.Is(err, journal.ErrCorrupt) {
				t.Errorf("Open = %v, want ErrCorrupt", err)
			}
			if msg := err.Error(); !strings.Contains(msg, filepath.Join(dir, tt.wantFile)) || !strings.Contains(msg, tt.wantText) {
				t.Errorf("Open = %q, want %s and %q in it", msg, tt.wantFile, tt.wantText)
			}
			if diff := cmp.Diff(before, readDir(t, dir)); diff != "" {
				t.Errorf("Open changed the files (-before +after):\n%s", diff)
			}
		})
	}
}

// TestUnfinishedSegment covers what a crash while creating a segment can
// leave, and an empty segment left by Rotate.
func TestUnfinishedSegment(t *testing.T) {
	full := buildLog(t, 4)
	header := func(first uint64, n int) []byte {
		b := binary.LittleEndian.AppendUint64([]byte("MNJRNL01"), first)
		return b[:n]
	}
	tests := []struct {
		name      string
		files     map[string][]byte
		wantLast  uint64
		wantFiles []string
	}{
		{"incomplete header after a segment", map[string][]byte{segName(1): full[segName(1)], segName(5): header(5, 11)}, 4, []string{segName(1)}},
		{"empty file after a segment", map[string][]byte{segName(1): full[segName(1)], segName(5): nil}, 4, []string{segName(1)}},
		{"incomplete header, the only segment", map[string][]byte{segName(42): header(42, 3)}, 41, []string{segName(42)}},
		{"temporary file", map[string][]byte{segName(1): full[segName(1)], segName(5) + ".tmp": header(5, 16)}, 4, []string{segName(1)}},
		{"empty last segment", map[string][]byte{segName(1): full[segName(1)], segName(5): header(5, 16)}, 4, []string{segName(1), segName(5)}},
		{"other files", map[string][]byte{segName(1): full[segName(1)], "notes.txt": []byte("x"), "1.seg": nil}, 4, []string{segName(1), "1.seg", "notes.txt"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeDir(t, dir, tt.files)
			l := openLog(t, journal.Options{Dir: dir})
			if got := l.Last(); got != tt.wantLast {
				t.Errorf("Last() = %d, want %d", got, tt.wantLast)
			}
			if got := files(t, dir); !slices.Equal(got, tt.wantFiles) {
				t.Errorf("files after Open = %v, want %v", got, tt.wantFiles)
			}
			appendUpTo(t, l, tt.wantLast+1)
			l.Close()
			l = openLog(t, journal.Options{Dir: dir})
			if got := l.Last(); got != tt.wantLast+1 {
				t.Errorf("Last() after appending and reopening = %d, want %d", got, tt.wantLast+1)
			}
		})
	}
}
