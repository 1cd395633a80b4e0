package wasm_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/wasm"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// summarize calls a fixture's summarize export and decodes the answer.
func summarize(t *testing.T, p *wasm.Plugin, req abi.SummarizeRequest) abi.SummarizeResponse {
	t.Helper()
	s, err := wasm.NewSummarizer(p, "g")
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Summarize(context.Background(), core.SummarizeRequest{Kind: req.Kind, Texts: req.Texts, MaxChars: req.MaxChars})
	if err != nil {
		t.Fatalf("Summarize: %v", err)
	}
	return abi.SummarizeResponse{Name: got.Name, Summary: got.Summary}
}

// wantPluginError checks that err is a *PluginError naming plugin and fn
// and matching every target.
func wantPluginError(t *testing.T, err error, plugin, fn string, targets ...error) {
	t.Helper()
	var pe *wasm.PluginError
	if !errors.As(err, &pe) {
		t.Fatalf("error = %v (%T), want a *wasm.PluginError", err, err)
	}
	if pe.Plugin != plugin || pe.Func != fn {
		t.Errorf("PluginError names %q/%q, want %q/%q", pe.Plugin, pe.Func, plugin, fn)
	}
	for _, target := range targets {
		if !errors.Is(err, target) {
			t.Errorf("error %q does not match %v", err, target)
		}
	}
}

func TestABIVersionMismatchRefused(t *testing.T) {
	_, err := shared(t).Load(context.Background(), "future", fixture(t, "badabi"), wasm.Manifest{})
	wantPluginError(t, err, "future", "mnemo_abi_version", core.ErrInvalid)
	if err != nil && (!strings.Contains(err.Error(), "version 99") || !strings.Contains(err.Error(), "version 1")) {
		t.Errorf("error %q does not name both versions", err)
	}
}

func TestLoadRefusesBadModules(t *testing.T) {
	tests := []struct {
		name   string
		module []byte
		m      wasm.Manifest
		fn     string
		want   string
	}{
		{"not wasm", []byte("\x00asm garbage"), wasm.Manifest{}, "compile", "compile module"},
		{"empty", nil, wasm.Manifest{}, "compile", "compile module"},
		{"configuration rejected", fixture(t, "echo"), wasm.Manifest{Config: []byte("reject")}, "mnemo_configure", "echo rejects this configuration"},
		{"configuration for a plugin without one", fixture(t, "loop"), wasm.Manifest{Config: []byte(`{"a":1}`)}, "mnemo_configure", "takes no configuration"},
		{"configuration for a module without configure", fixture(t, "rawecho"), wasm.Manifest{Config: []byte(`{}`)}, "mnemo_configure", "does not export mnemo_configure"},
		{"negative timeout", fixture(t, "echo"), wasm.Manifest{CallTimeout: -time.Second}, "load", "negative"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := shared(t).Load(context.Background(), "bad", tt.module, tt.m)
			wantPluginError(t, err, "bad", tt.fn, core.ErrInvalid)
			if err != nil && !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Load() = %q, want it to contain %q", err, tt.want)
			}
		})
	}
}

func TestInfiniteLoopHitsDeadline(t *testing.T) {
	// The fresh instance the last call needs has a limit of its own, as
	// long; its Go runtime start took over 300ms under -race on a loaded
	// machine: the limit is generous, and the looping call's time is
	// checked against it.
	const limit = 2 * time.Second
	p := load(t, shared(t), "loop", wasm.Manifest{CallTimeout: limit})
	// Load keeps no instance: a first call makes the one the looping
	// call takes, so the limit is measured on the loop alone.
	if _, err := p.Call(context.Background(), abi.CapRerank, []byte(`{"query":"calm"}`)); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err := p.Call(context.Background(), abi.CapRerank, []byte(`{"query":"loop"}`))
	if d := time.Since(start); d < limit || d > limit+10*time.Second {
		t.Errorf("looping call took %s, want about the %s limit", d, limit)
	}
	wantPluginError(t, err, "loop", "mnemo_rerank", context.DeadlineExceeded)

	out, err := p.Call(context.Background(), abi.CapRerank, []byte(`{"query":"fine"}`))
	if err != nil || string(out) != `{"results":[]}` {
		t.Fatalf("call after the deadline = %s, %v; want an answer", out, err)
	}
	s := p.Stats()
	if s.Calls != 3 || s.Failures != 1 || s.ConsecutiveFailures != 0 || !errors.Is(s.LastError, context.DeadlineExceeded) {
		t.Errorf("Stats() = %+v, want 3 calls, 1 failure (the deadline), 0 consecutive", s)
	}
}

