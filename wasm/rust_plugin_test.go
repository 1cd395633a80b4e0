package wasm_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRustPlugin tests the Rust crate for plugin authors,
// plugins/rust/mnemo-plugin, and plugins/rust/example, the C example's
// reranker written on it. With cargo it runs both crates' unit tests and
// builds the example for the host; with Rust's wasm32-wasip1 target
// installed it also builds the example to WebAssembly and runs it in the
// sandbox with the C test's assertions. Nothing is downloaded (the crates
// have no dependencies) and cargo's output goes to the test's temporary
// directory.
func TestRustPlugin(t *testing.T) {
	cargo, err := exec.LookPath("cargo")
	if err != nil {
		t.Skip("no cargo")
	}
	if out, err := exec.Command(cargo, "--version").CombinedOutput(); err != nil {
		t.Skipf("cargo does not run (no Rust toolchain installed?): %v\n%s", err, out)
	}
	targetDir := t.TempDir()
	run := func(t *testing.T, cargo string, env []string, args ...string) {
		t.Helper()
		cmd := exec.Command(cargo, args...)
		cmd.Dir = filepath.Join("..", "plugins", "rust")
		cmd.Env = append(append(os.Environ(), "CARGO_TARGET_DIR="+targetDir, "CARGO_TERM_COLOR=never"), env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("cargo %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	t.Run("host", func(t *testing.T) {
		run(t, cargo, nil, "test", "--offline", "--workspace")
		run(t, cargo, nil, "build", "--offline", "--package", "first-word")
	})
	t.Run("wasm", func(t *testing.T) {
		// The toolchain on PATH first; then Debian's, which a rustup
		// toolchain without the target may hide.
		rustc := os.Getenv("RUSTC")
		if rustc == "" {
			rustc = "rustc"
		}
		triple, ok := rustWasmTarget(rustc)
		var env []string
		if !ok {
			if _, err := os.Stat("/usr/bin/cargo"); err == nil {
				if triple, ok = rustWasmTarget("/usr/bin/rustc"); ok {
					cargo, env = "/usr/bin/cargo", []string{"RUSTC=/usr/bin/rustc"}
				}
			}
		}
		if !ok {
			t.Skip("no Rust standard library for wasm32-wasip1: rustup target add wasm32-wasip1 (or Debian 12's rustc, cargo and libstd-rust-dev-wasm32)")
		}
		run(t, cargo, env, "build", "--offline", "--release", "--package", "first-word", "--target", triple)
		module, err := os.ReadFile(filepath.Join(targetDir, triple, "release", "first_word.wasm"))
		if err != nil {
			t.Fatal(err)
		}
		testFirstWord(t, module)
	})
}

// rustWasmTarget returns the WASI preview 1 target whose standard library
// the Rust toolchain has: wasm32-wasip1, or wasm32-wasi, its name before
// Rust 1.78. It reports false if the toolchain of rustc has neither.
func rustWasmTarget(rustc string) (string, bool) {
	for _, triple := range []string{"wasm32-wasip1", "wasm32-wasi"} {
		cmd := exec.Command(rustc, "--print", "target-libdir", "--target", triple)
		cmd.Dir = filepath.Join("..", "plugins", "rust") // the toolchain cargo picks there
		out, err := cmd.Output()
		if err != nil {
			continue
		}
		std, _ := filepath.Glob(filepath.Join(strings.TrimSpace(string(out)), "libstd-*.rlib"))
		if len(std) > 0 {
			return triple, true
		}
	}
	return "", false
}
