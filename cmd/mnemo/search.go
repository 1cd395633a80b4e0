package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/wire"
)

// queryFlags are the flags search and context share: which group, which
// recipe, and the point in time.
type queryFlags struct {
	group   string
	recipe  string
	validAt string
	knownAt string
}

func (q *queryFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&q.group, "group", "", "the `GROUP` to search")
	fs.StringVar(&q.recipe, "recipe", "", "the search `RECIPE` (default: the group's, else \"default\")")
	fs.StringVar(&q.validAt, "valid-at", "", "facts true at event `TIME` (RFC 3339 or a date)")
	fs.StringVar(&q.knownAt, "known-at", "", "facts as mnemo knew them at system `TIME`")
}

// request checks the shared flags and returns the request they describe.
func (q *queryFlags) request(includeInvalid bool) (retrieval.Request, error) {
	if err := requireGroup(q.group); err != nil {
		return retrieval.Request{}, err
	}
	f := core.Filter{IncludeInvalid: includeInvalid}
	var err error
	if f.ValidAt, err = wire.ParseOptionalTime(q.validAt); err != nil {
		return retrieval.Request{}, fmt.Errorf("--valid-at: %w", err)
	}
	if f.KnownAt, err = wire.ParseOptionalTime(q.knownAt); err != nil {
		return retrieval.Request{}, fmt.Errorf("--known-at: %w", err)
	}
	return retrieval.Request{Groups: []string{q.group}, Recipe: q.recipe, Filter: f}, nil
}

// checkRecipe fails with the known recipes' names when --recipe names none
// of them; configured recipes count, so it needs the open Host.
func checkRecipe(h *host.Host, name string) error {
	if name == "" {
		return nil
	}
	known := h.Engine.Recipes()
	if _, ok := known[name]; ok {
		return nil
	}
	return fmt.Errorf("%w: --recipe: unknown recipe %q (known: %s)", core.ErrInvalid, name,
		strings.Join(slices.Sorted(maps.Keys(known)), ", "))
}