func TestUninterruptibleCallRunsToItsEnd(t *testing.T) {
	// Four hundred million spins take far more than a millisecond on any
	// core; loaded Uninterruptible, the call runs past its 1ms limit to
	// its end and answers. Loaded as any plugin is, a longer spin is
	// stopped at its limit (that the flag is what lets the first finish).
	const spins = 400_000_000
	p := load(t, shared(t), "loop", wasm.Manifest{CallTimeout: time.Millisecond, Uninterruptible: true})
	// The instance's start is not stopped either: the first call makes it.
	if _, err := p.Call(context.Background(), abi.CapRerank, []byte(`{"query":"calm"}`)); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	out, err := p.Call(context.Background(), abi.CapRerank, []byte(fmt.Sprintf(`{"query":"spin %d"}`, spins)))
	took := time.Since(start)
	if err != nil {
		t.Fatalf("uninterruptible spin: %v", err)
	}
	if want := fmt.Sprintf(`{"results":[{"uuid":"spun","score":%d}]}`, spins); string(out) != want {
		t.Errorf("uninterruptible spin = %s, want %s", out, want)
	}
	if took < time.Millisecond {
		t.Errorf("the spin took %s, within its limit: the test shows nothing", took)
	}

	q := load(t, shared(t), "loop", wasm.Manifest{CallTimeout: 2 * time.Second})
	if _, err := q.Call(context.Background(), abi.CapRerank, []byte(`{"query":"calm"}`)); err != nil {
		t.Fatal(err)
	}
	_, err = q.Call(context.Background(), abi.CapRerank, []byte(`{"query":"spin 1000000000000"}`))
	wantPluginError(t, err, "loop", "mnemo_rerank", context.DeadlineExceeded)
}

func TestCallerContextEndsCall(t *testing.T) {
	p := load(t, shared(t), "loop", wasm.Manifest{})
	// A first call makes the instance the looping call then takes, so the
	// cancel ends mnemo_rerank, not the making of an instance, however
	// slowly a loaded machine instantiates one.
	if _, err := p.Call(context.Background(), abi.CapRerank, []byte(`{"query":"calm"}`)); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	_, err := p.Call(ctx, abi.CapRerank, []byte(`{"query":"loop"}`))
	wantPluginError(t, err, "loop", "mnemo_rerank", context.Canceled)
	if s := p.Stats(); s.Failures != 0 {
		t.Errorf("Stats().Failures = %d after the caller gave up, want 0", s.Failures)
	}
}

func TestMemoryBomb(t *testing.T) {
	p := load(t, shared(t), "membomb", wasm.Manifest{MemoryLimitPages: 256}) // 16 MiB
	_, err := p.Call(context.Background(), abi.CapRerank, []byte(`{"query":"bomb"}`))
	wantPluginError(t, err, "membomb", "mnemo_rerank", wasm.ErrTrap, wasm.ErrMemoryLimit)
	if err != nil && !strings.Contains(err.Error(), "out of memory") {
		t.Errorf("error %q does not quote the plugin's reason", err)
	}
	if out, err := p.Call(context.Background(), abi.CapRerank, []byte(`{"query":"calm"}`)); err != nil {
		t.Errorf("call after the bomb = %s, %v; want an answer", out, err)
	}
	if s := p.Stats(); s.Instances != 1 {
		t.Errorf("Stats().Instances = %d, want 1 (the bombed instance discarded)", s.Instances)
	}
}

