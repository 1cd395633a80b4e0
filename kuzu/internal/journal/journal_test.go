package journal_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/kuzu/internal/journal"
)

// rec is a record as Scan reports it.
type rec struct {
	Seq  uint64
	Kind byte
	Data string
}

// kindOf and payload give the record of each seq in most tests: a few
// hundred bytes, some empty, the same for a seq in every run.
func kindOf(seq uint64) byte { return byte(seq % 7) }

func payload(seq uint64) []byte {
	r := rand.New(rand.NewPCG(seq, 7))
	b := make([]byte, r.IntN(300))
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func want(from, to uint64) []rec {
	var out []rec
	for s := from; s <= to; s++ {
		out = append(out, rec{s, kindOf(s), string(payload(s))})
	}
	return out
}

func openLog(t testing.TB, o journal.Options) *journal.Log {
	t.Helper()
	l, err := journal.Open(o)
	if err != nil {
		t.Fatalf("Open(%s) = %v, want nil", o.Dir, err)
	}
	t.Cleanup(func() { l.Close() })
	return l
}

// appendUpTo appends the records after Last() up to seq to.
func appendUpTo(t testing.TB, l *journal.Log, to uint64) {
	t.Helper()
	for s := l.Last() + 1; s <= to; s++ {
		got, err := l.Append(kindOf(s), payload(s))
		if err != nil || got != s {
			t.Fatalf("Append(record %d) = %d, %v, want %d, nil", s, got, err, s)
		}
	}
}

func readAll(t testing.TB, l *journal.Log) []rec {
	t.Helper()
	var out []rec
	if err := l.Scan(0, func(seq uint64, kind byte, data []byte) error {
		out = append(out, rec{seq, kind, string(data)})
		return nil
	}); err != nil {
		t.Fatalf("Scan(0) = %v, want nil", err)
	}
	return out
}

func segPath(dir string, first uint64) string {
	return filepath.Join(dir, fmt.Sprintf("%020d.seg", first))
}

// files returns the names of the files in dir.
func files(t testing.TB, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// encodeRecord builds a record from the format in doc.go.
func encodeRecord(seq uint64, kind byte, data []byte) []byte {
	var h [16]byte
	binary.LittleEndian.PutUint32(h[0:], uint32(1+len(data)))
	binary.LittleEndian.PutUint64(h[8:], seq)
	crc := crc32.Update(0, crc32.MakeTable(crc32.Castagnoli), h[8:])
	crc = crc32.Update(crc, crc32.MakeTable(crc32.Castagnoli), []byte{kind})
	crc = crc32.Update(crc, crc32.MakeTable(crc32.Castagnoli), data)
	binary.LittleEndian.PutUint32(h[4:], crc)
	return append(append(h[:], kind), data...)
}

// encodeSegment builds the segment that begins at first with the records
// of want(first, last).
func encodeSegment(first, last uint64) []byte {
	b := []byte("MNJRNL01")
	b = binary.LittleEndian.AppendUint64(b, first)
	for s := first; s <= last; s++ {
		b = append(b, encodeRecord(s, kindOf(s), payload(s))...)
	}
	return b
}

func TestRoundTrip(t *testing.T) {
	tests := []struct {
		name     string
		segBytes int64
		next     uint64
		n        uint64
	}{
		{"one record", 0, 0, 1},
		{"one segment", 0, 0, 50},
		{"a segment per record", 1, 0, 20},
		{"several records a segment", 1000, 0, 60},
		{"from Next", 1000, 1 << 40, 30},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := journal.Options{Dir: t.TempDir(), SegmentBytes: tt.segBytes, Next: tt.next}
			first := max(tt.next, 1)
			last := first + tt.n - 1
			l := openLog(t, o)
			appendUpTo(t, l, last)
			if got := l.First(); got != first {
				t.Errorf("First() = %d, want %d", got, first)
			}
			l.Close()

			l = openLog(t, journal.Options{Dir: o.Dir, SegmentBytes: tt.segBytes})
			if got := l.Last(); got != last {
				t.Errorf("Last() after reopening = %d, want %d", got, last)
			}
			if diff := cmp.Diff(want(first, last), readAll(t, l)); diff != "" {
				t.Errorf("records after reopening (-want +got):\n%s", diff)
			}
			appendUpTo(t, l, last+5)
			l.Close()

			l = openLog(t, journal.Options{Dir: o.Dir, SegmentBytes: tt.segBytes})
			if diff := cmp.Diff(want(first, last+5), readAll(t, l)); diff != "" {
				t.Errorf("records after appending and reopening (-want +got):\n%s", diff)
			}
			var size int64
			for _, name := range files(t, o.Dir) {
				fi, err := os.Stat(filepath.Join(o.Dir, name))
				if err != nil {
					t.Fatal(err)
				}
				size += fi.Size()
			}
			if got := l.Bytes(); got != size {
				t.Errorf("Bytes() = %d, want %d (the files' sizes)", got, size)
			}
		})
	}
}

