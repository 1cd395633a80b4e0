package wire

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// maxDepth is encoding/json's nesting limit.
const maxDepth = 10000

// Reader decodes one JSON document. The first error stops it: every later
// read returns false or leaves its target unchanged, and Err reports the
// error.
//
// The strings a Reader returns do not alias the document: it copies the
// document once, and a string without escapes is a substring of that
// copy, which saves an allocation per string (each costs about a
// microsecond in WebAssembly). So a string kept after the decoded value is
// dropped keeps the whole copy alive; strings.Clone it to keep it alone.
// Key's result aliases the document and is valid until the next read.
type Reader struct {
	data  []byte
	text  string // a copy of data
	pos   int
	err   error
	depth int
	key   []byte // the last member name, unescaped
	buf   []byte // scratch for keys with escapes
}

// NewReader returns a Reader of data.
func NewReader(data []byte) *Reader {
	r := &Reader{}
	r.Reset(data)
	return r
}

// Reset makes r a Reader of data, keeping its scratch memory unless a
// long escaped string grew it past 64 KiB.
func (r *Reader) Reset(data []byte) {
	buf := r.buf[:0]
	if cap(buf) > 64<<10 {
		buf = nil
	}
	*r = Reader{data: data, text: string(data), buf: buf}
}

// Err returns the first error, nil if none.
func (r *Reader) Err() error { return r.err }

// End checks that nothing but white space follows the value read and
// returns the first error.
func (r *Reader) End() error {
	if r.err == nil {
		r.ws()
		if r.pos < len(r.data) {
			r.syntax("after top-level value")
		}
	}
	return r.err
}

func (r *Reader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
}

// syntax records a syntax error at the current byte.
func (r *Reader) syntax(context string) {
	if r.pos >= len(r.data) {
		r.fail(errors.New("unexpected end of JSON input"))
		return
	}
	r.fail(fmt.Errorf("invalid character %s %s (offset %d)", quoteChar(r.data[r.pos]), context, r.pos))
}

// typeError records a value of the wrong JSON type for its Go type.
func (r *Reader) typeError(what, goType string, offset int) {
	r.fail(fmt.Errorf("cannot unmarshal %s into Go value of type %s (offset %d)", what, goType, offset))
}

func quoteChar(c byte) string {
	if c == '\'' {
		return `'\''`
	}
	if c == '"' {
		return `'"'`
	}
	s := strconv.Quote(string(rune(c)))
	return "'" + s[1:len(s)-1] + "'"
}

// ws skips white space.
func (r *Reader) ws() {
	for r.pos < len(r.data) {
		switch r.data[r.pos] {
		case ' ', '\t', '\n', '\r':
			r.pos++
		default:
			return
		}
	}
}

// peek skips white space and returns the next byte, 0 at the end or after
// an error.
func (r *Reader) peek() byte {
	if r.err != nil {
		return 0
	}
	r.ws()
	if r.pos >= len(r.data) {
		return 0
	}
	return r.data[r.pos]
}

// literal consumes the literal lit (true, false, null) at pos.
func (r *Reader) literal(lit string) bool {
	if len(r.data)-r.pos >= len(lit) && string(r.data[r.pos:r.pos+len(lit)]) == lit {
		r.pos += len(lit)
		return true
	}
	for i := 0; i < len(lit); i++ {
		if r.pos >= len(r.data) || r.data[r.pos] != lit[i] {
			r.syntax("in literal " + lit + " (expecting " + quoteChar(lit[i]) + ")")
			return false
		}
		r.pos++
	}
	return true
}

// Null consumes a null and reports whether there was one.
func (r *Reader) Null() bool {
	if r.peek() != 'n' {
		return false
	}
	return r.literal("null")
}

