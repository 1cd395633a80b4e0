// Command bench-evolve measures what self-evolving memory does to a year of
// daily use: `make bench-evolve`.
//
// It generates a seeded year of an assistant's conversations (workload.go)
// and ingests it day by day, offline (rule extractor, local embedder, the
// embedded Kuzu store in a temporary directory), into two groups of one
// store: "plain", left as ingestion makes it, and "evolve", on which
// evolveDay runs at the end of every simulated day. At the checkpoint days
// it counts, for each arm, the active entities and facts (what default
// reads and searches see) and everything stored, and asks a fixed set of
// questions whose answering fact is known for that day: the search's p95
// latency, the context's token count (retrieval.EstimateTokens, default budget)
// and the answer recall@10 (the answering fact among the top 10 facts).
//
// It writes evolve.json, evolve.md (the table) and evolve.svg (active
// items over the days, both arms) into -out and prints the table and the
// command that reproduces it.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/evolve"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/internal/simclock"
)

// Arms.
const (
	armPlain  = "plain"
	armEvolve = "evolve"
)

// evolveDay is what the "evolve" arm runs at the end of each simulated
// day, at the simulated time now, the previous day's run having been at
// last: Engine.Evolve, which consolidates the entities new since the last
// run, then scores, decays and archives. A run that deferred merges to
// the next (ConsolidateReport.Deferred) does not move last on, so that
// the next run examines them again.
func evolveDay(ctx context.Context, h *host.Host, group string, now, last time.Time) (rep evolve.ConsolidateReport, next time.Time, err error) {
	ev, err := h.Engine.Evolve(ctx, group, evolve.Options{Now: now, ConsolidateSince: last})
	rep = ev.Consolidation
	if rep.Deferred > 0 {
		return rep, last, err
	}
	return rep, now, err
}

type options struct {
	days, perDay int
	seed         uint64
	checkpoints  []int
	chartEvery   int
	rounds       int
	out, dir     string
	// sideRounds rounds of the question set alternate the arms on the last
	// day; profile writes a CPU profile of them, labeled by arm; reuse
	// measures only that, on the database a run with -dir left.
	sideRounds int
	profile    string
	reuse      bool
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:]))
}

func run(ctx context.Context, args []string) int {
	fs := flag.NewFlagSet("bench-evolve", flag.ContinueOnError)
	var o options
	var checkpoints string
	fs.IntVar(&o.days, "days", 365, "simulated days")
	fs.IntVar(&o.perDay, "per-day", 3, "chatter messages a day, besides life changes")
	fs.Uint64Var(&o.seed, "seed", 1, "seed of the generated workload")
	fs.StringVar(&checkpoints, "checkpoints", "1,7,30,90,365", "days reported in the table, comma-separated")
	fs.IntVar(&o.chartEvery, "chart-every", 30, "also measure every N days, for the chart")
	fs.IntVar(&o.rounds, "rounds", 10, "timed rounds of the question set at each measure, for the latency percentiles (after one untimed round)")
	fs.StringVar(&o.out, "out", "docs/bench", "directory the results are written to")
	fs.StringVar(&o.dir, "dir", "", "directory of the database (default: a temporary one, removed at the end)")
	fs.IntVar(&o.sideRounds, "side-rounds", 30, "rounds of the question set on the last day alternating the two arms, for the side-by-side latencies")
	fs.StringVar(&o.profile, "profile", "", "write a CPU `FILE` of the side-by-side searches, labeled arm=plain and arm=evolve")
	fs.BoolVar(&o.reuse, "reuse", false, "measure only the side-by-side searches, on the database a finished run left in -dir")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	for _, s := range strings.Split(checkpoints, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 {
			fmt.Fprintf(os.Stderr, "bench-evolve: -checkpoints: %q is not a day number\n", s)
			return 2
		}
		o.checkpoints = append(o.checkpoints, n)
	}
	if o.reuse && o.dir == "" {
		fmt.Fprintln(os.Stderr, "bench-evolve: -reuse needs -dir")
		return 2
	}
	if err := bench(ctx, o); err != nil {
		fmt.Fprintf(os.Stderr, "bench-evolve: %v\n", err)
		return 1
	}
	return 0
}

