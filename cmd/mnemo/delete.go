package main

import (
	"context"
	"fmt"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host/wire"
)

func runDelete(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("delete", "--group G (--all | --episode UUID | --fact UUID)",
		`Delete a whole group, one episode (with the facts and entities nothing
else supports) or one fact. Facts that a deleted fact had superseded become
current again.`)
	group := fs.String("group", "", "the `GROUP`")
	all := fs.Bool("all", false, "delete everything the group holds")
	episode := fs.String("episode", "", "delete the episode `UUID`")
	fact := fs.String("fact", "", "delete the fact `UUID`")
	jsonOut := fs.Bool("json", false, "print what was removed as JSON")
	if ok, code := parse(fs, args); !ok {
		return code
	}
	n := 0
	for _, set := range []bool{*all, *episode != "", *fact != ""} {
		if set {
			n++
		}
	}
	if n != 1 {
		return g.usageError(fs, "give exactly one of --all, --episode UUID and --fact UUID")
	}
	if err := requireGroup(*group); err != nil {
		return g.fail(err)
	}
	h, err := g.open(ctx, readOnly, false)
	if err != nil {
		return g.fail(err)
	}
	defer g.closeHost(h)
	var d core.Deleted
	what := "group " + *group
	switch {
	case *all:
		d, err = h.Engine.DeleteGroup(ctx, *group)
	case *episode != "":
		what = "episode " + *episode
		d, err = h.Engine.DeleteEpisode(ctx, *group, *episode)
	default:
		what = "fact " + *fact
		d, err = h.Engine.DeleteFact(ctx, *group, *fact)
	}
	if err != nil {
		return g.fail(fmt.Errorf("delete %s in group %s: %w", what, *group, err))
	}
	if *jsonOut {
		if err := writeJSON(g.stdout, wire.DeletedOf(d)); err != nil {
			return g.fail(err)
		}
		return 0
	}
	fmt.Fprintf(g.stdout, "deleted %s: %s, %s, %s, %s removed; %s restored\n", what,
		plural(d.Episodes, "episode", "episodes"), plural(d.Entities, "entity", "entities"),
		plural(d.Facts, "fact", "facts"), plural(d.Communities, "community", "communities"),
		plural(d.Restored, "superseded fact", "superseded facts"))
	return 0
}