// Member reads the next member name of an object and its colon, and
// reports whether there is one. Call it with i = 0 first (it then reads the
// object's '{', and returns false for null, leaving the target as is),
// then with i > 0 until it returns false. The name is Key's.
func (r *Reader) Member(i int) bool {
	c := r.peek()
	if i == 0 {
		switch c {
		case '{':
			r.pos++
			r.depth++
			if r.depth > maxDepth {
				r.fail(errors.New("exceeded max depth"))
				return false
			}
			if r.peek() == '}' {
				r.pos++
				r.depth--
				return false
			}
		case 'n':
			r.literal("null")
			return false
		case 0:
			r.syntax("looking for beginning of value")
			return false
		default:
			r.wrongType(c, "object")
			return false
		}
	} else {
		switch c {
		case ',':
			r.pos++
		case '}':
			r.pos++
			r.depth--
			return false
		default:
			r.syntax("after object key:value pair")
			return false
		}
	}
	if r.peek() != '"' {
		r.syntax("looking for beginning of object key string")
		return false
	}
	k, ok := r.stringBytes()
	if !ok {
		return false
	}
	r.key = k
	if r.peek() != ':' {
		r.syntax("after object key")
		return false
	}
	r.pos++
	return true
}

// Key returns the member name Member read, unescaped. It is valid until the
// next read.
func (r *Reader) Key() []byte { return r.key }

// FoldField returns the index in names of the first name equal to key
// under case folding, -1 if none: encoding/json's match for a member name
// that matches no field exactly (the generated code tries exact matches
// first).
func FoldField(key []byte, names []string) int {
	for i, n := range names {
		if bytes.EqualFold(key, []byte(n)) {
			return i
		}
	}
	return -1
}

// Elem reports whether an array has another element, and consumes the
// comma before it. Call it with i = 0 first (it then reads the '['), then
// with i > 0 until it returns false. Check Null before the first call: a
// null array is nil, not empty.
func (r *Reader) Elem(i int) bool {
	c := r.peek()
	if i == 0 {
		switch c {
		case '[':
			r.pos++
			r.depth++
			if r.depth > maxDepth {
				r.fail(errors.New("exceeded max depth"))
				return false
			}
			if r.peek() == ']' {
				r.pos++
				r.depth--
				return false
			}
			return r.err == nil
		case 0:
			r.syntax("looking for beginning of value")
		default:
			r.wrongType(c, "array")
		}
		return false
	}
	switch c {
	case ',':
		r.pos++
		return true
	case ']':
		r.pos++
		r.depth--
		return false
	}
	r.syntax("after array element")
	return false
}

// wrongType records a value of the wrong type, after checking that it is
// a valid value (a syntax error takes precedence, as in encoding/json,
// which validates the whole document first).
func (r *Reader) wrongType(c byte, goType string) {
	start := r.pos
	r.Skip()
	if r.err != nil {
		return
	}
	what := "value"
	switch c {
	case '{':
		what = "object"
	case '[':
		what = "array"
	case '"':
		what = "string"
	case 't', 'f':
		what = "bool"
	default:
		what = "number"
	}
	r.typeError(what, goType, start)
}

// String reads a string into *p; null leaves *p unchanged.
func (r *Reader) String(p *string) {
	switch c := r.peek(); c {
	case '"':
		start := r.pos + 1
		if n := plainRead(r.data[start:]); start+n < len(r.data) && r.data[start+n] == '"' {
			*p = r.text[start : start+n]
			r.pos = start + n + 1
			return
		}
		if b, ok := r.stringBytes(); ok {
			*p = string(b)
		}
	case 'n':
		r.literal("null")
	case 0:
		r.syntax("looking for beginning of value")
	default:
		r.wrongType(c, "string")
	}
}

