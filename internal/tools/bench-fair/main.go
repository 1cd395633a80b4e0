// Command bench-fair measures whether one tenant's flood moves another
// tenant's ingestion latency: `make bench-fair`.
//
// It opens the default offline configuration (rule extractor, local
// embedder, the embedded Kuzu store in a temporary directory) with one
// budget: groups "flood-*" may add -budget episodes a minute. Tenant B
// adds one episode every -every, and each episode's latency is measured
// from its submission (Engine.Ingest) to its extraction done
// (Engine.Wait). Each round runs two scenarios of -duration each, alone
// and budget, in an order that alternates with the round so that the
// shared machine's noise falls on both alike (and, with -unlimited, a
// third):
//
//   - alone: B only;
//   - budget: tenant A, in a "flood-*" group, sends batches of -batch as
//     fast as it is admitted, waiting out each 429 (core.BudgetError's
//     RetryAfter) as a client honouring Retry-After does;
//   - unlimited: tenant A the same in a group without a budget, keeping at
//     most -backlog of its episodes pending (more only lengthens the
//     drain between scenarios, not the load while it runs).
//
// With -random-phase, A starts a random part of -every into each
// scenario, so that its budget refusals, which come due on whole seconds,
// do not fall on B's ticks every time: independent clients are not in
// step. -explain prints B's slowest episodes of each scenario, split into
// the Ingest call, the wait for a worker and the processing, and when A's
// batches were admitted.
//
// After a budget scenario A's last episodes are waited for; after an
// unlimited one A's group is deleted, which drops what it left pending. It prints B's p50 and p95 per scenario and round, the median
// over the rounds of each round's ratio of a loaded scenario's p95 (and
// p50) to the same round's alone, the medians of the p95 themselves, and
// the command that reproduces them. A round's ratio compares two runs a
// few seconds apart, so a slow spell of the machine moves both.
package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"iter"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
)

type options struct {
	rounds   int
	duration time.Duration
	every    time.Duration
	budget   int64
	batch    int
	backlog  int64
	free     bool
	explain  int
	// phase, if set, starts tenant A's flood a random part of every after
	// B's first episode in each scenario (seeded by seed); else both start
	// together.
	phase bool
	seed  uint64
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:]))
}

func run(ctx context.Context, args []string) int {
	fs := flag.NewFlagSet("bench-fair", flag.ContinueOnError)
	var o options
	fs.IntVar(&o.rounds, "rounds", 5, "rounds, each of B alone and B beside A's flood at its budget (and unlimited with -unlimited)")
	fs.DurationVar(&o.duration, "duration", 20*time.Second, "length of each scenario")
	fs.IntVar(&o.explain, "explain", 0, "print B's n slowest episodes of each scenario, split into the Ingest call, the wait for a worker and the processing")
	fs.DurationVar(&o.every, "every", 500*time.Millisecond, "tenant B adds one episode this often")
	fs.Int64Var(&o.budget, "budget", 60, "tenant A's budget in episodes per minute (the budget scenario)")
	fs.IntVar(&o.batch, "batch", 10, "episodes per request of tenant A")
	fs.Int64Var(&o.backlog, "backlog", 300, "most episodes tenant A keeps pending when unlimited")
	fs.BoolVar(&o.free, "unlimited", false, "also run the unlimited scenario in each round")
	fs.BoolVar(&o.phase, "random-phase", false, "start A's flood a random part of -every into each scenario, as independent clients would; without it A's budget refusals come due on B's ticks")
	fs.Uint64Var(&o.seed, "seed", 1, "seed of -random-phase")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := bench(ctx, o); err != nil {
		fmt.Fprintln(os.Stderr, "bench-fair:", err)
		return 1
	}
	return 0
}

// Scenarios.
const (
	alone     = "alone"
	budgeted  = "budget"
	unlimited = "unlimited"
)

func (o options) scenarios() []string {
	if o.free {
		return []string{alone, budgeted, unlimited}
	}
	return []string{alone, budgeted}
}

// outcome is what one scenario of one round measured.
type outcome struct {
	p50, p95 time.Duration
	n        int
	lat      []time.Duration // B's latencies, sorted
	slow     []bTiming       // B's slowest episodes (-explain)
	begin    time.Time       // the scenario's start
	batches  []time.Duration // when A's batches were admitted, from begin
	admitted int64           // A's episodes admitted
	refused  int64           // A's requests refused (429)
	ids      []string        // A's episodes admitted
	// checkpoints the store took during the scenario, and their time
	checkpoints int64
	checkpointT time.Duration
}

// phases draws the flood's start in each scenario (-random-phase).
var phases *rand.Rand

