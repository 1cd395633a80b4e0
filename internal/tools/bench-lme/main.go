// Command bench-lme scores mnemo's retrieval on LongMemEval_S: for each
// question it stores the question's haystack in a group of its own,
// searches with the question and scores session-level recall_any@k,
// recall_all@k and ndcg_any@k, overall and per question type, for each
// system asked for. `make bench-lme` runs it; LIMIT=N scores a subset.
//
//	go run ./internal/tools/bench-lme [-data FILE] [-limit N] [-granularity session|turn] [-systems a,b,...] [-extract [-evolve] [-split size|meaning] [-max-extract-kb N]]
//
// By default the haystack is stored as episodes without extraction
// (package lme's EpisodesOnly). With -extract it goes through a host on the
// default configuration instead, one session at a time on the session's
// date (lme.ThroughEngineDated): the offline rule extractor builds entities
// and facts, and facts map back to sessions through their episodes. With
// -evolve, each question is also scored after an evolution pass
// (Engine.Evolve) on the question's date, the systems' names suffixed
// "+evolve". With -split, sessions longer than the extractor's budget
// (-max-extract-kb, ingest.max_extract_kb) are cut by that strategy
// (ingest.split) instead of the default.
//
// The clock stands still at each session's date while it is ingested, so
// a failed extraction attempt would never come due for a retry: with
// -extract an episode is tried once (ingest.max_attempts = 1), and one
// that fails is counted and left out rather than stopping the run (the
// rule extractor runs out of memory on a few long sessions).
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/evolve"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host"
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
func catalogue(depth int) map[string]retrieval.Request {
	episodes := func(methods []string, edit func(*retrieval.ScopeConfig)) retrieval.Request {
		c := retrieval.ScopeConfig{Methods: methods, Reranker: retrieval.RerankRRF, Limit: depth}
		if edit != nil {
			edit(&c)
		}
		return retrieval.Request{Custom: &retrieval.Recipe{Scopes: map[core.Scope]retrieval.ScopeConfig{core.ScopeEpisodes: c}}}
	}
	hybrid := []string{retrieval.MethodCosine, retrieval.MethodBM25}
	return map[string]retrieval.Request{
		"bm25":          episodes([]string{retrieval.MethodBM25}, nil),
		"cosine":        episodes([]string{retrieval.MethodCosine}, nil),
		"hybrid":        episodes(hybrid, nil),
		"hybrid-k1":     episodes(hybrid, func(c *retrieval.ScopeConfig) { c.RRFK = 1 }),
		"hybrid-k10":    episodes(hybrid, func(c *retrieval.ScopeConfig) { c.RRFK = 10 }),
		"hybrid-bm25x2": episodes(hybrid, func(c *retrieval.ScopeConfig) { c.Weights = map[string]float64{retrieval.MethodBM25: 2} }),
		"hybrid-deep":   episodes(hybrid, func(c *retrieval.ScopeConfig) { c.Candidates = 5 * depth }),
		"mmr":           episodes(hybrid, func(c *retrieval.ScopeConfig) { c.Reranker, c.MMRLambda = retrieval.RerankMMR, 0.7 }),
		"linear":        episodes(hybrid, func(c *retrieval.ScopeConfig) { c.Reranker = retrieval.RerankLinear }),
		"linear-cos0.5": episodes(hybrid, func(c *retrieval.ScopeConfig) {
			c.Reranker, c.Weights = retrieval.RerankLinear, map[string]float64{retrieval.MethodCosine: 0.5}
		}),
		"linear-cos0.3": episodes(hybrid, func(c *retrieval.ScopeConfig) {
			c.Reranker, c.Weights = retrieval.RerankLinear, map[string]float64{retrieval.MethodCosine: 0.3}
		}),
		"linear-cos0.2": episodes(hybrid, func(c *retrieval.ScopeConfig) {
			c.Reranker, c.Weights = retrieval.RerankLinear, map[string]float64{retrieval.MethodCosine: 0.2}
		}),
		"linear-cos0.1": episodes(hybrid, func(c *retrieval.ScopeConfig) {
			c.Reranker, c.Weights = retrieval.RerankLinear, map[string]float64{retrieval.MethodCosine: 0.1}
		}),
		"hybrid-bm25x3": episodes(hybrid, func(c *retrieval.ScopeConfig) { c.Weights = map[string]float64{retrieval.MethodBM25: 3} }),
		"default":       {Recipe: "default", Limit: depth},
		// The default recipe without ranking by the period a question
		// names (retrieval.FeatureWhen).
		"default-nowhen": without(depth, retrieval.FeatureWhen),
		// The default recipe without searching again with the words of
		// the best hits (retrieval.FeatureExpansion).
		"default-noexpansion": without(depth, retrieval.FeatureExpansion),
		// The default recipe without ranking by first-person words
		// (retrieval.FeaturePersonal).
		"default-nopersonal": without(depth, retrieval.FeaturePersonal),
		// The default recipe as it was before both.
		"default-before": without(depth, retrieval.FeatureExpansion, retrieval.FeaturePersonal),
		// The default recipe with breadth-first search from the entities
		// of the best hits added to each scope's methods, at weight w
		// against BM25's 1: what lies one hop from the entities a
		// question names is found even when it shares no word with it.
		"default-bfs0.1": graph(depth, 0.1),
		"default-bfs0.3": graph(depth, 0.3),
		"default-bfs1":   graph(depth, 1),
		"hybrid_rrf":     {Recipe: "hybrid_rrf", Limit: depth},
		"bfs":            {Recipe: "bfs", Limit: depth},
	}
}

