package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/community"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/wire"
)

func runCommunities(ctx context.Context, g *globals, args []string) int {
	if len(args) > 0 && args[0] == "build" {
		return runCommunitiesBuild(ctx, g, args[1:])
	}
	fs := g.flags("communities", "--group G [--json] [--limit N]  |  build --group G [--json]",
		`List a group's communities: clusters of related entities with a summary.
'mnemo communities build' finds them anew (see 'mnemo communities build -h').`)
	var l listFlags
	l.register(fs, g.getenv)
	if ok, code := parse(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return g.usageError(fs, "unexpected argument %q (did you mean 'mnemo communities build'?)", fs.Arg(0))
	}
	if err := requireGroup(l.group); err != nil {
		return g.fail(err)
	}
	var out []wire.Community
	err := g.hostOrServer(ctx, &l.server, func(h *host.Host) error {
		cs, err := collect(ctx, l.limit, core.ListOptions{}, func(ctx context.Context, o core.ListOptions) (core.Page[core.Community], error) {
			return h.Engine.ListCommunities(ctx, l.group, o)
		})
		out = make([]wire.Community, len(cs))
		for i, c := range cs {
			out[i] = wire.CommunityOf(c)
		}
		return err
	}, func(rc *remote) error {
		var err error
		out, err = collectRemote[wire.Community](ctx, rc, l.limit, groupPath(l.group, "/communities"), nil, "communities")
		return err
	})
	if err != nil {
		return g.fail(err)
	}
	return printList(g, l.jsonOut, "communities", "community", "communities", "UUID\tNAME\tMEMBERS\tSUMMARY", out, func(w io.Writer, c wire.Community) {
		fmt.Fprintf(w, "%s\t%s\t%d\t%s\n", c.UUID, c.Name, len(c.Members), clip(c.Summary, 70))
	})
}

// communityReport is a build's report as `mnemo communities build --json`
// prints it. Durations are in milliseconds.
type communityReport struct {
	Group         string                `json:"group"`
	Entities      int                   `json:"entities"`
	Pairs         int                   `json:"pairs"`
	Communities   int                   `json:"communities"`
	Members       int                   `json:"members"`
	Unassigned    int                   `json:"unassigned"`
	Iterations    int                   `json:"iterations"`
	Converged     bool                  `json:"converged"`
	Calls         int                   `json:"calls"`
	Fallbacks     int                   `json:"fallbacks"`
	Usage         wire.Usage            `json:"usage"`
	ByPrompt      map[string]wire.Usage `json:"by_prompt,omitempty"`
	DurationMS    float64               `json:"duration_ms"`
	ReadMS        float64               `json:"read_ms"`
	PropagationMS float64               `json:"propagation_ms"`
	SummariesMS   float64               `json:"summaries_ms"`
	WriteMS       float64               `json:"write_ms"`
}

// ms is d in milliseconds.
func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// short rounds d for reading: to the millisecond, or to the microsecond
// under one.
func short(d time.Duration) time.Duration {
	if d < time.Millisecond {
		return d.Round(time.Microsecond)
	}
	return d.Round(time.Millisecond)
}

// communityReportOf shows a build's report.
func communityReportOf(r community.Report) communityReport {
	out := communityReport{
		Group: r.Group, Entities: r.Entities, Pairs: r.Pairs,
		Communities: r.Communities, Members: r.Members, Unassigned: r.Unassigned,
		Iterations: r.Iterations, Converged: r.Converged, Calls: r.Calls, Fallbacks: r.Fallbacks,
		Usage: wire.UsageOf(r.Usage), DurationMS: ms(r.Duration), ReadMS: ms(r.Read),
		PropagationMS: ms(r.Propagation), SummariesMS: ms(r.Summaries), WriteMS: ms(r.Write),
	}
	if len(r.ByPrompt) > 0 {
		out.ByPrompt = map[string]wire.Usage{}
		for k, u := range r.ByPrompt {
			out.ByPrompt[k] = wire.UsageOf(u)
		}
	}
	return out
}