func TestNoFilesystem(t *testing.T) {
	dir := t.TempDir()
	secret := filepath.Join(dir, "secret")
	if err := os.WriteFile(secret, []byte("s3cret"), 0o600); err != nil {
		t.Fatal(err)
	}
	p := load(t, shared(t), "files", wasm.Manifest{AllowClock: true, AllowRandom: true})
	got := summarize(t, p, abi.SummarizeRequest{Texts: []string{secret, dir, "/etc/hostname"}})
	lines := strings.Split(got.Summary, "\n")
	if len(lines) < 9 {
		t.Fatalf("report has %d lines, want 9 or more:\n%s", len(lines), got.Summary)
	}
	for _, l := range lines {
		if !strings.Contains(l, ": error: ") {
			t.Errorf("file access succeeded inside the sandbox: %s", l)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "mnemo-escape")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the plugin wrote a file on the host: %v", err)
	}
}

func TestNoNetwork(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	accepted := make(chan struct{}, 1)
	go func() {
		if c, err := l.Accept(); err == nil {
			c.Close()
			accepted <- struct{}{}
		}
	}()
	p := load(t, shared(t), "sockets", wasm.Manifest{AllowClock: true, AllowRandom: true})
	got := summarize(t, p, abi.SummarizeRequest{Texts: []string{l.Addr().String()}})
	lines := strings.Split(got.Summary, "\n")
	if len(lines) < 10 {
		t.Fatalf("report has %d lines, want 10 or more:\n%s", len(lines), got.Summary)
	}
	for _, l := range lines {
		if !strings.Contains(l, ": error: ") {
			t.Errorf("network access succeeded inside the sandbox: %s", l)
		}
	}
	select {
	case <-accepted:
		t.Error("the plugin connected to a listener on the host")
	case <-time.After(100 * time.Millisecond):
	}
}

func TestClockAndRandomness(t *testing.T) {
	rt := shared(t)
	sandboxed := load(t, rt, "clock", wasm.Manifest{})
	first := summarize(t, sandboxed, abi.SummarizeRequest{})
	if !strings.HasPrefix(first.Name, "2022-01-01") {
		t.Errorf("clock without the grant = %s, want the fixed fake (2022-01-01)", first.Name)
	}
	// A new instance (another plugin of the same module) draws the same
	// bytes from the deterministic source.
	again := summarize(t, load(t, rt, "clock", wasm.Manifest{}), abi.SummarizeRequest{})
	if again.Summary != first.Summary {
		t.Errorf("random bytes without the grant differ between instances (%s, %s), want a deterministic source", first.Summary, again.Summary)
	}

	granted := load(t, rt, "clock", wasm.Manifest{AllowClock: true, AllowRandom: true})
	a := summarize(t, granted, abi.SummarizeRequest{})
	b := summarize(t, granted, abi.SummarizeRequest{})
	now, err := time.Parse(time.RFC3339, a.Name)
	if err != nil || time.Since(now).Abs() > time.Hour {
		t.Errorf("clock with the grant = %s, want about now", a.Name)
	}
	if a.Summary == b.Summary || a.Summary == first.Summary {
		t.Errorf("random bytes with the grant repeat: %s, %s", a.Summary, b.Summary)
	}
}

// TestGarbageCollectedWithoutTheClock checks that a Go plugin that makes
// megabytes of garbage a call keeps serving within a small memory limit
// without the clock grant (sleepClock). On wazero's fake monotonic clock,
// which moved 1 ms at each reading, the Go collector counted itself most
// of the CPU time, its CPU limiter stopped the allocation assists, and
// the heap grew until an instance trapped at its limit: this plugin at
// its 11th call at 12 MiB, the rule extractor on a 12 KiB piece at its
// 33rd at 32 MiB. With the clock that stands still between sleeps, its
// instance stays at 8.5 MiB.
func TestGarbageCollectedWithoutTheClock(t *testing.T) {
	p := load(t, shared(t), "garbage", wasm.Manifest{MemoryLimitPages: 192})
	for i := range 60 {
		s, err := wasm.NewSummarizer(p, "g")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Summarize(context.Background(), core.SummarizeRequest{Kind: "entity"}); err != nil {
			t.Fatalf("call %d: %v", i+1, err)
		}
	}
	if st := p.Stats(); st.Failures != 0 || st.Instances != 1 {
		t.Errorf("stats = %+v, want no failure and the one instance", st)
	}
}

