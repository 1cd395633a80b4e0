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
	fs := g.flags("facts", "--group G [--history] [--include-archived] [--quarantined|--include-quarantined] [--valid-at T] [--known-at T] [--json] [--limit N]",
		`List a group's facts. By default only the facts true now; --history adds
the ended and superseded ones with their validity ranges; --valid-at shows
what was true at an event time, --known-at what mnemo believed at a system
time (RFC 3339 or a date). Facts from sources below the trust threshold
are held in quarantine and left out: --quarantined lists only them, with
their source class and why; --include-quarantined adds them. Release one
with 'mnemo feedback --fact UUID --approve'; 'mnemo why UUID' explains a
fact (docs/trust.md).`)
	var l listFlags
	l.register(fs, g.getenv)
	history := fs.Bool("history", false, "include ended and superseded facts")
	archived := fs.Bool("include-archived", false, "include the facts evolution archived")
	validAt := fs.String("valid-at", "", "facts true at `TIME`")
	knownAt := fs.String("known-at", "", "facts as mnemo knew them at `TIME`")
	relation := fs.String("relation", "", "only facts of this `RELATION` (e.g. LIVES_IN)")
	quarantined := fs.Bool("quarantined", false, "only the facts held in quarantine")
	withQuarantined := fs.Bool("include-quarantined", false, "include the facts held in quarantine")
	if ok, code := parse(fs, args); !ok {
		return code
	}
	if *quarantined && *withQuarantined {
		return g.usageError(fs, "give --quarantined (only them) or --include-quarantined (them too), not both")
	}
	if err := requireGroup(l.group); err != nil {
		return g.fail(err)
	}
	f, err := wire.TimeFilter{ValidAt: *validAt, KnownAt: *knownAt, IncludeHistory: *history, IncludeArchived: *archived,
		IncludeQuarantined: *withQuarantined, Quarantined: *quarantined}.Filter()
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
		if *quarantined {
			q.Set("quarantined", "true")
		}
		if *withQuarantined {
			q.Set("include_quarantined", "true")
		}
		var err error
		out, err = collectRemote[wire.Fact](ctx, rc, l.limit, groupPath(l.group, "/facts"), q, "facts")
		return err
	})
	if err != nil {
		return g.fail(err)
	}
	if *quarantined || *withQuarantined {
		return printList(g, l.jsonOut, "facts", "fact", "facts", "UUID\tFACT\tRELATION\tVALID\tSOURCE\tQUARANTINE", out, func(w io.Writer, f wire.Fact) {
			q := "-"
			if f.QuarantinedAt != nil {
				q = "since " + f.QuarantinedAt.Format("2006-01-02 15:04") + ": " + f.Quarantine
			}
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\n", f.UUID, clip(f.Fact, 60), f.Relation, validity(f), f.SourceClass, q)
		})
	}
	return printList(g, l.jsonOut, "facts", "fact", "facts", "UUID\tFACT\tRELATION\tVALID", out, func(w io.Writer, f wire.Fact) {
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", f.UUID, clip(f.Fact, 60), f.Relation, validity(f))
	})
}
