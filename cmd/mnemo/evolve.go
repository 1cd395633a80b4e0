package main

import (
	"context"
	"fmt"
	"io"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/wire"
)

func runEvolve(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("evolve", "--group G [--dry-run] [--now TIME] [--json]  |  --group G --reports [--json]",
		`Score a group's entities and current facts (importance: recency, frequency
of use, feedback, centrality), archive those below the threshold unless
pinned, and restore archived ones that are pinned or important again.
Nothing is deleted: archived objects stay in the graph, out of default
search, listings and context; --include-archived on search, entities and
facts shows them. --dry-run prints what the run would do and changes
nothing; --now TIME (RFC 3339 or a date) runs as if it were then.
--reports prints the kept reports of past runs. See docs/evolve.md.`)
	group := fs.String("group", "", "the `GROUP` to evolve")
	dry := fs.Bool("dry-run", false, "print what the run would do; change nothing")
	now := fs.String("now", "", "run as if it were `TIME` (RFC 3339 or a date)")
	reports := fs.Bool("reports", false, "print the reports of past runs")
	all := fs.Bool("all", false, "list every re-scored object, not only the first 20")
	jsonOut := fs.Bool("json", false, "print JSON")
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
	in := wire.EvolveInput{DryRun: *dry, Now: *now}
	opts, err := in.Options()
	if err != nil {
		return g.fail(fmt.Errorf("--%w", err))
	}
	if *reports && (*dry || *now != "") {
		return g.usageError(fs, "--reports lists past runs; it takes no --dry-run or --now")
	}
	if *reports {
		var out wire.EvolveReports
		err := g.hostOrServer(ctx, &server, func(h *host.Host) error {
			reps, err := h.Engine.EvolveReports(ctx, *group)
			out.Reports = make([]wire.EvolveReport, len(reps))
			for i, r := range reps {
				out.Reports[i] = wire.EvolveReportOf(r)
			}
			return err
		}, func(rc *remote) error {
			return rc.Do(ctx, "GET", groupPath(*group, "/evolve/reports"), nil, &out)
		})
		if err != nil {
			return g.fail(err)
		}
		if *jsonOut {
			if err := writeJSON(g.stdout, out); err != nil {
				return g.fail(err)
			}
			return 0
		}
		if len(out.Reports) == 0 {
			fmt.Fprintf(g.stdout, "no evolution run kept for group %s (run: mnemo evolve --group %s)\n", *group, *group)
		}
		for _, r := range out.Reports {
			fmt.Fprintf(g.stdout, "%s  scored %d, archived %d, restored %d, re-scored %d; active %d entities, %d facts; archived %d entities, %d facts\n",
				r.Now.Format("2006-01-02 15:04:05Z07:00"), r.Scored, len(r.Archived), len(r.Restored), r.RescoredCount,
				r.Active.Entities, r.Active.Facts, r.ArchivedNow.Entities, r.ArchivedNow.Facts)
		}
		return 0
	}
	var out wire.EvolveReport
	err = g.hostOrServer(ctx, &server, func(h *host.Host) error {
		rep, err := h.Engine.Evolve(ctx, *group, opts)
		out = wire.EvolveReportOf(rep)
		return err
	}, func(rc *remote) error {
		return rc.Untimed().Do(ctx, "POST", groupPath(*group, "/evolve"), in, &out)
	})
	if err != nil {
		return g.fail(fmt.Errorf("evolve group %s: %w", *group, err))
	}
	if *jsonOut {
		if err := writeJSON(g.stdout, out); err != nil {
			return g.fail(err)
		}
		return 0
	}
	printEvolve(g.stdout, out, *all)
	return 0
}

