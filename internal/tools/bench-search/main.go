// Command bench-search measures search latency at scale. For each size it
// builds (once, kept in -dir) a generated graph of that many facts with
// entities and episodes in proportion, then times Engine.Search and the
// bare store calls the search makes, with 1 and 8 concurrent clients, and
// reports peak RSS. `make bench-search` runs it.
//
//	go run ./internal/tools/bench-search [-sizes 10000,100000,1000000] [-dir DIR] [-buffer-pool-mib N]
//
// Each size is built and measured in child processes of its own, so the
// peak RSS of one does not hide another's.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/evolve"
	"github.com/mnemohq/mnemo/internal/bench/latency"
	"github.com/mnemohq/mnemo/kuzu"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

type config struct {
	sizes    []int
	dir      string
	poolMiB  uint64
	queries  int
	recipes  []string
	clients  []int
	batch    int
	seed     uint64
	child    string
	size     int
	exactBel int
	warm     int
	threads  int
	cpuprof  string
	flushE   time.Duration
	flushN   int
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench-search", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c config
	sizes := fs.String("sizes", "10000,100000,1000000", "graph sizes in facts, comma-separated")
	fs.StringVar(&c.dir, "dir", filepath.Join(os.TempDir(), "mnemo-bench-search"), "directory keeping the built databases")
	fs.Uint64Var(&c.poolMiB, "buffer-pool-mib", 4096, "Kuzu buffer pool in MiB")
	fs.IntVar(&c.queries, "queries", 1000, "queries per measurement")
	fs.IntVar(&c.warm, "warm", 400, "warm-up queries per recipe, not measured")
	recipes := fs.String("recipes", "facts,default", "recipes measured, comma-separated")
	clients := fs.String("clients", "1,8", "concurrent clients, comma-separated")
	fs.IntVar(&c.batch, "batch", 50000, "objects per import batch when building")
	fs.Uint64Var(&c.seed, "seed", 1, "graph seed")
	fs.IntVar(&c.threads, "threads", 0, "kuzu.Options.Threads, Kuzu's threads per query (0: the store's default)")
	fs.IntVar(&c.exactBel, "exact-below", 0, "kuzu.Options.ExactSearchBelow (0: the store's default)")
	fs.StringVar(&c.cpuprof, "cpuprofile", "", "write a CPU profile of the measured searches (after the warm-up) to this file, with the size appended")
	fs.DurationVar(&c.flushE, "flush-every", 0, "evolve.Config.FlushEvery, how often access counts are written (0: the default)")
	fs.IntVar(&c.flushN, "flush-size", 0, "evolve.Config.FlushSize (0: the default)")
	fs.StringVar(&c.child, "child", "", "internal: build or measure one -size in this process")
	fs.IntVar(&c.size, "size", 0, "internal: the size a child works on")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var err error
	if c.sizes, err = ints(*sizes); err != nil {
		fmt.Fprintf(stderr, "bench-search: -sizes: %v\n", err)
		return 2
	}
	if c.clients, err = ints(*clients); err != nil {
		fmt.Fprintf(stderr, "bench-search: -clients: %v\n", err)
		return 2
	}
	if c.queries <= 0 || c.warm < 0 {
		fmt.Fprintf(stderr, "bench-search: -queries %d, -warm %d: want a positive number of queries and a warm-up of zero or more\n", c.queries, c.warm)
		return 2
	}
	c.recipes = strings.Split(*recipes, ",")
	switch c.child {
	case "build":
		err = build(ctx, c, stdout, stderr)
	case "measure":
		err = measure(ctx, c, stdout, stderr)
	case "":
		err = parent(ctx, c, args, stdout, stderr)
	default:
		err = fmt.Errorf("-child %q: want build or measure", c.child)
	}
	if err != nil {
		fmt.Fprintf(stderr, "bench-search: %v\n", err)
		return 1
	}
	return 0
}

func ints(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("%q is not a positive number", f)
		}
		out = append(out, n)
	}
	return out, nil
}

// dbDir is where the graph of a size is kept.
func (c config) dbDir(size int) string {
	return filepath.Join(c.dir, fmt.Sprintf("facts-%d-seed-%d", size, c.seed))
}

// builtMarker records a finished build.
const builtMarker = "built"

// parent builds what is missing and measures each size in child processes.
func parent(ctx context.Context, c config, args []string, stdout, stderr io.Writer) error {
	self, err := os.Executable()
	if err != nil {
		return fmt.Errorf("find this program: %w", err)
	}
	fmt.Fprintf(stdout, "bench-search: %s %s/%s, %d CPUs, buffer pool %d MiB, hashembed %d dimensions, %d queries per cell\n",
		runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), c.poolMiB, hashembed.DefaultDimension, c.queries)
	fmt.Fprintf(stdout, "command: go run ./internal/tools/bench-search %s\n\n", strings.Join(args, " "))
	for _, size := range c.sizes {
		child := func(kind string) error {
			cmd := exec.CommandContext(ctx, self, append(append([]string{}, args...), "-child", kind, "-size", strconv.Itoa(size))...)
			cmd.Stdout, cmd.Stderr = stdout, stderr
			if err := cmd.Run(); err != nil {
				return fmt.Errorf("%s %d facts: %w", kind, size, err)
			}
			return nil
		}
		if _, err := os.Stat(filepath.Join(c.dbDir(size), builtMarker)); errors.Is(err, os.ErrNotExist) {
			os.RemoveAll(c.dbDir(size))
			if err := child("build"); err != nil {
				return err
			}
		}
		if err := child("measure"); err != nil {
			return err
		}
	}
	return nil
}

