package httpload

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Options configure a load test. The zero value of each field is its
// default.
type Options struct {
	// BaseURL is the server, e.g. "http://127.0.0.1:8080". Required.
	BaseURL string
	// Key is the API key, if the server needs one.
	Key string
	// Group receives the episodes and is searched. Default: "load".
	Group string
	// Levels are the numbers of concurrent search clients, one level after
	// the other. Default: 8 and 32.
	Levels []int
	// Duration is how long each level runs. Default: 20s.
	Duration time.Duration
	// Seed is how many episodes are ingested, and processed, before the
	// first level. Default: 200.
	Seed int
	// Background is how many episodes are sent during each level, spread
	// over it, while the clients search. Default: 300.
	Background int
	// Limit is the number of results asked per scope. Default: 10.
	Limit int
	// Progress receives a line per phase. Default: discard.
	Progress io.Writer
}

func (o Options) withDefaults() Options {
	if o.Group == "" {
		o.Group = "load"
	}
	if len(o.Levels) == 0 {
		o.Levels = []int{8, 32}
	}
	if o.Duration == 0 {
		o.Duration = 20 * time.Second
	}
	if o.Seed == 0 {
		o.Seed = 200
	}
	if o.Background == 0 {
		o.Background = 300
	}
	if o.Limit == 0 {
		o.Limit = 10
	}
	if o.Progress == nil {
		o.Progress = io.Discard
	}
	return o
}

// Level is the outcome of one concurrency level.
type Level struct {
	Clients  int
	Duration time.Duration
	// Searches counts completed searches, successful or not; Errors those
	// that failed (a transport error or a status other than 200).
	Searches, Errors int
	// PerSecond is successful searches per second.
	PerSecond          float64
	P50, P95, P99, Max time.Duration
	// Ingested is how many episodes were accepted (202) during the level;
	// IngestErrors how many sends failed.
	Ingested, IngestErrors int
	// ErrorSamples are the first few errors.
	ErrorSamples []string
}

// Result is the outcome of a load test.
type Result struct {
	Group  string
	Seeded int
	// SeedTime is how long the seed episodes took to be processed.
	SeedTime time.Duration
	Levels   []Level
	// Pending is the number of episodes still pending at the end.
	Pending int
}

// Errors sums the errors of every level, searches and ingestion.
func (r Result) Errors() int {
	n := 0
	for _, l := range r.Levels {
		n += l.Errors + l.IngestErrors
	}
	return n
}

// client sends the test's requests.
type client struct {
	o    Options
	http *http.Client
}

func (c *client) do(ctx context.Context, method, path string, body any, out any) (int, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.o.BaseURL+path, rd)
	if err != nil {
		return 0, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.o.Key != "" {
		req.Header.Set("Authorization", "Bearer "+c.o.Key)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.StatusCode, err
	}
	if resp.StatusCode >= 300 {
		return resp.StatusCode, fmt.Errorf("%s %s: %d %s", method, path, resp.StatusCode, bytes.TrimSpace(b))
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			return resp.StatusCode, fmt.Errorf("%s %s: decode answer: %w", method, path, err)
		}
	}
	return resp.StatusCode, nil
}

// Run runs the load test: it seeds the group, waits for the seed to be
// processed, then runs each level with background ingestion.
func Run(ctx context.Context, o Options) (Result, error) {
	if o.BaseURL == "" {
		return Result{}, errors.New("load test: no server URL")
	}
	o = o.withDefaults()
	maxClients := slices.Max(o.Levels)
	c := &client{o: o, http: &http.Client{
		Timeout:   30 * time.Second,
		Transport: &http.Transport{MaxIdleConns: maxClients + 8, MaxIdleConnsPerHost: maxClients + 8, IdleConnTimeout: time.Minute},
	}}
	res := Result{Group: o.Group}
	corpus := NewCorpus(1)

	fmt.Fprintf(o.Progress, "seeding group %s with %d episodes\n", o.Group, o.Seed)
	start := time.Now()
	for _, batch := range chunks(corpus.Episodes(o.Seed), 50) {
		if _, err := c.do(ctx, "POST", "/v1/groups/"+o.Group+"/episodes", map[string]any{"episodes": batch}, nil); err != nil {
			return res, fmt.Errorf("seed: %w", err)
		}
	}
	if err := c.waitIdle(ctx, 5*time.Minute); err != nil {
		return res, fmt.Errorf("seed: %w", err)
	}
	res.Seeded, res.SeedTime = o.Seed, time.Since(start)
	fmt.Fprintf(o.Progress, "seeded in %s\n", res.SeedTime.Round(10*time.Millisecond))

	for _, n := range o.Levels {
		fmt.Fprintf(o.Progress, "%d clients for %s, ingesting %d episodes meanwhile\n", n, o.Duration, o.Background)
		lvl, err := c.level(ctx, n, corpus)
		if err != nil {
			return res, err
		}
		res.Levels = append(res.Levels, lvl)
	}
	var st struct {
		Pending int `json:"pending_episodes"`
	}
	if _, err := c.do(ctx, "GET", "/v1/groups/"+o.Group, nil, &st); err == nil {
		res.Pending = st.Pending
	}
	return res, nil
}

