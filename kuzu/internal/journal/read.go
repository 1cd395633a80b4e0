package journal

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
)

// The file format (doc.go describes it).
const (
	magic            = "MNJRNL01"
	headerSize       = 16          // magic, then the segment's first seq
	recordHeaderSize = 16          // length, checksum, seq
	maxLength        = MaxData + 1 // the largest length field: kind and MaxData bytes
	segmentSuffix    = ".seg"
	tmpSuffix        = ".tmp" // after segmentSuffix: a segment being created
	readBufferSize   = 1 << 20
)

// castagnoli is the CRC-32C table; it is never written after this.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func segmentName(first uint64) string {
	return fmt.Sprintf("%020d%s", first, segmentSuffix)
}

// parseSegmentName returns the first seq a segment's file name carries:
// twenty decimal digits, then ".seg" and suffix.
func parseSegmentName(name, suffix string) (uint64, bool) {
	digits, ok := strings.CutSuffix(name, segmentSuffix+suffix)
	if !ok || len(digits) != 20 || strings.Trim(digits, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.ParseUint(digits, 10, 64)
	return n, err == nil
}

func newReader() *bufio.Reader {
	return bufio.NewReaderSize(nil, readBufferSize)
}

// corrupt returns an error wrapping ErrCorrupt that names the file and the
// byte offset.
func corrupt(path string, off int64, format string, args ...any) error {
	return fmt.Errorf("%w: %s at offset %d: %s", ErrCorrupt, path, off, fmt.Sprintf(format, args...))
}

func checkHeader(path string, h []byte, first uint64) error {
	if string(h[:8]) != magic {
		return corrupt(path, 0, "bad magic %q", h[:8])
	}
	if seq := binary.LittleEndian.Uint64(h[8:]); seq != first {
		return corrupt(path, 8, "header says the segment begins at seq %d, its name says %d", seq, first)
	}
	return nil
}

// segState is what checkSegment found in a segment file.
type segState struct {
	size    int64  // bytes in the file
	short   bool   // the header is incomplete
	records uint64 // whole, valid records from the start
	lastOff int64  // offset of the last of them, or -1
	end     int64  // where they end
	want    uint64 // the seq of the record that would begin at end
	bad     string // why the bytes at end are not a record; "" when the file ends there
}

// checkSegment reads the segment file at path, whose name says it begins
// at first, streaming through br, and verifies its header and its records
// up to the first bad one. Bad bytes are reported in the segState for the
// caller to judge; a record with a valid checksum but the wrong seq is
// ErrCorrupt at once, since no torn write makes one.
func checkSegment(path string, first uint64, br *bufio.Reader) (segState, error) {
	st := segState{lastOff: -1, end: headerSize, want: first}
	f, err := os.Open(path)
	if err != nil {
		return st, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return st, err
	}
	st.size = fi.Size()
	if st.size < headerSize {
		st.short = true
		return st, nil
	}
	br.Reset(f)
	var h [recordHeaderSize]byte
	if _, err := io.ReadFull(br, h[:headerSize]); err != nil {
		return st, fmt.Errorf("read %s: %w", path, err)
	}
	if err := checkHeader(path, h[:headerSize], first); err != nil {
		return st, err
	}
	for st.end < st.size {
		rest := st.size - st.end
		if rest < recordHeaderSize {
			st.bad = fmt.Sprintf("record header cut short after %d bytes", rest)
			break
		}
		if _, err := io.ReadFull(br, h[:]); err != nil {
			return st, fmt.Errorf("read %s: %w", path, err)
		}
		n := binary.LittleEndian.Uint32(h[0:])
		if n == 0 || n > maxLength {
			st.bad = fmt.Sprintf("record length %d is out of range", n)
			break
		}
		if int64(n) > rest-recordHeaderSize {
			st.bad = fmt.Sprintf("record of %d bytes runs %d bytes past the end of the file", n, int64(n)-(rest-recordHeaderSize))
			break
		}
		sum, err := checksum(br, crc32.Update(0, castagnoli, h[8:]), int64(n))
		if err != nil {
			return st, fmt.Errorf("read %s: %w", path, err)
		}
		if sum != binary.LittleEndian.Uint32(h[4:]) {
			st.bad = "record fails its checksum"
			break
		}
		if seq := binary.LittleEndian.Uint64(h[8:]); seq != st.want {
			return st, corrupt(path, st.end, "record has seq %d, want %d", seq, st.want)
		}
		st.lastOff = st.end
		st.end += recordHeaderSize + int64(n)
		st.records++
		st.want++
	}
	return st, nil
}

// checksum continues crc over the next n bytes of br without copying them.
func checksum(br *bufio.Reader, crc uint32, n int64) (uint32, error) {
	for n > 0 {
		p, err := br.Peek(int(min(n, int64(br.Size()))))
		crc = crc32.Update(crc, castagnoli, p)
		if _, derr := br.Discard(len(p)); derr != nil {
			return crc, derr
		}
		n -= int64(len(p))
		if err != nil && n > 0 {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return crc, err
		}
	}
	return crc, nil
}

// findRecord returns the offset of the first whole record with a valid
// checksum and a plausible seq (want or later) that begins after from in
// f, of size bytes, or -1 if there is none. It tells a torn tail (nothing
// valid after the bad bytes) from damage in the middle of the data.
func findRecord(f *os.File, from, size int64, want uint64) (int64, error) {
	const window = 1 << 20
	// Each record takes at least recordHeaderSize+1 bytes, which bounds the
	// seq of any record in the rest of the file.
	maxSeq := want + uint64((size-from)/(recordHeaderSize+1))
	buf := make([]byte, window+recordHeaderSize-1)
	for base := from + 1; base+recordHeaderSize <= size; base += window {
		b := buf[:min(int64(len(buf)), size-base)]
		if _, err := f.ReadAt(b, base); err != nil {
			return -1, err
		}
		for i := 0; i < window && i+recordHeaderSize <= len(b); i++ {
			at := base + int64(i)
			n := binary.LittleEndian.Uint32(b[i:])
			seq := binary.LittleEndian.Uint64(b[i+8:])
			if n == 0 || n > maxLength || int64(n) > size-at-recordHeaderSize || seq < want || seq > maxSeq {
				continue
			}
			h := crc32.New(castagnoli)
			if _, err := io.Copy(h, io.NewSectionReader(f, at+8, 8+int64(n))); err != nil {
				return -1, err
			}
			if h.Sum32() == binary.LittleEndian.Uint32(b[i+4:]) {
				return at, nil
			}
		}
	}
	return -1, nil
}

// recordOffset returns the offset of the record seq in the segment file f
// that begins at first, walking the record headers from the start.
func recordOffset(f *os.File, first, seq uint64) (int64, error) {
	var h [recordHeaderSize]byte
	off := int64(headerSize)
	for s := first; ; s++ {
		if _, err := f.ReadAt(h[:], off); err != nil {
			return 0, fmt.Errorf("read %s: %w", f.Name(), err)
		}
		if got := binary.LittleEndian.Uint64(h[8:]); got != s {
			return 0, corrupt(f.Name(), off, "record has seq %d, want %d", got, s)
		}
		if s == seq {
			return off, nil
		}
		off += recordHeaderSize + int64(binary.LittleEndian.Uint32(h[0:]))
	}
}

// Scan calls fn for each record with a seq of at least from, in order, and
// returns the first error fn returns, as it is. data is valid only during
// the call: Scan reuses its buffer. Each record's checksum is verified
// again; a mismatch is ErrCorrupt.
//
// Scan holds the Log's mutex while it runs, so it sees a consistent log and
// fn must not call the Log's methods. It is meant for recovery, before the
// appends begin.
func (l *Log) Scan(from uint64, fn func(seq uint64, kind byte, data []byte) error) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return fmt.Errorf("scan journal: %w", ErrClosed)
	}
	from = max(from, l.first())
	if from >= l.next {
		return nil
	}
	i := sort.Search(len(l.segs), func(i int) bool { return l.segs[i].first > from }) - 1
	br := newReader()
	var buf []byte
	for ; i < len(l.segs); i++ {
		end := l.next
		if i+1 < len(l.segs) {
			end = l.segs[i+1].first
		}
		if err := l.scanSegment(l.segs[i], end, from, br, &buf, fn); err != nil {
			return err
		}
	}
	return nil
}

