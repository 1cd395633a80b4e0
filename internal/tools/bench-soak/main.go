// Command bench-soak runs mnemo for a long time on its default
// configuration and records how it holds up: `make bench-soak`.
//
// Phase one ingests generated chat messages offline (rule extractor, local
// embedder) in one process through the engine, sampling episodes/s,
// resident memory, the WAL and the database file as episodes are stored;
// then it closes the database, opens it again on the defaults and checks
// that every episode is still there and done. Phase two serves the HTTP API
// over that database on loopback while clients search and episodes stream
// in at a steady rate, sampling search latency as well; then it waits for
// the queue to drain.
//
// Each phase writes a CSV and an SVG chart over episodes stored
// (soak-ingest.* and soak-serve.* in -out), and the run prints a summary
// and the command that reproduces it. Any error — a failed episode, a
// failed request, counts that differ after reopening — fails the run
// (exit status 1), after what was measured has been written.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"time"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/internal/bench/httpload"
)

// options are the command's flags.
type options struct {
	episodes, groups, every, clients int
	// searches is how many searches of each recipe a sample of phase
	// one runs (growth); 0 runs none.
	searches int
	rate     float64
	dir, out string
	// profile is the directory of phase one's profiles by slice.
	profile         string
	serve, interval time.Duration
}

// defaultInterval is how often phase two samples by default.
const defaultInterval = 10 * time.Second

// defaultEvery is how often phase one samples by default: 100 samples, or
// one a batch for short runs.
func defaultEvery(episodes int) int { return max(episodes/100, ingestBatch) }

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:]))
}

func run(ctx context.Context, args []string) int {
	fs := flag.NewFlagSet("bench-soak", flag.ContinueOnError)
	var o options
	fs.IntVar(&o.episodes, "episodes", 100000, "episodes ingested in phase one")
	fs.IntVar(&o.groups, "groups", 1, "groups the episodes are spread over")
	fs.IntVar(&o.every, "every", 0, "sample phase one every `N` episodes stored (default: episodes/100, at least 64)")
	fs.StringVar(&o.dir, "dir", "", "database directory (default: a new temporary one, removed after)")
	fs.StringVar(&o.out, "out", "bench-out", "directory for the CSV files and charts")
	fs.DurationVar(&o.serve, "serve", 10*time.Minute, "length of phase two (0 skips it)")
	fs.IntVar(&o.clients, "clients", 8, "searching clients in phase two")
	fs.Float64Var(&o.rate, "rate", 10, "episodes/s posted during phase two")
	fs.DurationVar(&o.interval, "interval", defaultInterval, "sample phase two every `D`")
	fs.IntVar(&o.searches, "searches", 0, "at each sample of phase one, `N` searches with the default and with the facts recipe, one at a time (make bench-growth)")
	cpu := fs.String("cpuprofile", "", "write a CPU profile of the run to `FILE`")
	fs.StringVar(&o.profile, "profile", "", "write a CPU and an allocation profile of each slice of phase one between two samples, and print the store's time per episode in each, to `DIR`")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if o.every == 0 {
		o.every = defaultEvery(o.episodes)
	}
	if o.episodes < 0 || o.searches < 0 || o.groups < 1 || o.clients < 1 || o.rate <= 0 || o.interval <= 0 || o.serve < 0 {
		fmt.Fprintln(os.Stderr, "bench-soak: -episodes must be 0 or more, -serve 0 or more, -groups, -clients, -rate and -interval positive")
		return 2
	}
	if *cpu != "" && o.profile != "" {
		fmt.Fprintln(os.Stderr, "bench-soak: -cpuprofile and -profile exclude each other")
		return 2
	}
	if *cpu != "" {
		f, err := os.Create(*cpu)
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench-soak:", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, "bench-soak:", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	if err := soak(ctx, o); err != nil {
		fmt.Fprintln(os.Stderr, "bench-soak: FAILED:", err)
		return 1
	}
	return 0
}

