package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/host"
)

// TestSlicer checks that each slice leaves a CPU profile named by its
// episodes, an allocation profile at its end, both readable by pprof, and
// a line with the CPU and the store's time per episode in the slice alone.
// (A profile is gzipped protocol buffers: the test reads it whole.)
func TestSlicer(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	s, err := newSlicer(dir, &out)
	if err != nil {
		t.Fatal(err)
	}
	call := func(op string, d time.Duration, n uint64) host.StoreCall {
		return host.StoreCall{Store: "kuzu", Op: op, Latency: host.Histogram{Sum: d, N: n}}
	}
	burn := func() {
		for start := time.Now(); time.Since(start) < 20*time.Millisecond; {
		}
	}
	burn()
	if err := s.cut([]host.StoreCall{call("write", 100*time.Millisecond, 10)}, 50); err != nil {
		t.Fatal(err)
	}
	burn()
	if err := s.cut([]host.StoreCall{call("write", 400*time.Millisecond, 16), call("checkpoint", time.Second, 1)}, 150); err != nil {
		t.Fatal(err)
	}
	s.stop()
	for _, name := range []string{"cpu-0-50.pprof", "cpu-50-150.pprof", "allocs-50.pprof", "allocs-150.pprof"} {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		n, err := gunzip(f)
		f.Close()
		if err != nil || n == 0 {
			t.Errorf("read %s: %d bytes, %v", name, n, err)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*open*")); len(left) > 0 {
		t.Errorf("left %v after stop", left)
	}
	// The second slice: 300 ms of writes in 6 calls and one 1 s
	// checkpoint over 100 episodes.
	want := []*regexp.Regexp{
		regexp.MustCompile(`slice +0-50 .*write 10 calls 2\.00 ms/episode .*checkpoint 0 calls 0\.00 ms/episode`),
		regexp.MustCompile(`slice +50-150 .*cpu \d+\.\d\d ms/episode .*write 6 calls 3\.00 ms/episode .*checkpoint 1 calls 10\.00 ms/episode`),
	}
	lines := bytes.Split(bytes.TrimSpace(out.Bytes()), []byte("\n"))
	if len(lines) != len(want) {
		t.Fatalf("printed %q, want %d lines", out.String(), len(want))
	}
	for i, re := range want {
		if !re.Match(lines[i]) {
			t.Errorf("line %d = %q, want it to match %s", i, lines[i], re)
		}
	}
}

// gunzip returns the length of r's gzipped content.
func gunzip(r io.Reader) (int64, error) {
	z, err := gzip.NewReader(r)
	if err != nil {
		return 0, err
	}
	return io.Copy(io.Discard, z)
}
