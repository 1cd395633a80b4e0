package journal

import (
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"sync"
)

var (
	// ErrCorrupt is a bad record that is not a torn tail: one followed by
	// valid data, one in a segment other than the last, a bad header, or a
	// gap in the sequence. Open refuses such a log; nothing is dropped.
	ErrCorrupt = errors.New("journal: corrupt")
	// ErrBroken means a failed Append, Undo or segment creation could not
	// be undone, so what the files hold is unknown. Every later Append, Undo and Rotate
	// returns it until the log is opened again, which sorts the file out.
	ErrBroken = errors.New("journal: broken")
	// ErrTooLarge is a record whose data is over MaxData bytes.
	ErrTooLarge = errors.New("journal: record too large")
	// ErrClosed is a call on a Log after Close.
	ErrClosed = errors.New("journal: closed")
)

// MaxData is the largest data a record may carry, 1 GiB.
const MaxData = 1 << 30

// DefaultSegmentBytes is the segment size Options.SegmentBytes zero means.
const DefaultSegmentBytes = 32 << 20

// Op names a file-system operation, for Options.Fault.
type Op string

// The operations Options.Fault is called before.
const (
	OpCreate   Op = "create"   // creating a segment (its temporary file)
	OpWrite    Op = "write"    // writing a record or a segment header
	OpSync     Op = "sync"     // fdatasync of a segment
	OpTruncate Op = "truncate" // cutting a segment back
	OpRemove   Op = "remove"   // removing a segment or a leftover temporary file
	OpRename   Op = "rename"   // moving a new segment into place
	OpSyncDir  Op = "syncdir"  // fsync of Dir (or of its parent, once, when Open creates Dir)
)

// Options configure Open. The zero value of each field but Dir is its
// default.
type Options struct {
	// Dir holds the segment files. Open creates it (mode 0o755) if it is
	// missing. Files in it that are not named like a segment are left alone.
	Dir string
	// SegmentBytes is the size past which a segment is closed: once the
	// current segment holds at least this many bytes, the next Append
	// begins a new one. Zero means DefaultSegmentBytes (32 MiB).
	SegmentBytes int64
	// Next is the seq the first record gets when Dir holds no segment at
	// all. It is ignored when Dir holds one: the seq then continues from
	// the segments. Zero means 1.
	Next uint64
	// Fault, for tests, is called before every file-system operation of
	// the Log that changes something (the Op constants; not opening or
	// reading a file) with the operation and the file or directory it is
	// on. A non-nil error is returned as if the call had failed, and the
	// call is not made. Nil means no faults.
	Fault func(op Op, path string) error
	// Logger receives the repairs Open makes (a torn tail dropped, an
	// unfinished segment removed) at Warn. Nil discards.
	Logger *slog.Logger
}

// Validate reports whether o can be used.
func (o Options) Validate() error {
	if o.Dir == "" {
		return errors.New("journal options: Dir is empty")
	}
	if o.SegmentBytes < 0 {
		return fmt.Errorf("journal options: SegmentBytes %d is negative", o.SegmentBytes)
	}
	return nil
}