// waitIdle waits until the group has no pending episode.
func (c *client) waitIdle(ctx context.Context, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		var st struct {
			Pending int `json:"pending_episodes"`
			Failed  int `json:"failed_episodes"`
		}
		if _, err := c.do(ctx, "GET", "/v1/groups/"+c.o.Group, nil, &st); err != nil {
			return err
		}
		if st.Failed > 0 {
			return fmt.Errorf("%d episodes failed", st.Failed)
		}
		if st.Pending == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%d episodes still pending after %s", st.Pending, limit)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// level runs n search clients for the level's duration while episodes are
// sent in the background.
func (c *client) level(ctx context.Context, n int, corpus *Corpus) (Level, error) {
	lvl := Level{Clients: n}
	questions := corpus.Questions(1000)
	background := corpus.Episodes(c.o.Background)
	lctx, cancel := context.WithTimeout(ctx, c.o.Duration)
	defer cancel()

	var mu sync.Mutex
	var lat []time.Duration
	var errs []string
	var searches, failed atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			for k := i; lctx.Err() == nil; k += n {
				q := questions[k%len(questions)]
				t := time.Now()
				_, err := c.do(lctx, "POST", "/v1/groups/"+c.o.Group+"/search", map[string]any{"query": q, "limit": c.o.Limit}, nil)
				d := time.Since(t)
				if lctx.Err() != nil && err != nil {
					break // cut off by the end of the level, not a failure
				}
				searches.Add(1)
				if err != nil {
					failed.Add(1)
					mu.Lock()
					if len(errs) < 5 {
						errs = append(errs, err.Error())
					}
					mu.Unlock()
					continue
				}
				mine = append(mine, d)
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		}()
	}

	// Background ingestion: batches of 5 spread evenly over the level.
	var ingested, ingestErrs atomic.Int64
	wg.Add(1)
	go func() {
		defer wg.Done()
		batches := chunks(background, 5)
		every := c.o.Duration / time.Duration(len(batches)+1)
		tick := time.NewTicker(every)
		defer tick.Stop()
		for _, b := range batches {
			select {
			case <-lctx.Done():
				return
			case <-tick.C:
			}
			if _, err := c.do(lctx, "POST", "/v1/groups/"+c.o.Group+"/episodes", map[string]any{"episodes": b}, nil); err != nil {
				if lctx.Err() != nil {
					return
				}
				ingestErrs.Add(1)
				mu.Lock()
				if len(errs) < 5 {
					errs = append(errs, "ingest: "+err.Error())
				}
				mu.Unlock()
				continue
			}
			ingested.Add(int64(len(b)))
		}
	}()
	wg.Wait()
	lvl.Duration = time.Since(start)
	lvl.Searches, lvl.Errors = int(searches.Load()), int(failed.Load())
	lvl.Ingested, lvl.IngestErrors = int(ingested.Load()), int(ingestErrs.Load())
	lvl.ErrorSamples = errs
	lvl.PerSecond = float64(len(lat)) / lvl.Duration.Seconds()
	lvl.P50, lvl.P95, lvl.P99, lvl.Max = percentile(lat, 50), percentile(lat, 95), percentile(lat, 99), percentile(lat, 100)
	return lvl, nil
}

// percentile returns the p-th percentile of ds (nearest rank); it sorts
// ds.
func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	rank := int(p/100*float64(len(ds))+0.999999) - 1
	return ds[min(max(rank, 0), len(ds)-1)]
}

func chunks[T any](xs []T, n int) [][]T {
	var out [][]T
	for len(xs) > 0 {
		k := min(n, len(xs))
		out = append(out, xs[:k])
		xs = xs[k:]
	}
	return out
}

// Report writes the result as a table.
func (r Result) Report(w io.Writer) {
	fmt.Fprintf(w, "group %s: %d episodes seeded (processed in %s)\n\n", r.Group, r.Seeded, r.SeedTime.Round(10*time.Millisecond))
	fmt.Fprintf(w, "%8s %10s %10s %9s %9s %9s %9s %8s %9s\n", "clients", "searches", "search/s", "p50", "p95", "p99", "max", "errors", "ingested")
	for _, l := range r.Levels {
		fmt.Fprintf(w, "%8d %10d %10.1f %9s %9s %9s %9s %8d %9d\n", l.Clients, l.Searches, l.PerSecond,
			ms(l.P50), ms(l.P95), ms(l.P99), ms(l.Max), l.Errors+l.IngestErrors, l.Ingested)
		for _, e := range l.ErrorSamples {
			fmt.Fprintf(w, "         error: %s\n", e)
		}
	}
	fmt.Fprintf(w, "\nepisodes still pending at the end: %d\n", r.Pending)
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1fms", float64(d)/float64(time.Millisecond)) }
