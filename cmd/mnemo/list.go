package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/mnemohq/mnemo/core"
)

// listFlags are the flags of the listing commands.
type listFlags struct {
	group   string
	jsonOut bool
	limit   int
}

func (l *listFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&l.group, "group", "", "the `GROUP` to list")
	fs.BoolVar(&l.jsonOut, "json", false, "print JSON")
	fs.IntVar(&l.limit, "limit", 0, "show at most `N` (default: all)")
}

// collect pages through a listing until limit items (0: all).
func collect[T any](ctx context.Context, limit int, opts core.ListOptions, list func(context.Context, core.ListOptions) (core.Page[T], error)) ([]T, error) {
	var out []T
	opts.Limit = 1000
	for {
		if limit > 0 {
			opts.Limit = min(1000, limit-len(out))
		}
		page, err := list(ctx, opts)
		if err != nil {
			return nil, err
		}
		out = append(out, page.Items...)
		if page.Next == "" || limit > 0 && len(out) >= limit {
			return out, nil
		}
		opts.Cursor = page.Next
	}
}

// printList prints a listing: {"key": items} with --json, else a table of
// header and one row per item (row writes it, tab-separated), and the count
// on stderr.
func printList[W any](g *globals, jsonOut bool, key, one, many, header string, items []W, row func(io.Writer, W)) int {
	if jsonOut {
		if err := writeJSON(g.stdout, map[string]any{key: items}); err != nil {
			return g.fail(err)
		}
		return 0
	}
	tw := tabwriter.NewWriter(g.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, header)
	for _, it := range items {
		row(tw, it)
	}
	tw.Flush()
	fmt.Fprintln(g.stderr, plural(len(items), one, many))
	return 0
}
