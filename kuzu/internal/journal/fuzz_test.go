package journal_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/kuzu/internal/journal"
)

// FuzzOpen opens a journal whose only segment, 1, holds arbitrary bytes.
// Open must not panic, and either refuse them with ErrCorrupt or leave a
// prefix of them that Scan reads as records 1 to Last() and that takes
// more records:
//
//	go test -run '^$' -fuzz FuzzOpen -fuzztime 20000x ./kuzu/internal/journal/
//
// A count rather than a duration: with Go 1.26, a run of a given duration
// can end in a spurious "context deadline exceeded" failure (with no input
// written), as the workers' calls are slow (each Append syncs).
func FuzzOpen(f *testing.F) {
	valid := encodeSegment(1, 4)
	f.Add([]byte{})
	f.Add([]byte("MNJRNL01"))
	f.Add(valid[:16])
	f.Add(valid)
	f.Add(valid[:len(valid)-3])
	f.Add(append(bytes.Clone(valid), make([]byte, 40)...))
	flipped := bytes.Clone(valid)
	flipped[40] ^= 1
	f.Add(flipped)
	long := bytes.Clone(valid)
	binary.LittleEndian.PutUint32(long[16:], journal.MaxData+1)
	f.Add(long)
	f.Add(append(encodeSegment(1, 2), encodeRecord(2, 0, nil)...))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		path := filepath.Join(dir, segName(1))
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		l, err := journal.Open(journal.Options{Dir: dir, SegmentBytes: 256})
		if err != nil {
			if !errors.Is(err, journal.ErrCorrupt) {
				t.Fatalf("Open = %v, want nil or ErrCorrupt", err)
			}
			return
		}
		defer l.Close()
		kept, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(data) >= 16 && !bytes.HasPrefix(data, kept) {
			t.Fatalf("Open left %x, want a prefix of %x", kept, data)
		}
		var got []rec
		if err := l.Scan(0, func(seq uint64, kind byte, data []byte) error {
			got = append(got, rec{seq, kind, string(data)})
			return nil
		}); err != nil {
			t.Fatalf("Scan = %v", err)
		}
		if l.First() != 1 || l.Last() != uint64(len(got)) {
			t.Fatalf("First(), Last() = %d, %d, want 1, %d", l.First(), l.Last(), len(got))
		}
		for i, r := range got {
			if r.Seq != uint64(i+1) {
				t.Fatalf("record %d has seq %d", i+1, r.Seq)
			}
		}
		seq, err := l.Append(1, []byte("after"))
		if err != nil || seq != uint64(len(got)+1) {
			t.Fatalf("Append = %d, %v, want %d, nil", seq, err, len(got)+1)
		}
		l.Close()
		l2, err := journal.Open(journal.Options{Dir: dir})
		if err != nil {
			t.Fatalf("Open after Append = %v", err)
		}
		defer l2.Close()
		got = append(got, rec{seq, 1, "after"})
		if diff := cmp.Diff(got, readAll(t, l2)); diff != "" {
			t.Errorf("records after reopening (-want +got):\n%s", diff)
		}
	})
}
