package main

import (
	"context"
	"fmt"

	"github.com/mnemohq/mnemo/host"
)

func runForget(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("forget", "--group G (--entity NAME|UUID | --episode UUID) [--server URL] [--json]",
		`Forget for real. --episode forgets an episode with the facts only it stated
and the entities only it mentioned. --entity forgets an entity (a person, say)
with every fact that has it as an end or names it and every episode that
mentions it or names it. The summaries of what remains and the group's
communities are rebuilt, and the database is rewritten before the command
returns, so that its files hold no byte of what was forgotten; mnemo serve
holds reads and writes meanwhile. An audit record without content is kept
('mnemo erasures --group G'). It cannot be undone, and backups taken before
still hold what was forgotten (docs/erasure.md). If mnemo serve has the
database open, the command is sent to it (or to --server).`)
	group := fs.String("group", "", "the `GROUP`")
	entity := fs.String("entity", "", "forget the entity with this `NAME or UUID`")
	episode := fs.String("episode", "", "forget the episode `UUID`")
	jsonOut := fs.Bool("json", false, "print the erasure's audit record as JSON")
	var server serverFlags
	server.register(fs, g.getenv)
	if ok, code := parse(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return g.usageError(fs, "unexpected arguments %q", fs.Args())
	}
	if (*entity == "") == (*episode == "") {
		return g.usageError(fs, "give exactly one of --entity NAME|UUID and --episode UUID")
	}
	if err := requireGroup(*group); err != nil {
		return g.fail(err)
	}
	var e host.Erasure
	err := g.hostOrServer(ctx, &server, func(h *host.Host) error {
		var err error
		if *episode != "" {
			e, err = h.ForgetEpisode(ctx, *group, *episode, host.EraseOptions{Key: "cli"})
		} else {
			e, err = h.ForgetEntity(ctx, *group, *entity, host.EraseOptions{Key: "cli"})
		}
		return err
	}, func(rc *remote) error {
		return rc.Untimed().Do(ctx, "POST", groupPath(*group, "/forget"), map[string]string{"episode": *episode, "entity": *entity}, &e)
	})
	if err != nil {
		what := "episode " + *episode
		if *entity != "" {
			what = "entity " + *entity
		}
		return g.fail(fmt.Errorf("forget %s in group %s: %w", what, *group, err))
	}
	if *jsonOut {
		if err := writeJSON(g.stdout, e); err != nil {
			return g.fail(err)
		}
		return 0
	}
	g.printErasure(e)
	return 0
}

func runErasures(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("erasures", "--group G [--server URL] [--json]",
		`List the audit records of what was forgotten in a group and of its
deletions, oldest first: what, when, by which key, how much; never content.`)
	group := fs.String("group", "", "the `GROUP`")
	jsonOut := fs.Bool("json", false, "print the records as JSON")
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
	var list struct {
		Erasures []host.Erasure `json:"erasures"`
	}
	err := g.hostOrServer(ctx, &server, func(h *host.Host) error {
		var err error
		list.Erasures, err = h.Erasures(ctx, *group)
		return err
	}, func(rc *remote) error {
		return rc.Do(ctx, "GET", groupPath(*group, "/erasures"), nil, &list)
	})
	if err != nil {
		return g.fail(fmt.Errorf("list the erasures of group %s: %w", *group, err))
	}
	if *jsonOut {
		if err := writeJSON(g.stdout, list); err != nil {
			return g.fail(err)
		}
		return 0
	}
	if len(list.Erasures) == 0 {
		fmt.Fprintf(g.stderr, "group %s has no erasures\n", *group)
	}
	for _, e := range list.Erasures {
		g.printErasure(e)
	}
	return 0
}

// printErasure prints one erasure record on a line.
func (g *globals) printErasure(e host.Erasure) {
	what := e.Kind + " " + e.UUID
	if e.Kind == "group" {
		what = "group " + e.Group
	}
	by := ""
	if e.Key != "" {
		by = " by " + e.Key
	}
	fmt.Fprintf(g.stdout, "%s forgot %s%s: %s, %s, %s, %s removed; %d summaries and %d communities rebuilt; database %s -> %s\n",
		e.At.Format("2006-01-02 15:04:05Z"), what, by,
		plural(e.Episodes, "episode", "episodes"), plural(e.Entities, "entity", "entities"),
		plural(e.Facts, "fact", "facts"), plural(e.Communities, "community", "communities"),
		e.Summaries, e.Rebuilt, bytesText(e.BytesBefore), bytesText(e.BytesAfter))
	for _, w := range e.Warnings {
		fmt.Fprintf(g.stderr, "mnemo: %s\n", w)
	}
}

// bytesText prints a size in MiB with one decimal.
func bytesText(n int64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }
