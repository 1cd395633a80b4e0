//go:build wasip1

// Command rawecho answers summarize with its request, byte for byte, so a
// benchmark measures the boundary without the SDK's JSON work. It uses no
// SDK.
package main

import (
	"runtime"
	"unsafe"
)

var in []byte

//go:wasmexport mnemo_abi_version
func abiVersion() int32 { return 1 }

//go:wasmexport mnemo_alloc
func alloc(n uint32) uint32 {
	in = make([]byte, n)
	return uint32(uintptr(unsafe.Pointer(&in[0])))
}

var describeAnswer = []byte(`{"name":"rawecho","version":"1","abi_version":1,"capabilities":["summarize"]}`)

//go:wasmexport mnemo_describe
func describe() uint64 {
	return uint64(uintptr(unsafe.Pointer(&describeAnswer[0])))<<32 | uint64(len(describeAnswer))
}

//go:wasmexport mnemo_summarize
func summarize(ptr, n uint32) uint64 {
	runtime.Gosched() // let the garbage collector's goroutines run (docs/plugins.md, section 9)
	return uint64(ptr)<<32 | uint64(n)
}

func main() {}
