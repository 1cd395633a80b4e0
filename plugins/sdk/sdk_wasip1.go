//go:build wasip1

package sdk

import (
	"runtime"
	"unsafe"

	"github.com/mnemohq/mnemo/plugins/sdk/internal/wire"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// The buffers that cross the boundary. input is the buffer the host fills
// after mnemo_alloc; output is the last answer, which the host reads after
// the export returns. Each stays referenced, so the garbage collector keeps
// it (Go's collector does not move objects), until the next mnemo_alloc or
// the next answer replaces it. reader and writer decode the requests and
// encode the answers.
//
// Both buffers are reused from call to call (the reader copies what it
// keeps out of input, and the host copies an answer before its next call),
// so a call allocates neither; a buffer grown past keepBytes by a large
// message is dropped at the next call instead of pinning that memory.
var (
	input, output []byte
	reader        wire.Reader
	writer        wire.Writer
)

const keepBytes = 1 << 20

//go:wasmexport mnemo_abi_version
func exportABIVersion() int32 { return abi.Version }

//go:wasmexport mnemo_alloc
func exportAlloc(size uint32) uint32 {
	if size == 0 {
		return 0
	}
	if uint32(cap(input)) < size || cap(input) > keepBytes {
		input = make([]byte, size)
	}
	input = input[:size]
	return uint32(uintptr(unsafe.Pointer(&input[0])))
}

//go:wasmexport mnemo_describe
func exportDescribe() uint64 {
	return answer(dispatch(registered, FuncDescribe, nil, &reader, startAnswer()))
}

// startAnswer returns the writer for the next answer, dropping a buffer a
// large answer left.
func startAnswer() *wire.Writer {
	if cap(writer.Bytes()) > keepBytes {
		writer.Reset(nil)
	}
	return &writer
}

//go:wasmexport mnemo_configure
func exportConfigure(ptr, n uint32) uint64 { return call(FuncConfigure, ptr, n) }

//go:wasmexport mnemo_extract
func exportExtract(ptr, n uint32) uint64 { return call(abi.CapExtract, ptr, n) }

//go:wasmexport mnemo_resolve_entities
func exportResolveEntities(ptr, n uint32) uint64 { return call(abi.CapResolveEntities, ptr, n) }

//go:wasmexport mnemo_resolve_facts
func exportResolveFacts(ptr, n uint32) uint64 { return call(abi.CapResolveFacts, ptr, n) }

//go:wasmexport mnemo_rerank
func exportRerank(ptr, n uint32) uint64 { return call(abi.CapRerank, ptr, n) }

//go:wasmexport mnemo_summarize
func exportSummarize(ptr, n uint32) uint64 { return call(abi.CapSummarize, ptr, n) }

// call checks that (ptr, n) is the buffer mnemo_alloc handed out, runs the
// handler and returns the packed answer.
func call(fn string, ptr, n uint32) uint64 {
	var in []byte
	switch {
	case n == 0:
	case input != nil && ptr == uint32(uintptr(unsafe.Pointer(&input[0]))) && int(n) <= len(input):
		in = input[:n]
	default:
		return answer(errorAnswer("input is not the buffer mnemo_alloc returned"))
	}
	out := dispatch(registered, fn, in, &reader, startAnswer())
	reader.Reset(nil) // drop the reader's reference to the request's copy
	if cap(input) > keepBytes {
		input = nil
	}
	yield()
	return answer(out)
}

// yield lets the runtime's other goroutines run before the export
// returns, after every call. Go does not schedule them once an export has
// returned to the host (golang/go#65199), and the garbage collector's mark
// workers are among them: a module that never yields collects only through
// allocation assists, which do not keep up, and runs out of memory. Both
// TestSDKCollectsGarbage cases (package wasm) fail without it: large
// requests, and small requests whose handler allocates 2 MiB each, as the
// rule extractor's parsing of a long message does (it ran out of its 32 MiB
// after some 40,000 LongMemEval turns when only one small call in 16
// yielded). A yield costs 15 to 25 µs in a module that has allocated (the
// scheduler looks for work and runs the background goroutines), about 2%
// of an extraction; deciding when to skip it costs more: reading the
// allocation counter (runtime/metrics) takes about 35 µs.
func yield() {
	runtime.Gosched()
}

// answer pins out and packs its location.
func answer(out []byte) uint64 {
	output = out
	if len(out) == 0 {
		return 0
	}
	return abi.Pack(uint32(uintptr(unsafe.Pointer(&out[0]))), uint32(len(out)))
}

//go:wasmimport mnemo llm_complete
func hostLLMComplete(ptr unsafe.Pointer, n uint32) int32

//go:wasmimport mnemo embed
func hostEmbed(ptr unsafe.Pointer, n uint32) int32

//go:wasmimport mnemo result_read
func hostResultRead(ptr unsafe.Pointer, n uint32) int32

//go:wasmimport mnemo log
func hostLog(level int32, ptr unsafe.Pointer, n uint32)

// callHost sends req to the host function fn and reads its result.
func callHost(fn string, req []byte) ([]byte, error) {
	if len(req) == 0 {
		req = []byte("{}")
	}
	var n int32
	switch fn {
	case abi.HostLLMComplete:
		n = hostLLMComplete(unsafe.Pointer(&req[0]), uint32(len(req)))
	case abi.HostEmbed:
		n = hostEmbed(unsafe.Pointer(&req[0]), uint32(len(req)))
	}
	if n < 0 {
		return nil, hostError(fn, n)
	}
	out := make([]byte, n)
	if n == 0 {
		return out, nil
	}
	got := hostResultRead(unsafe.Pointer(&out[0]), uint32(n))
	if got < 0 {
		return nil, hostError(abi.HostResultRead, got)
	}
	return out[:got], nil
}

// Log writes a line to the host's log at level (abi.LogDebug to
// abi.LogError). The host may truncate long lines and drop lines past a
// per-call budget. Outside a mnemo host it does nothing.
func Log(level int32, msg string) {
	if msg == "" {
		return
	}
	hostLog(level, unsafe.Pointer(unsafe.StringData(msg)), uint32(len(msg)))
}
