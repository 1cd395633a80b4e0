// Package sdk is the guest side of mnemo's plugin ABI for plugins written in
// Go. A plugin is a package main built as a WASI reactor:
//
//	GOOS=wasip1 GOARCH=wasm go build -buildmode=c-shared -o plugin.wasm .
//
// It registers its handlers from init, because a reactor module's main never
// runs (the host calls the module's _initialize export, which runs package
// initialization and returns):
//
//	func init() {
//		sdk.Register(sdk.Plugin{
//			Name:    "my-extractor",
//			Version: "1.0.0",
//			Extract: extract,
//		})
//	}
//
//	func main() {}
//
// Registering from init is a guest constraint: the host side of mnemo has no
// init-time registries.
//
// Handlers are plain Go functions over the message types of package
// github.com/mnemohq/mnemo/wasm/abi, so a plugin's logic is unit-tested on the host with go
// test. Call runs a handler through the same decode, dispatch and encode
// path as the WebAssembly exports, so such a test exercises the real JSON
// boundary. Only the export and import glue (sdk_wasip1.go) is specific to
// WebAssembly; on other platforms the host-function wrappers (Complete,
// Embed) return ErrNoHost and Log does nothing.
//
// A plugin that calls the host should take the wrapper as a parameter, so a
// host-side test can substitute a fake:
//
//	func newExtract(complete func(abi.LLMRequest) (sdk.Completion, error)) func(abi.ExtractRequest) (abi.ExtractResponse, error) {
//		...
//	}
//
//	func init() { sdk.Register(sdk.Plugin{Name: "x", Extract: newExtract(sdk.Complete)}) }
//
// # Exports
//
// Importing the package defines every export of the ABI (docs/plugins.md):
// mnemo_abi_version, mnemo_alloc, mnemo_describe, mnemo_configure and one
// per capability. A capability whose handler is nil answers with an error;
// the host never calls it because Describe does not list it. A handler's
// error becomes an error answer, and so does a panic in a handler, which is
// recovered. A fatal runtime error (out of memory, a deadlock, a panic in
// another goroutine) ends the instance; the host reports it as a trap and
// discards the instance. Before an export returns, after every call, the
// SDK yields to the runtime's other goroutines: Go runs none of them once an export has
// returned, and the garbage collector's workers are among them.
//
// # Encoding
//
// Requests and answers cross the boundary as the JSON the ABI document
// describes, through a codec generated for the message types of package
// abi (codec_gen.go, written by internal/tools/abicodec: run go generate
// after changing a message type). It reads and writes exactly what
// encoding/json does, which a fuzz test checks, at a small fraction of its
// cost inside WebAssembly: a call with a 1 KiB or 64 KiB message costs
// under three times a call that hands its bytes back untouched, where
// encoding/json cost 40 and 230 times (docs/plugins.md, section 12). The
// SDK reuses its request and answer buffers from call to call.
//
// One difference matters to a handler that keeps strings of a request
// after it returns (in a cache, say): the strings of a decoded request
// share one copy of the request, so keeping one keeps the whole copy
// alive. Keep strings.Clone(s) instead.
//
// # Goroutines and state
//
// The host calls one instance from one goroutine at a time, so the SDK's
// package state (the registered plugin, the pinned input and output
// buffers) needs no locking inside a module. Handlers may keep state
// between calls (a compiled configuration, for example): an instance lives
// for many calls. The host runs several instances of a plugin at once, each
// with its own memory, and may discard any instance at any time, so state
// must never be relied on to persist.
package sdk