// scanSegment calls fn for the records of s from from up to (not
// including) end. It wraps its own errors and returns fn's as they are.
func (l *Log) scanSegment(s segment, end, from uint64, br *bufio.Reader, buf *[]byte, fn func(uint64, byte, []byte) error) error {
	path := l.path(s.first)
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("scan journal: %w", err)
	}
	defer f.Close()
	br.Reset(io.NewSectionReader(f, 0, s.size))
	var h [recordHeaderSize]byte
	if _, err := io.ReadFull(br, h[:headerSize]); err != nil {
		return fmt.Errorf("scan journal: read %s: %w", path, err)
	}
	if err := checkHeader(path, h[:headerSize], s.first); err != nil {
		return fmt.Errorf("scan journal: %w", err)
	}
	off := int64(headerSize)
	for seq := s.first; seq < end; seq++ {
		if _, err := io.ReadFull(br, h[:]); err != nil {
			return fmt.Errorf("scan journal: read %s: %w", path, err)
		}
		n := binary.LittleEndian.Uint32(h[0:])
		if n == 0 || n > maxLength || int64(n) > s.size-off-recordHeaderSize {
			return fmt.Errorf("scan journal: %w", corrupt(path, off, "record length %d is out of range", n))
		}
		if seq < from {
			if _, err := br.Discard(int(n)); err != nil {
				return fmt.Errorf("scan journal: read %s: %w", path, err)
			}
			off += recordHeaderSize + int64(n)
			continue
		}
		if cap(*buf) < int(n) {
			*buf = make([]byte, n)
		}
		b := (*buf)[:n]
		if _, err := io.ReadFull(br, b); err != nil {
			return fmt.Errorf("scan journal: read %s: %w", path, err)
		}
		sum := crc32.Update(crc32.Update(0, castagnoli, h[8:]), castagnoli, b)
		if sum != binary.LittleEndian.Uint32(h[4:]) {
			return fmt.Errorf("scan journal: %w", corrupt(path, off, "record %d fails its checksum", seq))
		}
		if got := binary.LittleEndian.Uint64(h[8:]); got != seq {
			return fmt.Errorf("scan journal: %w", corrupt(path, off, "record has seq %d, want %d", got, seq))
		}
		if err := fn(seq, b[0], b[1:]); err != nil {
			return err
		}
		off += recordHeaderSize + int64(n)
	}
	return nil
}