// stringBytes reads a string at pos (its opening quote) and returns it
// unescaped: a slice of the document when it needs no unescaping, else of
// the Reader's scratch buffer. Either is valid until the next read.
func (r *Reader) stringBytes() ([]byte, bool) {
	r.pos++ // the opening quote
	start := r.pos
	n := plainRead(r.data[start:])
	if start+n < len(r.data) && r.data[start+n] == '"' {
		r.pos = start + n + 1
		return r.data[start : start+n], true
	}
	dst := append(r.buf[:0], r.data[start:start+n]...)
	defer func() { r.buf = dst[:0] }()
	i := start + n
	for {
		if i >= len(r.data) {
			r.pos = i
			r.syntax("in string literal")
			return nil, false
		}
		c := r.data[i]
		switch {
		case c == '"':
			r.pos = i + 1
			return dst, true
		case c == '\\':
			if i+1 >= len(r.data) {
				r.pos = i + 1
				r.syntax("in string escape code")
				return nil, false
			}
			switch e := r.data[i+1]; e {
			case '"', '\\', '/':
				dst = append(dst, e)
				i += 2
			case 'b':
				dst = append(dst, '\b')
				i += 2
			case 'f':
				dst = append(dst, '\f')
				i += 2
			case 'n':
				dst = append(dst, '\n')
				i += 2
			case 'r':
				dst = append(dst, '\r')
				i += 2
			case 't':
				dst = append(dst, '\t')
				i += 2
			case 'u':
				rr := getu4(r.data[i:])
				if rr < 0 {
					// Find the bad hex digit for the error's offset.
					j := i + 2
					for j < len(r.data) && j < i+6 && isHex(r.data[j]) {
						j++
					}
					r.pos = j
					r.syntax("in \\u hexadecimal character escape")
					return nil, false
				}
				i += 6
				if utf16.IsSurrogate(rr) {
					if dec := utf16.DecodeRune(rr, getu4(r.data[i:])); dec != unicode.ReplacementChar {
						i += 6
						dst = utf8.AppendRune(dst, dec)
						break
					}
					rr = unicode.ReplacementChar
				}
				dst = utf8.AppendRune(dst, rr)
			default:
				r.pos = i + 1
				r.syntax("in string escape code")
				return nil, false
			}
		case c < 0x20:
			r.pos = i
			r.syntax("in string literal")
			return nil, false
		case c < utf8.RuneSelf:
			dst = append(dst, c)
			i++
		default:
			rr, size := utf8.DecodeRune(r.data[i:])
			if rr == utf8.RuneError && size == 1 {
				dst = utf8.AppendRune(dst, unicode.ReplacementChar)
			} else {
				dst = append(dst, r.data[i:i+size]...)
			}
			i += size
		}
		// Copy the next run of plain bytes at once.
		if i < len(r.data) {
			m := plainRead(r.data[i:])
			dst = append(dst, r.data[i:i+m]...)
			i += m
		}
	}
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// getu4 decodes \uXXXX at the start of s, or returns -1.
func getu4(s []byte) rune {
	if len(s) < 6 || s[0] != '\\' || s[1] != 'u' {
		return -1
	}
	var v rune
	for _, c := range s[2:6] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return -1
		}
		v = v*16 + rune(c)
	}
	return v
}

// number reads a number literal at pos and returns its text.
func (r *Reader) number() ([]byte, bool) {
	d, start := r.data, r.pos
	i := start
	if i < len(d) && d[i] == '-' {
		i++
	}
	digits := func(what string) bool {
		if i >= len(d) || d[i] < '0' || d[i] > '9' {
			r.pos = i
			r.syntax(what)
			return false
		}
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
		return true
	}
	switch {
	case i < len(d) && d[i] == '0':
		i++
	default:
		if !digits("in numeric literal") {
			return nil, false
		}
	}
	if i < len(d) && d[i] == '.' {
		i++
		if !digits("after decimal point in numeric literal") {
			return nil, false
		}
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if !digits("in exponent of numeric literal") {
			return nil, false
		}
	}
	r.pos = i
	return d[start:i], true
}

// numberFor reads a number for a Go value of type goType; null and other
// types are handled as String handles them.
func (r *Reader) numberFor(goType string) ([]byte, int, bool) {
	switch c := r.peek(); {
	case c == '-' || '0' <= c && c <= '9':
		start := r.pos
		s, ok := r.number()
		return s, start, ok
	case c == 'n':
		r.literal("null")
	case c == 0:
		r.syntax("looking for beginning of value")
	default:
		r.wrongType(c, goType)
	}
	return nil, 0, false
}

