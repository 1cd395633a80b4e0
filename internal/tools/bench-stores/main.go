// Command bench-stores measures mnemo on embedded Kuzu and on a Weaviate
// cluster side by side, on the same generated graph (package
// internal/bench/latency): the time to load it, search latency and
// throughput per recipe with 1 and 8 clients (the two stores' searches in
// alternation, so that both meet the same machine), what each Weaviate
// request kind costs, and the ingestion of offline episodes through a
// full host (rule extractor, local embedder). `make bench-stores` runs it
// and writes docs/bench/stores.md and docs/bench/stores.svg.
//
//	go run ./internal/tools/bench-stores [-facts 100000] [-nodes 1|3] [-weaviate-url URL] [-out docs/bench]
//
// Without -weaviate-url it starts the pinned Weaviate server `make
// weaviate` builds, -nodes of them on loopback (3 nodes: replication
// factor 3, consistency QUORUM), in a temporary directory.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/internal/bench/latency"
	"github.com/mnemohq/mnemo/kuzu"
	"github.com/mnemohq/mnemo/weaviate"
	"github.com/mnemohq/mnemo/weaviate/weaviatetest"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

type config struct {
	facts, nodes, queries, warm, batch, episodes int
	clients                                      []int
	recipes                                      []string
	url, out                                     string
	seed                                         uint64
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench-stores", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c config
	fs.IntVar(&c.facts, "facts", 100000, "facts of the generated graph")
	fs.IntVar(&c.nodes, "nodes", 1, "Weaviate nodes to start (1, or 3 with replication factor 3)")
	fs.StringVar(&c.url, "weaviate-url", "", "a running Weaviate to use instead of starting one")
	fs.IntVar(&c.queries, "queries", 300, "queries per store and measurement")
	fs.IntVar(&c.warm, "warm", 100, "warm-up queries per store and recipe, not measured")
	fs.IntVar(&c.batch, "batch", 5000, "objects per write when loading")
	fs.IntVar(&c.episodes, "episodes", 200, "offline episodes ingested through a host on each store")
	clients := fs.String("clients", "1,8", "concurrent clients, comma-separated")
	recipes := fs.String("recipes", "facts,default", "recipes measured, comma-separated")
	fs.StringVar(&c.out, "out", "", "directory for stores.md and stores.svg (none: standard output only)")
	fs.Uint64Var(&c.seed, "seed", 1, "graph seed")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	for _, f := range strings.Split(*clients, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n <= 0 {
			fmt.Fprintf(stderr, "bench-stores: -clients: %q is not a positive number\n", f)
			return 2
		}
		c.clients = append(c.clients, n)
	}
	c.recipes = strings.Split(*recipes, ",")
	if c.facts <= 0 || c.queries <= 0 || c.warm < 0 || c.batch <= 0 || c.episodes < 0 || (c.nodes != 1 && c.nodes != 3) {
		fmt.Fprintln(stderr, "bench-stores: want -facts, -queries, -batch positive, -warm, -episodes not negative, -nodes 1 or 3")
		return 2
	}
	r, err := bench(ctx, c, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "bench-stores: %v\n", err)
		return 1
	}
	r.args = args
	var md strings.Builder
	r.write(&md)
	fmt.Fprint(stdout, md.String())
	if c.out != "" {
		files, err := r.writeFiles(c.out, md.String())
		if err != nil {
			fmt.Fprintf(stderr, "bench-stores: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "\nwrote %s\n", strings.Join(files, ", "))
	}
	return 0
}

// calls counts the Weaviate requests by kind (weaviate.Options.Observe).
type calls struct {
	mu sync.Mutex
	n  map[string]int
	d  map[string]time.Duration
}

func (c *calls) observe(op string, d time.Duration, _ error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n[op]++
	c.d[op] += d
}

func (c *calls) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n, c.d = map[string]int{}, map[string]time.Duration{}
}

func (c *calls) snapshot() (map[string]int, map[string]time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n, d := map[string]int{}, map[string]time.Duration{}
	for k, v := range c.n {
		n[k], d[k] = v, c.d[k]
	}
	return n, d
}