// TestFormat checks the bytes of the files against the format doc.go
// gives, and the segment names and boundaries.
func TestFormat(t *testing.T) {
	// Records of up to 316 bytes, in segments closed past 600 bytes.
	dir := t.TempDir()
	l := openLog(t, journal.Options{Dir: dir, SegmentBytes: 600})
	appendUpTo(t, l, 10)
	l.Close()

	var firsts []uint64
	for first := uint64(1); first <= 10; {
		firsts = append(firsts, first)
		size := int64(16)
		last := first
		for ; last <= 10 && size < 600; last++ {
			size += int64(17 + len(payload(last)))
		}
		got, err := os.ReadFile(segPath(dir, first))
		if err != nil {
			t.Fatal(err)
		}
		if w := encodeSegment(first, last-1); !bytes.Equal(got, w) {
			t.Errorf("segment %d holds %d bytes %x, want %d bytes %x", first, len(got), got, len(w), w)
		}
		first = last
	}
	var names []string
	for _, f := range firsts {
		names = append(names, filepath.Base(segPath(dir, f)))
	}
	if diff := cmp.Diff(names, files(t, dir)); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
}

func TestEmptyDir(t *testing.T) {
	tests := []struct {
		name      string
		next      uint64
		wantFirst uint64
	}{
		{"Next zero", 0, 1},
		{"Next one", 1, 1},
		{"Next set", 1000, 1000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "a", "journal")
			l := openLog(t, journal.Options{Dir: dir, Next: tt.next})
			if got, w := l.Last(), tt.wantFirst-1; got != w {
				t.Errorf("Last() = %d, want %d", got, w)
			}
			if got := l.First(); got != tt.wantFirst {
				t.Errorf("First() = %d, want %d", got, tt.wantFirst)
			}
			if got := files(t, dir); len(got) != 0 {
				t.Errorf("files after Open = %v, want none", got)
			}
			if got := readAll(t, l); len(got) != 0 {
				t.Errorf("records = %v, want none", got)
			}
			if got, err := l.Append(1, []byte("x")); err != nil || got != tt.wantFirst {
				t.Errorf("Append = %d, %v, want %d, nil", got, err, tt.wantFirst)
			}
			l.Close()
			// Next is ignored once Dir holds a segment.
			l = openLog(t, journal.Options{Dir: dir, Next: 7})
			if got := l.Last(); got != tt.wantFirst {
				t.Errorf("Last() after reopening with another Next = %d, want %d", got, tt.wantFirst)
			}
		})
	}
}

func TestOptionsValidate(t *testing.T) {
	tests := []struct {
		name string
		o    journal.Options
		ok   bool
	}{
		{"defaults", journal.Options{Dir: "x"}, true},
		{"no Dir", journal.Options{}, false},
		{"negative SegmentBytes", journal.Options{Dir: "x", SegmentBytes: -1}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.o.Validate(); (err == nil) != tt.ok {
				t.Errorf("Validate() = %v, want ok %v", err, tt.ok)
			}
		})
	}
}

func TestTooLarge(t *testing.T) {
	dir := t.TempDir()
	l := openLog(t, journal.Options{Dir: dir})
	appendUpTo(t, l, 2)
	before := l.Bytes()
	data := hugeData(t, journal.MaxData+1)
	if _, err := l.Append(1, data); !errors.Is(err, journal.ErrTooLarge) {
		t.Errorf("Append(MaxData+1 bytes) = %v, want ErrTooLarge", err)
	}
	if got := l.Last(); got != 2 {
		t.Errorf("Last() = %d, want 2", got)
	}
	if got := l.Bytes(); got != before {
		t.Errorf("Bytes() = %d, want %d", got, before)
	}
	appendUpTo(t, l, 3)
}

