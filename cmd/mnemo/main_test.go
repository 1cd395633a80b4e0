package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// bin is the mnemo binary the end-to-end tests run, built once by TestMain.
var bin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "mnemo-cmd-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	bin = filepath.Join(dir, "mnemo")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "build mnemo:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// testEnv is the environment of the binary in tests: the wasm compilation
// cache shared by every test binary, no LLM, no user configuration.
func testEnv(db string) []string {
	env := []string{
		"MNEMO_DB=" + db,
		"MNEMO_PLUGINS_CACHE_DIR=" + filepath.Join(os.TempDir(), "mnemo-test-wasm-cache"),
		"MNEMO_STORE_BUFFER_POOL_MB=64",
		"HOME=" + os.Getenv("HOME"),
		"PATH=" + os.Getenv("PATH"),
		"TMPDIR=" + os.TempDir(),
	}
	if c := os.Getenv("XDG_CACHE_HOME"); c != "" {
		env = append(env, "XDG_CACHE_HOME="+c)
	}
	return env
}

// result is what a run of the binary did.
type result struct {
	code           int
	stdout, stderr string
}

// mnemo runs the binary on db with args and stdin.
func mnemo(t *testing.T, db, stdin string, args ...string) result {
	t.Helper()
	return mnemoEnv(t, testEnv(db), stdin, args...)
}

// mnemoEnv runs the binary with env, stdin and args.
func mnemoEnv(t *testing.T, env []string, stdin string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = env
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	r := result{stdout: out.String(), stderr: errb.String()}
	if ee, ok := err.(*exec.ExitError); ok {
		r.code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("mnemo %s: %v", strings.Join(args, " "), err)
	}
	return r
}

// ok runs the binary and fails the test unless it exits 0.
func ok(t *testing.T, db, stdin string, args ...string) result {
	t.Helper()
	r := mnemo(t, db, stdin, args...)
	if r.code != 0 {
		t.Fatalf("mnemo %s = exit %d\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), r.code, r.stdout, r.stderr)
	}
	return r
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestHelpOnce runs `mnemo -h`: the usage once, on standard output, and
// nothing on standard error; a bad flag gets it on standard error.
func TestHelpOnce(t *testing.T) {
	r := ok(t, filepath.Join(t.TempDir(), "db"), "", "-h")
	if n := strings.Count(r.stdout, "Usage: mnemo"); n != 1 || r.stderr != "" {
		t.Errorf("mnemo -h printed the usage %d times on stdout and %q on stderr, want once on stdout", n, r.stderr)
	}
	r = mnemo(t, filepath.Join(t.TempDir(), "db"), "", "--colour")
	if r.code != 2 || strings.Count(r.stderr, "Usage: mnemo") != 1 || r.stdout != "" {
		t.Errorf("mnemo --colour = exit %d, stdout %q, stderr %q; want 2 and the usage once on stderr", r.code, r.stdout, r.stderr)
	}
}