func bench(ctx context.Context, c config, log io.Writer) (*report, error) {
	dir, err := os.MkdirTemp("", "mnemo-bench-stores-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	r := &report{c: c, started: time.Now(), loadStart: loadavg()}
	url := c.url
	if url == "" {
		bin, err := weaviatetest.Server()
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(log, "starting %d Weaviate node(s)\n", c.nodes)
		wdir := filepath.Join(dir, "weaviate")
		if err := os.MkdirAll(wdir, 0o755); err != nil {
			return nil, err
		}
		nodes, err := weaviatetest.StartCluster(ctx, bin, wdir, c.nodes)
		if err != nil {
			return nil, err
		}
		defer func() {
			for _, n := range nodes {
				_ = n.Stop()
			}
		}()
		url = nodes[0].URL
	}
	emb := hashembed.New(0)
	g := latency.NewGraph("bench", c.facts, c.seed)
	r.entities, r.episodesN = g.Entities(), g.Episodes()

	// Kuzu: bulk import without vector indexes, built once at the end, as
	// `mnemo import` into an empty group does.
	kdir := filepath.Join(dir, "kuzu")
	ks, err := kuzu.Open(ctx, kuzu.Options{Dir: kdir, Dimension: emb.Dimension(), VectorIndexAt: -1})
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(log, "loading %d facts into Kuzu\n", c.facts)
	start := time.Now()
	if err := g.WriteWith(ctx, ks, ks.Import, emb, c.batch, log); err != nil {
		return nil, fmt.Errorf("load kuzu: %w", err)
	}
	if err := ks.BuildVectorIndexes(ctx); err != nil {
		return nil, err
	}
	r.load[0] = time.Since(start)
	if err := ks.Close(ctx); err != nil {
		return nil, err
	}
	if ks, err = kuzu.Open(ctx, kuzu.Options{Dir: kdir, Dimension: emb.Dimension()}); err != nil {
		return nil, err
	}
	defer ks.Close(context.Background())

	// Weaviate: Apply in batches, every object with its vector.
	cl := &calls{}
	cl.reset()
	wopts := weaviate.Options{URL: url, Dimension: emb.Dimension(), Prefix: fmt.Sprintf("Bench%d", time.Now().Unix()%100000), Observe: cl.observe}
	if c.nodes == 3 {
		wopts.ReplicationFactor = 3
	}
	ws, err := weaviate.Open(ctx, wopts)
	if err != nil {
		return nil, err
	}
	defer func() {
		// A cluster of -weaviate-url keeps the empty collections.
		_, _ = ws.DeleteGroup(context.Background(), g.Group)
		_ = ws.Close(context.Background())
	}()
	fmt.Fprintf(log, "loading %d facts into Weaviate\n", c.facts)
	start = time.Now()
	if err := g.WriteWith(ctx, ws, ws.Apply, emb, c.batch, log); err != nil {
		return nil, fmt.Errorf("load weaviate: %w", err)
	}
	r.load[1] = time.Since(start)

	engines := [2]*engine.Engine{}
	for i, st := range []core.Store{ks, ws} {
		e, err := engine.Open(ctx, engine.Options{Store: st, Embedder: emb, Plugins: noPlugins{}, Now: time.Now})
		if err != nil {
			return nil, err
		}
		defer e.Close(context.Background())
		engines[i] = e
	}
	for _, name := range c.recipes {
		if _, ok := engines[0].Recipes()[name]; !ok {
			return nil, fmt.Errorf("unknown recipe %q", name)
		}
		for _, e := range engines {
			if c.warm > 0 {
				if _, err := latency.Measure(ctx, 2, c.warm, latency.Shift(latency.SearchOp(e, g, name, new(atomic.Int64)), 1<<24)); err != nil {
					return nil, err
				}
			}
		}
	}
	n := c.queries
	for _, name := range c.recipes {
		for _, clients := range c.clients {
			fmt.Fprintf(log, "measuring %s with %d client(s)\n", name, clients)
			cl.reset()
			k, w, err := latency.MeasurePair(ctx, clients, n, latency.SearchOp(engines[0], g, name, new(atomic.Int64)),
				latency.SearchOp(engines[1], g, name, new(atomic.Int64)))
			if err != nil {
				return nil, err
			}
			ops, took := cl.snapshot()
			kq, err := latency.Measure(ctx, clients, n, latency.Shift(latency.SearchOp(engines[0], g, name, new(atomic.Int64)), 2*n))
			if err != nil {
				return nil, err
			}
			wq, err := latency.Measure(ctx, clients, n, latency.Shift(latency.SearchOp(engines[1], g, name, new(atomic.Int64)), 3*n))
			if err != nil {
				return nil, err
			}
			k.QPS, w.QPS = kq.QPS, wq.QPS
			r.cells = append(r.cells, cell{recipe: name, clients: clients, stats: [2]latency.Stats{k, w}, ops: ops, opTime: took, searches: n})
		}
	}

	for i, backend := range []string{"kuzu", "weaviate"} {
		if c.episodes == 0 {
			break
		}
		fmt.Fprintf(log, "ingesting %d episodes through a host on %s\n", c.episodes, backend)
		d, err := ingest(ctx, backend, filepath.Join(dir, "host-"+backend), url, c.episodes)
		if err != nil {
			return nil, fmt.Errorf("ingest on %s: %w", backend, err)
		}
		r.ingest[i] = d
	}
	r.took = time.Since(r.started)
	return r, nil
}

type noPlugins struct{}

func (noPlugins) For(context.Context, string) (core.Plugins, error) { return core.Plugins{}, nil }
