package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/host/client"
	"github.com/mnemohq/mnemo/host/wire"
)

func runRetry(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("retry", "--group G [--episode UUID]... [--wait=false] [--json]",
		`Queue failed episodes again: every failed episode of the group, or the ones
named with --episode. Each goes back to pending with its attempts reset; its
last error is kept until it is processed again. Without --wait=false, mnemo
processes them and prints what became of each. 'mnemo episodes --group G
--status failed' lists the failed episodes.`)
	group := fs.String("group", "", "the `GROUP`")
	var uuids uuidList
	fs.Var(&uuids, "episode", "retry only the episode `UUID` (may be repeated)")
	wait := fs.Bool("wait", true, "wait for extraction and print the outcome")
	jsonOut := fs.Bool("json", false, "print the episodes' reports as JSON")
	var server serverFlags
	server.register(fs, g.getenv)
	if ok, code := parse(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return g.usageError(fs, "unexpected arguments %q", fs.Args())
	}
	if err := requireGroup(*group); err != nil {
		return g.fail(err)
	}
	mode := readOnly
	if *wait {
		mode = withWorkers
	}
	h, rc, err := g.openOrServer(ctx, &server, mode)
	if err != nil {
		return g.fail(err)
	}
	var q retryQueue
	if rc != nil {
		q = client.Ingester{C: rc}
	} else {
		defer g.closeHost(h)
		q = h.Engine
	}
	reps, err := q.Retry(ctx, *group, uuids...)
	if err != nil {
		return g.fail(fmt.Errorf("retry episodes of group %s: %w", *group, err))
	}
	if len(reps) == 0 {
		fmt.Fprintf(g.stderr, "group %s has no failed episodes\n", *group)
	} else {
		fmt.Fprintf(g.stderr, "queued %s again\n", plural(len(reps), "episode", "episodes"))
	}
	if *wait && len(reps) > 0 {
		ids := make([]string, len(reps))
		for i, r := range reps {
			ids[i] = r.UUID
		}
		if reps, err = q.Wait(ctx, *group, ids...); err != nil {
			fmt.Fprintf(g.stderr, "mnemo: %s: the episodes stay queued in the database and resume when mnemo opens it again\n", cleanErr(err))
			return 1
		}
	}
	failed := 0
	for _, r := range reps {
		if r.Status == core.EpisodeFailed {
			failed++
		}
	}
	if *jsonOut {
		out := make([]wire.Report, len(reps))
		for i, r := range reps {
			out[i] = wire.ReportOf(r)
		}
		if err := writeJSON(g.stdout, map[string]any{"episodes": out}); err != nil {
			return g.fail(err)
		}
	} else if *wait && len(reps) > 0 {
		for _, r := range reps {
			if r.Status == core.EpisodeFailed {
				fmt.Fprintf(g.stdout, "episode %s failed again: %s\n", r.UUID, clip(r.Error, 200))
			}
		}
		fmt.Fprintf(g.stdout, "retried %s: %d done, %d failed\n", plural(len(reps), "episode", "episodes"), len(reps)-failed, failed)
	}
	if failed > 0 {
		return 1
	}
	return 0
}

// retryQueue queues failed episodes again and waits for them: the engine,
// or a server (client.Ingester).
type retryQueue interface {
	Retry(ctx context.Context, group string, uuids ...string) ([]engine.EpisodeReport, error)
	Wait(ctx context.Context, group string, uuids ...string) ([]engine.EpisodeReport, error)
}

// uuidList is a repeatable flag of uuids.
type uuidList []string

func (l *uuidList) String() string { return strings.Join(*l, ",") }

func (l *uuidList) Set(s string) error {
	if err := core.ValidateUUID(s); err != nil {
		return err
	}
	*l = append(*l, s)
	return nil
}
