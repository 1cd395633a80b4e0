package main

import (
	"context"
	"fmt"

	"github.com/mnemohq/mnemo/host"
)

func runMigrate(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("migrate", "--to FILE",
		`Copy every group of the store this configuration names (--config, --db,
--store, MNEMO_*) into the store the configuration file FILE names, read
from FILE alone, then compare what each group reads as on both sides:
episodes, entities, facts with their provenance, communities, links and
counts. Records (users and threads of the Zep-compatible API, evolution's
statistics and reports, erasures' audit records) are copied too, of every
group. From Kuzu to a Weaviate cluster and back:

  mnemo migrate --db mnemo-data --to weaviate.toml
  mnemo migrate --config weaviate.toml --to kuzu.toml

Stop every mnemo using either store first. Running it again is harmless:
every write is idempotent. A group without an episode is not copied.`)
	to := fs.String("to", "", "the target's configuration `FILE` (TOML, or JSON by extension)")
	if ok, code := parse(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return g.usageError(fs, "unexpected arguments %q", fs.Args())
	}
	if *to == "" {
		return g.usageError(fs, "--to is required")
	}
	from, err := g.load()
	if err != nil {
		return g.fail(err)
	}
	target, err := host.Load(*to, func(string) string { return "" })
	if err != nil {
		return g.fail(err)
	}
	rep, err := host.Migrate(ctx, from, target, g.logger())
	if err != nil {
		return g.fail(err)
	}
	fmt.Fprintf(g.stdout, "migrated %s from %s to %s: %s, %s, %s, %s, %s, %s; both read the same\n",
		plural(rep.Groups, "group", "groups"), from.Store.Backend, target.Store.Backend,
		plural(rep.Episodes, "episode", "episodes"), plural(rep.Entities, "entity", "entities"), plural(rep.Facts, "fact", "facts"),
		plural(rep.Communities, "community", "communities"), plural(rep.Mentions, "mention", "mentions"), plural(rep.Records, "record", "records"))
	return 0
}
