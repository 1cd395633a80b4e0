package main

import (
	"context"
	"fmt"
	"text/tabwriter"

	"mnemo/core"
	"mnemo/host/wire"
)

func runEpisodes(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("episodes", "--group G [--json] [--limit N]", "List a group's episodes by reference time, with their ingestion status.")
	var l listFlags
	l.register(fs)
	if ok, code := parse(fs, args); !ok {
		return code
	}
	if err := requireGroup(l.group); err != nil {
		return g.fail(err)
	}
	h, err := g.open(ctx, readOnly, false)
	if err != nil {
		return g.fail(err)
	}
	defer g.closeHost(h)
	eps, err := collect(ctx, l.limit, core.ListOptions{}, func(ctx context.Context, o core.ListOptions) (core.Page[core.Episode], error) {
		return h.Store.ListEpisodes(ctx, l.group, o)
	})
	if err != nil {
		return g.fail(err)
	}
	out := make([]wire.Episode, len(eps))
	for i, e := range eps {
		out[i] = wire.EpisodeOf(e)
	}
	if l.jsonOut {
		if err := writeJSON(g.stdout, map[string]any{"episodes": out}); err != nil {
			return g.fail(err)
		}
		return 0
	}
	tw := tabwriter.NewWriter(g.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "UUID\tREFERENCE TIME\tSTATUS\tCONTENT")
	for _, e := range out {
		status := e.Status
		if e.Error != "" {
			status += ": " + clip(e.Error, 40)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", e.UUID, day(e.ReferenceTime), status, clip(e.Content, 70))
	}
	tw.Flush()
	fmt.Fprintln(g.stderr, plural(len(out), "episode", "episodes"))
	return 0
}
