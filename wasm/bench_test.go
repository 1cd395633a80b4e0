package wasm_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"mnemo/wasm"
	"mnemo/wasm/abi"
)

// Reproduce the figures with:
//
//	go test -run '^$' -bench . -benchtime 2s ./wasm/
//
// (make bench runs every benchmark once, as a smoke test.)

// BenchmarkCall measures one plugin call with a request and an answer of
// about 1 KiB and 64 KiB: echo decodes the request and encodes its answer
// with the SDK (encoding/json inside the plugin), rawecho hands the request
// back untouched, so the difference is the guest's JSON work and what
// remains is the boundary: pool, deadline, copying in and out, and the
// host's check of the answer.
func BenchmarkCall(b *testing.B) {
	rt := openRuntime(b, wasm.Options{})
	for _, fixtureName := range []string{"echo", "rawecho"} {
		p := load(b, rt, fixtureName, wasm.Manifest{})
		for _, size := range []int{1 << 10, 64 << 10} {
			req, err := json.Marshal(abi.SummarizeRequest{Kind: "bench", Texts: []string{strings.Repeat("x", size-32)}})
			if err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("%s/%dKiB", fixtureName, size>>10), func(b *testing.B) {
				ctx := context.Background()
				b.SetBytes(int64(len(req)))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := p.Call(ctx, abi.CapSummarize, req); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/call")
			})
		}
	}
}

// BenchmarkCallParallel measures 1 KiB echo calls from many goroutines on
// one plugin (its pool runs one instance per concurrent call).
func BenchmarkCallParallel(b *testing.B) {
	p := load(b, openRuntime(b, wasm.Options{}), "echo", wasm.Manifest{})
	req, err := json.Marshal(abi.SummarizeRequest{Kind: "bench", Texts: []string{strings.Repeat("x", 1<<10-32)}})
	if err != nil {
		b.Fatal(err)
	}
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := p.Call(context.Background(), abi.CapSummarize, req); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// BenchmarkColdStart measures opening a runtime and loading the echo
// plugin (compile, instantiate, ABI check, describe, configure): without a
// compilation cache (a first start), with the on-disk cache warm (a
// restart), and while another plugin of the same module is loaded (another
// tenant's configuration, or a reload).
func BenchmarkColdStart(b *testing.B) {
	module := fixture(b, "echo")
	ctx := context.Background()
	loadOnce := func(b *testing.B, rt *wasm.Runtime) {
		p, err := rt.Load(ctx, "echo", module, wasm.Manifest{})
		if err != nil {
			b.Fatal(err)
		}
		if err := p.Close(ctx); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("no-cache", func(b *testing.B) {
		for b.Loop() {
			rt, err := wasm.Open(ctx, wasm.Options{})
			if err != nil {
				b.Fatal(err)
			}
			loadOnce(b, rt)
			rt.Close(ctx)
		}
	})
	b.Run("disk-cache", func(b *testing.B) {
		dir := b.TempDir()
		warm, err := wasm.Open(ctx, wasm.Options{CacheDir: dir})
		if err != nil {
			b.Fatal(err)
		}
		loadOnce(b, warm)
		warm.Close(ctx)
		for b.Loop() {
			rt, err := wasm.Open(ctx, wasm.Options{CacheDir: dir})
			if err != nil {
				b.Fatal(err)
			}
			loadOnce(b, rt)
			rt.Close(ctx)
		}
	})
	b.Run("module-loaded", func(b *testing.B) {
		rt, err := wasm.Open(ctx, wasm.Options{})
		if err != nil {
			b.Fatal(err)
		}
		defer rt.Close(ctx)
		keep, err := rt.Load(ctx, "echo", module, wasm.Manifest{})
		if err != nil {
			b.Fatal(err)
		}
		defer keep.Close(ctx)
		for b.Loop() {
			loadOnce(b, rt)
		}
	})
}
