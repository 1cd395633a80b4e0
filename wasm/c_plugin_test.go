package wasm_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/mnemohq/mnemo/wasm"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// TestCPlugin builds plugins/c/example/first_word.c, a reranker written in
// C against plugins/c/mnemo_plugin.h, with clang for wasm32-wasi, and runs
// it in the sandbox. It is skipped where clang cannot build for WebAssembly
// (Debian: apt-get install clang lld wasi-libc).
func TestCPlugin(t *testing.T) {
	clang, err := exec.LookPath("clang")
	if err != nil {
		t.Skip("no clang")
	}
	out := filepath.Join(t.TempDir(), "first_word.wasm")
	build := exec.Command(clang, "--target=wasm32-wasi", "-mexec-model=reactor", "-O2", "-Wall", "-Werror",
		"-I", "../plugins/c", "-o", out, "../plugins/c/example/first_word.c")
	if msg, err := build.CombinedOutput(); err != nil {
		t.Skipf("clang cannot build for wasm32-wasi here (no WASI sysroot or wasm-ld?): %v\n%s", err, msg)
	}
	module, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	testFirstWord(t, module)
}

// testFirstWord loads module, a build of the first-word example reranker
// (in C or in Rust), and checks its describe answer and a rerank.
func testFirstWord(t *testing.T, module []byte) {
	t.Helper()
	p, err := shared(t).Load(context.Background(), "first-word", module, wasm.Manifest{})
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	defer p.Close(context.Background())
	if d := p.Describe(); d.Name != "first-word" || !p.Has(abi.CapRerank) {
		t.Errorf("Describe() = %+v, want first-word with rerank", d)
	}
	req := `{"group_id":"g","query":"lisbon trip","scope":"facts","limit":3,"now":"2025-03-14T09:30:00Z","candidates":[` +
		`{"uuid":"a","text":"alice lives in porto","mentions":1,"distance":-1},` +
		`{"uuid":"b","text":"alice moved to lisbon","mentions":1,"distance":-1},` +
		`{"uuid":"c","text":"bob likes lisbon","mentions":1,"distance":-1}]}`
	for range 3 { // instances are reused: the answer buffer is replaced each call
		got, err := p.Call(context.Background(), abi.CapRerank, []byte(req))
		if err != nil {
			t.Fatal(err)
		}
		if want := `{"results":[{"uuid":"b","score":1},{"uuid":"c","score":1},{"uuid":"a","score":0}]}`; string(got) != want {
			t.Errorf("rerank = %s, want %s", got, want)
		}
	}
}
