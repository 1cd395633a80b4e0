package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/internal/bench/httpload"
)

// ingestBatch is how many episodes phase one hands the engine at once.
const ingestBatch = 64

// ingestResult is what phase one measured.
type ingestResult struct {
	samples []sample
	// elapsed is the time from the first episode to the last stored.
	elapsed time.Duration
	// failed counts episodes that ended failed; errs holds the first
	// few errors of any kind.
	failed int
	errs   []string
	// durability is the store's checkpoint counters before it closed;
	// peakRSS the process's peak resident memory then.
	durability host.Durability
	peakRSS    int64
	// before and after are the groups' counts before the store closed
	// and after it opened again; closeTime and reopenTime how long that
	// took.
	before, after         core.Stats
	closeTime, reopenTime time.Duration
}

// ingest runs phase one on h: it stores o.episodes generated messages
// from corp and samples the run every o.every episodes.
func ingest(ctx context.Context, h *host.Host, o options, corp *httpload.Corpus, pr probe) (*ingestResult, error) {
	res := &ingestResult{}
	sl, err := newSlicer(o.profile, os.Stderr)
	if err != nil {
		return res, err
	}
	defer sl.stop()
	groups := groupNames(o.groups)
	start := time.Now()
	last, lastStored, lastFailed := start, 0, 0
	lastCPU := processCPU()
	var prev []string // the batch in flight
	prevGroup := ""
	for n, b := 0, 0; n < o.episodes; b++ {
		k := min(ingestBatch, o.episodes-n)
		group := groups[b%len(groups)]
		eps := make([]core.Episode, k)
		for i, g := range corp.Episodes(k) {
			t, err := time.Parse(time.RFC3339, g.ReferenceTime)
			if err != nil {
				return res, fmt.Errorf("parse reference time: %w", err)
			}
			eps[i] = core.Episode{UUID: g.UUID, GroupID: group, Source: core.Source(g.Source), Content: g.Content, ValidAt: t}
		}
		ir, err := h.Engine.Ingest(ctx, eps)
		if err != nil {
			return res, fmt.Errorf("ingest episodes %d to %d: %w", n, n+k, err)
		}
		n += k
		// The queue holds at most two batches: wait for the previous one
		// while this one is processed.
		if prev != nil {
			if err := res.wait(ctx, h, prevGroup, prev); err != nil {
				return res, err
			}
		}
		prev, prevGroup = prev[:0], group
		for _, r := range ir {
			prev = append(prev, r.UUID)
		}
		if n == o.episodes {
			if err := res.wait(ctx, h, group, prev); err != nil {
				return res, err
			}
			prev = nil
		}
		stored := n - len(prev)
		if stored-lastStored < o.every && n < o.episodes {
			continue
		}
		if o.searches > 0 && prev != nil {
			// The searches of a growth sample run alone: after the
			// batch in flight.
			if err := res.wait(ctx, h, prevGroup, prev); err != nil {
				return res, err
			}
			prev, stored = nil, n
		}
		now := time.Now()
		s := sample{
			Stored: stored, Pending: len(prev), Elapsed: now.Sub(start),
			Rate:   float64(stored-lastStored) / now.Sub(last).Seconds(),
			CPU:    float64(processCPU()-lastCPU) / float64(time.Millisecond) / float64(max(stored-lastStored, 1)),
			Errors: res.failed - lastFailed,
		}
		pr.fill(h, &s)
		if o.searches > 0 {
			if err := searchBoth(ctx, h, groups, o.searches, &s); err != nil {
				return res, err
			}
		}
		res.samples = append(res.samples, s)
		progress("ingest", s)
		if err := sl.cut(h.StoreCalls.Snapshot(), stored); err != nil {
			return res, err
		}
		last, lastStored, lastFailed, lastCPU = time.Now(), stored, res.failed, processCPU()
	}
	res.elapsed = time.Since(start)
	return res, nil
}

// growthRecipes are the recipes a growth sample searches with: the
// default and the facts recipe, as bench-search measures them.
var growthRecipes = [2]string{"default", "facts"}

// searchBoth runs n searches with each of growthRecipes, one at a time,
// and records their latency in s. The questions are the same at every
// sample.
func searchBoth(ctx context.Context, h *host.Host, groups []string, n int, s *sample) error {
	qs := httpload.NewCorpus(2).Questions(n)
	for i, name := range growthRecipes {
		lat := make([]time.Duration, 0, n)
		for _, q := range qs {
			t := time.Now()
			if _, err := h.Engine.Search(ctx, retrieval.Request{Groups: groups, Query: q, Recipe: name}); err != nil {
				return fmt.Errorf("search with recipe %s: %w", name, err)
			}
			lat = append(lat, time.Since(t))
		}
		p50, p95 := httpload.Percentile(lat, 50), httpload.Percentile(lat, 95)
		if i == 0 {
			s.DefaultP50, s.DefaultP95 = p50, p95
		} else {
			s.FactsP50, s.FactsP95 = p50, p95
		}
	}
	return nil
}