// without is the default recipe without the given rankings.
func without(depth int, rankings ...string) retrieval.Request {
	r := retrieval.BuiltinRecipes()["default"].Without(rankings...)
	return retrieval.Request{Custom: &r, Limit: depth}
}

// graph is the default recipe with BFS added to the facts and episodes
// scopes at weight w.
func graph(depth int, w float64) retrieval.Request {
	r := retrieval.BuiltinRecipes()["default"]
	for _, sc := range []core.Scope{core.ScopeFacts, core.ScopeEpisodes} {
		c := r.Scopes[sc]
		c.Methods = append(slices.Clone(c.Methods), retrieval.MethodBFS)
		c.Weights = maps.Clone(c.Weights)
		c.Weights[retrieval.MethodBFS] = w
		c.BFSDepth = 1
		r.Scopes[sc] = c
	}
	return retrieval.Request{Custom: &r, Limit: depth}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench-lme", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", "", "LongMemEval file (.json or .json.xz); default: shared/bench-data/longmemeval_s_cleaned.499of500.json.xz found above the working directory")
	limit := fs.Int("limit", 0, "score only the first N questions that count (0: all)")
	every := fs.Int("every", 1, "score one question in N of those that count, spread over the file (its questions are grouped by type)")
	gran := fs.String("granularity", "session", "one episode per session or per turn")
	names := fs.String("systems", "bm25,cosine,hybrid,default", "systems to score, comma-separated")
	depth := fs.Int("depth", 0, "results per scope (default 10 for sessions, 50 for turns)")
	pool := fs.Uint64("buffer-pool-mib", 1024, "Kuzu buffer pool in MiB")
	extract := fs.Bool("extract", false, "ingest through a host on the default configuration (offline rule extractor), session by session on each session's date")
	evolve := fs.Bool("evolve", false, "with -extract: also score each question after an evolution pass on its date")
	maxExtractKB := fs.Int("max-extract-kb", 0, "with -extract: the largest piece of an episode the extractor gets at once (ingest.max_extract_kb; default 12)")
	split := fs.String("split", "", "with -extract: where episodes longer than the extractor's budget are cut, size or meaning (ingest.split; default size)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *evolve && !*extract {
		fmt.Fprintln(stderr, "bench-lme: -evolve needs -extract: evolution scores entities and facts")
		return 2
	}
	if (*split != "" || *maxExtractKB != 0) && !*extract {
		fmt.Fprintln(stderr, "bench-lme: -split and -max-extract-kb need -extract: they cut episodes for the extractor")
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
	b := bench
	if *extract {
		b = func(ctx context.Context, path string, g lme.Granularity, limit, every int, poolMiB uint64, systems []lme.System, stdout, stderr io.Writer) error {
			return benchExtract(ctx, path, g, limit, every, poolMiB, *evolve, *split, *maxExtractKB, systems, stdout, stderr)
		}
	}
	if err := b(ctx, path, g, *limit, *every, *pool, systems, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "bench-lme: %v\n", err)
		return 1
	}
	return 0
}

