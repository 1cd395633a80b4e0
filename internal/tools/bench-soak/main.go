// Command bench-soak runs mnemo for a long time on its default
// configuration and records how it holds up: `make bench-soak`.
//
// Phase one ingests generated chat messages offline (rule extractor, local
// embedder) in one process, sampling episodes/s, resident memory, the WAL
// and the database file as episodes are stored; then it closes the
// database and opens it again on the defaults. Phase two serves the HTTP
// API over that database on loopback while clients search and episodes
// stream in, sampling search latency as well. Each phase writes a CSV and
// an SVG chart over episodes stored; any error fails the run.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"runtime/pprof"
)

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
	fs.IntVar(&o.every, "every", 1000, "sample every `N` episodes stored")
	fs.StringVar(&o.dir, "dir", "", "database directory (default: a new temporary one, removed after)")
	fs.StringVar(&o.out, "out", "bench-out", "directory for the CSV files and charts")
	fs.DurationVar(&o.serve, "serve", 0, "length of phase two (0 skips it)")
	fs.IntVar(&o.clients, "clients", 8, "searching clients in phase two")
	fs.IntVar(&o.rate, "rate", 20, "episodes/s streamed in during phase two")
	cpu := fs.String("cpuprofile", "", "write a CPU profile of phase one to `FILE`")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *cpu != "" {
		f, err := os.Create(*cpu)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer f.Close()
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	if err := soak(ctx, o); err != nil {
		fmt.Fprintln(os.Stderr, "bench-soak:", err)
		return 1
	}
	return 0
}