// openStore opens the size's database. The build imports in bulk
// (Store.Import) without vector indexes and builds them once at the end
// (indexAt -1): maintaining HNSW indexes row by row costs several times
// more.
func openStore(ctx context.Context, c config, dim, indexAt int) (*kuzu.Store, error) {
	return kuzu.Open(ctx, kuzu.Options{Dir: c.dbDir(c.size), Dimension: dim, BufferPoolBytes: c.poolMiB << 20, ExactSearchBelow: c.exactBel, VectorIndexAt: indexAt, Threads: c.threads})
}

func build(ctx context.Context, c config, stdout, stderr io.Writer) error {
	emb := hashembed.New(0)
	st, err := openStore(ctx, c, emb.Dimension(), -1)
	if err != nil {
		return err
	}
	defer st.Close(context.Background())
	g := latency.NewGraph("bench", c.size, c.seed)
	fmt.Fprintf(stderr, "building %d facts, %d entities, %d episodes in %s\n", c.size, g.Entities(), g.Episodes(), c.dbDir(c.size))
	start := time.Now()
	if err := g.WriteWith(ctx, st, st.Import, emb, c.batch, stderr); err != nil {
		return err
	}
	if err := st.BuildVectorIndexes(ctx); err != nil {
		return err
	}
	took := time.Since(start)
	note := fmt.Sprintf("built %d facts, %d entities, %d episodes in %s; peak RSS while building %s\n", c.size, g.Entities(), g.Episodes(), took.Round(time.Second), mib(latency.PeakRSS()))
	fmt.Fprint(stdout, note)
	return os.WriteFile(filepath.Join(c.dbDir(c.size), builtMarker), []byte(note), 0o644)
}

func mib(b int64) string { return fmt.Sprintf("%d MiB", b>>20) }

func measure(ctx context.Context, c config, stdout, stderr io.Writer) error {
	emb := hashembed.New(0)
	t := time.Now()
	st, err := openStore(ctx, c, emb.Dimension(), 0)
	if err != nil {
		return err
	}
	defer st.Close(context.Background())
	opened := time.Since(t)
	// The vector indexes kept in memory are built in the background
	// after an open, with exact searches meanwhile: the measurement waits
	// for them, and says how long they took.
	t = time.Now()
	if err := st.BuildVectorIndexes(ctx); err != nil {
		return err
	}
	indexed := time.Since(t)
	e, err := engine.Open(ctx, engine.Options{Store: st, Embedder: emb, Plugins: noPlugins{}, Now: time.Now,
		Evolve: evolve.Config{FlushEvery: c.flushE, FlushSize: c.flushN}})
	if err != nil {
		return err
	}
	defer e.Close(context.Background())
	g := latency.NewGraph("bench", c.size, c.seed)
	// Queries 0..2n-1 measure latency (search on the even ones, the bare
	// calls on the odd ones, alternating), 2n..3n-1 the search's
	// throughput, 3n..4n-1 the bare calls'; the warm-up uses others.
	n := c.queries
	vecs := make([][]float32, 4*n)
	for i := range vecs {
		vecs[i] = emb.Vector(g.Query(i))
	}
	recipes := e.Recipes()
	for _, name := range c.recipes {
		if _, ok := recipes[name]; !ok {
			return fmt.Errorf("unknown recipe %q", name)
		}
		// Warm the buffer pool for every index the recipe reads.
		if c.warm == 0 {
			continue
		}
		if _, err := latency.Measure(ctx, 2, c.warm, latency.Shift(latency.SearchOp(e, g, name, new(atomic.Int64)), 1<<24)); err != nil {
			return err
		}
	}
	if c.cpuprof != "" {
		f, err := os.Create(fmt.Sprintf("%s.%d", c.cpuprof, c.size))
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	fmt.Fprintf(stdout, "%d facts (store opened in %s, its vector indexes built in %s more)\n\n", c.size, opened.Round(time.Millisecond), indexed.Round(time.Millisecond))
	fmt.Fprintln(stdout, "| recipe | clients | search p50 | p95 | p99 | queries/s | bare calls p50 | p95 | p99 | calls/s | overhead p50 | p95 | embed mean |")
	fmt.Fprintln(stdout, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, name := range c.recipes {
		r := recipes[name]
		for _, clients := range c.clients {
			var embed atomic.Int64
			search := latency.SearchOp(e, g, name, &embed)
			bare := latency.BareOp(st, r, g, vecs, time.Now())
			s, b, err := latency.MeasurePair(ctx, clients, n, search, bare)
			if err != nil {
				return fmt.Errorf("search and bare calls: %w", err)
			}
			sq, err := latency.Measure(ctx, clients, n, latency.Shift(search, 2*n))
			if err != nil {
				return fmt.Errorf("search throughput: %w", err)
			}
			bq, err := latency.Measure(ctx, clients, n, latency.Shift(bare, 3*n))
			if err != nil {
				return fmt.Errorf("bare throughput: %w", err)
			}
			fmt.Fprintf(stdout, "| %s | %d | %s | %s | %s | %.0f | %s | %s | %s | %.0f | %.2f× | %.2f× | %s |\n", name, clients,
				msf(s.P50), msf(s.P95), msf(s.P99), sq.QPS, msf(b.P50), msf(b.P95), msf(b.P99), bq.QPS,
				float64(s.P50)/float64(b.P50), float64(s.P95)/float64(b.P95), msf(time.Duration(embed.Load()/int64(2*n))))
		}
	}
	fmt.Fprintf(stdout, "\npeak RSS while searching %s (buffer pool %d MiB)\n\n", mib(latency.PeakRSS()), c.poolMiB)
	return nil
}

func msf(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond)) }

type noPlugins struct{}

func (noPlugins) For(context.Context, string) (core.Plugins, error) { return core.Plugins{}, nil }