func bench(ctx context.Context, path string, g lme.Granularity, limit, every int, poolMiB uint64, systems []lme.System, stdout, stderr io.Writer) error {
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
	clk := &clock{}
	clk.set(time.Now())
	e, err := engine.Open(ctx, engine.Options{Store: st, Embedder: emb, Plugins: noPlugins{}, Now: clk.Now})
	if err != nil {
		return err
	}
	defer e.Close(context.Background())
	start := time.Now()
	tally, stats, err := lme.Run(ctx, f, lme.Options{Engine: e, Ingest: lme.EpisodesOnly(emb), Systems: systems, Granularity: g, Limit: limit, Every: every, Progress: stderr, Asked: clk.set})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "LongMemEval retrieval, %s, one episode per %s, hashembed %d dimensions, no extraction\n", path[strings.LastIndex(path, "/")+1:], g, emb.Dimension())
	fmt.Fprintf(stdout, "command: go run ./internal/tools/bench-lme -granularity %s -limit %d -every %d -systems %s\n", g, limit, every, systemNames(systems))
	fmt.Fprintf(stdout, "%d questions read, %d scored, skipped %v; %d episodes; ingest %s, total %s on %d CPUs\n",
		stats.Read, stats.Scored, stats.Skipped, stats.Episodes, stats.Ingest.Round(time.Millisecond), time.Since(start).Round(time.Second), runtime.NumCPU())
	for _, s := range systems {
		fmt.Fprintf(stdout, "search %s: %s per question\n", s.Name, (stats.Search[s.Name] / time.Duration(max(stats.Scored, 1))).Round(time.Microsecond))
	}
	tally.Write(stdout)
	return nil
}

