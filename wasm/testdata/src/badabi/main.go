//go:build wasip1

// Command badabi speaks a future ABI version; the host must refuse it.
// It uses no SDK, so its exports are exactly what it defines.
package main

import "unsafe"

var buf []byte

//go:wasmexport mnemo_abi_version
func abiVersion() int32 { return 99 }

//go:wasmexport mnemo_alloc
func alloc(n uint32) uint32 {
	buf = make([]byte, n)
	return uint32(uintptr(unsafe.Pointer(&buf[0])))
}

var describeAnswer = []byte(`{"name":"badabi","version":"1","abi_version":99,"capabilities":[]}`)

//go:wasmexport mnemo_describe
func describe() uint64 {
	return uint64(uintptr(unsafe.Pointer(&describeAnswer[0])))<<32 | uint64(len(describeAnswer))
}

func main() {}
