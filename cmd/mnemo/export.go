package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/mnemohq/mnemo/host/exchange"
)

func runExport(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("export", "[--group G] [-o FILE]", `Write a group's memory, or every group's, as JSON Lines: episodes, entities,
facts with their four times and provenance, mentions, communities, and their
vectors, after a header naming the embedder (docs/export-format.md). The same
memory always exports to the same bytes but for the header's time. mnemo import
reads it back.`)
	group := fs.String("group", "", "export only `GROUP` (default: every group)")
	out := fs.String("o", "-", "write to `FILE` (default: standard output)")
	var server serverFlags
	server.register(fs, g.getenv)
	if ok, code := parse(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return g.usageError(fs, "unexpected arguments: %v", fs.Args())
	}
	if *group != "" {
		if err := requireGroup(*group); err != nil {
			return g.fail(err)
		}
	}
	h, rc, err := g.openOrServer(ctx, &server, readOnly)
	if err != nil {
		return g.fail(err)
	}
	var write func(w io.Writer) error
	groups := []string{*group}
	if rc != nil {
		path := "/v1/export"
		if *group != "" {
			path = groupPath(*group, "/export")
		}
		write = func(w io.Writer) error {
			body, err := rc.Open(ctx, "GET", path)
			if err != nil {
				return err
			}
			defer body.Close()
			cw := &headerGroups{w: w}
			if _, err := io.Copy(cw, body); err != nil {
				return fmt.Errorf("read the server's export: %w", err)
			}
			groups = cw.groups
			return nil
		}
	} else {
		defer g.closeHost(h)
		if *group == "" {
			if groups, err = h.Engine.Groups(ctx); err != nil {
				return g.fail(err)
			}
		}
		write = func(w io.Writer) error { return exchange.Export(ctx, h.Engine, w, groups, h.Now()) }
	}
	if *out == "-" {
		if err := write(g.stdout); err != nil {
			return g.fail(fmt.Errorf("export: %w", err))
		}
		return 0
	}
	if err := writeFileAtomic(*out, write); err != nil {
		return g.fail(fmt.Errorf("export: %w", err))
	}
	fmt.Fprintf(g.stderr, "exported %s to %s\n", plural(len(groups), "group", "groups"), *out)
	return 0
}

// headerGroups passes an export through to w and reads the groups its
// header names, for the summary.
type headerGroups struct {
	w      io.Writer
	head   []byte
	done   bool
	groups []string
}

func (h *headerGroups) Write(p []byte) (int, error) {
	if !h.done {
		h.head = append(h.head, p...)
		if line, _, ok := bytes.Cut(h.head, []byte("\n")); ok {
			h.done = true
			var hd exchange.Header
			if err := json.Unmarshal(line, &hd); err != nil {
				return 0, fmt.Errorf("the server's export has no header: %w", err)
			}
			h.groups, h.head = hd.Groups, nil
		}
	}
	return h.w.Write(p)
}

// writeFileAtomic writes path through a temporary file of its directory
// renamed into place once complete, so that an interrupted write leaves
// no partial file.
func writeFileAtomic(path string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