// printEvolve prints a run's report for reading.
func printEvolve(w io.Writer, r wire.EvolveReport, all bool) {
	verb := map[bool]string{true: "would ", false: ""}[r.DryRun]
	when := r.Now.Format("2006-01-02 15:04:05Z07:00")
	if r.DryRun {
		fmt.Fprintf(w, "dry run of group %s as of %s: nothing changed\n", r.Group, when)
	} else {
		fmt.Fprintf(w, "evolved group %s as of %s in %.1f ms\n", r.Group, when, r.DurationMS)
	}
	fmt.Fprintf(w, "  scored:   %d entities and current facts\n", r.Scored)
	fmt.Fprintf(w, "  active:   %d entities, %d facts; archived: %d entities, %d facts\n",
		r.Active.Entities, r.Active.Facts, r.ArchivedNow.Entities, r.ArchivedNow.Facts)
	list := func(title string, items []wire.EvolveItem, max int) {
		fmt.Fprintf(w, "%s%s (%d)\n", verb, title, len(items))
		for i, it := range items {
			if max > 0 && i == max {
				fmt.Fprintf(w, "  … %d more (--all, or --json)\n", len(items)-max)
				break
			}
			prev := "new"
			if it.Previous != nil {
				prev = fmt.Sprintf("%.3f", *it.Previous)
			}
			pin := ""
			if it.Pinned {
				pin = " pinned"
			}
			fmt.Fprintf(w, "  %-8s %s  %.3f (was %s; recency %.2f, frequency %.2f, feedback %.2f, centrality %.2f)%s  %s\n",
				scopeWord(it.Scope), it.UUID, it.Importance, prev, it.Recency, it.Frequency, it.Feedback, it.Centrality, pin, clip(it.Name, 60))
		}
	}
	c := r.Consolidation
	fmt.Fprintf(w, "%smerge (%d entities, %d duplicate facts)\n", verb, len(c.Merges), len(c.FactMerges))
	for _, m := range c.Merges {
		fmt.Fprintf(w, "  entity   %s %q into %s %q (found by %s, decided by %s)\n", m.Merged.UUID, m.Merged.Name, m.Survivor.UUID, m.Survivor.Name, m.Found, m.Decided)
	}
	list("archive", r.Archived, 0)
	list("restore", r.Restored, 0)
	limit := 20
	if all {
		limit = 0
	}
	list("re-score", r.Rescored, limit)
}

func scopeWord(sc string) string {
	if sc == string(core.ScopeFacts) {
		return "fact"
	}
	return "entity"
}

func runFeedback(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("feedback", "--group G (--fact|--entity) UUID (--useful|--wrong|--pin|--unpin|--approve) [--reason TEXT] [--source-class C]",
		`Mark a fact or an entity useful, wrong or pinned, or approve a quarantined
fact. Feedback weighs into importance (mnemo evolve). --wrong on a fact
invalidates it: it is expired now, with --reason kept in its attributes
(invalid_reason) and visible with 'mnemo facts --history'; nothing is
deleted. A pinned object never decays or archives; --unpin undoes it.
--approve releases a fact held in quarantine ('mnemo facts --quarantined'):
the approver vouches for it as --source-class (default trust.default, or
the API key's class through --server), which must be at or above the
group's trust threshold (docs/trust.md).`)
	group := fs.String("group", "", "the `GROUP` of the object")
	fact := fs.String("fact", "", "the fact's `UUID`")
	entity := fs.String("entity", "", "the entity's `UUID`")
	useful := fs.Bool("useful", false, "mark it useful")
	wrong := fs.Bool("wrong", false, "mark it wrong (a fact is invalidated)")
	pin := fs.Bool("pin", false, "pin it: it never decays or archives")
	unpin := fs.Bool("unpin", false, "unpin it")
	approve := fs.Bool("approve", false, "release a quarantined fact")
	reason := fs.String("reason", "", "why, kept with a fact marked wrong")
	class := fs.String("source-class", "", "approve as source `CLASS` (trust.classes)")
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
	in := wire.FeedbackInput{Reason: *reason, SourceClass: *class}
	switch {
	case (*fact == "") == (*entity == ""):
		return g.usageError(fs, "name one object: --fact UUID or --entity UUID")
	case *fact != "":
		in.Scope, in.UUID = "fact", *fact
	default:
		in.Scope, in.UUID = "entity", *entity
	}
	var kinds []string
	for k, set := range map[string]bool{"useful": *useful, "wrong": *wrong, "pin": *pin, "unpin": *unpin, "approve": *approve} {
		if set {
			kinds = append(kinds, k)
		}
	}
	if len(kinds) != 1 {
		return g.usageError(fs, "give one of --useful, --wrong, --pin, --unpin, --approve")
	}
	in.Feedback = kinds[0]
	req, err := in.Request(*group)
	if err != nil {
		return g.fail(err)
	}
	req.Trust = in.SourceClass
	err = g.hostOrServer(ctx, &server, func(h *host.Host) error {
		return h.Engine.Feedback(ctx, req)
	}, func(rc *remote) error {
		return rc.Do(ctx, "POST", groupPath(*group, "/feedback"), in, nil)
	})
	if err != nil {
		return g.fail(err)
	}
	if in.Feedback == "approve" {
		fmt.Fprintf(g.stdout, "fact %s of group %s approved: out of quarantine\n", in.UUID, *group)
		return 0
	}
	fmt.Fprintf(g.stdout, "%s %s of group %s marked %s\n", in.Scope, in.UUID, *group, in.Feedback)
	return 0
}
