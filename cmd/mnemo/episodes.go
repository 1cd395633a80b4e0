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

func runEpisodes(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("episodes", "--group G [--status pending|done|failed] [--json] [--limit N]",
		`List a group's episodes by reference time, with their ingestion status.
--status keeps one status; --status failed lists the episodes whose extraction
failed, with their error and attempts ('mnemo retry' queues them again).`)
	var l listFlags
	l.register(fs, g.getenv)
	status := fs.String("status", "", "only episodes with this `STATUS`: pending, done or failed")
	if ok, code := parse(fs, args); !ok {
		return code
	}
	if err := requireGroup(l.group); err != nil {
		return g.fail(err)
	}
	st := core.EpisodeStatus(*status)
	if st != "" && !st.Valid() {
		return g.usageError(fs, "--status %q: want pending, done or failed", *status)
	}
	var out []wire.Episode
	err := g.hostOrServer(ctx, &l.server, func(h *host.Host) error {
		eps, err := collect(ctx, l.limit, core.ListOptions{Status: st}, func(ctx context.Context, o core.ListOptions) (core.Page[core.Episode], error) {
			return h.Engine.ListEpisodes(ctx, l.group, o)
		})
		out = make([]wire.Episode, len(eps))
		for i, e := range eps {
			out[i] = wire.EpisodeOf(e)
		}
		return err
	}, func(rc *remote) error {
		q := url.Values{}
		if st != "" {
			q.Set("status", string(st))
		}
		var err error
		out, err = collectRemote[wire.Episode](ctx, rc, l.limit, groupPath(l.group, "/episodes"), q, "episodes")
		return err
	})
	if err != nil {
		return g.fail(err)
	}
	if st != "" {
		code := printList(g, l.jsonOut, "episodes", "episode", "episodes", "UUID\tREFERENCE TIME\tSTATUS\tATTEMPTS\tERROR\tCONTENT", out, func(w io.Writer, e wire.Episode) {
			fmt.Fprintf(w, "%s\t%s\t%s\t%d\t%s\t%s\n", e.UUID, day(e.ReferenceTime), e.Status, e.Attempts, clip(e.Error, 60), clip(e.Content, 40))
		})
		if code == 0 && st == core.EpisodeFailed && len(out) > 0 && !l.jsonOut {
			fmt.Fprintf(g.stderr, "queue them again with: mnemo retry --group %s\n", l.group)
		}
		return code
	}
	return printList(g, l.jsonOut, "episodes", "episode", "episodes", "UUID\tREFERENCE TIME\tSTATUS\tCONTENT", out, func(w io.Writer, e wire.Episode) {
		status := e.Status
		if e.Error != "" {
			status += ": " + clip(e.Error, 40)
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", e.UUID, day(e.ReferenceTime), status, clip(e.Content, 70))
	})
}
