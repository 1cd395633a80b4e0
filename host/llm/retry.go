package llm

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/mnemohq/mnemo/core"
)

// StatusError is an HTTP error answer from the endpoint. It wraps
// core.ErrUnavailable for statuses a later retry may fix (408, 409, 429,
// 5xx) and core.ErrInvalid for the others (a bad request, a wrong key or
// model name), so callers test it with errors.Is; errors.As gives the
// status.
type StatusError struct {
	StatusCode int
	// Message is the error message of the answer's body, if it had one.
	Message string
	// RetryAfter is the wait the server asked for, zero if none.
	RetryAfter time.Duration
}

func (e *StatusError) Error() string {
	s := fmt.Sprintf("status %d %s", e.StatusCode, http.StatusText(e.StatusCode))
	if e.Message != "" {
		s += ": " + e.Message
	}
	return s
}

// Unwrap returns core.ErrUnavailable or core.ErrInvalid.
func (e *StatusError) Unwrap() error {
	if retryableStatus(e.StatusCode) {
		return core.ErrUnavailable
	}
	return core.ErrInvalid
}

func retryableStatus(code int) bool {
	return code == http.StatusRequestTimeout || code == http.StatusConflict ||
		code == http.StatusTooManyRequests || code >= 500
}

// policy makes requests with the limiter, per-attempt timeouts and
// retries. It is shared by Client and Embedder and safe for concurrent use.
type policy struct {
	limiter       *Limiter
	maxRetries    int
	base, ceiling time.Duration
	maxRetryAfter time.Duration
	timeout       time.Duration
	now           func() time.Time
	sleep         func(ctx context.Context, d time.Duration) error
	logger        *slog.Logger
}

func newPolicy(l *Limiter, maxRetries int, timeout, base, ceiling, maxRetryAfter time.Duration,
	now func() time.Time, sleepFn func(context.Context, time.Duration) error, logger *slog.Logger) (*policy, error) {
	if l == nil {
		var err error
		if l, err = NewLimiter(LimiterOptions{Now: now, Sleep: sleepFn}); err != nil {
			return nil, err
		}
	}
	p := &policy{
		limiter: l, maxRetries: maxRetries, timeout: timeout, base: base, ceiling: ceiling,
		maxRetryAfter: maxRetryAfter, now: now, sleep: sleepFn, logger: logger,
	}
	if p.maxRetries == 0 {
		p.maxRetries = DefaultMaxRetries
	}
	p.maxRetries = max(p.maxRetries, 0)
	if p.timeout == 0 {
		p.timeout = DefaultRequestTimeout
	}
	if p.base == 0 {
		p.base = DefaultBackoffBase
	}
	if p.ceiling == 0 {
		p.ceiling = DefaultBackoffMax
	}
	if p.maxRetryAfter == 0 {
		p.maxRetryAfter = DefaultMaxRetryAfter
	}
	if p.now == nil {
		p.now = time.Now
	}
	if p.sleep == nil {
		p.sleep = sleep
	}
	if p.logger == nil {
		p.logger = slog.New(slog.DiscardHandler)
	}
	return p, nil
}

// attemptFunc makes one request with the given extra request options and
// returns the usage the endpoint reported.
type attemptFunc func(ctx context.Context, opts ...option.RequestOption) (core.Usage, error)

// run makes attempts until one succeeds, ctx is done, an error is final or
// the retries are spent. Each attempt waits for the limiter (charged
// estimate tokens), has its own timeout, and is recorded (Calls 1 plus the
// reported tokens) whether it succeeds or not. what names the request in
// errors and logs ("complete prompt \"extract\"").
func (p *policy) run(ctx context.Context, what, prompt string, estimate int, record func(core.Usage), do attemptFunc) error {
	for attempt := 0; ; attempt++ {
		err := p.once(ctx, prompt, estimate, record, do)
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return fmt.Errorf("%s: %w", what, ctx.Err())
		}
		var f *failure
		if !errors.As(err, &f) || !f.retry {
			return fmt.Errorf("%s: %w", what, err)
		}
		if attempt >= p.maxRetries {
			return fmt.Errorf("%s: giving up after %d attempts: %w", what, attempt+1, err)
		}
		d, derr := p.delay(attempt, f)
		if derr != nil {
			return fmt.Errorf("%s: %w: %w", what, derr, err)
		}
		var se *StatusError
		if f.hasAfter && errors.As(f.err, &se) && se.StatusCode == http.StatusTooManyRequests {
			p.limiter.pause(d)
		}
		p.logger.Warn("llm request failed, retrying", "request", what, "attempt", attempt+1, "err", f.err, "wait", d)
		if err := p.sleep(ctx, d); err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
	}
}

