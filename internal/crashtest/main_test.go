package crashtest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/internal/bench/httpload"
)

// bin is the mnemo binary under test, built with -tags crashpoints.
var bin string

func TestMain(m *testing.M) {
	os.Exit(runMain(m))
}

func runMain(m *testing.M) int {
	tmp, err := os.MkdirTemp("", "mnemo-crashtest")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(tmp)
	refs.dir = tmp
	bin = os.Getenv("MNEMO_CRASH_BIN")
	if bin == "" {
		if bin, err = build(tmp); err != nil {
			fmt.Fprintln(os.Stderr, "build mnemo:", err)
			return 1
		}
	}
	return m.Run()
}

// build builds mnemo with the crash points into dir.
func build(dir string) (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	root := filepath.Dir(strings.TrimSpace(string(out)))
	path := filepath.Join(dir, "mnemo")
	cmd := exec.Command("go", "build", "-tags", "crashpoints", "-o", path, "./cmd/mnemo")
	cmd.Dir = root
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", err
	}
	return path, nil
}

// envInt reads a positive integer from the environment, def if unset.
func envInt(t *testing.T, name string, def int) int {
	t.Helper()
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		t.Fatalf("%s=%q: want a positive integer", name, v)
	}
	return n
}

// env is the environment of the binary: the database's defaults (no
// buffer pool or checkpoint setting), the wasm compilation cache the
// other test packages share, no LLM and no user configuration; extra
// settings after.
func env(extra ...string) []string {
	e := []string{
		"MNEMO_PLUGINS_CACHE_DIR=" + filepath.Join(os.TempDir(), "mnemo-test-wasm-cache"),
		"HOME=" + os.Getenv("HOME"),
		"PATH=" + os.Getenv("PATH"),
		"TMPDIR=" + os.TempDir(),
	}
	if c := os.Getenv("XDG_CACHE_HOME"); c != "" {
		e = append(e, "XDG_CACHE_HOME="+c)
	}
	return append(e, extra...)
}

// result is what a run of the binary did.
type result struct {
	// code is the exit code, -1 when a signal ended the process.
	code           int
	signal         syscall.Signal
	stdout, stderr string
}

func (r result) String() string {
	how := fmt.Sprintf("exit %d", r.code)
	if r.signal != 0 {
		how = "killed by " + r.signal.String()
	}
	return fmt.Sprintf("%s\nstdout:\n%s\nstderr:\n%s", how, tail(r.stdout, 4000), tail(r.stderr, 4000))
}

// excerpt is the end of a process's stderr, at most n bytes, without the
// lines the workers repeat for every episode they retry.
func excerpt(stderr string, n int) string {
	var b strings.Builder
	skipped := 0
	for _, l := range strings.Split(stderr, "\n") {
		if strings.Contains(l, "retrying without using an attempt") {
			skipped++
			continue
		}
		if skipped > 0 {
			fmt.Fprintf(&b, "[%d lines of episodes retried]\n", skipped)
			skipped = 0
		}
		b.WriteString(l + "\n")
	}
	if skipped > 0 {
		fmt.Fprintf(&b, "[%d lines of episodes retried]\n", skipped)
	}
	return tail(b.String(), n)
}

// tail is the end of s, at most n bytes.
func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}

// run runs mnemo on the database db with args, in the environment e
// (env() when nil). It fails the test only if the binary cannot run.
func run(t *testing.T, e []string, db string, args ...string) result {
	t.Helper()
	if e == nil {
		e = env()
	}
	r, err := runQuiet(t.Context(), e, db, args...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// runQuiet is run without a test: an error says the binary did not run
// (or ran over 20 minutes, or ctx ended).
func runQuiet(ctx context.Context, e []string, db string, args ...string) (result, error) {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, append([]string{"--db", db}, args...)...)
	cmd.Env = e
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	r := result{stdout: out.String(), stderr: errb.String()}
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok || ctx.Err() != nil {
			return r, fmt.Errorf("mnemo %s: %w", strings.Join(args, " "), errors.Join(err, ctx.Err()))
		}
		r.code = ee.ExitCode()
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			r.signal = ws.Signal()
		}
	}
	return r, nil
}

// must runs mnemo and fails the test unless it exits 0 with a clean
// stderr.
func must(t *testing.T, e []string, db string, args ...string) result {
	t.Helper()
	r := run(t, e, db, args...)
	if r.code != 0 {
		t.Fatalf("mnemo %s = %s", strings.Join(args, " "), r)
	}
	noCrashDump(t, "mnemo "+strings.Join(args, " "), r.stderr)
	return r
}

// crashDump lists what a process that crashed, rather than failed, leaves
// on stderr: a Go panic or fatal error, a C++ abort.
var crashDump = []string{"goroutine ", "panic:", "fatal error:", "SIGABRT", "SIGSEGV", "terminate called"}

