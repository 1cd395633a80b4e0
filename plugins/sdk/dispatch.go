package sdk

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mnemohq/mnemo/plugins/sdk/internal/wire"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// Functions Call accepts besides the capabilities: the describe and
// configure exports.
const (
	FuncDescribe  = "describe"
	FuncConfigure = "configure"
)

// Call runs p's handler for fn (a capability such as abi.CapRerank, or
// FuncDescribe or FuncConfigure) on the JSON message in, through the same
// decode, dispatch and encode path as the module's exports, and returns
// the JSON answer. An error answer (a handler's error, a recovered panic, a
// request that does not decode) is returned as an error whose text is the
// answer's "error" member.
//
// Call is for host-side tests of a plugin's logic; it does not need Register.
// It is safe for concurrent use when p's handlers are.
func Call(p Plugin, fn string, in []byte) ([]byte, error) {
	out := dispatch(&p, fn, in, &wire.Reader{}, &wire.Writer{})
	var e abi.Error
	if err := json.Unmarshal(out, &e); err == nil && e.Error != "" {
		return nil, errors.New(e.Error)
	}
	return out, nil
}

// dispatch runs the handler of fn on in, read with r, and returns the JSON
// answer, written with w (the answer aliases w's buffer). It never panics:
// every failure is an error answer. The messages cross with the generated
// codec (codec_gen.go), which reads and writes as encoding/json does.
func dispatch(p *Plugin, fn string, in []byte, r *wire.Reader, w *wire.Writer) (out []byte) {
	defer func() {
		if r := recover(); r != nil {
			out = errorAnswer(fmt.Sprintf("plugin panicked in %s: %v", fn, r))
		}
	}()
	if p == nil {
		return errorAnswer("no plugin registered: call sdk.Register from an init function")
	}
	switch fn {
	case FuncDescribe:
		d := p.Describe()
		return encode(w, &d, encodeDescribe)
	case FuncConfigure:
		// The handler may keep its configuration: give it bytes of its own,
		// not the input buffer, which the next call reuses.
		return configure(p, bytes.Clone(in))
	case abi.CapExtract:
		return handle(fn, in, r, w, p.Extract, decodeExtractRequest, encodeExtractResponse)
	case abi.CapResolveEntities:
		return handle(fn, in, r, w, p.ResolveEntities, decodeResolveEntitiesRequest, encodeResolveEntitiesResponse)
	case abi.CapResolveFacts:
		return handle(fn, in, r, w, p.ResolveFacts, decodeResolveFactsRequest, encodeResolveFactsResponse)
	case abi.CapRerank:
		return handle(fn, in, r, w, p.Rerank, decodeRerankRequest, encodeRerankResponse)
	case abi.CapSummarize:
		return handle(fn, in, r, w, p.Summarize, decodeSummarizeRequest, encodeSummarizeResponse)
	}
	return errorAnswer(fmt.Sprintf("unknown function %q", fn))
}

func configure(p *Plugin, config []byte) []byte {
	if p.Configure == nil {
		if len(bytes.TrimSpace(config)) != 0 {
			return errorAnswer(fmt.Sprintf("plugin %s takes no configuration", p.Name))
		}
		return []byte(`{}`)
	}
	if err := p.Configure(config); err != nil {
		return errorAnswer(err.Error())
	}
	return []byte(`{}`)
}

// handle decodes a request, runs h and encodes its answer.
func handle[Req, Resp any](fn string, in []byte, r *wire.Reader, w *wire.Writer, h func(Req) (Resp, error),
	dec func(*wire.Reader, *Req), enc func(*wire.Writer, *Resp)) []byte {
	if h == nil {
		return errorAnswer(fmt.Sprintf("plugin has no %s capability", fn))
	}
	req, err := decodeWith(r, in, dec)
	if err != nil {
		return errorAnswer(fmt.Sprintf("decode %s request: %s", fn, err))
	}
	resp, err := h(req)
	if err != nil {
		msg := err.Error()
		if msg == "" {
			msg = fn + " failed"
		}
		return errorAnswer(msg)
	}
	return encode(w, &resp, enc)
}

// decode decodes the JSON document in with dec.
func decode[T any](in []byte, dec func(*wire.Reader, *T)) (T, error) {
	return decodeWith(wire.NewReader(nil), in, dec)
}

// decodeWith decodes the JSON document in with dec and r.
func decodeWith[T any](r *wire.Reader, in []byte, dec func(*wire.Reader, *T)) (T, error) {
	var v T
	r.Reset(in)
	dec(r, &v)
	return v, r.End()
}

// encode encodes v with enc into w's buffer, which it reuses.
func encode[T any](w *wire.Writer, v *T, enc func(*wire.Writer, *T)) []byte {
	w.Reset(w.Bytes())
	enc(w, v)
	if err := w.Err(); err != nil {
		return errorAnswer(fmt.Sprintf("encode answer: %s", err))
	}
	return w.Bytes()
}

// errorAnswer encodes an error answer into a buffer of its own.
func errorAnswer(msg string) []byte {
	var w wire.Writer
	encodeError(&w, &abi.Error{Error: msg})
	return w.Bytes()
}

// hostError maps a negative return of a host function to an error.
func hostError(fn string, code int32) error {
	switch code {
	case abi.ErrDenied:
		return fmt.Errorf("%s: %w", fn, ErrDenied)
	case abi.ErrTooLarge:
		return fmt.Errorf("%s: %w", fn, ErrTooLarge)
	case abi.ErrLimit:
		return fmt.Errorf("%s: %w", fn, ErrLimit)
	}
	return fmt.Errorf("%s returned %d: %w", fn, code, ErrHost)
}

//lint:file-ignore U1000 hostError is used by the wasip1 build (sdk_wasip1.go)
