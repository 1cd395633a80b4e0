package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/mnemohq/mnemo/core"
)

// Decode reads exactly one JSON value from r into v. Unknown object fields,
// data after the value and values of the wrong type are errors wrapping
// core.ErrInvalid, with a message naming the field; a body cut off by
// http.MaxBytesReader is an error wrapping core.ErrTooLarge.
func Decode(r io.Reader, v any) error {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return decodeError(err)
	}
	if err := dec.Decode(&struct{}{}); err != io.EOF {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return decodeError(err)
		}
		return fmt.Errorf("%w: unexpected data after the JSON value", core.ErrInvalid)
	}
	return nil
}

// DecodeBytes is Decode on a byte slice.
func DecodeBytes(b []byte, v any) error { return Decode(bytes.NewReader(b), v) }

// decodeError turns encoding/json's errors into messages for users.
func decodeError(err error) error {
	var (
		syn *json.SyntaxError
		typ *json.UnmarshalTypeError
		mbe *http.MaxBytesError
	)
	// The decoder's errors are rewritten into messages for the client
	// (offsets, field names, JSON kinds), not wrapped: their types say how
	// Go decodes, which is nothing a caller tests.
	switch {
	case errors.As(err, &mbe):
		return fmt.Errorf("%w: the body is over the limit of %d bytes", core.ErrTooLarge, mbe.Limit)
	case errors.Is(err, io.EOF):
		return fmt.Errorf("%w: no JSON value (empty input)", core.ErrInvalid)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("%w: invalid JSON: unexpected end of input", core.ErrInvalid)
	case errors.As(err, &syn):
		return fmt.Errorf("%w: invalid JSON at byte %d: %s", core.ErrInvalid, syn.Offset, syn.Error())
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			return fmt.Errorf("%w: want a JSON %s, got %s", core.ErrInvalid, jsonKind(typ.Type.Kind().String()), typ.Value)
		}
		return fmt.Errorf("%w: field %q: want %s, got %s", core.ErrInvalid, field, jsonKind(typ.Type.Kind().String()), typ.Value)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return fmt.Errorf("%w: unknown field %s", core.ErrInvalid, strings.TrimPrefix(err.Error(), "json: unknown field "))
	case errors.Is(err, core.ErrInvalid), errors.Is(err, core.ErrTooLarge):
		return err
	}
	return fmt.Errorf("%w: invalid JSON: %s", core.ErrInvalid, strings.TrimPrefix(err.Error(), "json: "))
}

// jsonKind names a Go kind the way a JSON user thinks of it.
func jsonKind(k string) string {
	switch k {
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64":
		return "an integer"
	case "float32", "float64":
		return "a number"
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	case "slice", "array":
		return "an array"
	case "map", "struct":
		return "an object"
	}
	return k
}

// sentinelPrefixes removes the prefixes of core's sentinel errors from a
// message: the surfaces say the kind of error otherwise (a status, a code).
var sentinelPrefixes = strings.NewReplacer("core: invalid input: ", "", "core: ", "")

// Message is err's message for a user, without the "core: ..." prefixes of
// the sentinel errors. The MCP tools return it as text on purpose: a tool
// error reaches the agent as a message, and nothing downstream unwraps it.
func Message(err error) string { return sentinelPrefixes.Replace(err.Error()) }
