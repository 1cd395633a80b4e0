package main

import (
	"context"
	"fmt"
	"net/url"
	"strconv"

	"github.com/mnemohq/mnemo/engine/evolve"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/wire"
)

func runConsolidate(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("consolidate", "--group G [--dry-run] [--json]",
		`Find the duplicate entities of a group that resolution missed (by name,
by name vector and by shared neighbours), decide through the group's
resolver plugin, and merge them: the entity merged away is kept and
hidden, its facts are copied onto the survivor with their times, its
name becomes an alias. Then duplicate facts between the same entities
collapse into one with every provenance. Prints each merge; 'mnemo
unmerge' undoes one.
Ingestion of the group waits while it runs.`)
	group := fs.String("group", "", "the `GROUP` to consolidate")
	dry := fs.Bool("dry-run", false, "print what would be merged and write nothing")
	jsonOut := fs.Bool("json", false, "print the report as JSON")
	var server serverFlags
	server.register(fs, g.getenv)
	if ok, code := parse(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return g.usageError(fs, "unexpected argument %q", fs.Arg(0))
	}
	if err := requireGroup(*group); err != nil {
		return g.fail(err)
	}
	var r wire.ConsolidateReport
	err := g.hostOrServer(ctx, &server, func(h *host.Host) error {
		rep, err := h.Engine.Consolidate(ctx, *group, evolve.ConsolidateOptions{DryRun: *dry})
		r = wire.ConsolidateReportOf(rep)
		return err
	}, func(rc *remote) error {
		return rc.Untimed().Do(ctx, "POST", groupPath(*group, "/consolidate?dry_run="+strconv.FormatBool(*dry)), nil, &r)
	})
	if err != nil {
		return g.fail(fmt.Errorf("consolidate group %s: %w", *group, err))
	}
	if *jsonOut {
		if err := writeJSON(g.stdout, r); err != nil {
			return g.fail(err)
		}
		return 0
	}
	w := g.stdout
	verb := "merged"
	if r.DryRun {
		verb = "would merge"
	}
	fmt.Fprintf(w, "%s %s in group %s (%s examined, %s, %s asked to the resolver)\n", verb,
		plural(len(r.Merges), "entity", "entities"), r.Group, plural(r.Entities, "entity", "entities"),
		plural(r.Pairs, "candidate pair", "candidate pairs"), plural(r.Asked, "entity", "entities"))
	for _, m := range r.Merges {
		fmt.Fprintf(w, "  %s %q into %s %q (found by %s, decided by %s): %s, %d collapsed\n",
			m.Merged.UUID, m.Merged.Name, m.Survivor.UUID, m.Survivor.Name, m.Found, m.Decided,
			plural(m.Facts, "fact", "facts"), m.Collapsed)
	}
	if n := len(r.FactMerges); n > 0 || r.DryRun {
		fmt.Fprintf(w, "%s %s of duplicate facts into one\n", verb, plural(n, "set", "sets"))
	}
	for _, m := range r.FactMerges {
		fmt.Fprintf(w, "  %d facts %q into %s (decided by %s)\n", len(m.Merged), m.Merged[0].Fact, m.Made, m.Decided)
	}
	if len(r.Merges)+len(r.FactMerges) > 0 && !r.DryRun {
		fmt.Fprintf(w, "Undo one: mnemo unmerge --group %s UUID (the entity merged away, or the fact made)\n", r.Group)
	}
	return 0
}

func runUnmerge(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("unmerge", "--group G [--dry-run] [--json] UUID",
		`Undo a merge made by 'mnemo consolidate', named by the entity merged away
(or, for duplicate facts, by the fact the merge made): the entity and the
facts the merge had moved are shown again as they were, the facts the
merge made are deleted, and the survivor loses the aliases the merge gave
it. Refused when what the merge made changed since.`)
	group := fs.String("group", "", "the `GROUP`")
	dry := fs.Bool("dry-run", false, "print what would be undone and write nothing")
	jsonOut := fs.Bool("json", false, "print the report as JSON")
	var server serverFlags
	server.register(fs, g.getenv)
	if ok, code := parse(fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		return g.usageError(fs, "give the UUID of one merged entity, or of a fact a merge made")
	}
	if err := requireGroup(*group); err != nil {
		return g.fail(err)
	}
	id := fs.Arg(0)
	var r wire.UnmergeReport
	err := g.hostOrServer(ctx, &server, func(h *host.Host) error {
		rep, err := h.Engine.Unmerge(ctx, *group, id, evolve.UnmergeOptions{DryRun: *dry})
		r = wire.UnmergeReportOf(rep)
		return err
	}, func(rc *remote) error {
		// The entity's route and the fact's run the same unmerge, which
		// tells the two kinds of uuid apart.
		return rc.Untimed().Do(ctx, "POST", groupPath(*group, "/entities/"+url.PathEscape(id)+"/unmerge?dry_run="+strconv.FormatBool(*dry)), nil, &r)
	})
	if err != nil {
		return g.fail(fmt.Errorf("unmerge %s in group %s: %w", id, *group, err))
	}
	if *jsonOut {
		if err := writeJSON(g.stdout, r); err != nil {
			return g.fail(err)
		}
		return 0
	}
	verb := "unmerged"
	if r.DryRun {
		verb = "would unmerge"
	}
	what := "facts"
	if r.Entity.UUID != "" {
		what = fmt.Sprintf("%s %q from %s %q", r.Entity.UUID, r.Entity.Name, r.Survivor.UUID, r.Survivor.Name)
	}
	fmt.Fprintf(g.stdout, "%s %s: %s restored, %s the merge made deleted\n", verb, what,
		plural(len(r.Restored), "fact", "facts"), plural(len(r.Deleted), "fact", "facts"))
	return 0
}
