package llm

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
)

func TestRetryAfter(t *testing.T) {
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name   string
		header http.Header
		want   time.Duration
		ok     bool
	}{
		{"none", http.Header{}, 0, false},
		{"nil", nil, 0, false},
		{"seconds", http.Header{"Retry-After": {"7"}}, 7 * time.Second, true},
		{"fractional seconds", http.Header{"Retry-After": {"0.25"}}, 250 * time.Millisecond, true},
		{"milliseconds win", http.Header{"Retry-After": {"7"}, "Retry-After-Ms": {"1500"}}, 1500 * time.Millisecond, true},
		{"HTTP date", http.Header{"Retry-After": {now.Add(90 * time.Second).Format(http.TimeFormat)}}, 90 * time.Second, true},
		{"date in the past", http.Header{"Retry-After": {now.Add(-time.Minute).Format(http.TimeFormat)}}, 0, true},
		{"garbage", http.Header{"Retry-After": {"soon"}}, 0, false},
		{"negative", http.Header{"Retry-After": {"-3"}}, 0, false},
		{"bad ms falls back", http.Header{"Retry-After": {"2"}, "Retry-After-Ms": {"x"}}, 2 * time.Second, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := retryAfter(tt.header, now)
			if got != tt.want || ok != tt.ok {
				t.Errorf("retryAfter(%v) = %v, %v; want %v, %v", tt.header, got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestDelayBounds(t *testing.T) {
	p, err := newPolicy(nil, 0, 0, 100*time.Millisecond, time.Second, time.Minute, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for n := range 70 {
		ceil := time.Second
		if n < 10 {
			ceil = min(100*time.Millisecond<<n, time.Second)
		}
		for range 20 {
			d, err := p.delay(n, &failure{})
			if err != nil || d < 0 || d > ceil {
				t.Fatalf("delay(%d) = %v, %v; want within [0, %v]", n, d, err, ceil)
			}
		}
	}
	if d, err := p.delay(0, &failure{hasAfter: true, retryAfter: 5 * time.Second}); err != nil || d != 5*time.Second {
		t.Errorf("delay with Retry-After 5s = %v, %v; want 5s", d, err)
	}
	if _, err := p.delay(0, &failure{hasAfter: true, retryAfter: 2 * time.Minute}); err == nil {
		t.Errorf("delay with Retry-After over MaxRetryAfter succeeded, want an error")
	}
}

func TestStatusErrorUnwrap(t *testing.T) {
	tests := []struct {
		code int
		want error
	}{
		{400, core.ErrInvalid}, {401, core.ErrInvalid}, {404, core.ErrInvalid}, {422, core.ErrInvalid},
		{408, core.ErrUnavailable}, {409, core.ErrUnavailable}, {429, core.ErrUnavailable},
		{500, core.ErrUnavailable}, {503, core.ErrUnavailable},
	}
	for _, tt := range tests {
		if err := (&StatusError{StatusCode: tt.code}); !errors.Is(err, tt.want) {
			t.Errorf("errors.Is(StatusError{%d}, %v) = false, want true", tt.code, tt.want)
		}
	}
}

func TestBucket(t *testing.T) {
	t0 := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	var b bucket
	b.init(60, t0) // one per second, 60 at once
	if d := b.reserve(t0, 60); d != 0 {
		t.Errorf("reserve(60) on a full bucket waits %v, want 0", d)
	}
	if d := b.reserve(t0, 2); d != 2*time.Second {
		t.Errorf("reserve(2) on an empty bucket waits %v, want 2s", d)
	}
	b.give(t0, 2) // refund
	if d := b.reserve(t0.Add(3*time.Second), 1); d != 0 {
		t.Errorf("reserve(1) after 3s waits %v, want 0", d)
	}
	if got := b.clamp(1000); got != 60 {
		t.Errorf("clamp(1000) = %v, want 60", got)
	}
	var off bucket
	off.init(0, t0)
	if d := off.reserve(t0, 1e9); d != 0 {
		t.Errorf("an unlimited bucket waits %v, want 0", d)
	}
}

func TestSleepStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	if err := sleep(ctx, time.Hour); !errors.Is(err, context.Canceled) {
		t.Errorf("sleep(canceled, 1h) = %v, want context.Canceled", err)
	}
	if time.Since(start) > time.Second {
		t.Errorf("sleep(canceled, 1h) took %v", time.Since(start))
	}
}

func TestSchemaName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"extract", "extract"},
		{"resolve.facts v2", "resolve_facts_v2"},
		{"", "answer"},
		{string(make([]byte, 100)), "________________________________________________________________"},
	}
	for _, tt := range tests {
		if got := schemaName(tt.in); got != tt.want {
			t.Errorf("schemaName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestLimiterPause(t *testing.T) {
	now := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	var slept []time.Duration
	l, err := NewLimiter(LimiterOptions{
		Now: func() time.Time { return now },
		Sleep: func(_ context.Context, d time.Duration) error {
			slept = append(slept, d)
			now = now.Add(d)
			return nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	l.pause(10 * time.Second)
	l.pause(time.Second) // a shorter pause does not shorten the first
	p, err := l.acquire(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	p.release(1)
	if len(slept) != 1 || slept[0] != 10*time.Second {
		t.Errorf("acquire after pause(10s) slept %v, want [10s]", slept)
	}
	p, _ = l.acquire(context.Background(), 1)
	p.release(1)
	if len(slept) != 1 {
		t.Errorf("acquire after the pause slept again: %v", slept)
	}
}
