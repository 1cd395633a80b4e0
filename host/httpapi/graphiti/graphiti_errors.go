package graphiti

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host/httpapi/api"
	"github.com/mnemohq/mnemo/host/wire"
)

// Graphiti's REST server is FastAPI with pydantic models: it ignores JSON
// fields it does not know, answers a body it cannot validate with 422 and
// a detail listing each failure as {loc, msg, type}, and its other errors
// with {"detail": message}. The Graphiti routes (route.graphiti) decode
// and answer the same way, so that a client written for Graphiti reads
// mnemo's answers as it reads Graphiti's; mnemo's own routes stay strict
// (wire.Decode) and answer 400.

// fieldError is a request field that failed validation: where it is
// (FastAPI's loc: "body" or "query", then field names and list indexes),
// pydantic's name for the failure, and the message. It wraps
// core.ErrInvalid.
type fieldError struct {
	loc []any
	typ string
	msg string
}

func (e *fieldError) Error() string {
	var b strings.Builder
	for i, l := range e.loc[1:] {
		switch l := l.(type) {
		case int:
			fmt.Fprintf(&b, "[%d]", l)
		default:
			if i > 0 {
				b.WriteByte('.')
			}
			fmt.Fprint(&b, l)
		}
	}
	if b.Len() == 0 {
		return fmt.Sprintf("%s: %s", e.loc[0], e.msg)
	}
	return b.String() + ": " + e.msg
}

func (e *fieldError) Unwrap() error { return core.ErrInvalid }

// invalidField is a fieldError of the body field at path.
func invalidField(typ, msg string, path ...any) error {
	return &fieldError{loc: append([]any{"body"}, path...), typ: typ, msg: msg}
}

// checkField wraps err, a check of the body field at path, in a
// fieldError; it leaves errors other than core.ErrInvalid as they are.
func checkField(err error, path ...any) error {
	if err == nil || !errors.Is(err, core.ErrInvalid) {
		return err
	}
	return invalidField("value_error", wire.Message(err), path...)
}

// requireString checks a required string field of the body.
func requireString(v string, path ...any) error {
	if v == "" {
		return invalidField("missing", "Field required", path...)
	}
	return nil
}

// graphitiDetail is one failure of FastAPI's validation answer.
type graphitiDetail struct {
	Loc  []any  `json:"loc"`
	Msg  string `json:"msg"`
	Type string `json:"type"`
}

// graphitiValidation is FastAPI's answer to a body that fails validation
// (status 422).
type graphitiValidation struct {
	Detail []graphitiDetail `json:"detail"`
}

// graphitiErrorBody is an error of a Graphiti route other than a
// validation failure: FastAPI's detail, and mnemo's error and code.
type graphitiErrorBody struct {
	Detail string `json:"detail"`
	api.ErrorBody
}

// writeGraphitiError answers err as Graphiti's server does: invalid input
// is 422 with the failing field, other errors keep their status
// (statusOf) with the message as detail.
func (s *server) writeGraphitiError(w http.ResponseWriter, r *http.Request, err error) int {
	status, code, msg := s.ErrorAnswer(w, r, err)
	if status != http.StatusBadRequest {
		api.WriteJSON(w, status, graphitiErrorBody{Detail: msg, ErrorBody: api.ErrorBody{Error: msg, Code: code}})
		return status
	}
	d := graphitiDetail{Loc: []any{"body"}, Msg: msg, Type: "value_error"}
	var fe *fieldError
	if errors.As(err, &fe) {
		d = graphitiDetail{Loc: fe.loc, Msg: fe.msg, Type: fe.typ}
	}
	api.WriteJSON(w, http.StatusUnprocessableEntity, graphitiValidation{Detail: []graphitiDetail{d}})
	return http.StatusUnprocessableEntity
}

// decodeGraphiti reads the request body as JSON into v as Graphiti's
// server does: unknown fields are ignored, and a body that is not JSON, or
// a field of the wrong type, is a fieldError.
func decodeGraphiti(c *api.Call, v any) error {
	b, err := c.Body()
	if err != nil {
		return err
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return invalidField("missing", "Field required")
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(v); err != nil {
		var (
			syn *json.SyntaxError
			typ *json.UnmarshalTypeError
		)
		switch {
		case errors.As(err, &typ):
			var path []any
			if typ.Field != "" {
				for _, f := range strings.Split(typ.Field, ".") {
					path = append(path, f)
				}
			}
			t, msg := pydanticType(typ.Type)
			return invalidField(t, msg, path...)
		case errors.As(err, &syn):
			return invalidField("json_invalid", "JSON decode error: "+syn.Error(), int(syn.Offset))
		}
		return invalidField("json_invalid", "JSON decode error: "+strings.TrimPrefix(err.Error(), "json: "))
	}
	if _, err := dec.Token(); err != io.EOF {
		return invalidField("json_invalid", "JSON decode error: data after the JSON value")
	}
	return nil
}

// pydanticType names the failure of a value that is not of type t, and
// its message, as pydantic does.
func pydanticType(t reflect.Type) (string, string) {
	switch t.Kind() {
	case reflect.String:
		return "string_type", "Input should be a valid string"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "int_type", "Input should be a valid integer"
	case reflect.Float32, reflect.Float64:
		return "float_type", "Input should be a valid number"
	case reflect.Bool:
		return "bool_type", "Input should be a valid boolean"
	case reflect.Slice, reflect.Array:
		return "list_type", "Input should be a valid list"
	}
	return "model_attributes_type", "Input should be a valid dictionary or object to extract fields from"
}

// queryField is a fieldError of a query parameter.
func queryField(name, typ, msg string) error {
	return &fieldError{loc: []any{"query", name}, typ: typ, msg: msg}
}

// ErrorBodies returns the two error answers of the Graphiti routes, for
// the OpenAPI document: a failure other than bad input, and FastAPI's
// validation answer (422).
func ErrorBodies() (failure, validation any) { return graphitiErrorBody{}, graphitiValidation{} }