func (o Options) withDefaults() Options {
	if o.SegmentBytes == 0 {
		o.SegmentBytes = DefaultSegmentBytes
	}
	if o.Next == 0 {
		o.Next = 1
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o
}

// segment is one segment file as the Log knows it.
type segment struct {
	first uint64 // the seq of its first record, the number in its name
	size  int64  // bytes in the file
}

// Log is an append-only journal of records in segment files.
//
// A *Log is safe for concurrent use: every method takes one mutex, and
// Append holds it through its write and fdatasync, so appends are
// serialized and each waits for its own sync (there is no group commit).
// Scan holds the mutex while it runs, so its callback must not call the
// Log. Append does not keep the data slice it is given; the data Scan
// passes is valid only during the call.
//
// Close closes the current segment file. It does not sync (every
// acknowledged record already is) and removes nothing; after it Last,
// First and Bytes still answer, Close returns nil, and every other method
// returns ErrClosed.
type Log struct {
	mu     sync.Mutex
	dir    string
	limit  int64
	fault  func(Op, string) error
	log    *slog.Logger
	segs   []segment // ascending by first seq; the last one is the current segment
	f      *os.File  // the current segment, open for writing; nil while Dir holds none
	next   uint64    // the seq the next record gets
	tail   int64     // offset of the last record in f, or -1 when unknown or not in f
	buf    []byte    // Append's record buffer, reused
	broken error     // why the Log is broken (wraps ErrBroken), or nil
	closed bool
}

// Open opens the journal in o.Dir, creating the directory if it is missing,
// and checks every segment: headers, checksums and the sequence, across
// segments too. A torn tail of the last segment (a record cut short, or
// final records that fail their checksum with nothing valid after them) is
// the trace of a write that was never acknowledged: Open truncates it away
// and logs it at Warn. Anything else that is bad is ErrCorrupt, naming the
// file and the byte offset; Open never drops data silently.
//
// An empty Dir gets no file until the first Append or Rotate; its Log has
// Last() == o.Next-1.
func Open(o Options) (*Log, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	o = o.withDefaults()
	l := &Log{
		dir:   o.Dir,
		limit: o.SegmentBytes,
		fault: o.Fault,
		log:   o.Logger,
		next:  o.Next,
		tail:  -1,
	}
	if err := l.open(); err != nil {
		if l.f != nil {
			l.f.Close()
		}
		return nil, fmt.Errorf("open journal %s: %w", o.Dir, err)
	}
	return l, nil
}

// open lists and checks the segments, repairs a torn tail, and opens the
// last segment for writing.
func (l *Log) open() error {
	if _, err := os.Stat(l.dir); errors.Is(err, fs.ErrNotExist) {
		if err := os.MkdirAll(l.dir, 0o755); err != nil {
			return err
		}
		return l.syncDirOf(filepath.Dir(l.dir))
	} else if err != nil {
		return err
	}
	firsts, err := l.list()
	if err != nil {
		return err
	}
	if len(firsts) == 0 {
		return nil
	}
	br := newReader()
	want := firsts[0]
	for i, first := range firsts {
		last := i == len(firsts)-1
		path := l.path(first)
		st, err := checkSegment(path, first, br)
		if err != nil {
			return err
		}
		if st.short {
			if !last {
				return corrupt(path, 0, "header of %d bytes is incomplete", st.size)
			}
			l.next = want
			return l.dropUnfinished(path, first, i == 0)
		}
		if i > 0 && first != want {
			return corrupt(path, 0, "gap between segments: %s ends at seq %d, this one begins at %d", filepath.Base(l.path(firsts[i-1])), want-1, first)
		}
		if st.bad != "" {
			if !last {
				return corrupt(path, st.end, "%s in a segment that is not the last", st.bad)
			}
			if err := l.dropTornTail(path, st); err != nil {
				return err
			}
		}
		l.segs = append(l.segs, segment{first: first, size: st.end})
		want = first + st.records
		if last {
			l.tail = st.lastOff
		}
	}
	l.next = want
	f, err := os.OpenFile(l.path(l.segs[len(l.segs)-1].first), os.O_RDWR, 0)
	if err != nil {
		return err
	}
	l.f = f
	return nil
}

// list returns the first seqs of the segments in Dir, ascending, after
// removing the temporary files of segments never moved into place.
func (l *Log) list() ([]uint64, error) {
	entries, err := os.ReadDir(l.dir)
	if err != nil {
		return nil, err
	}
	var firsts []uint64
	removed := false
	for _, e := range entries {
		name := e.Name()
		if first, ok := parseSegmentName(name, tmpSuffix); ok && e.Type().IsRegular() {
			l.log.Warn("journal: removing a segment that was never finished", "file", filepath.Join(l.dir, name), "seq", first)
			if err := l.remove(filepath.Join(l.dir, name)); err != nil {
				return nil, err
			}
			removed = true
			continue
		}
		if first, ok := parseSegmentName(name, ""); ok {
			if first == 0 {
				return nil, corrupt(filepath.Join(l.dir, name), 0, "seq 0 is never used")
			}
			firsts = append(firsts, first)
		}
	}
	if removed {
		if err := l.syncDir(); err != nil {
			return nil, err
		}
	}
	slices.Sort(firsts)
	return firsts, nil
}

// dropUnfinished handles a last segment whose header is incomplete, left by
// a crash while it was created: it holds no record. It is removed, or, when
// it is the only segment, made again whole, so that the seq its name
// carries survives.
func (l *Log) dropUnfinished(path string, first uint64, only bool) error {
	l.log.Warn("journal: segment header is incomplete; the segment holds no record", "file", path, "only", only)
	if only {
		f, err := l.createSegment(first)
		if err != nil {
			return err
		}
		l.f = f
		l.segs = []segment{{first: first, size: headerSize}}
		l.next = first
		l.tail = -1
		return nil
	}
	if err := l.remove(path); err != nil {
		return err
	}
	if err := l.syncDir(); err != nil {
		return err
	}
	prev := l.segs[len(l.segs)-1]
	f, err := os.OpenFile(l.path(prev.first), os.O_RDWR, 0)
	if err != nil {
		return err
	}
	l.f = f
	// The previous segment was checked as one that is not the last, so it
	// ends with a whole record, whose offset is found when Undo needs it.
	l.tail = -1
	return nil
}

// dropTornTail truncates the last segment at st.end, where its valid
// records end, unless a valid record follows the bad bytes.
func (l *Log) dropTornTail(path string, st segState) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	at, err := findRecord(f, st.end, st.size, st.want)
	if err != nil {
		return fmt.Errorf("read %s: %w", path, err)
	}
	if at >= 0 {
		return corrupt(path, st.end, "%s, and a valid record follows at offset %d", st.bad, at)
	}
	if err := l.truncate(f, st.end); err != nil {
		return err
	}
	if err := l.sync(f); err != nil {
		return err
	}
	l.log.Warn("journal: dropped a torn tail, a record never acknowledged", "file", path, "offset", st.end, "bytes", st.size-st.end, "reason", st.bad)
	return nil
}

