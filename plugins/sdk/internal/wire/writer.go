package wire

import (
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"
)

// Writer encodes a JSON document into a buffer it may reuse. The first
// error (a NaN, an infinity, a value encoding/json refuses) is kept and
// reported by Err; the bytes written are then meaningless.
type Writer struct {
	buf []byte
	err error
}

// Reset empties the Writer, keeping buf's memory for the next document.
func (w *Writer) Reset(buf []byte) {
	w.buf = buf[:0]
	w.err = nil
}

// Bytes returns the document written. It aliases the Writer's buffer.
func (w *Writer) Bytes() []byte { return w.buf }

// Err returns the first error, nil if none.
func (w *Writer) Err() error { return w.err }

// Raw appends s verbatim: punctuation, or a member name already quoted.
func (w *Writer) Raw(s string) { w.buf = append(w.buf, s...) }

// Byte appends one byte of punctuation.
func (w *Writer) Byte(c byte) { w.buf = append(w.buf, c) }

// Key appends a member name (quoted, with its colon), preceded by a comma
// unless it is the object's first: *more tracks that.
func (w *Writer) Key(more *bool, quoted string) {
	if *more {
		w.buf = append(w.buf, ',')
	}
	*more = true
	w.buf = append(w.buf, quoted...)
}

// Int appends an integer.
func (w *Writer) Int(n int) { w.buf = strconv.AppendInt(w.buf, int64(n), 10) }

// Bool appends a boolean.
func (w *Writer) Bool(b bool) { w.buf = strconv.AppendBool(w.buf, b) }

// Float appends f as encoding/json does for a float of the given bits (32
// or 64): the shortest representation, in exponent form below 1e-6 and
// from 1e21, and an error for NaN and the infinities.
func (w *Writer) Float(f float64, bits int) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		if w.err == nil {
			w.err = errors.New("json: unsupported value: " + strconv.FormatFloat(f, 'g', -1, bits))
		}
		return
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			format = 'e'
		}
	}
	b := strconv.AppendFloat(w.buf, f, format, -1, bits)
	if format == 'e' {
		// e-09 becomes e-9, as encoding/json writes it.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	w.buf = b
}

const hexDigits = "0123456789abcdef"

// String appends s quoted, escaped as encoding/json escapes it (with its
// HTML escaping): invalid UTF-8 becomes U+FFFD, U+2028 and U+2029 are
// escaped.
func (w *Writer) String(s string) {
	b := append(w.buf, '"')
	src := unsafeBytes(s)
	start, i := 0, 0
	for i < len(src) {
		i += plainWrite(src[i:])
		if i >= len(src) {
			break
		}
		if c := src[i]; c < utf8.RuneSelf {
			b = append(b, src[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		rr, size := utf8.DecodeRune(src[i:])
		switch {
		case rr == utf8.RuneError && size == 1:
			b = append(b, src[start:i]...)
			b = append(b, `\ufffd`...)
			start = i + size
		case rr == '\u2028' || rr == '\u2029':
			b = append(b, src[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[rr&0xF])
			start = i + size
		}
		i += size
	}
	b = append(b, src[start:]...)
	w.buf = append(b, '"')
}

// JSON appends v as json.Marshal encodes it: the fallback for values of
// any type and for json.RawMessage.
func (w *Writer) JSON(v any) {
	switch v := v.(type) {
	case nil:
		w.Raw("null")
		return
	case string:
		w.String(v)
		return
	case float64:
		w.Float(v, 64)
		return
	case bool:
		w.Bool(v)
		return
	case map[string]any:
		if v == nil {
			w.Raw("null")
			return
		}
		w.Byte('{')
		for i, k := range SortedKeys(v) {
			if i > 0 {
				w.Byte(',')
			}
			w.String(k)
			w.Byte(':')
			w.JSON(v[k])
		}
		w.Byte('}')
		return
	case []any:
		if v == nil {
			w.Raw("null")
			return
		}
		w.Byte('[')
		for i, e := range v {
			if i > 0 {
				w.Byte(',')
			}
			w.JSON(e)
		}
		w.Byte(']')
		return
	}
	b, err := json.Marshal(v)
	if err != nil {
		if w.err == nil {
			w.err = err
		}
		return
	}
	w.buf = append(w.buf, b...)
}

// SortedKeys returns m's keys in order: encoding/json writes maps sorted.
func SortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
