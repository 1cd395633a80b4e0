package llm_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/host/llm"
	"github.com/mnemohq/mnemo/host/llm/llmtest"
)

// TestConcurrencyLimit sends many requests at once from a Client and an
// Embedder sharing one Limiter: the server never sees more in flight than
// the limit, and does see the limit.
func TestConcurrencyLimit(t *testing.T) {
	const limit, workers = 3, 24
	srv := llmtest.New(t)
	slow := 20 * time.Millisecond
	srv.Script("extract", llmtest.Answer{Content: validEntities, Delay: slow})
	srv.Handle(func(r llmtest.Request) (llmtest.Answer, bool) {
		return llmtest.Answer{Delay: slow}, r.Kind == llmtest.KindEmbeddings
	})
	lim, err := llm.NewLimiter(llm.LimiterOptions{MaxConcurrent: limit})
	if err != nil {
		t.Fatal(err)
	}
	c := newClient(t, srv, newFakeClock(), func(o *llm.Options) { o.Limiter = lim })
	e := newEmbedder(t, srv, func(o *llm.EmbedderOptions) { o.Limiter = lim })

	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for i := range workers {
		wg.Go(func() {
			var err error
			if i%2 == 0 {
				_, err = c.Complete(context.Background(), userRequest("extract", fmt.Sprint(i), entitiesSchema))
			} else {
				_, err = e.Embed(context.Background(), []string{fmt.Sprint(i)})
			}
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Errorf("request failed: %v", err)
		}
	}
	if n := len(srv.Requests()); n != workers {
		t.Errorf("server got %d requests, want %d", n, workers)
	}
	if got := srv.PeakInFlight(); got != limit {
		t.Errorf("PeakInFlight() = %d, want %d (never more, and reached)", got, limit)
	}
	if got := srv.InFlight(); got != 0 {
		t.Errorf("InFlight() after the calls = %d, want 0", got)
	}
}

// TestRequestRateLimit checks the waits a requests-per-minute budget
// imposes, on an injected clock.
func TestRequestRateLimit(t *testing.T) {
	clock := newFakeClock()
	srv := llmtest.New(t)
	srv.Script("summarize", llmtest.Text("ok"))
	lim, err := llm.NewLimiter(llm.LimiterOptions{RequestsPerMinute: 2, Now: clock.Now, Sleep: clock.Sleep})
	if err != nil {
		t.Fatal(err)
	}
	c := newClient(t, srv, clock, func(o *llm.Options) { o.Limiter = lim })
	for range 5 {
		if _, err := c.Complete(context.Background(), userRequest("summarize", "x", nil)); err != nil {
			t.Fatal(err)
		}
	}
	// Two at once (a minute's budget), then one every 30 s.
	want := []time.Duration{30 * time.Second, 30 * time.Second, 30 * time.Second}
	if diff := cmp.Diff(want, clock.Sleeps()); diff != "" {
		t.Errorf("waits differ (-want +got):\n%s", diff)
	}
}

// TestTokenRateLimit checks that the token budget is charged by the
// estimate first and by the reported usage after.
func TestTokenRateLimit(t *testing.T) {
	const tpm, used, calls = 1000, 500, 4
	clock := newFakeClock()
	srv := llmtest.New(t)
	srv.Script("summarize", llmtest.Answer{Content: "ok", PromptTokens: used - 10, CompletionTokens: 10})
	lim, err := llm.NewLimiter(llm.LimiterOptions{TokensPerMinute: tpm, Now: clock.Now, Sleep: clock.Sleep})
	if err != nil {
		t.Fatal(err)
	}
	c := newClient(t, srv, clock, func(o *llm.Options) { o.Limiter = lim; o.MaxTokens = 10 })
	for range calls {
		if _, err := c.Complete(context.Background(), userRequest("summarize", "x", nil)); err != nil {
			t.Fatal(err)
		}
	}
	// calls·used tokens were spent; a minute's budget was there at the
	// start and the last call only needs its estimate (≤ 30 tokens) to
	// start, so the waits must cover the rest at tpm/60 per second.
	var total time.Duration
	for _, d := range clock.Sleeps() {
		total += d
	}
	perSec := float64(tpm) / 60
	low := time.Duration(float64(calls*used-tpm-used) / perSec * float64(time.Second))
	high := low + time.Duration(30/perSec*float64(time.Second))
	if total < low || total > high {
		t.Errorf("total wait = %v, want within [%v, %v]", total, low, high)
	}
}

func TestLimiterOptionsValidate(t *testing.T) {
	tests := []struct {
		name string
		o    llm.LimiterOptions
		ok   bool
	}{
		{"zero", llm.LimiterOptions{}, true},
		{"set", llm.LimiterOptions{MaxConcurrent: 2, RequestsPerMinute: 60, TokensPerMinute: 1000}, true},
		{"negative concurrency", llm.LimiterOptions{MaxConcurrent: -1}, false},
		{"negative rpm", llm.LimiterOptions{RequestsPerMinute: -1}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := llm.NewLimiter(tt.o)
			if (err == nil) != tt.ok {
				t.Fatalf("NewLimiter(%+v) error = %v, want ok %v", tt.o, err, tt.ok)
			}
			if err == nil && tt.o.MaxConcurrent == 0 && l.MaxConcurrent() != llm.DefaultMaxConcurrent {
				t.Errorf("MaxConcurrent() = %d, want %d", l.MaxConcurrent(), llm.DefaultMaxConcurrent)
			}
		})
	}
}

