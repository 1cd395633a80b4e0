package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/httpapi"
	"github.com/mnemohq/mnemo/internal/bench/httpload"
)

// serveResult is what phase two measured.
type serveResult struct {
	samples []sample
	// stored0 counts the episodes stored when the phase began; length is
	// how long the clients ran, longer than asked when the last sample
	// waited on the store.
	stored0 int
	length  time.Duration
	// sent counts the episodes accepted by the API; searches the searches
	// completed; p50 and p95 their latency over the whole phase.
	sent, searches int
	p50, p95       time.Duration
	// searchErrors and sendErrors count failed requests, failed the
	// episodes that ended failed; errs holds the first few errors.
	searchErrors, sendErrors, failed int
	errs                             []string
	// drain is how long the queue took to empty after the phase;
	// pending what was left in it after that.
	drain   time.Duration
	pending int
	// durability is the store's checkpoint counters at the end; peakRSS
	// the process's peak resident memory.
	durability host.Durability
	peakRSS    int64
}

// errors counts every error of the phase.
func (r *serveResult) errors() int { return r.searchErrors + r.sendErrors + r.failed }

// recorder collects the searches and errors of phase two's clients. It is
// safe for concurrent use.
type recorder struct {
	mu sync.Mutex
	// lat and the error counts are since the last take; all is every
	// latency.
	lat, all                 []time.Duration
	searchErrors, sendErrors int
	res                      *serveResult
}

func (r *recorder) searched(d time.Duration) {
	r.mu.Lock()
	r.lat = append(r.lat, d)
	r.all = append(r.all, d)
	r.res.searches++
	r.mu.Unlock()
}

// fail counts a failed request; search says which kind.
func (r *recorder) fail(search bool, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if search {
		r.searchErrors++
		r.res.searches++
		r.res.searchErrors++
	} else {
		r.sendErrors++
		r.res.sendErrors++
	}
	if len(r.res.errs) < maxErrorSamples {
		r.res.errs = append(r.res.errs, err.Error())
	}
}

func (r *recorder) sent(n int) {
	r.mu.Lock()
	r.res.sent += n
	r.mu.Unlock()
}

// take returns the latencies of the searches that succeeded and the
// numbers of failed searches and posts since the previous take.
func (r *recorder) take() (lat []time.Duration, searchErrors, sendErrors int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	lat, searchErrors, sendErrors = r.lat, r.searchErrors, r.sendErrors
	r.lat, r.searchErrors, r.sendErrors = nil, 0, 0
	return lat, searchErrors, sendErrors
}

