package journal_test

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/kuzu/internal/journal"
)

// faults fails armed calls with ENOSPC and records the operations called.
// An armed fault is an operation, "write", failing its next call, or an
// operation and which of its calls from now fails, "write#2".
type faults struct {
	mu    sync.Mutex
	armed []string
	seen  map[journal.Op]int
	calls []journal.Op
}

func (f *faults) fault(op journal.Op, _ string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, op)
	if f.seen == nil {
		f.seen = map[journal.Op]int{}
	}
	f.seen[op]++
	for i, a := range f.armed {
		name, nth, _ := strings.Cut(a, "#")
		if name != string(op) || (nth != "" && nth != strconv.Itoa(f.seen[op])) {
			continue
		}
		f.armed = slices.Delete(f.armed, i, i+1)
		return syscall.ENOSPC
	}
	return nil
}

func (f *faults) arm(faults ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.armed = slices.Clone(faults)
	f.seen = map[journal.Op]int{}
	f.calls = nil
}

// left returns the armed faults not met.
func (f *faults) left() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.armed)
}

func TestAppendFaults(t *testing.T) {
	tests := []struct {
		name       string
		roll       bool     // the failing Append begins a segment
		fail       []string // see faults
		wantBroken bool
		mayRemain  bool // the record was written whole and the cut failed
	}{
		{"write", false, []string{"write"}, false, false},
		{"sync", false, []string{"sync"}, false, false},
		{"write, then truncate", false, []string{"write", "truncate"}, true, false},
		{"sync, then truncate", false, []string{"sync", "truncate"}, true, true},
		{"write, then the sync of the cut", false, []string{"write", "sync"}, true, false},
		{"sync, then the sync of the cut", false, []string{"sync#1", "sync#2"}, true, false},
		{"create on a roll", true, []string{"create"}, false, false},
		{"header write on a roll", true, []string{"write"}, false, false},
		{"header sync on a roll", true, []string{"sync"}, false, false},
		{"rename on a roll", true, []string{"rename"}, false, false},
		{"syncdir on a roll", true, []string{"syncdir"}, false, false},
		{"syncdir, then remove on a roll", true, []string{"syncdir", "remove"}, true, false},
		{"syncdir twice on a roll", true, []string{"syncdir#1", "syncdir#2"}, true, false},
		{"record write after a roll", true, []string{"write#2"}, false, false},
		{"record sync after a roll", true, []string{"sync#2"}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			f := &faults{}
			o := journal.Options{Dir: dir, Fault: f.fault}
			if tt.roll {
				o.SegmentBytes = 1
			}
			l := openLog(t, o)
			appendUpTo(t, l, 3)

			f.arm(tt.fail...)
			_, err := l.Append(9, []byte("never acknowledged"))
			if !errors.Is(err, syscall.ENOSPC) {
				t.Errorf("Append = %v, want it to wrap ENOSPC", err)
			}
			if errors.Is(err, journal.ErrBroken) != tt.wantBroken {
				t.Errorf("Append = %v, want ErrBroken %v", err, tt.wantBroken)
			}
			if err != nil && !strings.HasPrefix(err.Error(), "append journal record: ") {
				t.Errorf("Append = %q, want it to begin with %q", err, "append journal record: ")
			}
			if left := f.left(); len(left) != 0 {
				t.Fatalf("faults %v were not met (calls %v)", left, f.calls)
			}
			if tt.wantBroken {
				calls := map[string]func() error{
					"Append": func() error { _, err := l.Append(1, nil); return err },
					"Undo":   func() error { return l.Undo(3) },
					"Rotate": l.Rotate,
				}
				for name, call := range calls {
					if err := call(); !errors.Is(err, journal.ErrBroken) || !errors.Is(err, syscall.ENOSPC) {
						t.Errorf("%s on a broken Log = %v, want ErrBroken and its cause", name, err)
					}
				}
				l.Close()
				l = openLog(t, journal.Options{Dir: dir})
			}
			w := want(1, 3)
			if tt.mayRemain && l.Last() == 4 {
				w = append(w, rec{4, 9, "never acknowledged"})
			}
			if got := l.Last(); got != uint64(len(w)) {
				t.Errorf("Last() = %d, want %d", got, len(w))
			}
			appendUpTo(t, l, uint64(len(w))+1)
			w = append(w, want(uint64(len(w))+1, uint64(len(w))+1)...)
			l.Close()
			l = openLog(t, journal.Options{Dir: dir})
			if diff := cmp.Diff(w, readAll(t, l)); diff != "" {
				t.Errorf("records after reopening (-want +got):\n%s", diff)
			}
			noTemporaryFiles(t, dir)
		})
	}
}