func TestUndo(t *testing.T) {
	tests := []struct {
		name     string
		segBytes int64
		rotate   bool // Rotate after the appends
		reopen   bool // reopen before undoing
		undo     []uint64
		wantErr  bool // the last Undo fails
		wantLast uint64
	}{
		{"last record", 0, false, false, []uint64{5}, false, 4},
		{"two records", 0, false, false, []uint64{5, 4}, false, 3},
		{"all records", 0, false, false, []uint64{5, 4, 3, 2, 1}, false, 0},
		{"after reopening", 0, false, true, []uint64{5, 4}, false, 3},
		{"not the last", 0, false, false, []uint64{4}, true, 5},
		{"past the last", 0, false, false, []uint64{6}, true, 5},
		{"after a roll", 1, false, false, []uint64{5, 4}, false, 3},
		{"after a roll and reopening", 1, false, true, []uint64{5, 4}, false, 3},
		{"after Rotate", 0, true, false, []uint64{5, 4}, false, 3},
		{"after Rotate and reopening", 0, true, true, []uint64{5}, false, 4},
		{"nothing held", 0, false, false, []uint64{5, 4, 3, 2, 1, 0}, true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := journal.Options{Dir: t.TempDir(), SegmentBytes: tt.segBytes}
			l := openLog(t, o)
			appendUpTo(t, l, 5)
			if tt.rotate {
				if err := l.Rotate(); err != nil {
					t.Fatalf("Rotate() = %v", err)
				}
			}
			if tt.reopen {
				l.Close()
				l = openLog(t, o)
			}
			for i, seq := range tt.undo {
				err := l.Undo(seq)
				if i < len(tt.undo)-1 || !tt.wantErr {
					if err != nil {
						t.Fatalf("Undo(%d) = %v, want nil", seq, err)
					}
				} else if err == nil {
					t.Fatalf("Undo(%d) = nil, want an error", seq)
				}
			}
			if got := l.Last(); got != tt.wantLast {
				t.Errorf("Last() = %d, want %d", got, tt.wantLast)
			}
			// The undone seqs are given again, to new records.
			next := tt.wantLast + 1
			if got, err := l.Append(9, []byte("again")); err != nil || got != next {
				t.Fatalf("Append after Undo = %d, %v, want %d, nil", got, err, next)
			}
			l.Close()
			l = openLog(t, o)
			w := append(want(1, tt.wantLast), rec{next, 9, "again"})
			if diff := cmp.Diff(w, readAll(t, l)); diff != "" {
				t.Errorf("records after reopening (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRotateAndDropThrough(t *testing.T) {
	dir := t.TempDir()
	// 16 records of under 320 bytes each, in segments of about 1 KiB.
	l := openLog(t, journal.Options{Dir: dir, SegmentBytes: 1000})
	appendUpTo(t, l, 16)
	nSegs := len(files(t, dir))
	if nSegs < 3 {
		t.Fatalf("%d segments, want at least 3", nSegs)
	}
	if err := l.Rotate(); err != nil {
		t.Fatalf("Rotate() = %v", err)
	}
	if err := l.Rotate(); err != nil {
		t.Fatalf("Rotate() of an empty segment = %v", err)
	}
	if got := len(files(t, dir)); got != nSegs+1 {
		t.Errorf("%d files after two Rotates, want %d (the second does nothing)", got, nSegs+1)
	}
	if removed, err := l.DropThrough(0); err != nil || removed != 0 {
		t.Errorf("DropThrough(0) = %d, %v, want 0, nil", removed, err)
	}
	if got := l.First(); got != 1 {
		t.Errorf("First() = %d, want 1", got)
	}
	if removed, err := l.DropThrough(16); err != nil || removed != nSegs {
		t.Errorf("DropThrough(16) = %d, %v, want %d, nil", removed, err, nSegs)
	}
	if got, w := files(t, dir), []string{filepath.Base(segPath(dir, 17))}; !slices.Equal(got, w) {
		t.Errorf("files = %v, want %v", got, w)
	}
	if got := l.Bytes(); got != 16 {
		t.Errorf("Bytes() = %d, want 16 (one header)", got)
	}
	if got := readAll(t, l); len(got) != 0 {
		t.Errorf("records = %v, want none", got)
	}
	l.Close()

	l = openLog(t, journal.Options{Dir: dir, Next: 1})
	if l.Last() != 16 || l.First() != 17 {
		t.Errorf("after reopening, Last() = %d, First() = %d, want 16, 17", l.Last(), l.First())
	}
	appendUpTo(t, l, 17)
	if diff := cmp.Diff(want(17, 17), readAll(t, l)); diff != "" {
		t.Errorf("records (-want +got):\n%s", diff)
	}
}

func TestDropThrough(t *testing.T) {
	// Segments of 3 records: 1-3, 4-6, 7-9 and the current one, 10-11.
	tests := []struct {
		seq         uint64
		wantRemoved int
		wantFirst   uint64
	}{
		{0, 0, 1},
		{2, 0, 1},
		{3, 1, 4},
		{8, 2, 7},
		{9, 3, 10},
		{11, 3, 10},
		{100, 3, 10},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.seq), func(t *testing.T) {
			dir := t.TempDir()
			l := openLog(t, journal.Options{Dir: dir, SegmentBytes: 1 << 20})
			for s := uint64(1); s <= 11; s++ {
				if s > 1 && s%3 == 1 {
					if err := l.Rotate(); err != nil {
						t.Fatal(err)
					}
				}
				appendUpTo(t, l, s)
			}
			removed, err := l.DropThrough(tt.seq)
			if err != nil || removed != tt.wantRemoved {
				t.Errorf("DropThrough(%d) = %d, %v, want %d, nil", tt.seq, removed, err, tt.wantRemoved)
			}
			if got := l.First(); got != tt.wantFirst {
				t.Errorf("First() = %d, want %d", got, tt.wantFirst)
			}
			if diff := cmp.Diff(want(tt.wantFirst, 11), readAll(t, l)); diff != "" {
				t.Errorf("records (-want +got):\n%s", diff)
			}
			l.Close()
			l = openLog(t, journal.Options{Dir: dir})
			if l.First() != tt.wantFirst || l.Last() != 11 {
				t.Errorf("after reopening, First() = %d, Last() = %d, want %d, 11", l.First(), l.Last(), tt.wantFirst)
			}
		})
	}
}

func TestRotateEmptyDir(t *testing.T) {
	dir := t.TempDir()
	l := openLog(t, journal.Options{Dir: dir, Next: 500})
	if err := l.Rotate(); err != nil {
		t.Fatalf("Rotate() = %v", err)
	}
	if got, w := files(t, dir), []string{filepath.Base(segPath(dir, 500))}; !slices.Equal(got, w) {
		t.Errorf("files = %v, want %v", got, w)
	}
	l.Close()
	l = openLog(t, journal.Options{Dir: dir})
	if got := l.Last(); got != 499 {
		t.Errorf("Last() = %d, want 499", got)
	}
}

func TestScan(t *testing.T) {
	dir := t.TempDir()
	l := openLog(t, journal.Options{Dir: dir, SegmentBytes: 1000})
	appendUpTo(t, l, 5)
	if err := l.Rotate(); err != nil {
		t.Fatal(err)
	}
	if _, err := l.DropThrough(5); err != nil {
		t.Fatal(err)
	}
	appendUpTo(t, l, 30)
	tests := []struct {
		from      uint64
		wantFirst uint64
	}{{0, 6}, {5, 6}, {6, 6}, {7, 7}, {17, 17}, {29, 29}, {30, 30}, {31, 31}, {1000, 1000}}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.from), func(t *testing.T) {
			var got []rec
			err := l.Scan(tt.from, func(seq uint64, kind byte, data []byte) error {
				got = append(got, rec{seq, kind, string(data)})
				return nil
			})
			if err != nil {
				t.Fatalf("Scan(%d) = %v", tt.from, err)
			}
			if diff := cmp.Diff(want(tt.wantFirst, 30), got); diff != "" {
				t.Errorf("Scan(%d) (-want +got):\n%s", tt.from, diff)
			}
		})
	}

	t.Run("fn error", func(t *testing.T) {
		stop := errors.New("stop")
		var seen []uint64
		err := l.Scan(0, func(seq uint64, _ byte, _ []byte) error {
			seen = append(seen, seq)
			if seq == 8 {
				return stop
			}
			return nil
		})
		if err != stop {
			t.Errorf("Scan = %v, want the error fn returned, as it is", err)
		}
		if w := []uint64{6, 7, 8}; !slices.Equal(seen, w) {
			t.Errorf("Scan called fn for %v, want %v", seen, w)
		}
	})
}