func TestMessageSizeLimits(t *testing.T) {
	p := load(t, shared(t), "oversized", wasm.Manifest{MaxMessageBytes: 64 << 10})
	if got := summarize(t, p, abi.SummarizeRequest{MaxChars: 1000}); len(got.Summary) != 1000 {
		t.Fatalf("small answer has %d bytes, want 1000", len(got.Summary))
	}
	_, err := p.Call(context.Background(), abi.CapSummarize, []byte(`{"max_chars": 1000000}`))
	wantPluginError(t, err, "oversized", "mnemo_summarize", core.ErrTooLarge)

	big := []byte(`{"texts":["` + strings.Repeat("y", 70<<10) + `"]}`)
	_, err = p.Call(context.Background(), abi.CapSummarize, big)
	wantPluginError(t, err, "oversized", "mnemo_summarize", core.ErrTooLarge)
}

func TestMalformedAnswers(t *testing.T) {
	p := load(t, shared(t), "malformed", wasm.Manifest{})
	tests := []struct {
		name, capability, want string
	}{
		{"invalid JSON", abi.CapRerank, "not a JSON object"},
		{"not an object", abi.CapSummarize, "not a JSON object"},
		{"pointer outside memory", abi.CapExtract, "outside the plugin's"},
		{"error member not a string", abi.CapResolveEntities, `"error" member`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := p.Call(context.Background(), tt.capability, []byte(`{}`))
			wantPluginError(t, err, "malformed", "mnemo_"+tt.capability, wasm.ErrMalformed)
			if err != nil && !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Call(%s) = %q, want it to contain %q", tt.capability, err, tt.want)
			}
		})
	}
	if s := p.Stats(); s.ConsecutiveFailures != uint64(len(tests)) || s.Instances > 1 {
		t.Errorf("Stats() = %+v, want %d consecutive failures and every failed instance discarded", s, len(tests))
	}
}

func TestTraps(t *testing.T) {
	p := load(t, shared(t), "trap", wasm.Manifest{})
	tests := []struct {
		name, capability string
		targets          []error
		notTargets       []error
		want             string
	}{
		{"handler panic is an error answer", abi.CapRerank, []error{wasm.ErrFailed}, []error{wasm.ErrTrap}, "boom in rerank"},
		{"runtime panic is a trap", abi.CapExtract, []error{wasm.ErrTrap}, []error{wasm.ErrFailed, wasm.ErrMemoryLimit}, "boom in a goroutine"},
		{"out-of-bounds load is a trap", abi.CapSummarize, []error{wasm.ErrTrap}, []error{wasm.ErrFailed, wasm.ErrMemoryLimit}, "out of bounds memory access"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := p.Call(context.Background(), tt.capability, []byte(`{}`))
			wantPluginError(t, err, "trap", "mnemo_"+tt.capability, tt.targets...)
			for _, target := range tt.notTargets {
				if errors.Is(err, target) {
					t.Errorf("error %q matches %v", err, target)
				}
			}
			if err != nil && !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Call(%s) = %q, want it to contain %q", tt.capability, err, tt.want)
			}
		})
	}
	if _, err := p.Call(context.Background(), abi.CapRerank, []byte(`{}`)); !errors.Is(err, wasm.ErrFailed) {
		t.Errorf("call after the traps = %v, want the plugin to answer again", err)
	}
}

func TestClosedPlugin(t *testing.T) {
	p := load(t, shared(t), "echo", wasm.Manifest{})
	if err := p.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := p.Close(context.Background()); err != nil {
		t.Errorf("second Close() = %v, want nil", err)
	}
	_, err := p.Call(context.Background(), abi.CapSummarize, []byte(`{}`))
	wantPluginError(t, err, "echo", "mnemo_summarize", core.ErrClosed)
}

// TestCloseWaitsForCalls: Close lets in-flight calls finish, so a host that
// swaps a plugin fails no call.
func TestCloseWaitsForCalls(t *testing.T) {
	p := load(t, shared(t), "echo", wasm.Manifest{})
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	start := make(chan struct{})
	// Close once every caller has finished a call: calls are under way.
	var called sync.WaitGroup
	called.Add(4)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			for i := range 25 {
				_, err := p.Call(context.Background(), abi.CapSummarize, []byte(`{"texts":["a"]}`))
				if err != nil && !errors.Is(err, core.ErrClosed) {
					errs <- err
				}
				if i == 0 {
					called.Done()
				}
			}
		}()
	}
	close(start)
	called.Wait()
	if err := p.Close(context.Background()); err != nil {
		t.Error(err)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("call during Close: %v", err)
	}
}