// failure is a failed attempt, classified.
type failure struct {
	err        error
	retry      bool
	retryAfter time.Duration
	hasAfter   bool
}

func (f *failure) Error() string { return f.err.Error() }
func (f *failure) Unwrap() error { return f.err }

// once makes one attempt.
func (p *policy) once(ctx context.Context, prompt string, estimate int, record func(core.Usage), do attemptFunc) error {
	pm, err := p.limiter.acquire(ctx, estimate)
	if err != nil {
		return err
	}
	actx, cancel := context.WithTimeout(ctx, p.timeout)
	var status int
	var header http.Header
	capture := option.WithMiddleware(func(r *http.Request, next option.MiddlewareNext) (*http.Response, error) {
		res, err := next(r)
		if res != nil {
			status, header = res.StatusCode, res.Header
		}
		return res, err
	})
	u, err := do(actx, capture, option.WithHeader(PromptHeader, prompt))
	timedOut := errors.Is(actx.Err(), context.DeadlineExceeded)
	cancel()
	actual := -1
	if err == nil {
		actual = u.PromptTokens + u.CompletionTokens
	}
	pm.release(actual)
	u.Calls = 1
	record(u)
	if err == nil || ctx.Err() != nil {
		return err
	}
	return p.classify(err, status, header, timedOut)
}

// classify turns an attempt's error into a failure.
func (p *policy) classify(err error, status int, header http.Header, timedOut bool) *failure {
	switch {
	case status >= 400:
		se := &StatusError{StatusCode: status}
		var ae *openai.Error
		if errors.As(err, &ae) {
			se.Message = ae.Message
		}
		f := &failure{err: se, retry: retryableStatus(status)}
		f.retryAfter, f.hasAfter = retryAfter(header, p.now())
		se.RetryAfter = f.retryAfter
		return f
	case timedOut:
		return &failure{err: fmt.Errorf("no answer within %v: %w: %w", p.timeout, err, core.ErrUnavailable), retry: true}
	case status >= 200 && status < 300:
		// The body did not decode: a truncated or garbled answer.
		return &failure{err: fmt.Errorf("read answer: %w: %w", err, core.ErrUnavailable), retry: true}
	case isConnError(err):
		return &failure{err: fmt.Errorf("%w: %w", err, core.ErrUnavailable), retry: true}
	default:
		return &failure{err: fmt.Errorf("%w: %w", err, core.ErrUnavailable)}
	}
}

// isConnError reports a transport failure: refused, reset or closed
// connections, DNS errors, a body cut short.
func isConnError(err error) bool {
	var ue *url.Error
	var ne net.Error
	return errors.As(err, &ue) || errors.As(err, &ne) ||
		errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF)
}

// delay is the wait before retry n (from 0).
func (p *policy) delay(n int, f *failure) (time.Duration, error) {
	if f.hasAfter {
		if f.retryAfter > p.maxRetryAfter {
			return 0, fmt.Errorf("server asks to wait %v, more than MaxRetryAfter %v", f.retryAfter, p.maxRetryAfter)
		}
		return f.retryAfter, nil
	}
	ceil := p.ceiling
	if n < 32 && p.base<<n > 0 && p.base<<n < ceil {
		ceil = p.base << n
	}
	return time.Duration(rand.Int64N(int64(ceil) + 1)), nil
}

// retryAfter reads the wait a server asks for: retry-after-ms
// (milliseconds), else Retry-After in seconds or as an HTTP date.
func retryAfter(h http.Header, now time.Time) (time.Duration, bool) {
	if h == nil {
		return 0, false
	}
	if v := strings.TrimSpace(h.Get("Retry-After-Ms")); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms >= 0 && ms < 1e12 {
			return time.Duration(ms * float64(time.Millisecond)), true
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil {
		if s < 0 || s > 1e9 {
			return 0, false
		}
		return time.Duration(s * float64(time.Second)), true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}
