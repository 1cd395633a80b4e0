package journal

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"os"
)

// keepBuffer is the largest record buffer Append keeps for the next call;
// a larger one, for a rare large record, is let go.
const keepBuffer = 1 << 20

// Append adds a record of kind and data with the seq Last()+1 and returns
// that seq once the record is durable: written with one write call and
// fdatasynced. data is not kept.
//
// When the write or the sync fails, the segment is cut back to where it
// was and the error is returned (errors.Is finds its cause, such as
// syscall.ENOSPC); the seq is not used, and the next Append is readable
// after it. If cutting back fails too, the Log is broken: this and every
// later Append, Undo and Rotate return an error wrapping ErrBroken and the
// cause, until the log is opened again.
//
// If the current segment already holds SegmentBytes, Append first begins
// a new one (created, synced and named in a synced directory).
func (l *Log) Append(kind byte, data []byte) (seq uint64, err error) {
	if len(data) > MaxData {
		return 0, fmt.Errorf("append journal record of %d bytes: %w", len(data), ErrTooLarge)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.usable(); err != nil {
		return 0, fmt.Errorf("append journal record: %w", err)
	}
	if l.f == nil || (l.next > l.current().first && l.current().size >= l.limit) {
		if err := l.startSegment(); err != nil {
			return 0, fmt.Errorf("append journal record: %w", err)
		}
	}
	seq = l.next
	n := recordHeaderSize + 1 + len(data)
	if cap(l.buf) < n {
		l.buf = make([]byte, n)
	}
	b := l.buf[:n]
	binary.LittleEndian.PutUint32(b[0:], uint32(1+len(data)))
	binary.LittleEndian.PutUint64(b[8:], seq)
	b[16] = kind
	copy(b[17:], data)
	// seq, kind and data lie together from byte 8: one checksum pass.
	binary.LittleEndian.PutUint32(b[4:], crc32.Checksum(b[8:], castagnoli))
	if cap(l.buf) > keepBuffer {
		l.buf = nil
	}

	cur := l.current()
	off := cur.size
	err = l.writeAt(l.f, b, off)
	if err == nil {
		err = l.sync(l.f)
	}
	if err != nil {
		if cerr := l.cut(off); cerr != nil {
			l.broken = fmt.Errorf("%w: %w; cut the segment back: %w", ErrBroken, err, cerr)
			return 0, fmt.Errorf("append journal record: %w", l.broken)
		}
		return 0, fmt.Errorf("append journal record: %w", err)
	}
	cur.size += int64(n)
	l.tail = off
	l.next++
	return seq, nil
}

// Undo removes the last record, which must be seq: it is for a record whose
// database write failed. The segment is truncated and synced; if the
// record was in the previous segment (a Rotate ran since its Append), the
// empty current segment is removed first.
//
// Undo refuses any seq but Last(), leaving the log as it is. If truncating
// or syncing fails, the Log is broken (see Append): the record may or may
// not be there. A record whose Undo had not returned when the process died
// may be found again at the next Open.
func (l *Log) Undo(seq uint64) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.usable(); err != nil {
		return fmt.Errorf("undo journal record %d: %w", seq, err)
	}
	if l.next == l.first() {
		return fmt.Errorf("undo journal record %d: the journal holds no record", seq)
	}
	if last := l.next - 1; seq != last {
		return fmt.Errorf("undo journal record %d: only the last record, %d, can be undone", seq, last)
	}
	if l.current().first > seq {
		return l.undoIntoPrevious(seq)
	}
	off := l.tail
	if off < 0 {
		var err error
		if off, err = recordOffset(l.f, l.current().first, seq); err != nil {
			return fmt.Errorf("undo journal record %d: %w", seq, err)
		}
	}
	if err := l.cut(off); err != nil {
		l.broken = fmt.Errorf("%w: undo record %d: %w", ErrBroken, seq, err)
		return fmt.Errorf("undo journal record %d: %w", seq, l.broken)
	}
	l.next--
	l.tail = -1
	return nil
}

// undoIntoPrevious undoes seq, the last record of the segment before the
// current one, which is empty: the current segment goes, and the previous
// one is cut back and becomes current.
func (l *Log) undoIntoPrevious(seq uint64) error {
	prev := l.segs[len(l.segs)-2]
	f, err := os.OpenFile(l.path(prev.first), os.O_RDWR, 0)
	if err != nil {
		return fmt.Errorf("undo journal record %d: %w", seq, err)
	}
	off, err := recordOffset(f, prev.first, seq)
	if err != nil {
		f.Close()
		return fmt.Errorf("undo journal record %d: %w", seq, err)
	}
	err = l.remove(l.path(l.current().first))
	if err == nil {
		err = l.syncDir()
	}
	if err == nil {
		err = l.truncate(f, off)
	}
	if err == nil {
		err = l.sync(f)
	}
	if err != nil {
		f.Close()
		l.broken = fmt.Errorf("%w: undo record %d: %w", ErrBroken, seq, err)
		return fmt.Errorf("undo journal record %d: %w", seq, l.broken)
	}
	l.f.Close()
	l.f = f
	l.segs = l.segs[:len(l.segs)-1]
	l.current().size = off
	l.next--
	l.tail = -1
	return nil
}

