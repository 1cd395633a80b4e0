package wasm_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/wasm"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// rssBytes returns the process's resident set size, from Linux's
// /proc/self/status.
func rssBytes(tb testing.TB) int64 {
	tb.Helper()
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		tb.Skipf("no /proc/self/status: %v", err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, err := strconv.ParseInt(f[1], 10, 64)
			if err != nil {
				tb.Fatal(err)
			}
			return kb << 10
		}
	}
	tb.Skip("no VmRSS in /proc/self/status")
	return 0
}

// settledRSS returns the RSS once the host's garbage is collected and its
// free memory returned to the system.
func settledRSS(tb testing.TB) int64 {
	runtime.GC()
	debug.FreeOSMemory()
	return rssBytes(tb)
}

// TestTwentyPluginsMemory loads 20 plugins of the three built-in modules,
// as 20 tenants with their own configurations would, calls each once (so
// each has an instance), and checks that they add less than 200 MB to the
// RSS of a process that has the built-in modules loaded already, as a
// server does for its default plugin set. The plugins share their modules'
// compiled code and one wazero runtime; what each adds is its instance.
// The log also gives the figure from a process with no module loaded.
func TestTwentyPluginsMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("loads 20 plugins")
	}
	if raceEnabled {
		// The race detector keeps memory of its own beside each
		// instance's, so the figure says nothing of the build users
		// run; the loads and calls are other tests' (TestExtractorRoundTrip,
		// TestRerankerRoundTrip). Under it, this test took three minutes
		// of make race-ci.
		t.Skip("measures RSS, which the race detector's own memory inflates")
	}
	ctx := context.Background()
	rt := openRuntime(t, wasm.Options{})
	modules := map[string][]byte{}
	for _, name := range []string{"rule-extractor", "llm-extractor", "script-reranker"} {
		b, err := os.ReadFile("../plugins/builtin/" + name + ".wasm")
		if err != nil {
			t.Fatal(err)
		}
		modules[name] = b
	}
	episodes, err := os.ReadFile("testdata/episodes/extract.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	extract, _, _ := bytes.Cut(episodes, []byte("\n"))
	rerank := []byte(`{"query":"q","scope":"facts","limit":2,"candidates":[{"uuid":"a","text":"x","mentions":1,"distance":1},{"uuid":"b","text":"y","mentions":2,"distance":1}]}`)
	manifest := func(name string, i int) wasm.Manifest {
		if name == "script-reranker" {
			return wasm.Manifest{Config: fmt.Appendf(nil, `{"script":"rrf * %d + mentions"}`, i+1)}
		}
		return wasm.Manifest{}
	}

	// Warm up the runtime's code, then load the default set.
	for name, b := range modules {
		p, err := rt.Load(ctx, name, b, manifest(name, 0))
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Close(ctx); err != nil {
			t.Fatal(err)
		}
	}
	empty := settledRSS(t)
	for name, b := range modules {
		p, err := rt.Load(ctx, "default-"+name, b, manifest(name, 0))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = p.Close(ctx) })
	}
	before := settledRSS(t)

	names := []string{"rule-extractor", "script-reranker", "llm-extractor", "script-reranker"}
	for i := range 20 {
		name := names[i%len(names)]
		p, err := rt.Load(ctx, fmt.Sprintf("%s-%d", name, i), modules[name], manifest(name, i))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = p.Close(ctx) })
		switch name {
		case "rule-extractor":
			_, err = p.Call(ctx, abi.CapExtract, extract)
		case "script-reranker":
			_, err = p.Call(ctx, abi.CapRerank, rerank)
		}
		if err != nil {
			t.Fatalf("call %s: %v", p.Name(), err)
		}
	}
	after := settledRSS(t)
	added := after - before
	t.Logf("20 plugins added %d MB to the RSS; the default set and the 20, %d MB", added>>20, (after-empty)>>20)
	if added >= 200<<20 {
		t.Errorf("20 plugins added %d MB to the RSS, want under 200 MB", added>>20)
	}
}
