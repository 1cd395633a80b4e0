package main

import (
	"context"
	"fmt"
	"text/tabwriter"

	"mnemo/core"
	"mnemo/host/wire"
)

func runCommunities(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("communities", "--group G [--json] [--limit N]", "List a group's communities: clusters of related entities with a summary.")
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
	cs, err := collect(ctx, l.limit, core.ListOptions{}, func(ctx context.Context, o core.ListOptions) (core.Page[core.Community], error) {
		return h.Store.ListCommunities(ctx, l.group, o)
	})
	if err != nil {
		return g.fail(err)
	}
	out := make([]wire.Community, len(cs))
	for i, c := range cs {
		out[i] = wire.CommunityOf(c)
	}
	if l.jsonOut {
		if err := writeJSON(g.stdout, map[string]any{"communities": out}); err != nil {
			return g.fail(err)
		}
		return 0
	}
	tw := tabwriter.NewWriter(g.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "UUID\tNAME\tMEMBERS\tSUMMARY")
	for _, c := range out {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\n", c.UUID, c.Name, len(c.Members), clip(c.Summary, 70))
	}
	tw.Flush()
	fmt.Fprintln(g.stderr, plural(len(out), "community", "communities"))
	return 0
}