// soak runs both phases and writes and prints what they measured, even
// when one fails.
func soak(ctx context.Context, o options) (err error) {
	dir := o.dir
	if dir == "" {
		d, err := os.MkdirTemp("", "mnemo-soak-")
		if err != nil {
			return fmt.Errorf("create database directory: %w", err)
		}
		defer os.RemoveAll(d)
		dir = filepath.Join(d, "db")
	}
	// The defaults: no configuration file, and the environment only for
	// what a run sets on purpose (MNEMO_STORE_BUFFER_POOL_MB=256 measures
	// the smallest default pool on a machine whose default is larger).
	// The plugins' compilation cache is the default one too, in the
	// user's cache directory: not in the directory the soak runs from.
	cfg, err := host.Load("", os.Getenv)
	if err != nil {
		return fmt.Errorf("load the default configuration: %w", err)
	}
	cfg.DB = dir
	cfg.Log.Level = "warn"
	pr := probe{dir: dir}
	corp := httpload.NewCorpus(1)
	rep := &report{o: o, start: time.Now()}
	defer func() { rep.print(os.Stdout, err) }()

	h, err := openHost(ctx, cfg)
	if err != nil {
		return fmt.Errorf("open the database: %w", err)
	}
	ing, err := ingest(ctx, h, o, corp, pr)
	rep.ingest = ing
	if err == nil {
		h, err = ing.reopen(ctx, h, cfg, o)
	} else {
		h.Close(context.Background())
		h = nil
	}
	name, title := "ingest", fmt.Sprintf("mnemo soak, phase one: ingest %d message episodes", o.episodes)
	if o.searches > 0 {
		name, title = "growth", fmt.Sprintf("mnemo growth: ingest %d message episodes, searching at each sample", o.episodes)
	}
	files, werr := writeFiles(o.out, name, title,
		[]string{
			fmt.Sprintf("offline, default configuration, one process; batches of %d into %d group(s)", ingestBatch, o.groups),
			machine(),
			verdict(ingestError(ing, err)),
		},
		ing.samples, false, o.searches > 0)
	rep.files = append(rep.files, files...)
	err = ingestError(ing, err)
	if err == nil {
		err = werr
	}
	if err != nil || o.serve == 0 {
		if h != nil {
			if cerr := h.Close(context.Background()); err == nil && cerr != nil {
				err = fmt.Errorf("close the database: %w", cerr)
			}
		}
		if err != nil {
			return fmt.Errorf("phase one: %w", err)
		}
		return nil
	}

	srv, err := serve(ctx, h, o, corp, pr)
	rep.serve = srv
	if cerr := h.Close(context.Background()); err == nil && cerr != nil {
		err = fmt.Errorf("close the database: %w", cerr)
	}
	files, werr = writeFiles(o.out, "serve",
		"mnemo soak, phase two: serve while episodes stream in",
		[]string{
			fmt.Sprintf("HTTP API on loopback over phase one's database: %d clients searching, %g episodes/s posted, for %s", o.clients, o.rate, o.serve),
			"offline, default configuration; " + machine(),
			verdict(err),
		},
		srv.samples, true, false)
	rep.files = append(rep.files, files...)
	if err == nil {
		err = werr
	}
	if err != nil {
		return fmt.Errorf("phase two: %w", err)
	}
	return nil
}

// ingestError is phase one's outcome: err, or the failed episodes.
func ingestError(r *ingestResult, err error) error {
	if err == nil && r.failed > 0 {
		return fmt.Errorf("%d episodes failed", r.failed)
	}
	return err
}

// verdict says in a chart's subtitle whether the phase passed.
func verdict(err error) string {
	if err == nil {
		return "no errors"
	}
	v := "FAILED: " + err.Error()
	if r := []rune(v); len(r) > 120 {
		v = string(r[:119]) + "…"
	}
	return v
}

// machine names the machine and toolchain.
func machine() string {
	return fmt.Sprintf("%d CPUs, %s/%s, %s", runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version())
}
