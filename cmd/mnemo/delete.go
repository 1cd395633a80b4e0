package main

import (
	"context"
	"fmt"
	"net/url"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/wire"
)

func runDelete(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("delete", "--group G (--all | --episode UUID | --fact UUID) [--server URL]",
		`Delete a whole group, one episode (with the facts and entities nothing
else supports) or one fact. Facts that a deleted fact had superseded become
current again. Deleting a group erases it: the database is rewritten so that
its files hold none of the group's data, and an audit record is kept ('mnemo
erasures'). To forget an episode or a person that way, use 'mnemo forget'.`)
	group := fs.String("group", "", "the `GROUP`")
	all := fs.Bool("all", false, "delete everything the group holds")
	episode := fs.String("episode", "", "delete the episode `UUID`")
	fact := fs.String("fact", "", "delete the fact `UUID`")
	jsonOut := fs.Bool("json", false, "print what was removed as JSON")
	var server serverFlags
	server.register(fs, g.getenv)
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
	what, path := "group "+*group, groupPath(*group, "")
	switch {
	case *episode != "":
		what, path = "episode "+*episode, groupPath(*group, "/episodes/"+url.PathEscape(*episode))
	case *fact != "":
		what, path = "fact "+*fact, groupPath(*group, "/facts/"+url.PathEscape(*fact))
	}
	var d core.Deleted
	err := g.hostOrServer(ctx, &server, func(h *host.Host) error {
		var err error
		switch {
		case *all:
			var e host.Erasure
			e, err = h.EraseGroup(ctx, *group, host.EraseOptions{Key: "cli"})
			d = core.Deleted{Episodes: e.Episodes, Entities: e.Entities, Facts: e.Facts, Communities: e.Communities, Restored: e.Restored}
		case *episode != "":
			d, err = h.Engine.DeleteEpisode(ctx, *group, *episode)
		default:
			d, err = h.Engine.DeleteFact(ctx, *group, *fact)
		}
		return err
	}, func(rc *remote) error {
		var w wire.Deleted
		err := rc.Untimed().Do(ctx, "DELETE", path, nil, &w)
		d = core.Deleted{Episodes: w.Episodes, Entities: w.Entities, Facts: w.Facts, Communities: w.Communities, Restored: w.Restored}
		return err
	})
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