// serve runs phase two on h: it serves the HTTP API on loopback while
// o.clients clients search and o.rate episodes a second from corp are
// posted, for o.serve, sampling every o.interval; then it waits for the
// queue to drain, failing if it stalls.
func serve(ctx context.Context, h *host.Host, o options, corp *httpload.Corpus, pr probe) (*serveResult, error) {
	res := &serveResult{}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return res, fmt.Errorf("listen: %w", err)
	}
	srv := &http.Server{Handler: httpapi.New(h, httpapi.Options{Version: "bench-soak"}).Handler(), ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	defer func() {
		sctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
	}()
	cl := httpload.NewClient("http://"+ln.Addr().String(), "", o.clients+4)
	groups := groupNames(o.groups)
	questions := corp.Questions(1000)

	_, sum, err := counts(ctx, h, groups)
	if err != nil {
		return res, err
	}
	failed0 := sum.FailedEpisodes
	res.stored0 = done(sum)
	rec := &recorder{res: res}
	wctx, stop := context.WithCancel(ctx)
	defer stop()
	var wg sync.WaitGroup
	for i := range o.clients {
		wg.Go(func() {
			group := groups[i%len(groups)]
			for k := i; wctx.Err() == nil; k += o.clients {
				t := time.Now()
				err := cl.Search(wctx, group, questions[k%len(questions)])
				if wctx.Err() != nil {
					return // cut off by the end of the phase, not a failure
				}
				if err != nil {
					rec.fail(true, fmt.Errorf("search: %w", err))
					continue
				}
				rec.searched(time.Since(t))
			}
		})
	}
	start := time.Now()
	wg.Go(func() { stream(wctx, cl, o, groups, corp, rec, start) })

	last, lastStored, lastFailed := start, done(sum), failed0
	end := start.Add(o.serve)
	var serr error
	for next := start.Add(o.interval); serr == nil; {
		if next.After(end) {
			next = end
		}
		select {
		case <-ctx.Done():
			serr = ctx.Err()
		case <-time.After(time.Until(next)):
		}
		if serr != nil {
			break
		}
		_, sum, err := counts(ctx, h, groups)
		if err != nil {
			serr = err
			break
		}
		now := time.Now()
		lat, searchErrs, sendErrs := rec.take()
		s := sample{
			Stored: done(sum), Pending: sum.PendingEpisodes, Elapsed: now.Sub(start),
			Rate:     float64(done(sum)-lastStored) / now.Sub(last).Seconds(),
			Searches: len(lat) + searchErrs, P50: httpload.Percentile(lat, 50), P95: httpload.Percentile(lat, 95),
			Errors: searchErrs + sendErrs + sum.FailedEpisodes - lastFailed,
		}
		pr.fill(h, &s)
		res.samples = append(res.samples, s)
		progress("serve", s)
		last, lastStored, lastFailed = now, s.Stored, sum.FailedEpisodes
		if !next.Before(end) {
			break
		}
		// A sample held up (a read waiting on the store) skips the ticks
		// it missed rather than taking them at once.
		for next = next.Add(o.interval); next.Before(time.Now()); next = next.Add(o.interval) {
		}
	}
	stop()
	wg.Wait()
	res.length = time.Since(start)
	res.p50, res.p95 = httpload.Percentile(rec.all, 50), httpload.Percentile(rec.all, 95)
	if serr != nil {
		return res, serr
	}

	// Drain: the episodes sent must all be processed, and none fail. The
	// queue may take long; it must not stall.
	t := time.Now()
	moved := t
	for prev := -1; ; {
		_, sum, err = counts(ctx, h, groups)
		if err != nil {
			return res, err
		}
		res.failed, res.pending = sum.FailedEpisodes-failed0, sum.PendingEpisodes
		if res.pending != prev {
			prev, moved = res.pending, time.Now()
		}
		if res.pending == 0 || time.Since(moved) > drainStall {
			break
		}
		select {
		case <-ctx.Done():
			return res, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	res.drain = time.Since(t)
	res.durability = h.Admin.Durability()
	res.peakRSS = procStatus("VmHWM:")
	var errs []error
	if res.pending > 0 {
		errs = append(errs, fmt.Errorf("%d episodes still pending after the phase: none processed for %s", res.pending, drainStall))
	}
	if n := res.errors(); n > 0 {
		errs = append(errs, fmt.Errorf("%d errors: %d searches, %d posts, %d episodes failed", n, res.searchErrors, res.sendErrors, res.failed))
	}
	return res, errors.Join(errs...)
}

// drainStall is how long the queue may go without processing an episode
// once phase two has ended.
const drainStall = 2 * time.Minute

// stream posts o.rate episodes a second from corp, round robin over the
// groups, until ctx is done. It sends what is due every 250 ms, so a slow
// answer delays episodes without losing them.
func stream(ctx context.Context, cl *httpload.Client, o options, groups []string, corp *httpload.Corpus, rec *recorder, start time.Time) {
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	sent := 0
	for b := 0; ; b++ {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		due := int(o.rate*time.Since(start).Seconds()) - sent
		if due <= 0 {
			continue
		}
		due = min(due, 256)
		err := cl.AddEpisodes(ctx, groups[b%len(groups)], corp.Episodes(due))
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			// The episodes are lost; the next ones are due anyway.
			rec.fail(false, fmt.Errorf("post episodes: %w", err))
		}
		sent += due
		if err == nil {
			rec.sent(due)
		}
	}
}