// Int reads an integer into *p; null leaves *p unchanged.
func (r *Reader) Int(p *int) {
	s, start, ok := r.numberFor("int")
	if !ok {
		return
	}
	n, err := strconv.ParseInt(string(s), 10, 0)
	if err != nil {
		r.typeError("number "+string(s), "int", start)
		return
	}
	*p = int(n)
}

// Float64 reads a number into *p; null leaves *p unchanged.
func (r *Reader) Float64(p *float64) {
	s, start, ok := r.numberFor("float64")
	if !ok {
		return
	}
	f, err := strconv.ParseFloat(string(s), 64)
	if err != nil {
		r.typeError("number "+string(s), "float64", start)
		return
	}
	*p = f
}

// Float32 reads a number into *p; null leaves *p unchanged.
func (r *Reader) Float32(p *float32) {
	s, start, ok := r.numberFor("float32")
	if !ok {
		return
	}
	f, err := strconv.ParseFloat(string(s), 32)
	if err != nil {
		r.typeError("number "+string(s), "float32", start)
		return
	}
	*p = float32(f)
}

// Bool reads a boolean into *p; null leaves *p unchanged.
func (r *Reader) Bool(p *bool) {
	switch c := r.peek(); c {
	case 't':
		if r.literal("true") {
			*p = true
		}
	case 'f':
		if r.literal("false") {
			*p = false
		}
	case 'n':
		r.literal("null")
	case 0:
		r.syntax("looking for beginning of value")
	default:
		r.wrongType(c, "bool")
	}
}

// Raw reads any value into *p verbatim, as json.RawMessage decodes
// (null included).
func (r *Reader) Raw(p *[]byte) {
	if r.peek() == 0 {
		r.syntax("looking for beginning of value")
		return
	}
	start := r.pos
	r.Skip()
	if r.err == nil {
		*p = append((*p)[:0], r.data[start:r.pos]...)
	}
}

// Any reads any value as encoding/json decodes into an empty interface:
// objects as map[string]any, arrays as []any, numbers as float64.
func (r *Reader) Any(p *any) {
	switch c := r.peek(); {
	case c == '{':
		m := map[string]any{}
		for i := 0; r.Member(i); i++ {
			k := string(r.key)
			var v any
			r.Any(&v)
			m[k] = v
		}
		if r.err == nil {
			*p = m
		}
	case c == '[':
		s := []any{}
		for i := 0; r.Elem(i); i++ {
			var v any
			r.Any(&v)
			s = append(s, v)
		}
		if r.err == nil {
			*p = s
		}
	case c == '"':
		var s string
		r.String(&s)
		if r.err == nil {
			*p = s
		}
	case c == 't' || c == 'f':
		var b bool
		r.Bool(&b)
		if r.err == nil {
			*p = b
		}
	case c == 'n':
		if r.literal("null") {
			*p = nil
		}
	case c == '-' || '0' <= c && c <= '9':
		var f float64
		r.Float64(&f)
		if r.err == nil {
			*p = f
		}
	case c == 0:
		r.syntax("looking for beginning of value")
	default:
		r.syntax("looking for beginning of value")
	}
}

// Skip reads and checks a value of any type, discarding it.
func (r *Reader) Skip() {
	switch c := r.peek(); {
	case c == '{':
		for i := 0; r.Member(i); i++ {
			r.Skip()
		}
	case c == '[':
		for i := 0; r.Elem(i); i++ {
			r.Skip()
		}
	case c == '"':
		r.stringBytes()
	case c == 't':
		r.literal("true")
	case c == 'f':
		r.literal("false")
	case c == 'n':
		r.literal("null")
	case c == '-' || '0' <= c && c <= '9':
		r.number()
	default:
		r.syntax("looking for beginning of value")
	}
}
