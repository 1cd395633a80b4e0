package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime/debug"
	"strings"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
)

// globals are the options every command takes (--db, --config, --store)
// and the process's streams.
type globals struct {
	db     string
	config string
	store  string

	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
}

// register defines the global flags on fs. Every command's flag set
// defines them too, so they may come before or after the command name.
func (g *globals) register(fs *flag.FlagSet) {
	fs.StringVar(&g.db, "db", g.db, "database `DIR` (default $MNEMO_DB, else ./mnemo-data)")
	fs.StringVar(&g.config, "config", g.config, "configuration `FILE` (TOML, or JSON by extension)")
	fs.StringVar(&g.store, "store", g.store, "store `BACKEND`: "+storeHelp())
}

// flags returns a command's flag set with the global flags defined.
func (g *globals) flags(name, argsUsage, about string) *flag.FlagSet {
	fs := flag.NewFlagSet("mnemo "+name, flag.ContinueOnError)
	fs.SetOutput(g.stderr)
	fs.Usage = func() {
		fmt.Fprintf(g.stderr, "Usage: mnemo %s %s\n\n%s\n\nFlags:\n", name, argsUsage, about)
		fs.PrintDefaults()
	}
	g.register(fs)
	return fs
}

// configFlags returns the flag set of a command that opens no database:
// of the global flags, only --config.
func (g *globals) configFlags(name, argsUsage, about string) *flag.FlagSet {
	fs := flag.NewFlagSet("mnemo "+name, flag.ContinueOnError)
	fs.SetOutput(g.stderr)
	fs.Usage = func() {
		fmt.Fprintf(g.stderr, "Usage: mnemo %s %s\n\n%s\n\nFlags:\n", name, argsUsage, about)
		fs.PrintDefaults()
	}
	fs.StringVar(&g.config, "config", g.config, "configuration `FILE` (TOML, or JSON by extension)")
	return fs
}

// parse parses a command's arguments. It returns false with the exit code
// when the command should stop (help asked, or a bad flag).
func parse(fs *flag.FlagSet, args []string) (bool, int) {
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return false, 0
		}
		return false, 2
	}
	return true, 0
}

// getenvWith returns the environment with MNEMO_DB replaced by --db and
// MNEMO_STORE_BACKEND by --store when they are given, so that they
// override the configuration file (and the memory store compiles plugins
// in memory: plugins.cache_dir).
func (g *globals) getenvWith() func(string) string {
	return func(k string) string {
		if k == "MNEMO_DB" && g.db != "" {
			return g.db
		}
		if k == "MNEMO_STORE_BACKEND" && g.store != "" {
			return g.store
		}
		return g.getenv(k)
	}
}

// load reads the configuration: the file, the environment, --db.
func (g *globals) load() (host.Config, error) {
	return host.Load(g.config, g.getenvWith())
}

// openMode says how a command uses the database.
type openMode int

const (
	// readOnly commands start no ingestion workers.
	readOnly openMode = iota
	// withWorkers commands ingest, or serve others who do.
	withWorkers
)

// open loads the configuration and opens a Host. One-shot commands log
// warnings and errors only unless the configuration asks for debug.
func (g *globals) open(ctx context.Context, mode openMode, longRunning bool) (*host.Host, error) {
	cfg, err := g.load()
	if err != nil {
		return nil, err
	}
	if !longRunning {
		cfg.Plugins.Reload = -1
		if cfg.Log.Level == "info" {
			cfg.Log.Level = "warn"
		}
	} else {
		tuneGC(cfg)
	}
	return host.Open(ctx, cfg, host.OpenOptions{
		Logger: host.NewLogger(cfg.Log, g.stderr), Getenv: g.getenvWith(), NoWorkers: mode == readOnly,
	})
}

// logger is the logger of commands that do not open a Host.
func (g *globals) logger() *slog.Logger {
	return host.NewLogger(host.LogConfig{Level: "warn", Format: "text"}, g.stderr)
}

// fail prints err for a user and returns the exit code 1. A locked
// database gets a hint, since it usually means a mnemo serve is running.
func (g *globals) fail(err error) int {
	fmt.Fprintf(g.stderr, "mnemo: %s\n", cleanErr(err))
	switch {
	case errors.Is(err, core.ErrLocked):
		fmt.Fprintln(g.stderr, "mnemo: another mnemo process has the database open (named above); one process opens a database at a time. "+
			"Stop it, or go through it: mnemo serve answers the HTTP API and MCP (at /mcp) at the URL it serves, "+
			"and every mnemo command that reads or changes a database runs through it with --server URL (or MNEMO_URL), or by itself when it advertises its URL. Or pass --db for another database.")
	case errors.Is(err, core.ErrStorage):
		fmt.Fprintln(g.stderr, "mnemo: the disk holding the database is full or failing, so nothing from this error on was stored; "+
			"what was stored before it is kept. Free space and run the same command again: what is stored already is skipped.")
	case errors.Is(err, core.ErrConflict) && strings.Contains(err.Error(), "embedding dimension"):
		fmt.Fprintln(g.stderr, "mnemo: the database was created with another embedder; use the same embedder settings, or a new --db")
	}
	return 1
}

// usageError prints a usage problem and returns the exit code 2.
func (g *globals) usageError(fs *flag.FlagSet, format string, args ...any) int {
	fmt.Fprintf(g.stderr, "mnemo %s: %s\n", strings.TrimPrefix(fs.Name(), "mnemo "), fmt.Sprintf(format, args...))
	fmt.Fprintf(g.stderr, "Run '%s -h' for usage.\n", fs.Name())
	return 2
}

// closeHost closes h even when ctx is done, reporting a failure.
func (g *globals) closeHost(h *host.Host) {
	if err := h.Close(context.Background()); err != nil {
		fmt.Fprintf(g.stderr, "mnemo: close: %v\n", err)
	}
}

// requireGroup checks a --group value.
func requireGroup(group string) error {
	if group == "" {
		return fmt.Errorf("%w: --group is required", core.ErrInvalid)
	}
	if err := core.ValidateGroupID(group); err != nil {
		return fmt.Errorf("--group: %w", err)
	}
	return nil
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// storeHelp lists the store backends with what each is: "kuzu (…),
// memory (…) or weaviate (…)".
func storeHelp() string {
	var parts []string
	for _, b := range host.StoreBackends() {
		parts = append(parts, b.Name+" ("+b.About+")")
	}
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// smallGCPercent is the Go collector's target (GOGC) of a long-running
// command on a small machine: the heap grows by half its live size
// between two collections instead of by all of it. On the edge benchmark
// 20 searches after 10,000 episodes left the server at 294 and 301 MiB
// with the default of 100, at 278 MiB with 50 (docs/edge.md).
const smallGCPercent = 50

// tuneGC sets the collector's target for a long-running command: 50 when
// the store's buffer pool is that of a small machine
// (host.StoreConfig.SmallPool) and GOGC does not say otherwise.
func tuneGC(cfg host.Config) {
	if cfg.Store.SmallPool() && os.Getenv("GOGC") == "" {
		debug.SetGCPercent(smallGCPercent)
	}
}
