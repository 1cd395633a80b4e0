package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/wire"
)

func runContext(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("context", "--group G [--budget TOKENS] [--recipe R] [--valid-at T] [--known-at T] [--format text|json] QUERY",
		`Print the context string for an agent's query: what a search finds, laid
out for a prompt (facts with the period each held, entities with their
summaries, episodes, communities), most relevant first and within a budget
of tokens. With --valid-at or --known-at, facts that no longer held at that
point are marked.`)
	var q queryFlags
	q.register(fs)
	budget := fs.Int("budget", 0, "the largest size of the context in `TOKENS` (default 2000)")
	format := fs.String("format", retrieval.FormatText, "the layout: text (tagged sections) or json")
	var server serverFlags
	server.register(fs, g.getenv)
	pos, ok, code := parseArgs(fs, args)
	if !ok {
		return code
	}
	query := strings.Join(pos, " ")
	if strings.TrimSpace(query) == "" {
		return g.usageError(fs, "want a QUERY")
	}
	req, err := q.request(false)
	if err != nil {
		return g.fail(err)
	}
	req.Query = query
	switch {
	case *budget < 0:
		return g.fail(fmt.Errorf("%w: --budget %d: want a positive number of tokens", core.ErrInvalid, *budget))
	case *format != retrieval.FormatText && *format != retrieval.FormatJSON:
		return g.fail(fmt.Errorf("%w: --format %q: want text or json", core.ErrInvalid, *format))
	}
	var s string
	err = g.hostOrServer(ctx, &server, func(h *host.Host) error {
		if err := checkRecipe(h, req.Recipe); err != nil {
			return err
		}
		var err error
		s, err = h.Engine.Context(ctx, retrieval.ContextRequest{Request: req, Budget: *budget, Format: *format})
		return err
	}, func(rc *remote) error {
		if err := checkRemoteRecipe(ctx, rc, q.recipe); err != nil {
			return err
		}
		in := struct {
			wire.SearchInput
			Budget int    `json:"budget,omitempty"`
			Format string `json:"format,omitempty"`
		}{wire.SearchInput{Query: query, Recipe: q.recipe, ValidAt: q.validAt, KnownAt: q.knownAt}, *budget, *format}
		var out struct {
			Context string `json:"context"`
		}
		err := rc.Do(ctx, "POST", groupPath(q.group, "/context"), in, &out)
		s = out.Context
		return err
	})
	if err != nil {
		return g.fail(fmt.Errorf("context: %w", err))
	}
	limit := *budget
	if limit == 0 {
		limit = 2000
	}
	if s == "" {
		fmt.Fprintf(g.stderr, "nothing found, or nothing fits in %d tokens\n", limit)
		return 0
	}
	fmt.Fprint(g.stdout, s)
	if !strings.HasSuffix(s, "\n") {
		fmt.Fprintln(g.stdout)
	}
	fmt.Fprintf(g.stderr, "about %d tokens of %d\n", retrieval.EstimateTokens(s), limit)
	return 0
}
