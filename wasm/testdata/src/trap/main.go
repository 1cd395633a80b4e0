//go:build wasip1

// Command trap fails in three ways: rerank panics in its handler (the SDK
// recovers it into an error answer), extract panics in another goroutine
// (the Go runtime exits), and summarize loads from outside its memory (a
// WebAssembly trap).
package main

import (
	"unsafe"

	"github.com/mnemohq/mnemo/plugins/sdk"
	"github.com/mnemohq/mnemo/wasm/abi"
)

func init() {
	sdk.Register(sdk.Plugin{
		Name:      "trap",
		Version:   "1",
		Extract:   extract,
		Rerank:    rerank,
		Summarize: summarize,
	})
}

func main() {}

func rerank(abi.RerankRequest) (abi.RerankResponse, error) {
	panic("boom in rerank")
}

func extract(abi.ExtractRequest) (abi.ExtractResponse, error) {
	done := make(chan struct{})
	go func() {
		panic("boom in a goroutine")
	}()
	<-done
	return abi.ExtractResponse{}, nil
}

var far = uintptr(0xfffffff0)

func summarize(abi.SummarizeRequest) (abi.SummarizeResponse, error) {
	b := *(*byte)(unsafe.Pointer(far))
	return abi.SummarizeResponse{Name: string(rune(b))}, nil
}
