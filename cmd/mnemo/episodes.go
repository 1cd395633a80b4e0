package main

import (
	"context"
	"fmt"
	"io"

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
	return printList(g, l.jsonOut, "episodes", "episode", "episodes", "UUID\tREFERENCE TIME\tSTATUS\tCONTENT", out, func(w io.Writer, e wire.Episode) {
		status := e.Status
		if e.Error != "" {
			status += ": " + clip(e.Error, 40)
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", e.UUID, day(e.ReferenceTime), status, clip(e.Content, 70))
	})
}