// waitFor polls cond for up to 5 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

// TestCancelStopsRetries cancels while the client waits to retry, while it
// waits out a Retry-After, while a request is in flight, and while it
// waits for the Limiter: the call returns promptly with context.Canceled
// and sends nothing more. Each case cancels only once the call is seen
// waiting (in an injected sleep, or at the server).
func TestCancelStopsRetries(t *testing.T) {
	tests := []struct {
		name  string
		setup func(*llmtest.Server)
		// block holds the Limiter's one request per minute with another
		// call first, so that the call waits for the Limiter.
		block bool
		// wantWait is the wait the call is cancelled in (0: a request in
		// flight).
		wantWait time.Duration
	}{
		{"waiting to retry", func(s *llmtest.Server) { s.FailNext(100, http.StatusServiceUnavailable, 0) }, false, -1},
		{"waiting for Retry-After", func(s *llmtest.Server) { s.FailNext(100, http.StatusTooManyRequests, time.Minute) }, false, time.Minute},
		{"request in flight", func(s *llmtest.Server) { s.DelayNext(1, time.Minute) }, false, 0},
		{"waiting for the limiter", func(s *llmtest.Server) { s.DelayNext(1, time.Minute) }, true, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := llmtest.New(t)
			tt.setup(srv)
			srv.Script("extract", llmtest.Text(validEntities))
			// waiting receives each wait a sleep starts, which then
			// blocks until its context ends.
			waiting := make(chan time.Duration, 10)
			sleep := func(ctx context.Context, d time.Duration) error {
				waiting <- d
				<-ctx.Done()
				return ctx.Err()
			}
			lo := llm.LimiterOptions{MaxConcurrent: 1}
			if tt.block {
				lo.RequestsPerMinute, lo.Sleep = 1, sleep
			}
			lim, err := llm.NewLimiter(lo)
			if err != nil {
				t.Fatal(err)
			}
			o := srv.ClientOptions()
			o.Sleep = sleep
			o.Limiter = lim
			c, err := llm.New(o)
			if err != nil {
				t.Fatal(err)
			}
			if tt.block {
				bctx, bcancel := context.WithCancel(context.Background())
				defer bcancel()
				go c.Complete(bctx, userRequest("blocker", "x", nil))
				waitFor(t, "the blocking request", func() bool { return srv.InFlight() == 1 })
			}

			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() {
				_, err := c.Complete(ctx, userRequest("extract", "x", entitiesSchema))
				done <- err
			}()
			if tt.wantWait == 0 {
				waitFor(t, "the request in flight", func() bool { return srv.InFlight() == 1 })
			} else {
				select {
				case d := <-waiting:
					if tt.wantWait > 0 && d != tt.wantWait {
						t.Errorf("the call waits %v, want %v", d, tt.wantWait)
					}
				case err := <-done:
					t.Fatalf("Complete returned %v before waiting", err)
				case <-time.After(10 * time.Second):
					t.Fatal("the call did not start waiting within 10s")
				}
			}
			seen := len(srv.Requests())
			cancel()
			select {
			case err := <-done:
				if !errors.Is(err, context.Canceled) {
					t.Errorf("Complete error = %v, want context.Canceled", err)
				}
			case <-time.After(2 * time.Second):
				t.Fatal("Complete did not return within 2s of cancel")
			}
			// Complete has returned and starts nothing in the background.
			if n := len(srv.Requests()); n != seen {
				t.Errorf("server got %d requests after cancel, want none more than %d", n, seen)
			}
			if tt.block && len(srv.RequestsFor("extract")) != 0 {
				t.Errorf("the call waiting for the limiter was sent")
			}
		})
	}
}

func TestCanceledBeforeStart(t *testing.T) {
	srv := llmtest.New(t)
	c := newClient(t, srv, newFakeClock(), nil)
	e := newEmbedder(t, srv, nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.Complete(ctx, userRequest("extract", "x", nil)); !errors.Is(err, context.Canceled) {
		t.Errorf("Complete(canceled) error = %v, want context.Canceled", err)
	}
	if _, err := e.Embed(ctx, []string{"x"}); !errors.Is(err, context.Canceled) {
		t.Errorf("Embed(canceled) error = %v, want context.Canceled", err)
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("server got %d requests, want 0", n)
	}
	if u := c.Usage(); len(u) != 0 {
		t.Errorf("Usage() = %v, want nothing recorded", u)
	}
}
