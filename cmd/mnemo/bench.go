package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/httpapi"
	"github.com/mnemohq/mnemo/internal/bench/httpload"
)

// harness is one benchmark of `mnemo bench`.
type harness struct {
	name, short string
	run         func(ctx context.Context, g *globals, args []string) int
}

func harnesses() []harness {
	return []harness{
		{"http", "HTTP load test: searches while ingesting, at 8 and 32 clients", runBenchHTTP},
	}
}

func runBench(ctx context.Context, g *globals, args []string) int {
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		for _, h := range harnesses() {
			if h.name == args[0] {
				return h.run(ctx, g, args[1:])
			}
		}
	}
	fs := g.flags("bench", "HARNESS [flags]", "Run a benchmark harness:")
	fs.Usage = func() {
		fmt.Fprintln(g.stderr, "Usage: mnemo bench HARNESS [flags]\n\nHarnesses:")
		for _, h := range harnesses() {
			fmt.Fprintf(g.stderr, "  %-8s %s\n", h.name, h.short)
		}
		fmt.Fprintln(g.stderr, "\nRun 'mnemo bench HARNESS -h' for its flags.")
	}
	if ok, code := parse(fs, args); !ok {
		return code
	}
	fs.Usage()
	return 2
}

func runBenchHTTP(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("bench http", "[--url URL] [--clients 8,32] [--duration 20s] [--seed N] [--background N]",
		`Load-test the HTTP API: seed a group with synthetic episodes, then at each
concurrency level run that many clients searching the group for --duration
while more episodes are ingested in the background. Without --url, a server
is started in this process on loopback with a new offline database (rule
extractor, local embedder) in a temporary directory.`)
	url := fs.String("url", "", "load-test the server at `URL` instead of one started here")
	key := fs.String("key", "", "the API `KEY` of --url, if it needs one")
	clients := fs.String("clients", "8,32", "concurrency `LEVELS`, comma-separated")
	duration := fs.Duration("duration", 20*time.Second, "how long each level runs")
	seed := fs.Int("seed", 200, "episodes ingested before the first level")
	background := fs.Int("background", 300, "episodes ingested during each level")
	group := fs.String("group", "load", "the `GROUP` used")
	if ok, code := parse(fs, args); !ok {
		return code
	}
	var levels []int
	for _, s := range strings.Split(*clients, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 {
			return g.usageError(fs, "--clients %q: want positive integers separated by commas", *clients)
		}
		levels = append(levels, n)
	}
	target := *url
	if target == "" {
		stop, addr, err := startBenchServer(ctx, g)
		if err != nil {
			return g.fail(err)
		}
		defer stop()
		target = "http://" + addr
	}
	fmt.Fprintf(g.stdout, "mnemo bench http: %s, %d CPUs (GOMAXPROCS %d), %s/%s, %s\n", target, runtime.NumCPU(), runtime.GOMAXPROCS(0), runtime.GOOS, runtime.GOARCH, runtime.Version())
	res, err := httpload.Run(ctx, httpload.Options{
		BaseURL: target, Key: *key, Group: *group, Levels: levels, Duration: *duration,
		Seed: *seed, Background: *background, Progress: g.stderr,
	})
	if err != nil {
		return g.fail(err)
	}
	res.Report(g.stdout)
	fmt.Fprintf(g.stdout, "\nreproduce: make bench-http, or: mnemo bench http --clients %s --duration %s --seed %d --background %d\n",
		*clients, *duration, *seed, *background)
	if n := res.Errors(); n > 0 {
		fmt.Fprintf(g.stderr, "mnemo: the load test saw %d errors\n", n)
		return 1
	}
	return 0
}

// startBenchServer serves the HTTP API on loopback over a new offline
// database in a temporary directory, and returns its address and what
// stops it.
func startBenchServer(ctx context.Context, g *globals) (func(), string, error) {
	dir, err := os.MkdirTemp("", "mnemo-bench-http-")
	if err != nil {
		return nil, "", fmt.Errorf("create bench directory: %w", err)
	}
	g.db = filepath.Join(dir, "db")
	cfg, err := g.load()
	if err != nil {
		os.RemoveAll(dir)
		return nil, "", err
	}
	// Offline whatever the environment says: the figures must not depend
	// on a remote model.
	cfg.LLM = host.LLMConfig{MaxConcurrency: cfg.LLM.MaxConcurrency}
	cfg.Embedder = host.EmbedderConfig{Provider: "local", Dimensions: 256}
	cfg.Plugins.Default = host.SetConfig{Extractor: "rule-extractor"}
	cfg.Plugins.Tenants = nil
	cfg.Plugins.Reload = -1
	cfg.HTTP.Keys = nil
	logCfg := cfg.Log
	logCfg.Level = "warn"
	h, err := host.Open(ctx, cfg, host.OpenOptions{Logger: host.NewLogger(logCfg, g.stderr)})
	if err != nil {
		os.RemoveAll(dir)
		return nil, "", err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		h.Close(context.Background())
		os.RemoveAll(dir)
		return nil, "", fmt.Errorf("listen: %w", err)
	}
	srv := &http.Server{Handler: httpapi.New(h, httpapi.Options{Version: version}).Handler(), ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	stop := func() {
		sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
		defer cancel()
		_ = srv.Shutdown(sctx)
		_ = h.Close(sctx)
		os.RemoveAll(dir)
	}
	return stop, ln.Addr().String(), nil
}
