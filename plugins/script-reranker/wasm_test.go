package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/wasm"
)

// These tests run the built plugin, plugins/builtin/script-reranker.wasm
// (what the host embeds; `make plugins` rebuilds it and `make check` fails
// when it is stale), inside the sandbox through wasm.Reranker.

var (
	cacheDir      string // the run's compilation cache, so each Load after the first is fast
	builtinOnce   sync.Once
	builtinRT     *wasm.Runtime
	builtinModule []byte
	builtinErr    error
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "script-reranker-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	cacheDir = dir
	if c := os.Getenv("MNEMO_WASM_TEST_CACHE"); c != "" { // see wasm/main_test.go
		cacheDir = c
	}
	code := m.Run()
	if builtinRT != nil {
		_ = builtinRT.Close(context.Background())
	}
	os.RemoveAll(dir)
	os.Exit(code)
}

// openBuiltin returns a runtime shared by this package's tests, so the
// module is compiled once, and the built module.
func openBuiltin(t *testing.T) (*wasm.Runtime, []byte) {
	t.Helper()
	builtinOnce.Do(func() {
		builtinModule, builtinErr = os.ReadFile(filepath.Join("..", "builtin", "script-reranker.wasm"))
		if builtinErr != nil {
			builtinErr = fmt.Errorf("read the built plugin (run make plugins): %w", builtinErr)
			return
		}
		builtinRT, builtinErr = wasm.Open(context.Background(), wasm.Options{CacheDir: cacheDir})
	})
	if builtinErr != nil {
		t.Fatal(builtinErr)
	}
	return builtinRT, builtinModule
}

func TestBuiltinExamplesInSandbox(t *testing.T) {
	rt, module := openBuiltin(t)
	now := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	candidates := []core.RerankCandidate{
		{UUID: "old-top", Ranks: map[string]int{"cosine": 1, "bm25": 2}, ValidAt: now.AddDate(0, -4, 0), Mentions: 9, Distance: 2},
		{UUID: "new-mid", Ranks: map[string]int{"cosine": 3}, ValidAt: now.AddDate(0, 0, -2), Mentions: 1, Distance: 1},
		{UUID: "undated", Ranks: map[string]int{"bm25": 1}, Mentions: 3, Distance: -1, Scores: map[string]float64{"bm25": 7}},
	}
	tests := []struct {
		example string
		want    []string
	}{
		// rrf 1/61 undated beats 1/63 two days old; four months cost
		// old-top 94% of its fused 1/61+1/62.
		{"recency-rrf.expr", []string{"undated", "new-mid", "old-top"}},
		{"mentions-distance.expr", []string{"old-top", "undated", "new-mid"}},
	}
	for _, tt := range tests {
		t.Run(tt.example, func(t *testing.T) {
			script := readExample(t, tt.example)
			cfg, err := json.Marshal(config{Script: script})
			if err != nil {
				t.Fatal(err)
			}
			p, err := rt.Load(context.Background(), "script-reranker", module, wasm.Manifest{Config: cfg})
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close(context.Background())
			r, err := wasm.NewReranker(p, "g")
			if err != nil {
				t.Fatal(err)
			}
			got, err := r.Rerank(context.Background(), core.RerankRequest{Query: "q", Scope: core.ScopeFacts, Now: now, Candidates: candidates})
			if err != nil {
				t.Fatal(err)
			}
			var order []string
			for _, s := range got {
				order = append(order, s.UUID)
			}
			if diff := cmp.Diff(tt.want, order); diff != "" {
				t.Errorf("sandboxed order mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestBuiltinRejectsBadScriptAtLoad(t *testing.T) {
	rt, module := openBuiltin(t)
	_, err := rt.Load(context.Background(), "script-reranker", module, wasm.Manifest{Config: []byte(`{"script": "rrf +"}`)})
	var pe *wasm.PluginError
	if !errors.As(err, &pe) || pe.Func != "mnemo_configure" || !errors.Is(err, core.ErrInvalid) {
		t.Fatalf("Load with a bad script = %v, want a configure error wrapping core.ErrInvalid", err)
	}
}
