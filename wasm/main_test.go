package wasm_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/mnemohq/mnemo/wasm"
)

// The test plugins are built from source (testdata/src/<name>, and the
// third-party example in plugins/examples) into a temporary directory the
// first time a test needs each one, rather than committed as binaries:
// a built module is 2 to 4 MB, would go stale silently, and Go's build
// cache makes a rebuild take a fraction of a second. One compilation cache
// directory serves the whole run, and runtimes opened by tests share it, so
// wazero compiles each module once per run. When MNEMO_WASM_TEST_CACHE
// names a directory (the Makefile sets one under .cache/), that directory
// is the cache and outlives the run, so the next run, -race ones included
// (where compiling is many times slower), compiles nothing it has seen.

var (
	tmpDir   string // holds the built modules and the compilation cache
	cacheDir string

	buildMu sync.Mutex
	built   = map[string][]byte{}

	sharedOnce sync.Once
	sharedRT   *wasm.Runtime
	sharedErr  error
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "mnemo-wasm-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	tmpDir, cacheDir = dir, filepath.Join(dir, "cache")
	if c := os.Getenv("MNEMO_WASM_TEST_CACHE"); c != "" {
		cacheDir = c
	}
	code := m.Run()
	if sharedRT != nil {
		_ = sharedRT.Close(context.Background())
	}
	os.RemoveAll(dir)
	os.Exit(code)
}

// fixture returns the module built from testdata/src/<name>.
func fixture(tb testing.TB, name string) []byte {
	tb.Helper()
	return buildModule(tb, name, filepath.Join("testdata", "src", name))
}

// buildModule builds the wasip1 reactor in dir (relative to this package)
// once per run.
func buildModule(tb testing.TB, key, dir string) []byte {
	tb.Helper()
	buildMu.Lock()
	defer buildMu.Unlock()
	if b, ok := built[key]; ok {
		return b
	}
	out := filepath.Join(tmpDir, key+".wasm")
	cmd := exec.Command(goTool(), "build", "-trimpath", "-buildmode=c-shared", "-ldflags=-s", "-o", out, "./"+filepath.ToSlash(dir))
	cmd.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm")
	if msg, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("build %s: %v\n%s", dir, err, msg)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		tb.Fatal(err)
	}
	built[key] = b
	return b
}

// goTool is the go command of the toolchain running the tests: go test
// puts its GOROOT/bin first in the tests' PATH.
func goTool() string { return "go" }

// shared returns a runtime with default options and the run's compilation
// cache, shared by the tests that need nothing special.
func shared(tb testing.TB) *wasm.Runtime {
	tb.Helper()
	sharedOnce.Do(func() {
		sharedRT, sharedErr = wasm.Open(context.Background(), wasm.Options{CacheDir: cacheDir})
	})
	if sharedErr != nil {
		tb.Fatal(sharedErr)
	}
	return sharedRT
}

// openRuntime opens a runtime with opts and the run's compilation cache,
// closed at the end of the test.
func openRuntime(tb testing.TB, opts wasm.Options) *wasm.Runtime {
	tb.Helper()
	if opts.CacheDir == "" {
		opts.CacheDir = cacheDir
	}
	rt, err := wasm.Open(context.Background(), opts)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		if err := rt.Close(context.Background()); err != nil {
			tb.Errorf("Close: %v", err)
		}
	})
	return rt
}

// load loads a fixture into rt, closing the plugin at the end of the test.
func load(tb testing.TB, rt *wasm.Runtime, name string, m wasm.Manifest) *wasm.Plugin {
	tb.Helper()
	p, err := rt.Load(context.Background(), name, fixture(tb, name), m)
	if err != nil {
		tb.Fatalf("Load(%s): %v", name, err)
	}
	tb.Cleanup(func() { _ = p.Close(context.Background()) })
	return p
}
