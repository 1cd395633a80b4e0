package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"time"

	"mnemo/core"
	"mnemo/host"
	"mnemo/internal/bench/httpload"
)

type options struct {
	episodes, groups, every int
	dir, out                string
	serve                   time.Duration
	clients, rate           int
}

// sample is one row of a phase's CSV.
type sample struct {
	stored         int
	elapsed        time.Duration
	rate           float64 // episodes/s since the previous sample
	rss, wal, db   int64
	p50, p95       time.Duration
	searches, errs int
}

func soak(ctx context.Context, o options) error {
	dir := o.dir
	if dir == "" {
		d, err := os.MkdirTemp("", "mnemo-soak-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(d)
		dir = filepath.Join(d, "db")
	}
	cfg, err := host.Load("", os.Getenv)
	if err != nil {
		return err
	}
	cfg.DB = dir
	cfg.Log.Level = "warn"
	h, err := host.Open(ctx, cfg, host.OpenOptions{})
	if err != nil {
		return err
	}
	samples, err := ingest(ctx, h, o, dir)
	cerr := h.Close(context.Background())
	for _, s := range samples {
		fmt.Printf("%d\t%.1f/s\trss %dMiB\twal %dKiB\tdb %dMiB\n", s.stored, s.rate, s.rss>>20, s.wal>>10, s.db>>20)
	}
	if err != nil {
		return err
	}
	return cerr
}

// ingest stores o.episodes generated messages in batches of 64, waiting for
// each batch's extraction before storing the next so that the queue never
// holds more than two batches.
func ingest(ctx context.Context, h *host.Host, o options, dir string) ([]sample, error) {
	corp := httpload.NewCorpus(1)
	start := time.Now()
	last, lastN := start, 0
	var out []sample
	var prev []string
	prevGroup := ""
	const batch = 64
	for n := 0; n < o.episodes; {
		k := min(batch, o.episodes-n)
		gen := corp.Episodes(k)
		group := "soak-" + strconv.Itoa((n/batch)%o.groups)
		eps := make([]core.Episode, k)
		for i, g := range gen {
			t, _ := time.Parse(time.RFC3339, g.ReferenceTime)
			eps[i] = core.Episode{UUID: g.UUID, GroupID: group, Source: core.Source(g.Source), Content: g.Content, ValidAt: t}
		}
		res, err := h.Engine.Ingest(ctx, eps)
		if err != nil {
			return out, fmt.Errorf("ingest at %d: %w", n, err)
		}
		if prev != nil {
			if err := waitDone(ctx, h, prevGroup, prev); err != nil {
				return out, err
			}
		}
		prev, prevGroup = prev[:0], group
		for _, r := range res {
			prev = append(prev, r.UUID)
		}
		n += k
		if n-lastN >= o.every || n == o.episodes {
			if n == o.episodes {
				if err := waitDone(ctx, h, group, prev); err != nil {
					return out, err
				}
			}
			now := time.Now()
			s := sample{stored: n, elapsed: now.Sub(start), rate: float64(n-lastN) / now.Sub(last).Seconds(), rss: rss(), wal: size(filepath.Join(dir, "graph.kuzu.wal")), db: size(filepath.Join(dir, "graph.kuzu"))}
			fmt.Fprintf(os.Stderr, "%d\t%.1f/s\trss %dMiB\twal %dKiB\tdb %dMiB\n", s.stored, s.rate, s.rss>>20, s.wal>>10, s.db>>20)
			out = append(out, s)
			last, lastN = now, n
		}
	}
	return out, nil
}

func waitDone(ctx context.Context, h *host.Host, group string, uuids []string) error {
	reps, err := h.Engine.Wait(ctx, group, uuids...)
	if err != nil {
		return fmt.Errorf("wait: %w", err)
	}
	for _, r := range reps {
		if r.Status != core.EpisodeDone {
			return fmt.Errorf("episode %s: %s: %s", r.UUID, r.Status, r.Error)
		}
	}
	return nil
}

func size(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}

// rss is the resident set of this process, from /proc (0 elsewhere).
func rss() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if v, ok := bytes.CutPrefix(sc.Bytes(), []byte("VmRSS:")); ok {
			f := bytes.Fields(v)
			if len(f) > 0 {
				n, _ := strconv.ParseInt(string(f[0]), 10, 64)
				return n << 10
			}
		}
	}
	_ = runtime.NumCPU
	return 0
}