// TestConcurrentCalls hammers one plugin from many goroutines; run with
// -race. The pool never holds more instances than PoolSize.
func TestConcurrentCalls(t *testing.T) {
	rt := openRuntime(t, wasm.Options{PoolSize: 3})
	p := load(t, rt, "echo", wasm.Manifest{})
	s, err := wasm.NewSummarizer(p, "g")
	if err != nil {
		t.Fatal(err)
	}
	const workers, calls = 12, 20
	var wg sync.WaitGroup
	errs := make(chan error, workers*calls)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range calls {
				text := fmt.Sprintf("worker %d call %d", w, i)
				got, err := s.Summarize(context.Background(), core.SummarizeRequest{Kind: "k", Texts: []string{text}})
				if err != nil {
					errs <- err
					continue
				}
				if got.Summary != text {
					errs <- fmt.Errorf("Summarize(%q) = %q: an answer crossed between calls", text, got.Summary)
				}
				if n := p.Stats().Instances; n > 3 {
					errs <- fmt.Errorf("%d instances alive, want at most PoolSize 3", n)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if st := p.Stats(); st.Calls != workers*calls || st.Failures != 0 {
		t.Errorf("Stats() = %+v, want %d calls and no failure", st, workers*calls)
	}
}

func TestRuntimeClose(t *testing.T) {
	rt, err := wasm.Open(context.Background(), wasm.Options{CacheDir: cacheDir})
	if err != nil {
		t.Fatal(err)
	}
	p, err := rt.Load(context.Background(), "echo", fixture(t, "echo"), wasm.Manifest{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // Close must succeed even with a done context.
	if err := rt.Close(ctx); err != nil {
		t.Fatalf("Close() = %v", err)
	}
	if err := rt.Close(context.Background()); err != nil {
		t.Errorf("second Close() = %v, want nil", err)
	}
	if _, err := p.Call(context.Background(), abi.CapSummarize, []byte(`{}`)); !errors.Is(err, core.ErrClosed) {
		t.Errorf("Call after Runtime.Close = %v, want core.ErrClosed", err)
	}
	if _, err := rt.Load(context.Background(), "echo", fixture(t, "echo"), wasm.Manifest{}); !errors.Is(err, core.ErrClosed) {
		t.Errorf("Load after Close = %v, want core.ErrClosed", err)
	}
}

// TestGarbageCollectedBetweenCalls: Go runs no goroutine once an export
// has returned to the host, the garbage collector's workers included, so a
// Go plugin must yield before returning (docs/plugins.md, section 9; the
// SDK does). rawecho does, and an instance that allocates far more over its
// life than its memory limit keeps working; without the yield it runs out
// of memory after about 6,000 of these calls.
func TestGarbageCollectedBetweenCalls(t *testing.T) {
	p := load(t, shared(t), "rawecho", wasm.Manifest{})
	req := []byte(`{"texts":["` + strings.Repeat("x", 64<<10) + `"]}`)
	for i := range 8000 { // 500 MiB allocated in all, under a 32 MiB limit
		if _, err := p.Call(context.Background(), abi.CapSummarize, req); err != nil {
			t.Fatalf("call %d: %v", i, err)
		}
	}
	if s := p.Stats(); s.Instances != 1 {
		t.Errorf("Stats().Instances = %d, want the one instance to have served every call", s.Instances)
	}
}

// TestDescribe reads modules' describe answers without loading them for
// use: a good module's answer comes back, and a module Load refuses is
// refused the same way.
func TestDescribe(t *testing.T) {
	d, err := shared(t).Describe(context.Background(), "echo.wasm", fixture(t, "echo"))
	if err != nil {
		t.Fatalf("Describe(echo) = %v", err)
	}
	if d.Name != "echo" || d.Version != "1.2.3" || len(d.Capabilities) != 5 {
		t.Errorf("Describe(echo) = %+v, want echo 1.2.3 with five capabilities", d)
	}
	_, err = shared(t).Describe(context.Background(), "future.wasm", fixture(t, "badabi"))
	wantPluginError(t, err, "future.wasm", "mnemo_abi_version", core.ErrInvalid)
}
