//go:build wasip1

// Command malformed answers outside the ABI, a different way per
// capability: rerank with invalid JSON, summarize with a JSON array,
// extract with a pointer outside its memory, resolve_entities with an
// "error" member that is not a string, and resolve_facts with valid JSON of
// the wrong shape. It uses no SDK.
package main

import "unsafe"

var in, out []byte

//go:wasmexport mnemo_abi_version
func abiVersion() int32 { return 1 }

//go:wasmexport mnemo_alloc
func alloc(n uint32) uint32 {
	in = make([]byte, n)
	return uint32(uintptr(unsafe.Pointer(&in[0])))
}

func answer(s string) uint64 {
	out = []byte(s)
	return uint64(uintptr(unsafe.Pointer(&out[0])))<<32 | uint64(len(out))
}

//go:wasmexport mnemo_describe
func describe() uint64 {
	return answer(`{"name":"malformed","version":"1","abi_version":1,"capabilities":["extract","resolve_entities","resolve_facts","rerank","summarize"]}`)
}

//go:wasmexport mnemo_rerank
func rerank(ptr, n uint32) uint64 { return answer(`{"results": [{"uuid": "a", "score": `) }

//go:wasmexport mnemo_summarize
func summarize(ptr, n uint32) uint64 { return answer(`["not", "an", "object"]`) }

//go:wasmexport mnemo_extract
func extract(ptr, n uint32) uint64 { return uint64(0xfffff000)<<32 | 64 }

//go:wasmexport mnemo_resolve_entities
func resolveEntities(ptr, n uint32) uint64 { return answer(`{"error": {"code": 42}}`) }

//go:wasmexport mnemo_resolve_facts
func resolveFacts(ptr, n uint32) uint64 { return answer(`{"answers": "none"}`) }

func main() {}