// benchExtract runs the benchmark through a host on the default
// configuration, its clock set to each session's date while ingesting.
func benchExtract(ctx context.Context, path string, g lme.Granularity, limit, every int, poolMiB uint64, withEvolve bool, split string, maxExtractKB int, systems []lme.System, stdout, stderr io.Writer) error {
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
	cfg, err := host.Load("", func(string) string { return "" })
	if err != nil {
		return err
	}
	cfg.DB, cfg.Store.BufferPoolMB, cfg.Log.Level = dir, int(poolMiB), "warn"
	cfg.Ingest.Split, cfg.Ingest.MaxExtractKB, cfg.Ingest.MaxAttempts = split, maxExtractKB, 1
	if err := cfg.Validate(); err != nil {
		return err
	}
	clk := &clock{}
	h, err := host.Open(ctx, cfg, host.OpenOptions{Now: clk.Now, Logger: host.NewLogger(cfg.Log, stderr)})
	if err != nil {
		return fmt.Errorf("open host: %w", err)
	}
	defer h.Close(context.Background())
	budget := cfg.Effective().Ingest.MaxExtractKB << 10
	var built built
	ingest := func(ctx context.Context, e *engine.Engine, hs lme.Haystack) error {
		return built.ingest(ctx, e, hs, clk.set, budget)
	}
	o := lme.Options{Engine: h.Engine, Ingest: ingest, Systems: systems, Granularity: g, Limit: limit, Every: every, Progress: stderr, Asked: clk.set}
	var archived, merged, scored int
	if withEvolve {
		o.Evolve = func(ctx context.Context, e *engine.Engine, group string, asked time.Time) error {
			clk.set(asked)
			rep, err := e.Evolve(ctx, group, evolve.Options{Now: asked})
			if err != nil {
				return err
			}
			archived += len(rep.Archived)
			merged += len(rep.Consolidation.Merges) + len(rep.Consolidation.FactMerges)
			scored += rep.Scored
			return nil
		}
	}
	start := time.Now()
	tally, stats, err := lme.Run(ctx, f, o)
	if err != nil {
		return err
	}
	evolveFlag := ""
	if withEvolve {
		evolveFlag = " -evolve"
	}
	fmt.Fprintf(stdout, "LongMemEval retrieval, %s, one episode per %s, through a host on the default configuration (offline rule extractor, %s)\n", path[strings.LastIndex(path, "/")+1:], g, cfg.Embedder.Provider)
	extraFlags := ""
	if split != "" {
		extraFlags = " -split " + split
	}
	if maxExtractKB != 0 {
		extraFlags += fmt.Sprintf(" -max-extract-kb %d", maxExtractKB)
	}
	fmt.Fprintf(stdout, "command: go run ./internal/tools/bench-lme -extract%s%s -granularity %s -limit %d -every %d -systems %s\n", evolveFlag, extraFlags, g, limit, every, systemNames(systems))
	fmt.Fprintf(stdout, "%d questions read, %d scored, skipped %v; %d episodes; ingest %s, total %s on %d CPUs\n",
		stats.Read, stats.Scored, stats.Skipped, stats.Episodes, stats.Ingest.Round(time.Millisecond), time.Since(start).Round(time.Second), runtime.NumCPU())
	eff := cfg.Effective()
	fmt.Fprintf(stdout, "extracted: %d entities, %d facts; %d episodes over the %d KiB budget, cut by %s; %d failed extraction %v\n",
		built.entities, built.facts, built.long, eff.Ingest.MaxExtractKB, eff.Ingest.Split, len(built.failed), built.failed)
	if withEvolve {
		fmt.Fprintf(stdout, "evolve on each question's date: %s per question; %d entities and facts scored, %d archived, %d merged\n",
			(stats.Evolve / time.Duration(max(stats.Scored, 1))).Round(time.Millisecond), scored, archived, merged)
	}
	for name, d := range stats.Search {
		fmt.Fprintf(stdout, "search %s: %s per question\n", name, (d / time.Duration(max(stats.Scored, 1))).Round(time.Microsecond))
	}
	tally.Write(stdout)
	return nil
}

// built counts what extraction built, question by question, before each
// question's group is deleted.
type built struct {
	entities, facts int
	// long counts the episodes longer than the extractor's budget.
	long int
	// failed are the episodes whose extraction failed.
	failed []string
}

// ingest ingests a haystack as lme.ThroughEngineDated does, one session at
// a time on its date, but counts an episode that fails instead of
// stopping.
func (b *built) ingest(ctx context.Context, e *engine.Engine, h lme.Haystack, set func(time.Time), budget int) error {
	err := lme.EachSession(h, func(eps []core.Episode) error {
		set(eps[0].ValidAt)
		res, err := e.Ingest(ctx, eps)
		if err != nil {
			return fmt.Errorf("ingest: %w", err)
		}
		ids := make([]string, len(res))
		for i, r := range res {
			ids[i] = r.UUID
		}
		reports, err := e.Wait(ctx, h.Group, ids...)
		if err != nil {
			return fmt.Errorf("wait for ingestion: %w", err)
		}
		for _, r := range reports {
			if r.Status != core.EpisodeDone {
				b.failed = append(b.failed, r.UUID)
			}
		}
		for _, ep := range eps {
			if len(ep.Content) > budget {
				b.long++
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	st, err := e.Stats(ctx, h.Group)
	if err != nil {
		return err
	}
	b.entities += st.Entities
	b.facts += st.Facts
	return nil
}

// clock is the time the host's engine reads: set by the benchmark, and
// running from there, so that the engine's retry delays pass.
type clock struct {
	mu    sync.Mutex
	t     time.Time
	since time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t.Add(time.Since(c.since))
}

func (c *clock) set(t time.Time) {
	c.mu.Lock()
	c.t, c.since = t, time.Now()
	c.mu.Unlock()
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
