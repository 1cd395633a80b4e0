package sdk

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"mnemo/wasm/abi"
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
	out := dispatch(&p, fn, in)
	var e abi.Error
	if err := json.Unmarshal(out, &e); err == nil && e.Error != "" {
		return nil, errors.New(e.Error)
	}
	return out, nil
}

// dispatch runs the handler of fn on in and returns the JSON answer. It
// never panics: every failure is an error answer.
func dispatch(p *Plugin, fn string, in []byte) (out []byte) {
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
		return encode(p.Describe())
	case FuncConfigure:
		return configure(p, in)
	case abi.CapExtract:
		return handle(fn, in, p.Extract)
	case abi.CapResolveEntities:
		return handle(fn, in, p.ResolveEntities)
	case abi.CapResolveFacts:
		return handle(fn, in, p.ResolveFacts)
	case abi.CapRerank:
		return handle(fn, in, p.Rerank)
	case abi.CapSummarize:
		return handle(fn, in, p.Summarize)
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
func handle[Req, Resp any](fn string, in []byte, h func(Req) (Resp, error)) []byte {
	if h == nil {
		return errorAnswer(fmt.Sprintf("plugin has no %s capability", fn))
	}
	var req Req
	if err := json.Unmarshal(in, &req); err != nil {
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
	return encode(resp)
}

func encode(v any) []byte {
	out, err := json.Marshal(v)
	if err != nil {
		return errorAnswer(fmt.Sprintf("encode answer: %s", err))
	}
	return out
}

func errorAnswer(msg string) []byte {
	out, err := json.Marshal(abi.Error{Error: msg})
	if err != nil {
		// A string always encodes; keep a constant answer for safety.
		return []byte(`{"error":"encode error answer"}`)
	}
	return out
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
