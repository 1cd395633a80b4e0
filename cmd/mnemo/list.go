package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"text/tabwriter"

	"github.com/mnemohq/mnemo/core"
)

// listFlags are the flags of the listing commands.
type listFlags struct {
	group   string
	jsonOut bool
	limit   int
	server  serverFlags
}

func (l *listFlags) register(fs *flag.FlagSet, getenv func(string) string) {
	fs.StringVar(&l.group, "group", "", "the `GROUP` to list")
	fs.BoolVar(&l.jsonOut, "json", false, "print JSON")
	fs.IntVar(&l.limit, "limit", 0, "show at most `N` (default: all)")
	l.server.register(fs, getenv)
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

// collectRemote is collect through a server: it pages through the listing
// at path (query holding its filters) until limit items (0: all), reading
// the items under key.
func collectRemote[T any](ctx context.Context, rc *remote, limit int, path string, query url.Values, key string) ([]T, error) {
	out := []T{}
	cursor := ""
	for {
		q := url.Values{}
		for k, v := range query {
			q[k] = v
		}
		n := 1000
		if limit > 0 {
			n = min(1000, limit-len(out))
		}
		q.Set("limit", strconv.Itoa(n))
		if cursor != "" {
			q.Set("cursor", cursor)
		}
		var page map[string]json.RawMessage
		if err := rc.Do(ctx, "GET", path+"?"+q.Encode(), nil, &page); err != nil {
			return nil, err
		}
		var items []T
		if err := json.Unmarshal(page[key], &items); err != nil {
			return nil, fmt.Errorf("decode the server's %s: %w", key, err)
		}
		out = append(out, items...)
		cursor = ""
		if c, ok := page["next_cursor"]; ok {
			if err := json.Unmarshal(c, &cursor); err != nil {
				return nil, fmt.Errorf("decode the server's next_cursor: %w", err)
			}
		}
		if cursor == "" || limit > 0 && len(out) >= limit {
			return out, nil
		}
	}
}
