package main

import (
	"context"
	"fmt"

	"github.com/mnemohq/mnemo/host"
)

func runRecover(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("recover", "[--rebuild]", `Opens the database as every mnemo command does, and says what that took.
mnemo keeps a journal of every acknowledged write beside Kuzu's files
(docs/durability.md). When the database does not open, or the process
stopped inside one of Kuzu's checkpoints, any command rebuilds it by
itself: Kuzu's files are moved, never deleted, into damaged-TIME in the
database directory, the last whole state is put back (the database file
as of its last checkpoint when the journal confirms it, else the
journal's base) and the journal is replayed onto it, so that nothing
acknowledged is lost. This command does the same on demand and reports
what was replayed; with --rebuild it rebuilds the database from the
journal even when it opens. The database must not be open in any
process.`)
	rebuild := fs.Bool("rebuild", false, "rebuild the database from the journal even if it opens")
	if ok, code := parse(fs, args); !ok {
		return code
	}
	if fs.NArg() != 0 {
		return g.usageError(fs, "want no arguments, got %d", fs.NArg())
	}
	cfg, err := g.load()
	if err != nil {
		return g.fail(err)
	}
	r, err := host.Recover(ctx, cfg, *rebuild, host.NewLogger(cfg.Log, g.stderr))
	if err != nil {
		return g.fail(fmt.Errorf("recover: %w", err))
	}
	if r.Reason == "" && r.Replayed == 0 && r.Skipped == 0 {
		fmt.Fprintf(g.stdout, "%s opened as it was: the journal held nothing it lacked\n", cfg.DB)
		return 0
	}
	fmt.Fprintln(g.stdout, r.String())
	return 0
}