// communityReportFromWire reads back a build's report as a server sends
// it, its durations in whole milliseconds.
func communityReportFromWire(w wire.CommunityReport) community.Report {
	ms := func(n int64) time.Duration { return time.Duration(n) * time.Millisecond }
	r := community.Report{
		Group: w.GroupID, Entities: w.Entities, Pairs: w.Pairs, Communities: w.Communities, Members: w.Members,
		Unassigned: w.Unassigned, Iterations: w.Iterations, Converged: w.Converged, Calls: w.SummaryCalls, Fallbacks: w.Fallbacks,
		Usage:    core.Usage{Calls: w.Usage.Calls, PromptTokens: w.Usage.PromptTokens, CompletionTokens: w.Usage.CompletionTokens},
		Duration: ms(w.DurationMS), Read: ms(w.ReadMS), Propagation: ms(w.PropagationMS), Summaries: ms(w.SummariesMS), Write: ms(w.WriteMS),
	}
	for k, u := range w.ByPrompt {
		if r.ByPrompt == nil {
			r.ByPrompt = map[string]core.Usage{}
		}
		r.ByPrompt[k] = core.Usage{Calls: u.Calls, PromptTokens: u.PromptTokens, CompletionTokens: u.CompletionTokens}
	}
	return r
}

func runCommunitiesBuild(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("communities build", "--group G [--json]",
		`Find a group's communities anew: label propagation over its entities and
their current facts, then a summary, a name and an embedding for each
community. The new communities replace the group's previous ones in one
write; a community that overlaps a previous one keeps its uuid. Offline
(no LLM, no summarizer plugin) the summaries are written from the members'
facts and cost no calls. Prints what the build did.`)
	group := fs.String("group", "", "the `GROUP` whose communities to build")
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
	var r community.Report
	err := g.hostOrServer(ctx, &server, func(h *host.Host) error {
		var err error
		r, err = h.Engine.BuildCommunities(ctx, *group)
		return err
	}, func(rc *remote) error {
		var w wire.CommunityReport
		err := rc.Untimed().Do(ctx, "POST", groupPath(*group, "/communities/build"), nil, &w)
		r = communityReportFromWire(w)
		return err
	})
	if err != nil {
		return g.fail(fmt.Errorf("build communities of group %s: %w", *group, err))
	}
	if *jsonOut {
		if err := writeJSON(g.stdout, communityReportOf(r)); err != nil {
			return g.fail(err)
		}
		return 0
	}
	w := g.stdout
	fmt.Fprintf(w, "built %s in group %s in %s\n", plural(r.Communities, "community", "communities"), r.Group, short(r.Duration))
	fmt.Fprintf(w, "  graph:       %s, %s joined by current facts\n", plural(r.Entities, "entity", "entities"), plural(r.Pairs, "pair", "pairs"))
	fmt.Fprintf(w, "  members:     %d in communities, %d in none (isolated, or in a cluster too small)\n", r.Members, r.Unassigned)
	conv := "converged"
	if !r.Converged {
		conv = "stopped at the limit before converging"
	}
	fmt.Fprintf(w, "  propagation: %s, %s\n", plural(r.Iterations, "iteration", "iterations"), conv)
	fmt.Fprintf(w, "  time:        read %s, propagation %s, summaries %s, write %s\n",
		short(r.Read), short(r.Propagation), short(r.Summaries), short(r.Write))
	if r.Calls == 0 && r.Usage.Calls == 0 {
		fmt.Fprintln(w, "  LLM:         0 calls (offline summaries)")
	} else {
		fmt.Fprintf(w, "  LLM:         %s, %d prompt + %d completion tokens", plural(r.Calls, "summarizer call", "summarizer calls"), r.Usage.PromptTokens, r.Usage.CompletionTokens)
		if r.Fallbacks > 0 {
			fmt.Fprintf(w, "; %s summarized offline after failed calls", plural(r.Fallbacks, "community", "communities"))
		}
		fmt.Fprintln(w)
	}
	if r.Communities > 0 {
		fmt.Fprintf(w, "List them: mnemo communities --group %s\n", r.Group)
	}
	return 0
}