func bench(ctx context.Context, o options) error {
	phases = rand.New(rand.NewPCG(o.seed, 0))
	dir, err := os.MkdirTemp("", "bench-fair")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	cfg, err := host.Load("", func(string) string { return "" })
	if err != nil {
		return err
	}
	cfg.DB = filepath.Join(dir, "db")
	cfg.Log.Level = "warn"
	cfg.Budget.Groups = map[string]host.BudgetLimits{"flood-*": {EpisodesPerMinute: o.budget}}
	h, err := host.Open(ctx, cfg, host.OpenOptions{Now: time.Now, Logger: host.NewLogger(cfg.Log, os.Stderr)})
	if err != nil {
		return err
	}
	defer h.Close(context.Background())

	results := map[string][]outcome{}
	// A warm-up scenario: the first episodes of a store are slower (wasm
	// compiles, the buffer pool fills).
	if _, err := scenario(ctx, h, o, alone, "warm", o.duration/2); err != nil {
		return err
	}
	scenarios := o.scenarios()
	for r := range o.rounds {
		for i := range scenarios {
			s := scenarios[(i+r)%len(scenarios)]
			out, err := scenario(ctx, h, o, s, fmt.Sprintf("r%d", r), o.duration)
			if err != nil {
				return err
			}
			results[s] = append(results[s], out)
			fmt.Fprintf(os.Stderr, "round %d %-9s B p50 %6.0f ms p95 %6.0f ms (n=%d); A admitted %d, refused %d requests; %d checkpoints, %.0f ms\n",
				r+1, s, ms(out.p50), ms(out.p95), out.n, out.admitted, out.refused, out.checkpoints, ms(out.checkpointT))
			if o.explain > 0 && len(out.batches) > 0 {
				fmt.Fprintf(os.Stderr, "    A's batches admitted at (s):")
				for _, at := range out.batches {
					fmt.Fprintf(os.Stderr, " %.2f", at.Seconds())
				}
				fmt.Fprintln(os.Stderr)
			}
			for _, t := range out.slow {
				fmt.Fprintf(os.Stderr, "    at %6.2f s: %5.1f ms = Ingest %5.1f + waiting for a worker %5.1f + processing %5.1f\n",
					t.at.Seconds(), ms(t.total), ms(t.ingest), ms(t.queued), ms(t.processed))
			}
		}
	}
	report(o, results)
	return nil
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// scenario runs one scenario for d and returns B's latencies.
func scenario(ctx context.Context, h *host.Host, o options, s, round string, d time.Duration) (outcome, error) {
	b := "tenant-b-" + round + "-" + s
	a := ""
	switch s {
	case budgeted:
		a = "flood-a-" + round
	case unlimited:
		a = "free-a-" + round
	}
	sctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	out := outcome{begin: time.Now()}
	before := h.Admin.Durability()
	var flood sync.WaitGroup
	var floodErr error
	if a != "" {
		flood.Add(1)
		var delay time.Duration
		if o.phase {
			delay = time.Duration(phases.Int64N(int64(o.every)))
		}
		go func() {
			defer flood.Done()
			select {
			case <-sctx.Done():
				return
			case <-time.After(delay):
			}
			floodErr = flooder(sctx, h, o, a, s == unlimited, &out)
		}()
	}
	lat, slow, err := tenantB(ctx, sctx, h, o, b)
	out.slow = slow
	flood.Wait()
	after := h.Admin.Durability()
	out.checkpoints, out.checkpointT = after.Checkpoints-before.Checkpoints, after.CheckpointTime-before.CheckpointTime
	if err != nil {
		return out, err
	}
	if floodErr != nil {
		return out, floodErr
	}
	switch s {
	case budgeted:
		// A's last batch is done before the next scenario starts. The
		// group stays: deleting it checkpoints the store (a delete of
		// relationships waits for one), which put every checkpoint the
		// commit count brings due into the same scenario of a round.
		if _, err := h.Engine.Wait(ctx, a, out.ids...); err != nil {
			return out, fmt.Errorf("wait for tenant A's episodes: %w", err)
		}
	case unlimited:
		if _, err := h.Engine.DeleteGroup(ctx, a); err != nil {
			return out, fmt.Errorf("drop tenant A's group: %w", err)
		}
	}
	slices.Sort(lat)
	out.lat = lat
	out.n = len(lat)
	if len(lat) > 0 {
		out.p50 = lat[len(lat)*50/100]
		out.p95 = lat[min(len(lat)*95/100, len(lat)-1)]
	}
	return out, nil
}

// bTiming is where one of B's episodes spent its time: the Ingest call
// (the episode stored as pending), the wait for a worker, and the
// processing from the start of its batch (the report's Duration); at is
// when it was sent, from the scenario's start.
type bTiming struct {
	at, total, ingest, queued, processed time.Duration
}

// tenantB adds an episode every o.every until sctx ends, and returns the
// latency of each, waiting (under ctx) for the last ones to be done.
func tenantB(ctx, sctx context.Context, h *host.Host, o options, group string) ([]time.Duration, []bTiming, error) {
	t := time.NewTicker(o.every)
	defer t.Stop()
	var mu sync.Mutex
	var lat []time.Duration
	var timings []bTiming
	var wg sync.WaitGroup
	var firstErr error
	begin := time.Now()
	for i := 0; ; i++ {
		select {
		case <-sctx.Done():
			wg.Wait()
			slices.SortFunc(timings, func(a, b bTiming) int { return cmp.Compare(b.total, a.total) })
			return lat, timings[:min(o.explain, len(timings))], firstErr
		case <-t.C:
		}
		start := time.Now()
		res, err := h.Engine.Ingest(ctx, []core.Episode{episode(group, i, start)})
		if err != nil {
			return nil, nil, fmt.Errorf("tenant B: %w", err)
		}
		ingest := time.Since(start)
		wg.Add(1)
		go func() {
			defer wg.Done()
			reps, err := h.Engine.Wait(ctx, group, res[0].UUID)
			mu.Lock()
			defer mu.Unlock()
			if err != nil || reps[0].Status != core.EpisodeDone {
				if firstErr == nil {
					firstErr = fmt.Errorf("tenant B's episode: %v %v", err, reps)
				}
				return
			}
			total := time.Since(start)
			lat = append(lat, total)
			timings = append(timings, bTiming{at: start.Sub(begin), total: total, ingest: ingest,
				queued: total - ingest - reps[0].Duration, processed: reps[0].Duration})
		}()
	}
}

// flooder sends batches of A's episodes until ctx ends: as fast as they
// are admitted, waiting out a refusal's RetryAfter; unlimited, keeping at
// most o.backlog pending.
func flooder(ctx context.Context, h *host.Host, o options, group string, keepBacklog bool, out *outcome) error {
	var pending atomic.Int64
	var wg sync.WaitGroup
	defer wg.Wait()
	for i := 0; ctx.Err() == nil; i++ {
		if keepBacklog && pending.Load() >= o.backlog {
			select {
			case <-ctx.Done():
			case <-time.After(20 * time.Millisecond):
			}
			continue
		}
		eps := make([]core.Episode, o.batch)
		now := time.Now()
		for j := range eps {
			eps[j] = episode(group, i*o.batch+j, now)
		}
		res, err := h.Engine.Ingest(ctx, eps)
		var be *core.BudgetError
		switch {
		case errors.As(err, &be):
			out.refused++
			select {
			case <-ctx.Done():
			case <-time.After(be.RetryAfter):
			}
			continue
		case ctx.Err() != nil:
			return nil
		case err != nil:
			return fmt.Errorf("tenant A: %w", err)
		}
		out.admitted += int64(len(res))
		out.batches = append(out.batches, time.Since(out.begin))
		for _, r := range res {
			out.ids = append(out.ids, r.UUID)
		}
		if keepBacklog {
			pending.Add(int64(len(res)))
			ids := make([]string, len(res))
			for j, r := range res {
				ids[j] = r.UUID
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, _ = h.Engine.Wait(ctx, group, ids...)
				pending.Add(-int64(len(ids)))
			}()
		}
	}
	return nil
}

var (
	people = []string{"Hana", "Ivo", "Priya", "Mateo", "Aiko", "Lars", "Noor", "Tomas", "Elif", "Ravi"}
	cities = []string{"Lisbon", "Porto", "Berlin", "Austin", "Kyoto", "Oslo", "Lagos", "Quito"}
	firms  = []string{"Acme", "Globex", "Initech", "Umbrella", "Hooli", "Stark Industries"}
)

// episode is a chat message of the kind an assistant stores, different
// for each i.
func episode(group string, i int, at time.Time) core.Episode {
	p := people[i%len(people)]
	q := people[(i/len(people)+1+i)%len(people)]
	text := fmt.Sprintf("%s: I moved to %s in spring and I work at %s now. My friend %s lives in %s. (message %d)",
		p, cities[i%len(cities)], firms[i%len(firms)], q, cities[(i/3)%len(cities)], i)
	return core.Episode{GroupID: group, Source: core.SourceMessage, Content: text, ValidAt: at}
}

// report prints the medians over the rounds of each round's ratio to
// alone, and of the p95 and p50 themselves.
func report(o options, results map[string][]outcome) {
	median := func(xs []float64) float64 {
		s := slices.Clone(xs)
		sort.Float64s(s)
		if len(s)%2 == 0 {
			return (s[len(s)/2-1] + s[len(s)/2]) / 2
		}
		return s[len(s)/2]
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n| scenario | B p95, median of %d rounds | B p50, median | p95 ratio to alone, median of rounds | p50 ratio, median | A admitted per round (median) |\n|---|---|---|---|---|---|\n", o.rounds)
	for _, s := range o.scenarios() {
		var p50, p95, r50, r95, adm []float64
		for i, r := range results[s] {
			a := results[alone][i]
			p50 = append(p50, ms(r.p50))
			p95 = append(p95, ms(r.p95))
			r50 = append(r50, float64(r.p50)/float64(a.p50))
			r95 = append(r95, float64(r.p95)/float64(a.p95))
			adm = append(adm, float64(r.admitted))
		}
		fmt.Fprintf(&b, "| %s | %.0f ms | %.0f ms | %.2f | %.2f | %.0f |\n", s, median(p95), median(p50), median(r95), median(r50), median(adm))
	}
	// The p95 of all the rounds' latencies of a scenario together: with
	// eight rounds of 60 episodes, the 24th largest of 480 rather than the
	// 3rd of 60, so one slow moment of a round moves it less.
	pooled := func(s string) time.Duration {
		return pooledP95(results[s], func(yield func(int) bool) {
			for i := range results[s] {
				if !yield(i) {
					return
				}
			}
		})
	}
	fmt.Fprintf(&b, "\n| scenario | B p95 of all rounds' episodes together | ratio to alone |\n|---|---|---|\n")
	for _, s := range o.scenarios() {
		fmt.Fprintf(&b, "| %s | %.1f ms | %.2f |\n", s, ms(pooled(s)), float64(pooled(s))/float64(pooled(alone)))
	}
	// How much of the pooled ratio is the machine: the rounds drawn again
	// with replacement, each keeping its pair of scenarios, 2,000 times,
	// and the ratio of the pooled p95s taken each time. The interval holds
	// the middle 90% of those ratios.
	if len(results[alone]) > 1 {
		fmt.Fprintf(&b, "\n| scenario | pooled p95 ratio to alone, 90%% interval over rounds drawn again (2,000 draws) |\n|---|---|\n")
		for _, s := range o.scenarios()[1:] {
			lo, hi := interval(results[alone], results[s], 2000)
			fmt.Fprintf(&b, "| %s | %.2f to %.2f |\n", s, lo, hi)
		}
	}
	fmt.Print(b.String())
	free := ""
	if o.free {
		free = " -unlimited"
	}
	if o.phase {
		free += fmt.Sprintf(" -random-phase -seed %d", o.seed)
	}
	fmt.Printf("\nreproduce: go run ./internal/tools/bench-fair -rounds %d -duration %s -every %s -budget %d -batch %d -backlog %d%s\n",
		o.rounds, o.duration, o.every, o.budget, o.batch, o.backlog, free)
}

// interval draws the rounds again with replacement n times, keeping each
// round's alone and loaded scenarios together, and returns the 5th and
// 95th percentiles of the ratio of the loaded scenario's pooled p95 to
// alone's. The draws are seeded, so a report is the same for the same
// latencies.
func interval(alone, loaded []outcome, n int) (lo, hi float64) {
	rng := rand.New(rand.NewPCG(7, 7))
	p95 := func(rounds []int, of []outcome) time.Duration { return pooledP95(of, slices.Values(rounds)) }
	ratios := make([]float64, 0, n)
	pick := make([]int, len(alone))
	for range n {
		for i := range pick {
			pick[i] = rng.IntN(len(alone))
		}
		if a := p95(pick, alone); a > 0 {
			ratios = append(ratios, float64(p95(pick, loaded))/float64(a))
		}
	}
	if len(ratios) == 0 {
		return 0, 0
	}
	sort.Float64s(ratios)
	return ratios[len(ratios)*5/100], ratios[min(len(ratios)*95/100, len(ratios)-1)]
}

// pooledP95 returns the p95 of the latencies of the rounds of outs that
// rounds names, all together (a round named twice counts twice), or 0
// when they have none.
func pooledP95(outs []outcome, rounds iter.Seq[int]) time.Duration {
	var all []time.Duration
	for r := range rounds {
		all = append(all, outs[r].lat...)
	}
	if len(all) == 0 {
		return 0
	}
	slices.Sort(all)
	return all[min(len(all)*95/100, len(all)-1)]
}
