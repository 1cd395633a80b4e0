package main

import (
	"context"
	"fmt"
	"io"
	"net/url"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/wire"
)

func runFacts(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("facts", "--group G [--history] [--include-archived] [--valid-at T] [--known-at T] [--json] [--limit N]",
		`List a group's facts. By default only the facts true now; --history adds
the ended and superseded ones with their validity ranges; --valid-at shows
what was true at an event time, --known-at what mnemo believed at a system
time (RFC 3339 or a date).`)
	var l listFlags
	l.register(fs, g.getenv)
	history := fs.Bool("history", false, "include ended and superseded facts")
	archived := fs.Bool("include-archived", false, "include the facts evolution archived")
	validAt := fs.String("valid-at", "", "facts true at `TIME`")
	knownAt := fs.String("known-at", "", "facts as mnemo knew them at `TIME`")
	relation := fs.String("relation", "", "only facts of this `RELATION` (e.g. LIVES_IN)")
	if ok, code := parse(fs, args); !ok {
		return code
	}
	if err := requireGroup(l.group); err != nil {
		return g.fail(err)
	}
	f, err := wire.TimeFilter{ValidAt: *validAt, KnownAt: *knownAt, IncludeHistory: *history, IncludeArchived: *archived}.Filter()
	if err != nil {
		return g.fail(err)
	}
	if *relation != "" {
		f.Relations = []string{*relation}
	}
	var out []wire.Fact
	err = g.hostOrServer(ctx, &l.server, func(h *host.Host) error {
		facts, err := collect(ctx, l.limit, core.ListOptions{Filter: f}, func(ctx context.Context, o core.ListOptions) (core.Page[core.Fact], error) {
			return h.Engine.ListFacts(ctx, l.group, o)
		})
		if err != nil {
			return err
		}
		out, err = h.ShowFacts(ctx, []string{l.group}, facts)
		return err
	}, func(rc *remote) error {
		q := url.Values{}
		for k, v := range map[string]string{"valid_at": *validAt, "known_at": *knownAt, "relation": *relation} {
			if v != "" {
				q.Set(k, v)
			}
		}
		if *history {
			q.Set("history", "true")
		}
		if *archived {
			q.Set("include_archived", "true")
		}
		var err error
		out, err = collectRemote[wire.Fact](ctx, rc, l.limit, groupPath(l.group, "/facts"), q, "facts")
		return err
	})
	if err != nil {
		return g.fail(err)
	}
	return printList(g, l.jsonOut, "facts", "fact", "facts", "UUID\tFACT\tRELATION\tVALID", out, func(w io.Writer, f wire.Fact) {
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", f.UUID, clip(f.Fact, 60), f.Relation, validity(f))
	})
}
