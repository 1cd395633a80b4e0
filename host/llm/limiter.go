package llm

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// DefaultMaxConcurrent is the concurrency limit of a Limiter whose
// LimiterOptions leave MaxConcurrent zero.
const DefaultMaxConcurrent = 8

// LimiterOptions configures a Limiter. The zero value allows
// DefaultMaxConcurrent requests at once and any rate.
type LimiterOptions struct {
	// MaxConcurrent is the most requests in flight at once, over every
	// Client and Embedder sharing the Limiter. Zero means
	// DefaultMaxConcurrent. Local servers usually want 1 to 4.
	MaxConcurrent int
	// RequestsPerMinute caps the request rate; zero means no cap. The
	// budget refills continuously and a full minute's worth may be spent at
	// once.
	RequestsPerMinute int
	// TokensPerMinute caps the token rate; zero means no cap. A request is
	// charged its estimated tokens (prompt bytes/4 plus the answer's token
	// cap) before it is sent and corrected by the tokens the endpoint
	// reports after.
	TokensPerMinute int
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Sleep waits for d or until ctx is done, returning ctx's error then;
	// nil means a timer. Tests inject one that records and returns at once.
	Sleep func(ctx context.Context, d time.Duration) error
}

// Validate reports whether the options are usable.
func (o LimiterOptions) Validate() error {
	if o.MaxConcurrent < 0 || o.RequestsPerMinute < 0 || o.TokensPerMinute < 0 {
		return fmt.Errorf("validate limiter options: negative limit: %+v", o)
	}
	return nil
}

func (o LimiterOptions) withDefaults() LimiterOptions {
	if o.MaxConcurrent == 0 {
		o.MaxConcurrent = DefaultMaxConcurrent
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Sleep == nil {
		o.Sleep = sleep
	}
	return o
}

// Limiter is the one concurrency and rate limit of a process's LLM and
// embedding requests. The host creates one and gives it to every Client and
// Embedder (Options.Limiter, EmbedderOptions.Limiter), so that the limit
// holds however many call sites make requests at once. A retry waits for
// the limiter again like a new request, and a 429 answer with a
// Retry-After holds back every request sharing the Limiter for that long,
// not only the one retried.
//
// A Limiter is safe for concurrent use and holds no resources.
type Limiter struct {
	sem   chan struct{}
	now   func() time.Time
	sleep func(ctx context.Context, d time.Duration) error

	mu       sync.Mutex
	requests bucket
	tokens   bucket
	paused   time.Time // no request starts before this
}

// NewLimiter returns a Limiter.
func NewLimiter(o LimiterOptions) (*Limiter, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	o = o.withDefaults()
	l := &Limiter{sem: make(chan struct{}, o.MaxConcurrent), now: o.Now, sleep: o.Sleep}
	t := o.Now()
	l.requests.init(o.RequestsPerMinute, t)
	l.tokens.init(o.TokensPerMinute, t)
	return l, nil
}

// MaxConcurrent returns the concurrency limit.
func (l *Limiter) MaxConcurrent() int { return cap(l.sem) }

// permit is one admitted request; release must be called once.
type permit struct {
	l        *Limiter
	estimate float64
}

// acquire waits until a request estimated at tokens may start: first for
// the rate budgets (by reserving and sleeping until the reservation is
// due, so waiters are served in order), then for a concurrency slot. It
// returns ctx's error, and gives the reservation back, if ctx is done
// first.
func (l *Limiter) acquire(ctx context.Context, tokens int) (*permit, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	l.mu.Lock()
	now := l.now()
	est := l.tokens.clamp(float64(tokens))
	wait := max(l.requests.reserve(now, 1), l.tokens.reserve(now, est), l.paused.Sub(now))
	l.mu.Unlock()
	if wait > 0 {
		if err := l.sleep(ctx, wait); err != nil {
			l.refund(est)
			return nil, err
		}
	}
	select {
	case l.sem <- struct{}{}:
		return &permit{l: l, estimate: est}, nil
	case <-ctx.Done():
		l.refund(est)
		return nil, ctx.Err()
	}
}

// pause holds back every request for d: a 429 with Retry-After speaks for
// the whole account, not just the request that got it.
func (l *Limiter) pause(d time.Duration) {
	l.mu.Lock()
	if t := l.now().Add(d); t.After(l.paused) {
		l.paused = t
	}
	l.mu.Unlock()
}

func (l *Limiter) refund(est float64) {
	l.mu.Lock()
	now := l.now()
	l.requests.give(now, 1)
	l.tokens.give(now, est)
	l.mu.Unlock()
}

// release frees the concurrency slot and corrects the token budget by the
// tokens the endpoint reported (actual < 0: unknown, keep the estimate).
func (p *permit) release(actual int) {
	<-p.l.sem
	if actual < 0 {
		return
	}
	p.l.mu.Lock()
	now := p.l.now()
	p.l.tokens.give(now, p.estimate-float64(actual))
	p.l.mu.Unlock()
}

// bucket is a token bucket that may go into debt: reserve takes at once and
// says how long until the level is back to zero.
type bucket struct {
	on       bool
	capacity float64
	perSec   float64
	level    float64
	last     time.Time
}

func (b *bucket) init(perMinute int, now time.Time) {
	if perMinute <= 0 {
		return
	}
	b.on = true
	b.capacity = float64(perMinute)
	b.perSec = float64(perMinute) / 60
	b.level = b.capacity
	b.last = now
}

func (b *bucket) refill(now time.Time) {
	if d := now.Sub(b.last); d > 0 {
		b.level = min(b.capacity, b.level+d.Seconds()*b.perSec)
		b.last = now
	}
}

// clamp bounds a charge to the capacity, so that a request bigger than a
// minute's budget waits for a full bucket instead of forever.
func (b *bucket) clamp(n float64) float64 {
	if !b.on {
		return n
	}
	return min(n, b.capacity)
}

func (b *bucket) reserve(now time.Time, n float64) time.Duration {
	if !b.on {
		return 0
	}
	b.refill(now)
	b.level -= n
	if b.level >= 0 {
		return 0
	}
	return time.Duration(-b.level / b.perSec * float64(time.Second))
}

// give returns n to the bucket (n < 0 takes more).
func (b *bucket) give(now time.Time, n float64) {
	if !b.on {
		return
	}
	b.refill(now)
	b.level = min(b.capacity, b.level+n)
}

// sleep waits for d or until ctx is done.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
