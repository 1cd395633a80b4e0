package wire

import (
	"math/bits"
	"unsafe"
)

// Word arithmetic on eight bytes at a time. For a word v,
// haszero(v) = (v - lo) &^ v & hi has the high bit of a byte set for at
// least the first zero byte of v (bytes above a zero byte may be flagged
// too, by the borrow, which never propagates downward): so the lowest
// flagged byte is always a true hit. A byte equal to c is a zero byte of
// v ^ lo*c.

const (
	lo = 0x0101010101010101
	hi = 0x8080808080808080
)

// word reads the 8 bytes at p+off, little-endian (WebAssembly's byte
// order; a plain i64.load, which permits unaligned addresses). The caller
// ensures they lie inside its slice.
func word(p unsafe.Pointer, off int) uint64 { return *(*uint64)(unsafe.Add(p, off)) }

// readMask flags the bytes of v a string reader must stop at: '"', '\\',
// control characters (v - lo*0x20 borrows into their high bit) and
// non-ASCII bytes (their high bit is set).
func readMask(v uint64) uint64 {
	q, b := v^(lo*'"'), v^(lo*'\\')
	return ((v-lo*0x20)&^v | (q-lo)&^q | (b-lo)&^b | v) & hi
}

// writeMask flags the bytes of v a string writer must stop at: readMask's
// and the HTML characters encoding/json escapes. '"' and '&' (0x22, 0x26)
// differ only in bit 2, '<' and '>' (0x3c, 0x3e) only in bit 1, so one
// comparison finds each pair.
func writeMask(v uint64) uint64 {
	q, h, b := (v|lo*4)^(lo*'&'), (v|lo*2)^(lo*'>'), v^(lo*'\\')
	return ((v-lo*0x20)&^v | (q-lo)&^q | (h-lo)&^h | (b-lo)&^b | v) & hi
}

// The scans look at 64 bytes per iteration, then 8, then 1: in
// WebAssembly compiled from Go every iteration of a loop costs tens of
// nanoseconds however little it does (a branch through the function's
// dispatch loop and the host's deadline check), so fewer, fuller
// iterations are faster.

// plainRead returns the length of the prefix of s that a string reader
// copies as is: no '"', '\\', control character or non-ASCII byte.
func plainRead(s []byte) int {
	i := 0
	if len(s) >= 8 {
		p := unsafe.Pointer(unsafe.SliceData(s))
		for ; i+64 <= len(s); i += 64 {
			if readMask(word(p, i))|readMask(word(p, i+8))|readMask(word(p, i+16))|readMask(word(p, i+24))|
				readMask(word(p, i+32))|readMask(word(p, i+40))|readMask(word(p, i+48))|readMask(word(p, i+56)) != 0 {
				break
			}
		}
		for ; i+8 <= len(s); i += 8 {
			if m := readMask(word(p, i)); m != 0 {
				return i + bits.TrailingZeros64(m)>>3
			}
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= 0x80 {
			return i
		}
	}
	return i
}

// plainWrite returns the length of the prefix of s that a string writer
// copies as is.
func plainWrite(s []byte) int {
	i := 0
	if len(s) >= 8 {
		p := unsafe.Pointer(unsafe.SliceData(s))
		for ; i+64 <= len(s); i += 64 {
			if writeMask(word(p, i))|writeMask(word(p, i+8))|writeMask(word(p, i+16))|writeMask(word(p, i+24))|
				writeMask(word(p, i+32))|writeMask(word(p, i+40))|writeMask(word(p, i+48))|writeMask(word(p, i+56)) != 0 {
				break
			}
		}
		for ; i+8 <= len(s); i += 8 {
			if m := writeMask(word(p, i)); m != 0 {
				return i + bits.TrailingZeros64(m)>>3
			}
		}
	}
	for ; i < len(s); i++ {
		if !htmlSafe[s[i]] {
			return i
		}
	}
	return i
}

// htmlSafe reports the ASCII bytes a string writer copies as is (the
// table of encoding/json's htmlSafeSet); non-ASCII bytes are false.
var htmlSafe = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// unsafeBytes returns the bytes of s without copying; the caller must not
// modify them.
func unsafeBytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }
