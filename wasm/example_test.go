package wasm_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/wasm"
)

// The examples load the built-in script reranker, as the host does.
// cacheDir is a directory the process may write (the host uses one under
// its data directory), so a restart does not compile the plugin again.

func ExampleRuntime_Load() {
	ctx := context.Background()
	rt, err := wasm.Open(ctx, wasm.Options{CacheDir: cacheDir})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer rt.Close(ctx)

	module, err := os.ReadFile("../plugins/builtin/script-reranker.wasm")
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := rt.Load(ctx, "script-reranker", module, wasm.Manifest{Config: []byte(`{"script": "rrf"}`)})
	if err != nil {
		fmt.Println(err)
		return
	}
	d := p.Describe()
	fmt.Println(d.Name, d.ABIVersion, d.Capabilities)
	// Output: script-reranker 1 [rerank]
}

func ExampleNewReranker() {
	ctx := context.Background()
	rt, err := wasm.Open(ctx, wasm.Options{CacheDir: cacheDir})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer rt.Close(ctx)
	module, err := os.ReadFile("../plugins/builtin/script-reranker.wasm")
	if err != nil {
		fmt.Println(err)
		return
	}
	// Rank by how many episodes mention a candidate, nearest first on ties.
	p, err := rt.Load(ctx, "script-reranker", module, wasm.Manifest{
		Config: []byte(`{"script": "mentions - 0.1 * distance"}`),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	var r core.Reranker
	r, err = wasm.NewReranker(p, "tenant-1")
	if err != nil {
		fmt.Println(err)
		return
	}
	scored, err := r.Rerank(ctx, core.RerankRequest{
		Query: "where does alice work",
		Scope: core.ScopeFacts,
		Now:   time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC),
		Candidates: []core.RerankCandidate{
			{UUID: "acme", Text: "Alice works at Acme", Mentions: 2, Distance: 1},
			{UUID: "initech", Text: "Alice works at Initech", Mentions: 5, Distance: 2},
			{UUID: "globex", Text: "Alice worked at Globex", Mentions: 2, Distance: 0},
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range scored {
		fmt.Printf("%s %.1f\n", s.UUID, s.Score)
	}
	// Output:
	// initech 4.8
	// globex 2.0
	// acme 1.9
}

func ExamplePluginError() {
	ctx := context.Background()
	rt, err := wasm.Open(ctx, wasm.Options{CacheDir: cacheDir})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer rt.Close(ctx)
	module, err := os.ReadFile("../plugins/builtin/script-reranker.wasm")
	if err != nil {
		fmt.Println(err)
		return
	}

	// A script that does not compile fails the load, naming the export.
	_, err = rt.Load(ctx, "script-reranker", module, wasm.Manifest{Config: []byte(`{"script": "rrf *"}`)})
	var pe *wasm.PluginError
	if errors.As(err, &pe) {
		fmt.Println(pe.Plugin, pe.Func, errors.Is(err, core.ErrInvalid))
	}

	// A script that fails on a candidate fails the call; Stats keep count.
	p, err := rt.Load(ctx, "script-reranker", module, wasm.Manifest{Config: []byte(`{"script": "log(-1)"}`)})
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = p.Call(ctx, "rerank", []byte(`{"candidates": [{"uuid": "a"}]}`))
	fmt.Println(errors.Is(err, wasm.ErrFailed))
	fmt.Println(err)
	s := p.Stats()
	fmt.Println(s.Calls, s.Failures, s.ConsecutiveFailures)
	// Output:
	// script-reranker mnemo_configure true
	// true
	// wasm: plugin script-reranker: mnemo_rerank: plugin failed: script scored candidate a NaN
	// 1 1 1
}
