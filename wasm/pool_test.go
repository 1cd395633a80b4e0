package wasm_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/wasm"
)

// gateLLM answers a completion when the test lets it, so that calls stay
// in flight and each holds an instance.
type gateLLM struct {
	started chan struct{}
	release chan struct{}
}

func (l *gateLLM) Complete(ctx context.Context, req core.CompletionRequest) (core.Completion, error) {
	select {
	case l.started <- struct{}{}:
	default: // after the burst, nobody waits
	}
	select {
	case <-l.release:
	case <-ctx.Done():
		return core.Completion{}, ctx.Err()
	}
	return core.Completion{Content: "ok"}, nil
}

// TestIdleInstancesTrimmed checks that the instances a burst of concurrent
// calls made are closed once idle past Options.IdleTimeout, but the most
// recently used one, which the next call reuses.
func TestIdleInstancesTrimmed(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) time.Time { mu.Lock(); defer mu.Unlock(); now = now.Add(d); return now }

	llm := &gateLLM{started: make(chan struct{}, 4), release: make(chan struct{})}
	rt := openRuntime(t, wasm.Options{LLM: llm, Embedder: lengthEmbedder{dim: 3}, Now: clock, IdleTimeout: time.Minute})
	p := load(t, rt, "hostcalls", wasm.Manifest{AllowLLM: true, AllowEmbed: true})
	x, err := wasm.NewExtractor(p)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	extract := func() error {
		_, err := x.Extract(ctx, core.ExtractRequest{Episode: core.Episode{GroupID: "g", Content: "hi", ValidAt: now}})
		return err
	}

	const burst = 4
	errs := make(chan error, burst)
	for range burst {
		go func() { errs <- extract() }()
	}
	for range burst {
		<-llm.started // all four calls hold an instance at once
	}
	close(llm.release)
	for range burst {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if got := p.Stats().Instances; got != burst {
		t.Fatalf("after a burst of %d calls, Instances = %d, want %d", burst, got, burst)
	}

	rt.TrimIdle(advance(59 * time.Second))
	if got := p.Stats().Instances; got != burst {
		t.Errorf("idle for 59s of a 1m timeout: Instances = %d, want %d", got, burst)
	}
	rt.TrimIdle(advance(2 * time.Second))
	if got := p.Stats().Instances; got != 1 {
		t.Errorf("idle for 61s of a 1m timeout: Instances = %d, want 1", got)
	}
	rt.TrimIdle(advance(time.Hour))
	if got := p.Stats().Instances; got != 1 {
		t.Errorf("idle for an hour: Instances = %d, want 1 (the last one stays)", got)
	}

	// The instance kept serves the next call.
	if err := extract(); err != nil {
		t.Fatal(err)
	}
	if got := p.Stats().Instances; got != 1 {
		t.Errorf("after one more call, Instances = %d, want 1", got)
	}
}
