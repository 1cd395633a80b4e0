// Command bench-lme scores mnemo's retrieval on LongMemEval_S: for each
// question it stores the question's haystack in a group of its own,
// searches with the question and scores session-level recall_any@k,
// recall_all@k and ndcg_any@k, overall and per question type, for each
// system asked for. `make bench-lme` runs it; LIMIT=N scores a subset.
//
//	go run ./internal/tools/bench-lme [-data FILE] [-limit N] [-granularity session|turn] [-systems a,b,...]
//
// The haystack is stored as episodes without extraction (package lme's
// EpisodesOnly). Facts and entities need the offline extractor that the
// host wires; lme.ThroughEngine runs the same benchmark through an engine
// that has it.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/internal/bench/lme"
	"github.com/mnemohq/mnemo/kuzu"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// catalogue returns the systems the command knows, searching at most depth
// results per scope.
func catalogue(depth int) map[string]core.SearchRequest {
	episodes := func(methods []string, edit func(*core.ScopeConfig)) core.SearchRequest {
		c := core.ScopeConfig{Methods: methods, Reranker: core.RerankRRF, Limit: depth}
		if edit != nil {
			edit(&c)
		}
		return core.SearchRequest{Custom: &core.Recipe{Scopes: map[core.Scope]core.ScopeConfig{core.ScopeEpisodes: c}}}
	}
	hybrid := []string{core.MethodCosine, core.MethodBM25}
	return map[string]core.SearchRequest{
		"bm25":          episodes([]string{core.MethodBM25}, nil),
		"cosine":        episodes([]string{core.MethodCosine}, nil),
		"hybrid":        episodes(hybrid, nil),
		"hybrid-k1":     episodes(hybrid, func(c *core.ScopeConfig) { c.RRFK = 1 }),
		"hybrid-k10":    episodes(hybrid, func(c *core.ScopeConfig) { c.RRFK = 10 }),
		"hybrid-bm25x2": episodes(hybrid, func(c *core.ScopeConfig) { c.Weights = map[string]float64{core.MethodBM25: 2} }),
		"hybrid-deep":   episodes(hybrid, func(c *core.ScopeConfig) { c.Candidates = 5 * depth }),
		"mmr":           episodes(hybrid, func(c *core.ScopeConfig) { c.Reranker, c.MMRLambda = core.RerankMMR, 0.7 }),
		"linear":        episodes(hybrid, func(c *core.ScopeConfig) { c.Reranker = core.RerankLinear }),
		"linear-cos0.5": episodes(hybrid, func(c *core.ScopeConfig) {
			c.Reranker, c.Weights = core.RerankLinear, map[string]float64{core.MethodCosine: 0.5}
		}),
		"linear-cos0.3": episodes(hybrid, func(c *core.ScopeConfig) {
			c.Reranker, c.Weights = core.RerankLinear, map[string]float64{core.MethodCosine: 0.3}
		}),
		"linear-cos0.2": episodes(hybrid, func(c *core.ScopeConfig) {
			c.Reranker, c.Weights = core.RerankLinear, map[string]float64{core.MethodCosine: 0.2}
		}),
		"linear-cos0.1": episodes(hybrid, func(c *core.ScopeConfig) {
			c.Reranker, c.Weights = core.RerankLinear, map[string]float64{core.MethodCosine: 0.1}
		}),
		"hybrid-bm25x3": episodes(hybrid, func(c *core.ScopeConfig) { c.Weights = map[string]float64{core.MethodBM25: 3} }),
		"default":       {Recipe: "default", Limit: depth},
		"hybrid_rrf":    {Recipe: "hybrid_rrf", Limit: depth},
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench-lme", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", "", "LongMemEval file (.json or .json.xz); default: shared/bench-data/longmemeval_s_cleaned.499of500.json.xz found above the working directory")
	limit := fs.Int("limit", 0, "score only the first N questions that count (0: all)")
	gran := fs.String("granularity", "session", "one episode per session or per turn")
	names := fs.String("systems", "bm25,cosine,hybrid,default", "systems to score, comma-separated")
	depth := fs.Int("depth", 0, "results per scope (default 10 for sessions, 50 for turns)")
	pool := fs.Uint64("buffer-pool-mib", 1024, "Kuzu buffer pool in MiB")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	g := lme.Granularity(*gran)
	if g != lme.Sessions && g != lme.Turns {
		fmt.Fprintf(stderr, "bench-lme: -granularity %q: want session or turn\n", *gran)
		return 2
	}
	if *depth == 0 {
		*depth = 10
		if g == lme.Turns {
			*depth = 50
		}
	}
	cat := catalogue(*depth)
	var systems []lme.System
	for _, n := range strings.Split(*names, ",") {
		req, ok := cat[n]
		if !ok {
			known := slices.Sorted(func(yield func(string) bool) {
				for k := range cat {
					if !yield(k) {
						return
					}
				}
			})
			fmt.Fprintf(stderr, "bench-lme: unknown system %q (known: %s)\n", n, strings.Join(known, ", "))
			return 2
		}
		systems = append(systems, lme.System{Name: n, Request: req})
	}
	path := *data
	if path == "" {
		var err error
		if path, err = lme.FindData("longmemeval_s_cleaned.499of500.json.xz"); err != nil {
			fmt.Fprintf(stderr, "bench-lme: %v; pass -data\n", err)
			return 1
		}
	}
	if err := bench(ctx, path, g, *limit, *pool, systems, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "bench-lme: %v\n", err)
		return 1
	}
	return 0
}

