// Command mnemo is the temporal knowledge-graph memory engine: a CLI, an
// HTTP server (mnemo serve) and an MCP server (mnemo mcp) over one embedded
// database.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// command is one subcommand. run gets the global options (already parsed
// from the arguments before the command name) and the arguments after it.
type command struct {
	name  string
	short string
	run   func(ctx context.Context, g *globals, args []string) int
}

func commands() []command {
	return []command{
		{"ingest", "ingest episodes from a JSONL file", runIngest},
		{"episodes", "list a group's episodes (--status failed: those whose extraction failed)", runEpisodes},
		{"retry", "queue a group's failed episodes again", runRetry},
		{"entities", "list a group's entities", runEntities},
		{"facts", "list a group's facts (--history: with the superseded ones)", runFacts},
		{"search", "search a group's memory, or run a batch of queries", runSearch},
		{"context", "print the context string for an agent's query", runContext},
		{"communities", "list a group's communities (build: find them anew)", runCommunities},
		{"evolve", "score, decay and archive a group's memory (--dry-run, --reports)", runEvolve},
		{"feedback", "mark a fact or an entity useful, wrong or pinned, or approve a quarantined fact", runFeedback},
		{"why", "say why mnemo believes a fact: its episodes, sentences, extractor, trust and history", runWhy},
		{"delete", "delete a group, an episode or a fact", runDelete},
		{"consolidate", "merge a group's duplicate entities (--dry-run: print what it would merge)", runConsolidate},
		{"unmerge", "undo the merge of an entity made by consolidate", runUnmerge},
		{"forget", "forget an entity or an episode for real: gone from the database files", runForget},
		{"erasures", "list what was forgotten in a group, without the content", runErasures},
		{"export", "write a group's memory, or all of it, as JSON Lines", runExport},
		{"import", "import a file written by mnemo export", runImport},
		{"backup", "back up the whole database into a directory, even while mnemo serve runs", runBackup},
		{"restore", "restore a backup written by mnemo backup", runRestore},
		{"recover", "open a database whose write-ahead log does not replay, losing what it holds (--discard-wal)", runRecover},
		{"reembed", "recompute every vector with the configured embedder", runReembed},
		{"plugins", "list the plugins, or check a plugin file", runPlugins},
		{"serve", "run the HTTP API", runServe},
		{"mcp", "run the MCP server (stdio, or streamable HTTP)", runMCP},
		{"demo", "run the offline demo", runDemo},
		{"bench", "run a benchmark (mnemo bench http)", runBench},
		{"migrate", "copy every group to another store (Kuzu, Weaviate) and compare", runMigrate},
		{"config", "check the configuration (mnemo config check)", runConfig},
		{"llm", "check the LLM endpoint: which structured output it takes (mnemo llm check)", runLLM},
		{"version", "print the version", runVersion},
	}
}

// localOnly lists the commands that cannot run through a mnemo serve,
// each with the reason; every other command of commands() that reads or
// changes a database takes --server (and finds a local serve by itself).
// TestEveryCommandThroughServer fails when a command is in neither set.
var localOnly = map[string]string{
	"restore": "it replaces the database's files, which no process may have open, the server included",
	"recover": "it repairs the database's files, which no process may have open, the server included",
	"reembed": "it switches the database to another embedder, and a server only opens a database with the embedder that made its vectors; stop the server, run it, then serve again",
	"migrate": "it copies the database to another store and opens both; stop the server, or back it up (mnemo backup --server) and migrate the copy",
	"plugins": "it lists and checks the plugins of this machine's configuration and files, and opens no database; a server's plugins are at GET /v1/plugins",
	"serve":   "it is the server",
	"demo":    "it builds its own database in a temporary directory",
	"bench":   "it starts and measures its own server",
	"config":  "it checks this machine's configuration and opens no database",
	"llm":     "it checks this machine's LLM and embedder endpoints and opens no database",
	"version": "it prints this binary's version",
}

// namesServer reports whether args give --server (before a "--").
func namesServer(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && name == "server" {
			return true
		}
	}
	return false
}

// run is main without the process: it parses args, runs one subcommand and
// returns the exit code, so tests can call it.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	g := &globals{stdin: stdin, stdout: stdout, stderr: stderr, getenv: os.Getenv}
	fs := flag.NewFlagSet("mnemo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	// flag prints the usage itself on -h and on a bad flag; -h gets it on
	// stdout, once, below, and a bad flag on stderr.
	fs.Usage = func() {}
	g.register(fs)
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			usage(stdout)
			return 0
		}
		usage(stderr)
		return 2
	}
	args = fs.Args()
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	if args[0] == "help" {
		usage(stdout)
		return 0
	}
	for _, c := range commands() {
		if c.name == args[0] {
			if why, ok := localOnly[c.name]; ok && namesServer(args[1:]) {
				fmt.Fprintf(stderr, "mnemo %s: --server: %s runs on this machine only: %s\n", c.name, c.name, why)
				return 2
			}
			return c.run(ctx, g, args[1:])
		}
	}
	fmt.Fprintf(stderr, "mnemo: unknown command %q\n\n", args[0])
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "mnemo: temporal knowledge-graph memory for AI agents")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: mnemo [--db DIR] [--config FILE] COMMAND [flags] [args]")
	fmt.Fprintln(w)
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-12s %s\n", c.name, c.short)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "The database is --db, else $MNEMO_DB, else ./mnemo-data.")
	fmt.Fprintln(w, "Run 'mnemo COMMAND -h' for a command's flags.")
}