func TestClosed(t *testing.T) {
	l, err := journal.Open(journal.Options{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	appendUpTo(t, l, 3)
	for i := range 2 {
		if err := l.Close(); err != nil {
			t.Fatalf("Close() #%d = %v, want nil", i+1, err)
		}
	}
	calls := []struct {
		name string
		call func() error
	}{
		{"Append", func() error { _, err := l.Append(1, nil); return err }},
		{"Undo", func() error { return l.Undo(3) }},
		{"Rotate", l.Rotate},
		{"DropThrough", func() error { _, err := l.DropThrough(3); return err }},
		{"Scan", func() error { return l.Scan(0, func(uint64, byte, []byte) error { return nil }) }},
	}
	for _, c := range calls {
		t.Run(c.name, func(t *testing.T) {
			if err := c.call(); !errors.Is(err, journal.ErrClosed) {
				t.Errorf("%s after Close = %v, want ErrClosed", c.name, err)
			}
		})
	}
	if l.Last() != 3 || l.First() != 1 {
		t.Errorf("after Close, Last() = %d, First() = %d, want 3, 1", l.Last(), l.First())
	}
}

// TestConcurrentAppends appends from several goroutines while others read
// the counters (run it with -race): every Append gets its own seq, with no
// gap, and the record under each seq is the one appended.
func TestConcurrentAppends(t *testing.T) {
	const writers, each = 4, 40
	dir := t.TempDir()
	l := openLog(t, journal.Options{Dir: dir, SegmentBytes: 2000})
	got := make([][]uint64, writers)
	var wg sync.WaitGroup
	done := make(chan struct{})
	for w := range writers {
		wg.Go(func() {
			for i := range each {
				seq, err := l.Append(byte(w), fmt.Appendf(nil, "writer %d record %d", w, i))
				if err != nil {
					t.Errorf("Append = %v", err)
					return
				}
				got[w] = append(got[w], seq)
			}
		})
	}
	var readers sync.WaitGroup
	readers.Go(func() {
		for {
			select {
			case <-done:
				return
			default:
			}
			if first, last := l.First(), l.Last(); first != 1 || last > writers*each {
				t.Errorf("First(), Last() = %d, %d, want 1 and at most %d", first, last, writers*each)
				return
			}
			_ = l.Bytes()
		}
	})
	wg.Wait()
	close(done)
	readers.Wait()

	var all []uint64
	byseq := map[uint64]rec{}
	for w, seqs := range got {
		if !slices.IsSorted(seqs) {
			t.Errorf("writer %d got seqs %v, want them increasing", w, seqs)
		}
		for i, s := range seqs {
			all = append(all, s)
			byseq[s] = rec{s, byte(w), fmt.Sprintf("writer %d record %d", w, i)}
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
	for i, s := range all {
		if s != uint64(i+1) {
			t.Fatalf("seqs given = %v, want 1 to %d, each once", all, writers*each)
		}
	}
	l.Close()
	l = openLog(t, journal.Options{Dir: dir})
	for _, r := range readAll(t, l) {
		if r != byseq[r.Seq] {
			t.Errorf("record %d = %+v, want %+v", r.Seq, r, byseq[r.Seq])
		}
	}
	if got := l.Last(); got != writers*each {
		t.Errorf("Last() = %d, want %d", got, writers*each)
	}
}

// noTemporaryFiles fails the test if dir holds anything but segments.
func noTemporaryFiles(t *testing.T, dir string) {
	t.Helper()
	for _, name := range files(t, dir) {
		if !strings.HasSuffix(name, ".seg") {
			t.Errorf("file %s left in the journal directory", name)
		}
	}
}
