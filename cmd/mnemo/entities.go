package main

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"strings"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/wire"
)

func runEntities(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("entities", "--group G [--json] [--limit N] [--label L] [--include-archived]", "List a group's entities in the order they were created.")
	var l listFlags
	l.register(fs, g.getenv)
	label := fs.String("label", "", "only entities with this `LABEL` (an ontology type)")
	archived := fs.Bool("include-archived", false, "include the entities evolution archived")
	if ok, code := parse(fs, args); !ok {
		return code
	}
	if err := requireGroup(l.group); err != nil {
		return g.fail(err)
	}
	opts := core.ListOptions{Filter: core.Filter{IncludeArchived: *archived}}
	if *label != "" {
		opts.Filter.Labels = []string{*label}
	}
	var out []wire.Entity
	err := g.hostOrServer(ctx, &l.server, func(h *host.Host) error {
		ents, err := collect(ctx, l.limit, opts, func(ctx context.Context, o core.ListOptions) (core.Page[core.Entity], error) {
			return h.Engine.ListEntities(ctx, l.group, o)
		})
		out = make([]wire.Entity, len(ents))
		for i, e := range ents {
			out[i] = wire.EntityOf(e)
		}
		return err
	}, func(rc *remote) error {
		q := url.Values{}
		if *label != "" {
			q.Set("label", *label)
		}
		if *archived {
			q.Set("include_archived", "true")
		}
		var err error
		out, err = collectRemote[wire.Entity](ctx, rc, l.limit, groupPath(l.group, "/entities"), q, "entities")
		return err
	})
	if err != nil {
		return g.fail(err)
	}
	return printList(g, l.jsonOut, "entities", "entity", "entities", "UUID\tNAME\tLABELS\tSUMMARY", out, func(w io.Writer, e wire.Entity) {
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", e.UUID, e.Name, strings.Join(e.Labels, ","), clip(e.Summary, 70))
	})
}
