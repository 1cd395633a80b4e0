package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/host"
)

func runReembed(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("reembed", "", `Recompute every vector of the database with the configured embedder, then
switch the database to it. The database records the embedder that made its
vectors and refuses another; configure the new one, then run this. The new
vectors are kept beside the old ones, which stay in use, until all are made:
an interrupted run changes nothing the old embedder sees, and the next run
resumes where it stopped. The switch is one transaction.`)
	if ok, code := parse(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return g.usageError(fs, "unexpected arguments: %v", fs.Args())
	}
	cfg, err := g.load()
	if err != nil {
		return g.fail(err)
	}
	cfg.Plugins.Reload = -1
	if cfg.Log.Level == "info" {
		cfg.Log.Level = "warn"
	}
	h, err := host.Open(ctx, cfg, host.OpenOptions{Logger: host.NewLogger(cfg.Log, g.stderr), Getenv: g.getenvWith(), Reembed: true})
	if err != nil {
		return g.fail(err)
	}
	defer g.closeHost(h)
	tty := isTerminal(g.stderr)
	start, last := time.Now(), time.Time{}
	show := func(p engine.ReembedProgress) {
		if p.Total == 0 {
			return
		}
		if tty {
			const width = 30
			fill := width * p.Done / p.Total
			fmt.Fprintf(g.stderr, "\r\033[K[%s%s] %d/%d vectors", strings.Repeat("#", fill), strings.Repeat(".", width-fill), p.Done, p.Total)
			return
		}
		if p.Done == p.Total || time.Since(last) >= 5*time.Second {
			last = time.Now()
			fmt.Fprintf(g.stderr, "re-embedded %d/%d vectors\n", p.Done, p.Total)
		}
	}
	p, err := h.Engine.Reembed(ctx, show)
	if tty && p.Total > 0 {
		fmt.Fprintln(g.stderr)
	}
	if err != nil {
		return g.fail(fmt.Errorf("%w (%d of %d vectors staged; run mnemo reembed again to resume)", err, p.Done, p.Total))
	}
	fmt.Fprintf(g.stdout, "re-embedded %d vectors with %s in %s (%d staged by an earlier run); the database now uses it\n",
		p.Total, h.EmbedderID(), time.Since(start).Round(time.Millisecond), p.Resumed)
	return 0
}