// parseArgs parses flags that may come before, between or after the
// positional arguments ("mnemo search --group g where does Maya live
// --json"), and returns the positional ones. After "--" everything is
// positional.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, bool, int) {
	var pos []string
	for {
		if ok, code := parse(fs, args); !ok {
			return nil, false, code
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, true, 0
		}
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(pos, rest...), true, 0
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

func runSearch(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("search", "--group G [flags] QUERY  |  --group G --queries FILE|-",
		`Search a group's memory: facts (with when each held), entities, episodes
and communities, each scope ranked by the recipe's methods and reranker.
--valid-at asks what was true at an event time, --known-at what mnemo
believed at a system time.

With --queries, run a batch: a JSONL file (or '-', standard input) of
{"id", "query"} objects, optionally with "groups", "recipe" and "limit";
each line gets one JSON line out, {"id", "facts", "entities", "episodes",
"communities"} or {"id", "error"}, in the input's order.

With --server URL (or MNEMO_URL), the search runs on that mnemo serve, with
the key of --api-key (or MNEMO_API_KEY), and prints the same; the database
need not be on this machine. A batch then runs one query at a time, each
on one group.`)
	var q queryFlags
	q.register(fs)
	scopes := fs.String("scope", "", "search only these `SCOPES`, comma-separated: facts, entities, episodes, communities")
	limit := fs.Int("limit", 0, "at most `N` results per scope (default: the recipe's)")
	reranker := fs.String("reranker", "", "order every scope it applies to with `RERANKER`: "+strings.Join(retrieval.Rerankers(), ", "))
	plugin := fs.String("plugin", "", "order every scope with the group's rerank plugin `NAME` (mnemo plugins list); implies --reranker plugin")
	center := fs.String("center", "", "the entity `UUID` the node_distance reranker measures from")
	includeInvalid := fs.Bool("include-invalid", false, "include ended and superseded facts")
	includeArchived := fs.Bool("include-archived", false, "include the entities and facts evolution archived")
	jsonOut := fs.Bool("json", false, "print JSON")
	queries := fs.String("queries", "", "run the queries of a JSONL `FILE` ('-': standard input)")
	var server serverFlags
	server.register(fs, g.getenv)
	pos, ok, code := parseArgs(fs, args)
	if !ok {
		return code
	}
	query := strings.Join(pos, " ")
	switch {
	case *queries != "" && query != "":
		return g.usageError(fs, "give a QUERY or --queries, not both")
	case *queries == "" && strings.TrimSpace(query) == "":
		return g.usageError(fs, "want a QUERY (or --queries FILE)")
	}
	req, err := q.request(*includeInvalid)
	if err != nil {
		return g.fail(err)
	}
	req.Query, req.Center, req.Limit = query, *center, *limit
	req.Filter.IncludeArchived = *includeArchived
	if req.Scopes, err = wire.ParseScopes(*scopes); err != nil {
		return g.fail(fmt.Errorf("--scope: %w", err))
	}
	if *reranker != "" && !slices.Contains(retrieval.Rerankers(), *reranker) {
		return g.fail(fmt.Errorf("%w: --reranker: unknown reranker %q (known: %s)", core.ErrInvalid, *reranker, strings.Join(retrieval.Rerankers(), ", ")))
	}
	req.Reranker, req.Plugin = *reranker, *plugin
	if *center == "" && (*reranker == retrieval.RerankNodeDistance || *reranker == "" && req.Recipe == "node_distance") {
		return g.fail(fmt.Errorf("%w: the node_distance reranker needs --center UUID, the entity it measures from", core.ErrInvalid))
	}
	if *limit < 0 || *limit > 1000 {
		return g.fail(fmt.Errorf("%w: --limit %d: want 1 to 1000", core.ErrInvalid, *limit))
	}
	in := g.stdin
	if *queries != "" && *queries != "-" {
		f, err := os.Open(*queries)
		if err != nil {
			return g.fail(fmt.Errorf("open queries: %w", err))
		}
		defer f.Close()
		in = f
	}
	h, rc, err := g.openOrServer(ctx, &server, readOnly)
	if err != nil {
		return g.fail(err)
	}
	if rc != nil {
		if err := checkRemoteRecipe(ctx, rc, req.Recipe); err != nil {
			return g.fail(err)
		}
		input := wire.SearchInput{Query: query, Scopes: strings.FieldsFunc(*scopes, func(r rune) bool { return r == ',' || r == ' ' }),
			Limit: *limit, Recipe: q.recipe, Reranker: *reranker, Plugin: *plugin, Center: *center, ValidAt: q.validAt, KnownAt: q.knownAt,
			IncludeHistory: *includeInvalid, IncludeArchived: *includeArchived}
		if *queries != "" {
			return searchBatchRemote(ctx, g, rc, in, req, input)
		}
		in := input
		start := time.Now()
		var out wire.SearchResults
		if err := rc.Do(ctx, "POST", groupPath(q.group, "/search"), in, &out); err != nil {
			return g.fail(fmt.Errorf("search: %w", err))
		}
		return g.printSearch(out, *jsonOut, fmt.Sprintf("through %s, %s", rc.Base(), time.Since(start).Round(100*time.Microsecond)))
	}
	defer g.closeHost(h)
	if err := checkRecipe(h, req.Recipe); err != nil {
		return g.fail(err)
	}
	if *queries != "" {
		return searchBatch(ctx, g, h, in, req)
	}
	res, err := h.Engine.Search(ctx, req)
	if err != nil {
		return g.fail(fmt.Errorf("search: %w", err))
	}
	return g.printSearch(wire.SearchResultsOf(res), *jsonOut, fmt.Sprintf("recipe %s, %s", res.Recipe, res.Timing.Total.Round(100*time.Microsecond)))
}

// printSearch prints search results, the same whether the search ran here
// or through a server, and a summary line on stderr ending with note.
func (g *globals) printSearch(out wire.SearchResults, jsonOut bool, note string) int {
	for _, w := range out.Warnings {
		fmt.Fprintf(g.stderr, "mnemo: warning: %s\n", w)
	}
	if jsonOut {
		if err := writeJSON(g.stdout, out); err != nil {
			return g.fail(err)
		}
	} else if err := printResults(g.stdout, out); err != nil {
		return g.fail(err)
	}
	fmt.Fprintf(g.stderr, "%s, %s, %s, %s (%s)\n",
		plural(len(out.Facts), "fact", "facts"), plural(len(out.Entities), "entity", "entities"),
		plural(len(out.Episodes), "episode", "episodes"), plural(len(out.Communities), "community", "communities"), note)
	return 0
}

// batchLine is one line of a batch's output: the query's id and either its
// results or its error.
type batchLine struct {
	ID string `json:"id"`
	*wire.SearchResults
	Error string `json:"error,omitempty"`
}

// searchBatch runs the queries of in, base giving what their lines leave
// out, and prints one JSON line per query. It returns 1 when a query
// failed, after every query has its line.
func searchBatch(ctx context.Context, g *globals, h *host.Host, in io.Reader, base retrieval.Request) int {
	out := newBatchOutput(g)
	for r := range h.Engine.SearchBatch(ctx, retrieval.ReadQueries(in, base)) {
		var res *wire.SearchResults
		if r.Err == nil {
			x := wire.SearchResultsOf(r.Results)
			res = &x
		}
		if err := out.line(r.ID, res, r.Err); err != nil {
			return g.fail(err)
		}
	}
	return out.end(ctx)
}

// searchBatchRemote is searchBatch through a server: each query of in is
// base with its line's query, recipe and limit, sent to the search route
// of its one group (base's, or the line's groups, which must then name
// one).
func searchBatchRemote(ctx context.Context, g *globals, rc *remote, in io.Reader, req retrieval.Request, base wire.SearchInput) int {
	out := newBatchOutput(g)
	for q := range retrieval.ReadQueries(in, req) {
		if ctx.Err() != nil {
			break
		}
		var res *wire.SearchResults
		err := q.Err
		if err == nil && len(q.Request.Groups) != 1 {
			err = fmt.Errorf("%w: groups %v: through --server a query searches one group", core.ErrInvalid, q.Request.Groups)
		}
		if err == nil {
			in := base
			in.Query, in.Recipe, in.Limit = q.Request.Query, q.Request.Recipe, q.Request.Limit
			var r wire.SearchResults
			if err = rc.Do(ctx, "POST", groupPath(q.Request.Groups[0], "/search"), in, &r); err == nil {
				res = &r
			}
		}
		if err := out.line(q.ID, res, err); err != nil {
			return g.fail(err)
		}
	}
	return out.end(ctx)
}

// batchOutput writes a batch's lines, one JSON line per query, and counts
// them.
type batchOutput struct {
	g         *globals
	enc       *json.Encoder
	n, failed int
}

func newBatchOutput(g *globals) *batchOutput {
	enc := json.NewEncoder(g.stdout)
	enc.SetEscapeHTML(false)
	return &batchOutput{g: g, enc: enc}
}

// line writes the line of query id: its results, or err.
func (b *batchOutput) line(id string, res *wire.SearchResults, err error) error {
	b.n++
	l := batchLine{ID: id, SearchResults: res}
	if err != nil {
		b.failed++
		l.Error, l.SearchResults = cleanErr(err), nil
	}
	if err := b.enc.Encode(l); err != nil {
		return fmt.Errorf("write results: %w", err)
	}
	return nil
}

// end prints the summary and returns the exit code: 1 when a query
// failed, after every query has its line.
func (b *batchOutput) end(ctx context.Context) int {
	if err := ctx.Err(); err != nil {
		return b.g.fail(fmt.Errorf("search batch: %w", err))
	}
	fmt.Fprintf(b.g.stderr, "%s, %d failed\n", plural(b.n, "query", "queries"), b.failed)
	if b.failed > 0 {
		return 1
	}
	return 0
}

// printResults writes search results as a listing, one section per scope
// that found something.
func printResults(w io.Writer, r wire.SearchResults) error {
	if len(r.Facts)+len(r.Entities)+len(r.Episodes)+len(r.Communities) == 0 {
		_, err := fmt.Fprintln(w, "nothing found")
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	section := func(title string, n int, header string) {
		if n > 0 {
			fmt.Fprintf(tw, "%s (%d)\n  #\t%s\tSCORE\n", title, n, header)
		}
	}
	// Sections end with an empty line that has no cells, so that each one
	// aligns its own columns.
	section("Facts", len(r.Facts), "FACT\tVALID")
	for i, f := range r.Facts {
		fmt.Fprintf(tw, "  %d\t%s\t%s\t%s\n", i+1, clip(f.Fact, 70), validity(f), scoreText(f.Score))
	}
	end := func(n int) {
		if n > 0 {
			fmt.Fprintln(tw)
		}
	}
	end(len(r.Facts))
	section("Entities", len(r.Entities), "NAME\tSUMMARY")
	for i, e := range r.Entities {
		name := e.Name
		if len(e.Labels) > 0 {
			name += " (" + strings.Join(e.Labels, ", ") + ")"
		}
		fmt.Fprintf(tw, "  %d\t%s\t%s\t%s\n", i+1, name, clip(e.Summary, 70), scoreText(e.Score))
	}
	end(len(r.Entities))
	section("Episodes", len(r.Episodes), "TIME\tCONTENT")
	for i, e := range r.Episodes {
		fmt.Fprintf(tw, "  %d\t%s\t%s\t%s\n", i+1, day(e.ReferenceTime), clip(e.Content, 70), scoreText(e.Score))
	}
	end(len(r.Episodes))
	section("Communities", len(r.Communities), "NAME\tSUMMARY")
	for i, c := range r.Communities {
		fmt.Fprintf(tw, "  %d\t%s\t%s\t%s\n", i+1, c.Name, clip(c.Summary, 70), scoreText(c.Score))
	}
	return tw.Flush()
}

// scoreText formats a result's score in the reranker's units.
func scoreText(s *float64) string {
	if s == nil {
		return ""
	}
	return fmt.Sprintf("%.4g", *s)
}
