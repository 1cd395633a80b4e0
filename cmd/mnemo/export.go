package main

import (
	"context"
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
	h, err := g.open(ctx, readOnly, false)
	if err != nil {
		return g.fail(err)
	}
	defer g.closeHost(h)
	groups := []string{*group}
	if *group == "" {
		if groups, err = h.Engine.Groups(ctx); err != nil {
			return g.fail(err)
		}
	}
	write := func(w io.Writer) error { return exchange.Export(ctx, h.Engine, w, groups, h.Now()) }
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
