package core

import (
	"crypto/rand"
	"encoding/hex"
	"sync"
	"time"
)

// NewID returns a UUIDv7 string for the time now: 48 bits of Unix
// milliseconds followed by random bits. Ids made later sort after ids made
// earlier, so listing by id lists in creation order; ids made within the
// same millisecond sort at random (an Engine's own ids do not, see
// IDSource).
func NewID(now time.Time) string {
	var b [16]byte
	_, _ = rand.Read(b[6:])
	return formatID(uint64(now.UnixMilli()), b)
}

// IDSource makes the ids of an engine's objects: UUIDv7 strings that sort
// in the order they were made, even within one millisecond, with the
// 12-bit counter of RFC 9562 §6.2 (method 1) in place of the first random
// bits. The graph's "most recent" reads (the related facts of an entity,
// capped and ordered by uuid) then see the same facts on every run of the
// same input, where random bits ordered an episode's facts differently
// each time. It is safe for concurrent use.
type IDSource struct {
	mu  sync.Mutex
	ms  uint64
	seq uint16
}

// Next returns a new id for the time now, after every id it made before.
func (s *IDSource) Next(now time.Time) string {
	ms := uint64(now.UnixMilli())
	s.mu.Lock()
	if ms <= s.ms {
		ms = s.ms
		s.seq++
		if s.seq > 0xfff {
			ms++ // the counter is spent: borrow the next millisecond
			s.seq = 0
		}
	} else {
		s.seq = 0
	}
	s.ms = ms
	seq := s.seq
	s.mu.Unlock()
	var b [16]byte
	_, _ = rand.Read(b[8:])
	b[6], b[7] = byte(seq>>8), byte(seq)
	return formatID(ms, b)
}

// formatID writes a UUIDv7 with the timestamp ms over b's bytes 6 to 15.
func formatID(ms uint64, b [16]byte) string {
	b[0] = byte(ms >> 40)
	b[1] = byte(ms >> 32)
	b[2] = byte(ms >> 24)
	b[3] = byte(ms >> 16)
	b[4] = byte(ms >> 8)
	b[5] = byte(ms)
	b[6] = b[6]&0x0f | 0x70 // version 7
	b[8] = b[8]&0x3f | 0x80 // RFC 9562 variant
	var s [36]byte
	hex.Encode(s[0:8], b[0:4])
	s[8] = '-'
	hex.Encode(s[9:13], b[4:6])
	s[13] = '-'
	hex.Encode(s[14:18], b[6:8])
	s[18] = '-'
	hex.Encode(s[19:23], b[8:10])
	s[23] = '-'
	hex.Encode(s[24:36], b[10:16])
	return string(s[:])
}
