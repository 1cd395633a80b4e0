package main

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/wire"
)

func runWhy(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("why", "--group G [--json] FACT_UUID",
		`Say why mnemo believes a fact, or no longer does: its source class and
the group's trust threshold, the episodes that stated it (their class,
the extractor and rule or model, and the sentence that states it), and
the steps that changed it since (quarantined, corroborated, approved,
invalidated by another fact, ended, vetoed, marked wrong), each with its
time and the fact or episode involved (docs/trust.md).`)
	group := fs.String("group", "", "the `GROUP` of the fact")
	jsonOut := fs.Bool("json", false, "print JSON")
	var server serverFlags
	server.register(fs, g.getenv)
	if ok, code := parse(fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		return g.usageError(fs, "give the UUID of one fact (mnemo facts lists them)")
	}
	if err := requireGroup(*group); err != nil {
		return g.fail(err)
	}
	id := fs.Arg(0)
	var w wire.Why
	err := g.hostOrServer(ctx, &server, func(h *host.Host) error {
		var err error
		w, err = h.ShowWhy(ctx, *group, id)
		return err
	}, func(rc *remote) error {
		return rc.Do(ctx, "GET", groupPath(*group, "/facts/"+url.PathEscape(id)+"/why"), nil, &w)
	})
	if err != nil {
		return g.fail(fmt.Errorf("why fact %s of group %s: %w", id, *group, err))
	}
	if *jsonOut {
		if err := writeJSON(g.stdout, w); err != nil {
			return g.fail(err)
		}
		return 0
	}
	printWhy(g.stdout, w)
	return 0
}

// printWhy prints an explanation for reading.
func printWhy(w io.Writer, x wire.Why) {
	f := x.Fact
	fmt.Fprintf(w, "fact %s: %s\n", f.UUID, f.Fact)
	fmt.Fprintf(w, "  %s, %s\n", f.Relation, validity(f))
	state := "trusted"
	if x.Quarantine != "" {
		state = "quarantined: " + x.Quarantine
	}
	fmt.Fprintf(w, "  source class %s (level %d; the group's threshold is %d): %s\n", x.SourceClass, x.Level, x.Threshold, state)
	for _, s := range x.Steps {
		when := "-"
		if s.At != nil && !s.At.IsZero() {
			when = s.At.Format("2006-01-02 15:04:05Z07:00")
		}
		line := []string{s.Step}
		if s.SourceClass != "" {
			line = append(line, "by "+s.SourceClass)
		}
		if s.Episode != "" {
			ep := "episode " + s.Episode
			if s.EpisodeErased {
				ep += " (no longer in the group)"
			}
			line = append(line, ep)
		}
		if s.Extractor != "" {
			line = append(line, "extractor "+s.Extractor)
		}
		if s.Rule != "" {
			line = append(line, "rule "+s.Rule)
		}
		if s.Fact != "" {
			other := "fact " + s.Fact
			if s.FactText != "" {
				other += " " + strconv.Quote(s.FactText)
			}
			line = append(line, other)
		}
		fmt.Fprintf(w, "  %s  %s\n", when, strings.Join(line, ", "))
		if len(s.Span) == 2 {
			fmt.Fprintf(w, "      bytes %d-%d: %s\n", s.Span[0], s.Span[1], strconv.Quote(s.Sentence))
		}
		if s.Note != "" {
			fmt.Fprintf(w, "      %s\n", s.Note)
		}
	}
}