// wait waits for the episodes to be processed and counts those that
// failed.
func (r *ingestResult) wait(ctx context.Context, h *host.Host, group string, uuids []string) error {
	reps, err := h.Engine.Wait(ctx, group, uuids...)
	if err != nil {
		return fmt.Errorf("wait for episodes: %w", err)
	}
	for _, rep := range reps {
		if rep.Status != core.EpisodeDone {
			r.failed++
			r.errorf("episode %s: %s: %s", rep.UUID, rep.Status, rep.Error)
		}
	}
	return nil
}

// errorf keeps the first few errors.
func (r *ingestResult) errorf(format string, args ...any) {
	if len(r.errs) < maxErrorSamples {
		r.errs = append(r.errs, fmt.Sprintf(format, args...))
	}
}

// maxErrorSamples is how many errors a phase keeps to print.
const maxErrorSamples = 5

// reopen closes h and opens the database again on cfg, checking that the
// groups' counts survived; it returns the new host, nil if it could not
// open one.
func (r *ingestResult) reopen(ctx context.Context, h *host.Host, cfg host.Config, o options) (*host.Host, error) {
	groups := groupNames(o.groups)
	per, sum, err := counts(ctx, h, groups)
	if err != nil {
		h.Close(context.Background())
		return nil, err
	}
	r.before = sum
	r.durability = h.Admin.Durability()
	r.peakRSS = procStatus("VmHWM:")
	t := time.Now()
	if err := h.Close(ctx); err != nil {
		return nil, fmt.Errorf("close the database: %w", err)
	}
	r.closeTime = time.Since(t)

	t = time.Now()
	h, err = openHost(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("reopen the database: %w", err)
	}
	r.reopenTime = time.Since(t)
	per2, sum2, err := counts(ctx, h, groups)
	if err != nil {
		return h, err
	}
	r.after = sum2
	var errs []error
	for _, g := range groups {
		if a, b := per[g], per2[g]; a != b {
			errs = append(errs, fmt.Errorf("group %s: counts %+v before closing, %+v after reopening", g, a, b))
		}
	}
	if sum2.PendingEpisodes > 0 || sum2.FailedEpisodes > 0 {
		errs = append(errs, fmt.Errorf("after reopening: %d episodes pending, %d failed", sum2.PendingEpisodes, sum2.FailedEpisodes))
	}
	if done(sum2) < o.episodes {
		errs = append(errs, fmt.Errorf("after reopening: %d episodes done, want %d", done(sum2), o.episodes))
	}
	return h, errors.Join(errs...)
}

// openHost opens the database on cfg, logging warnings and errors only.
func openHost(ctx context.Context, cfg host.Config) (*host.Host, error) {
	return host.Open(ctx, cfg, host.OpenOptions{Logger: host.NewLogger(cfg.Log, os.Stderr)})
}

// progress prints one sample as the run goes.
func progress(phase string, s sample) {
	line := fmt.Sprintf("%-6s %8d stored %7.1f/s  rss %5d MiB  wal %7.2f MiB  db %7.1f MiB  ckpt %d",
		phase, s.Stored, s.Rate, s.RSS>>20, mib(s.WAL), mib(s.DB), s.Checkpoints)
	if phase != "serve" {
		line += fmt.Sprintf("  cpu %.2f ms/episode", s.CPU)
	}
	if s.DefaultP95 > 0 {
		line += fmt.Sprintf("  default p50 %s p95 %s  facts p50 %s p95 %s", ms(s.DefaultP50), ms(s.DefaultP95), ms(s.FactsP50), ms(s.FactsP95))
	}
	if phase == "serve" {
		line += fmt.Sprintf("  pending %d  searches %d  p50 %s  p95 %s", s.Pending, s.Searches, ms(s.P50), ms(s.P95))
	}
	if s.Errors > 0 {
		line += fmt.Sprintf("  ERRORS %d", s.Errors)
	}
	fmt.Fprintln(os.Stderr, line)
}

func mib(b int64) float64 { return float64(b) / (1 << 20) }

func ms(d time.Duration) string {
	return fmt.Sprintf("%.1fms", float64(d)/float64(time.Millisecond))
}