func bench(ctx context.Context, o options) error {
	started := time.Now()
	w := generate(o.days, o.perDay, o.seed)
	dir := o.dir
	if dir == "" {
		tmp, err := os.MkdirTemp("", "mnemo-bench-evolve-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	}
	cfg, err := host.Load("", func(string) string { return "" })
	if err != nil {
		return err
	}
	cfg.DB = dir
	cfg.Log.Level = "warn"
	clk := simclock.New(w.start)
	h, err := host.Open(ctx, cfg, host.OpenOptions{Now: clk.Now, Logger: host.NewLogger(cfg.Log, os.Stderr)})
	if err != nil {
		return fmt.Errorf("open host: %w", err)
	}
	defer h.Close(context.Background())
	if o.reuse {
		end := w.days[len(w.days)-1].at.Add(14 * time.Hour)
		clk.Set(end)
		sb, err := sideBySide(ctx, h, w, o.sideRounds, o.profile)
		if err != nil {
			return err
		}
		fmt.Println(sb.line(w.days[len(w.days)-1].n))
		return nil
	}

	res := &results{Days: o.days, PerDay: o.perDay, Seed: o.seed, Questions: len(w.questions), CPUs: runtime.NumCPU(),
		Platform: runtime.GOOS + "/" + runtime.GOARCH, Go: runtime.Version(), Evolution: "evolve"}
	report := map[int]bool{}
	for _, c := range o.checkpoints {
		report[c] = true
	}
	var ingest, evolve time.Duration
	var last time.Time
	for _, dy := range w.days {
		if err := ctx.Err(); err != nil {
			return err
		}
		clk.Set(dy.at)
		t := time.Now()
		for _, g := range []string{armPlain, armEvolve} {
			res.Episodes += len(dy.messages)
			if err := ingestDay(ctx, h, g, dy); err != nil {
				return fmt.Errorf("day %d, group %s: %w", dy.n, g, err)
			}
		}
		ingest += time.Since(t)
		end := dy.at.Add(14 * time.Hour)
		clk.Set(end)
		t = time.Now()
		rep, next, err := evolveDay(ctx, h, armEvolve, end, last)
		if err != nil {
			return fmt.Errorf("evolve day %d: %w", dy.n, err)
		}
		last = next
		evolve += time.Since(t)
		res.FactMerges += len(rep.FactMerges)
		for _, m := range rep.Merges {
			res.Merged = append(res.Merged, fmt.Sprintf("day %d: %s -> %s", dy.n, m.Merged.Name, m.Survivor.Name))
			if lookAlike(m.Merged.Name, m.Survivor.Name) {
				res.WrongMerges = append(res.WrongMerges, m.Merged.Name+" -> "+m.Survivor.Name)
			}
		}
		if report[dy.n] || o.chartEvery > 0 && dy.n%o.chartEvery == 0 || dy.n == o.days {
			for _, g := range []string{armPlain, armEvolve} {
				m, err := measure(ctx, h, g, w, dy.n, o.rounds, end)
				if err != nil {
					return fmt.Errorf("measure %s on day %d: %w", g, dy.n, err)
				}
				m.Reported = report[dy.n]
				res.Points = append(res.Points, m)
			}
			fmt.Fprintf(os.Stderr, "day %d measured (%s)\n", dy.n, time.Since(started).Round(time.Second))
		}
	}
	if res.SideBySide, err = sideBySide(ctx, h, w, o.sideRounds, o.profile); err != nil {
		return err
	}
	res.SideBySide.Day = w.days[len(w.days)-1].n
	res.Episodes /= 2
	res.IngestSeconds, res.EvolveSeconds = ingest.Seconds(), evolve.Seconds()
	res.Seconds = time.Since(started).Seconds()
	res.Command = fmt.Sprintf("go run ./internal/tools/bench-evolve -days %d -per-day %d -seed %d -checkpoints %s -chart-every %d -rounds %d -side-rounds %d -out %s",
		o.days, o.perDay, o.seed, joinInts(o.checkpoints), o.chartEvery, o.rounds, o.sideRounds, o.out)
	if err := res.write(o.out, os.Stdout); err != nil {
		return err
	}
	if len(res.WrongMerges) > 0 {
		return errors.New("look-alikes were merged: " + strings.Join(res.WrongMerges, ", "))
	}
	return nil
}

// ingestDay stores a day's contacts through the entity API, then ingests
// its messages at an hour each from 9:00 and waits for them.
func ingestDay(ctx context.Context, h *host.Host, group string, dy day) error {
	for _, c := range dy.contacts {
		if _, err := h.Engine.SaveEntity(ctx, engine.EntityNode{GroupID: group, Name: c}); err != nil {
			return fmt.Errorf("save contact %q: %w", c, err)
		}
	}
	if len(dy.messages) == 0 {
		return nil
	}
	eps := make([]core.Episode, len(dy.messages))
	for i, m := range dy.messages {
		eps[i] = core.Episode{GroupID: group, Source: core.SourceMessage, Content: m, ValidAt: dy.at.Add(time.Duration(i) * time.Minute)}
	}
	rs, err := h.Engine.Ingest(ctx, eps)
	if err != nil {
		return err
	}
	ids := make([]string, len(rs))
	for i, r := range rs {
		ids[i] = r.UUID
	}
	reps, err := h.Engine.Wait(ctx, group, ids...)
	if err != nil {
		return err
	}
	for _, r := range reps {
		if r.Status != core.EpisodeDone {
			return fmt.Errorf("episode %s: %s: %s", r.UUID, r.Status, r.Error)
		}
	}
	return nil
}

// lookAlike reports whether a merge joined two different people or
// orders of the workload, which must never happen: Jon Berg and Jon
// Borg, or two order numbers.
func lookAlike(a, b string) bool {
	if a == b {
		return false
	}
	return strings.HasPrefix(a, "ORD-") || strings.HasPrefix(b, "ORD-") ||
		strings.Contains(a+b, "Berg") && strings.Contains(a+b, "Borg")
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}