func bench(ctx context.Context, path string, g lme.Granularity, limit int, poolMiB uint64, systems []lme.System, stdout, stderr io.Writer) error {
	f, err := lme.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	dir, err := os.MkdirTemp("", "mnemo-bench-lme-")
	if err != nil {
		return fmt.Errorf("create database directory: %w", err)
	}
	defer os.RemoveAll(dir)
	emb := hashembed.New(0)
	st, err := kuzu.Open(ctx, kuzu.Options{Dir: dir, Dimension: emb.Dimension(), BufferPoolBytes: poolMiB << 20})
	if err != nil {
		return err
	}
	defer st.Close(context.Background())
	e, err := core.Open(ctx, core.Options{Store: st, Embedder: emb, Plugins: noPlugins{}, Now: time.Now})
	if err != nil {
		return err
	}
	defer e.Close(context.Background())
	start := time.Now()
	tally, stats, err := lme.Run(ctx, f, lme.Options{Engine: e, Ingest: lme.EpisodesOnly(emb), Systems: systems, Granularity: g, Limit: limit, Progress: stderr})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "LongMemEval retrieval, %s, one episode per %s, hashembed %d dimensions, no extraction\n", path[strings.LastIndex(path, "/")+1:], g, emb.Dimension())
	fmt.Fprintf(stdout, "command: go run ./internal/tools/bench-lme -granularity %s -limit %d -systems %s\n", g, limit, systemNames(systems))
	fmt.Fprintf(stdout, "%d questions read, %d scored, skipped %v; %d episodes; ingest %s, total %s on %d CPUs\n",
		stats.Read, stats.Scored, stats.Skipped, stats.Episodes, stats.Ingest.Round(time.Millisecond), time.Since(start).Round(time.Second), runtime.NumCPU())
	for _, s := range systems {
		fmt.Fprintf(stdout, "search %s: %s per question\n", s.Name, (stats.Search[s.Name] / time.Duration(max(stats.Scored, 1))).Round(time.Microsecond))
	}
	tally.Write(stdout)
	return nil
}

func systemNames(systems []lme.System) string {
	var out []string
	for _, s := range systems {
		out = append(out, s.Name)
	}
	return strings.Join(out, ",")
}

// noPlugins gives every group no plugin: episodes are stored without
// extraction and rerankers fall back to the built-in ones.
type noPlugins struct{}

func (noPlugins) For(context.Context, string) (core.Plugins, error) { return core.Plugins{}, nil }