// noCrashDump fails the test if stderr holds a crash dump.
func noCrashDump(t *testing.T, what, stderr string) {
	t.Helper()
	for _, s := range crashDump {
		if strings.Contains(stderr, s) {
			t.Errorf("%s: stderr holds %q:\n%s", what, s, tail(stderr, 4000))
			return
		}
	}
}

// crashed runs mnemo with the crash point point (NAME:N) and fails the
// test unless the crash point killed it.
func crashed(t *testing.T, point string, e []string, db string, args ...string) result {
	t.Helper()
	if e == nil {
		e = env()
	}
	r := run(t, append(e, "MNEMO_CRASHPOINT="+point), db, args...)
	if r.signal != syscall.SIGKILL {
		t.Fatalf("mnemo %s with MNEMO_CRASHPOINT=%s was not killed: %s", strings.Join(args, " "), point, r)
	}
	return r
}

// corpus is a set of generated episodes, written as a JSONL file for
// mnemo ingest.
type corpus struct {
	seed     uint64
	episodes []httpload.Episode
	// file is the JSONL file, one episode a line.
	file string
}

// newCorpus writes the first n episodes of seed into dir.
func newCorpus(t testing.TB, dir string, seed uint64, n int, extra ...httpload.Episode) corpus {
	t.Helper()
	c := corpus{seed: seed, episodes: append(httpload.NewCorpus(seed).Episodes(n), extra...)}
	c.file = filepath.Join(dir, fmt.Sprintf("episodes-%d-%d.jsonl", seed, len(c.episodes)))
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	for _, e := range c.episodes {
		if err := enc.Encode(e); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(c.file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return c
}

// uuids are the corpus's episode uuids.
func (c corpus) uuids() []string {
	out := make([]string, len(c.episodes))
	for i, e := range c.episodes {
		out[i] = e.UUID
	}
	return out
}

// proc is a mnemo process running in the background, its stderr read
// line by line.
type proc struct {
	cmd  *exec.Cmd
	done chan struct{}
	// err is cmd.Wait's error, once done is closed.
	err error

	mu     sync.Mutex
	stderr strings.Builder
	lines  chan string
}

// start starts mnemo on db with args in the environment e. The process
// is killed when the test ends, if it still runs.
func start(t *testing.T, e []string, db string, args ...string) *proc {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"--db", db}, args...)...)
	cmd.Env = e
	cmd.Stdout = io.Discard
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &proc{cmd: cmd, done: make(chan struct{}), lines: make(chan string, 1024)}
	go func() {
		sc := bufio.NewScanner(pipe)
		sc.Buffer(make([]byte, 64<<10), 16<<20)
		for sc.Scan() {
			p.mu.Lock()
			p.stderr.WriteString(sc.Text() + "\n")
			p.mu.Unlock()
			select {
			case p.lines <- sc.Text():
			default:
			}
		}
		p.err = cmd.Wait()
		close(p.lines)
		close(p.done)
	}()
	t.Cleanup(func() { p.kill() })
	return p
}

// kill kills the process with SIGKILL and waits for it.
func (p *proc) kill() {
	select {
	case <-p.done:
		return
	default:
	}
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
}

// stop asks the process to stop (SIGINT) and waits for it.
func (p *proc) stop(t *testing.T) {
	t.Helper()
	_ = p.cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-p.done:
	case <-time.After(2 * time.Minute):
		p.kill()
		t.Fatalf("mnemo did not stop within 2 minutes of SIGINT:\n%s", tail(p.errText(), 4000))
	}
	if p.err != nil {
		t.Errorf("mnemo stopped with %v:\n%s", p.err, tail(p.errText(), 4000))
	}
}

// errText is what the process wrote to stderr so far.
func (p *proc) errText() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stderr.String()
}

// exited reports whether the process has ended.
func (p *proc) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// copyDir copies the tree src to dst, files as they are.
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	if err := copyTreeQuiet(src, dst); err != nil {
		t.Fatal(err)
	}
}

// copyTreeQuiet is copyDir without a test.
func copyTreeQuiet(src, dst string) error {
	err := filepath.Walk(src, func(path string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		target := filepath.Join(dst, rel)
		if fi.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		in, err := os.Open(path)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.Create(target)
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, in); err != nil {
			out.Close()
			return err
		}
		return out.Close()
	})
	if err != nil {
		return fmt.Errorf("copy %s to %s: %w", src, dst, err)
	}
	return nil
}

// kuzuFiles are the files of Kuzu's in a database directory: the journal
// must rebuild the database without them.
var kuzuFiles = []string{"graph.kuzu", "graph.kuzu.wal", "graph.kuzu.shadow"}

// removeKuzuFiles deletes Kuzu's files from the database directory db.
func removeKuzuFiles(t *testing.T, db string) {
	t.Helper()
	for _, n := range kuzuFiles {
		if err := os.Remove(filepath.Join(db, n)); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
}

// fileSize is the size of the file at path, 0 if it is missing.
func fileSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