// Last returns the seq of the last record, or First()-1 when the log holds
// none.
func (l *Log) Last() uint64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.next - 1
}

// First returns the seq of the first record the log holds, or Last()+1
// when it holds none.
func (l *Log) First() uint64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.first()
}

func (l *Log) first() uint64 {
	if len(l.segs) == 0 {
		return l.next
	}
	return l.segs[0].first
}

// Bytes returns the size of all segment files together.
func (l *Log) Bytes() int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	var n int64
	for _, s := range l.segs {
		n += s.size
	}
	return n
}

// Close closes the current segment file. It is idempotent; see Log for
// what it does and does not do.
func (l *Log) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return nil
	}
	l.closed = true
	if l.f == nil {
		return nil
	}
	err := l.f.Close()
	l.f = nil
	if err != nil {
		return fmt.Errorf("close journal: %w", err)
	}
	return nil
}

// usable returns why the Log may not be written, or nil.
func (l *Log) usable() error {
	if l.closed {
		return ErrClosed
	}
	return l.broken
}

func (l *Log) path(first uint64) string {
	return filepath.Join(l.dir, segmentName(first))
}

// The file-system operations below call Options.Fault first.

func (l *Log) injected(op Op, path string) error {
	if l.fault == nil {
		return nil
	}
	if err := l.fault(op, path); err != nil {
		return &fs.PathError{Op: string(op), Path: path, Err: err}
	}
	return nil
}

func (l *Log) create(path string) (*os.File, error) {
	if err := l.injected(OpCreate, path); err != nil {
		return nil, err
	}
	return os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
}

func (l *Log) writeAt(f *os.File, b []byte, off int64) error {
	if err := l.injected(OpWrite, f.Name()); err != nil {
		return err
	}
	_, err := f.WriteAt(b, off)
	return err
}

func (l *Log) sync(f *os.File) error {
	if err := l.injected(OpSync, f.Name()); err != nil {
		return err
	}
	return datasync(f)
}

func (l *Log) truncate(f *os.File, size int64) error {
	if err := l.injected(OpTruncate, f.Name()); err != nil {
		return err
	}
	return f.Truncate(size)
}

func (l *Log) remove(path string) error {
	if err := l.injected(OpRemove, path); err != nil {
		return err
	}
	return os.Remove(path)
}

func (l *Log) rename(from, to string) error {
	if err := l.injected(OpRename, from); err != nil {
		return err
	}
	return os.Rename(from, to)
}

func (l *Log) syncDir() error {
	return l.syncDirOf(l.dir)
}

func (l *Log) syncDirOf(dir string) error {
	if err := l.injected(OpSyncDir, dir); err != nil {
		return err
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}
