package main

import (
	"context"
	"fmt"

	"github.com/mnemohq/mnemo/host"
)

func runRecover(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("recover", "--discard-wal", `The last resort for a database that does not open because its write-ahead
log does not replay (mnemo says so when it fails to open the database).
With --discard-wal, the log is moved aside, not deleted, to
graph.kuzu.wal.discarded-TIME in the database directory, and the database
is opened as of its last checkpoint: everything written after it is lost.
The database is then rewritten, as mnemo forget does, so that no index
keeps what the lost part of the log wrote. The database must not be open
in any process. Try a larger store.buffer_pool_mb first, and restore a
backup if you have a recent one; copy the directory first to keep the
database and its log as they were.`)
	discard := fs.Bool("discard-wal", false, "open the database without its write-ahead log, losing what was written since the last checkpoint")
	if ok, code := parse(fs, args); !ok {
		return code
	}
	if fs.NArg() != 0 {
		return g.usageError(fs, "want no arguments, got %d", fs.NArg())
	}
	if !*discard {
		return g.usageError(fs, "--discard-wal is required: it names the loss you accept")
	}
	cfg, err := g.load()
	if err != nil {
		return g.fail(err)
	}
	r, err := host.RecoverWithoutWAL(ctx, cfg, host.NewLogger(cfg.Log, g.stderr))
	if err != nil {
		return g.fail(fmt.Errorf("recover: %w", err))
	}
	fmt.Fprintf(g.stderr, "opened %s as of its last checkpoint and rewrote it (%.1f MiB, was %.1f MiB); the discarded write-ahead log (%.1f MiB) is %s\n",
		cfg.DB, float64(r.After)/(1<<20), float64(r.Before)/(1<<20), float64(r.WALBytes)/(1<<20), r.WAL)
	return 0
}