// Rotate closes the current segment and begins a new, empty one at
// Last()+1 (created, synced, and named in a synced directory). It does
// nothing when the current segment holds no record. When Dir holds no
// segment yet, Rotate creates the first, so the seq counter is on disk.
//
// Rotate then DropThrough(Last()) leaves only the empty new segment, whose
// name keeps the seq counter across a restart.
func (l *Log) Rotate() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.usable(); err != nil {
		return fmt.Errorf("rotate journal: %w", err)
	}
	if l.f != nil && l.next == l.current().first {
		return nil
	}
	if err := l.startSegment(); err != nil {
		return fmt.Errorf("rotate journal: %w", err)
	}
	return nil
}

// DropThrough removes every segment all of whose records have a seq of at
// most seq, oldest first, but never the current segment, then syncs the
// directory. It returns how many segment files it removed, also when it
// fails part way. The Log stays whole: removing from the oldest keeps the
// remaining segments contiguous.
func (l *Log) DropThrough(seq uint64) (removed int, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return 0, fmt.Errorf("drop journal segments: %w", ErrClosed)
	}
	for removed < len(l.segs)-1 && l.segs[removed+1].first-1 <= seq {
		if err = l.remove(l.path(l.segs[removed].first)); err != nil {
			break
		}
		removed++
	}
	if removed > 0 {
		l.segs = append([]segment(nil), l.segs[removed:]...)
		if serr := l.syncDir(); err == nil {
			err = serr
		}
	}
	if err != nil {
		return removed, fmt.Errorf("drop journal segments: %w", err)
	}
	return removed, nil
}

func (l *Log) current() *segment {
	return &l.segs[len(l.segs)-1]
}

// cut truncates the current segment to size bytes and syncs it.
func (l *Log) cut(size int64) error {
	if err := l.truncate(l.f, size); err != nil {
		return err
	}
	if err := l.sync(l.f); err != nil {
		return err
	}
	l.current().size = size
	return nil
}

// startSegment makes a new segment at l.next the current one.
func (l *Log) startSegment() error {
	f, err := l.createSegment(l.next)
	if err != nil {
		return err
	}
	if l.f != nil {
		// Every record in the old segment is synced already.
		if err := l.f.Close(); err != nil {
			l.log.Warn("journal: close a full segment", "file", l.f.Name(), "err", err)
		}
	}
	l.f = f
	l.segs = append(l.segs, segment{first: l.next, size: headerSize})
	l.tail = -1
	return nil
}

// createSegment creates the segment file that begins at first and returns
// it open for writing: the header is written to a temporary file and
// synced, the file is renamed into place and the directory synced, so a
// segment is never seen with part of a header. If syncing the directory
// (or opening the file under its name) fails, the name may not last, and
// records in the file would not either: the file is removed again, and if
// that fails too the Log is broken, since a stray empty segment would
// later look like a gap.
func (l *Log) createSegment(first uint64) (*os.File, error) {
	path := l.path(first)
	tmp := path + tmpSuffix
	f, err := l.create(tmp)
	if err != nil {
		return nil, fmt.Errorf("create segment: %w", err)
	}
	var h [headerSize]byte
	copy(h[:], magic)
	binary.LittleEndian.PutUint64(h[8:], first)
	err = l.writeAt(f, h[:], 0)
	if err == nil {
		err = l.sync(f)
	}
	f.Close()
	if err == nil {
		err = l.rename(tmp, path)
	}
	if err != nil {
		// At worst a temporary file is left, which holds no record and
		// which Open removes; so its removal needs no directory sync.
		_ = l.remove(tmp)
		return nil, fmt.Errorf("create segment: %w", err)
	}
	err = l.syncDir()
	if err == nil {
		if f, err = os.OpenFile(path, os.O_RDWR, 0); err == nil {
			return f, nil
		}
	}
	rerr := l.remove(path)
	if rerr == nil {
		rerr = l.syncDir()
	}
	if rerr != nil {
		l.broken = fmt.Errorf("%w: %w; remove the new segment: %w", ErrBroken, err, rerr)
		return nil, fmt.Errorf("create segment: %w", l.broken)
	}
	return nil, fmt.Errorf("create segment: %w", err)
}