// TestOtherFaults covers failures outside Append: the first segment's
// creation, Undo, Rotate, DropThrough, and Open's repair of a torn tail.
func TestOtherFaults(t *testing.T) {
	rotate := func(t *testing.T, l *journal.Log) {
		if err := l.Rotate(); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name       string
		n          uint64                             // records appended first
		setup      func(t *testing.T, l *journal.Log) // before the faults are armed
		fail       []string
		call       func(l *journal.Log) error
		wantBroken bool
		wantFirst  uint64 // after reopening
		wantLast   uint64
	}{
		{"create of the first segment", 0, nil, []string{"create"}, func(l *journal.Log) error {
			_, err := l.Append(1, nil)
			return err
		}, false, 1, 0},
		{"truncate in Undo", 3, nil, []string{"truncate"}, func(l *journal.Log) error { return l.Undo(3) }, true, 1, 3},
		{"sync in Undo", 3, nil, []string{"sync"}, func(l *journal.Log) error { return l.Undo(3) }, true, 1, 2},
		{"remove in Undo after Rotate", 3, rotate, []string{"remove"}, func(l *journal.Log) error { return l.Undo(3) }, true, 1, 3},
		{"rename in Rotate", 3, nil, []string{"rename"}, func(l *journal.Log) error { return l.Rotate() }, false, 1, 3},
		{"create in Rotate of an empty Dir", 0, nil, []string{"create"}, func(l *journal.Log) error { return l.Rotate() }, false, 1, 0},
		{"remove in DropThrough", 3, rotate, []string{"remove"}, func(l *journal.Log) error {
			_, err := l.DropThrough(3)
			return err
		}, false, 1, 3},
		{"syncdir in DropThrough", 3, rotate, []string{"syncdir"}, func(l *journal.Log) error {
			_, err := l.DropThrough(3)
			return err
		}, false, 4, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			f := &faults{}
			l := openLog(t, journal.Options{Dir: dir, Fault: f.fault})
			appendUpTo(t, l, tt.n)
			if tt.setup != nil {
				tt.setup(t, l)
			}
			f.arm(tt.fail...)
			err := tt.call(l)
			if !errors.Is(err, syscall.ENOSPC) {
				t.Errorf("call = %v, want it to wrap ENOSPC", err)
			}
			if errors.Is(err, journal.ErrBroken) != tt.wantBroken {
				t.Errorf("call = %v, want ErrBroken %v", err, tt.wantBroken)
			}
			if left := f.left(); len(left) != 0 {
				t.Fatalf("faults %v were not met (calls %v)", left, f.calls)
			}
			l.Close()
			l = openLog(t, journal.Options{Dir: dir})
			if l.First() != tt.wantFirst || l.Last() != tt.wantLast {
				t.Errorf("after reopening, First() = %d, Last() = %d, want %d, %d", l.First(), l.Last(), tt.wantFirst, tt.wantLast)
			}
			appendUpTo(t, l, tt.wantLast+1)
			l.Close()
			l = openLog(t, journal.Options{Dir: dir})
			if diff := cmp.Diff(want(tt.wantFirst, tt.wantLast+1), readAll(t, l)); diff != "" {
				t.Errorf("records after appending and reopening (-want +got):\n%s", diff)
			}
			noTemporaryFiles(t, dir)
		})
	}

	t.Run("truncate of a torn tail in Open", func(t *testing.T) {
		fs := buildLog(t, 3)
		dir := t.TempDir()
		torn := append(fs[segName(1)], encodeRecord(4, 1, []byte("torn"))[:10]...)
		writeDir(t, dir, map[string][]byte{segName(1): torn})
		f := &faults{}
		f.arm("truncate")
		if _, err := journal.Open(journal.Options{Dir: dir, Fault: f.fault}); !errors.Is(err, syscall.ENOSPC) {
			t.Errorf("Open = %v, want it to wrap ENOSPC", err)
		}
		l := openLog(t, journal.Options{Dir: dir})
		if diff := cmp.Diff(want(1, 3), readAll(t, l)); diff != "" {
			t.Errorf("records (-want +got):\n%s", diff)
		}
	})
}

// TestOperations checks the order of the file operations, which is what
// makes a record durable before Append returns and a new or removed
// segment's name durable before it is relied on.
func TestOperations(t *testing.T) {
	tests := []struct {
		name string
		n    uint64 // records appended first
		call func(t *testing.T, l *journal.Log)
		want []journal.Op
	}{
		{"Append", 1, func(t *testing.T, l *journal.Log) { appendUpTo(t, l, 2) }, []journal.Op{"write", "sync"}},
		{"first Append", 0, func(t *testing.T, l *journal.Log) { appendUpTo(t, l, 1) },
			[]journal.Op{"create", "write", "sync", "rename", "syncdir", "write", "sync"}},
		{"Append that rolls", 6, func(t *testing.T, l *journal.Log) { appendUpTo(t, l, 7) },
			[]journal.Op{"create", "write", "sync", "rename", "syncdir", "write", "sync"}},
		{"Undo", 2, func(t *testing.T, l *journal.Log) {
			if err := l.Undo(2); err != nil {
				t.Fatal(err)
			}
		}, []journal.Op{"truncate", "sync"}},
		{"Undo after Rotate", 2, func(t *testing.T, l *journal.Log) {
			if err := l.Rotate(); err != nil {
				t.Fatal(err)
			}
			if err := l.Undo(2); err != nil {
				t.Fatal(err)
			}
		}, []journal.Op{"create", "write", "sync", "rename", "syncdir", "remove", "syncdir", "truncate", "sync"}},
		{"DropThrough", 7, func(t *testing.T, l *journal.Log) {
			if _, err := l.DropThrough(6); err != nil {
				t.Fatal(err)
			}
		}, []journal.Op{"remove", "syncdir"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &faults{}
			// Segments close past 1,000 bytes: records 1 to 6 fill the first.
			l := openLog(t, journal.Options{Dir: t.TempDir(), SegmentBytes: 1000, Fault: f.fault})
			appendUpTo(t, l, tt.n)
			f.arm()
			tt.call(t, l)
			if diff := cmp.Diff(tt.want, f.calls); diff != "" {
				t.Errorf("operations (-want +got):\n%s", diff)
			}
		})
	}
}
