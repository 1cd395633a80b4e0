package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/mnemohq/mnemo/host"
)

func runConfig(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("config", "check [--config FILE] [--json]",
		`Check the configuration: the file (--config), the MNEMO_* environment
and --db. It validates every setting, loads the plugin sets and ontologies
the configuration names, and prints the effective configuration as TOML,
as a configuration file would set it, with secrets masked and every default
filled in (plugins.call_timeout shows the default of plugins not granted the
LLM, which get 2m). A comment after each setting says where it came from:
default, file, or the environment variable. Settings that take no effect
are noted on stderr, with the reason.`)
	verb := ""
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		verb, args = args[0], args[1:]
	}
	jsonOut := fs.Bool("json", false, "print the effective configuration as JSON (durations in nanoseconds), without sources")
	if ok, code := parse(fs, args); !ok {
		return code
	}
	if verb != "check" || fs.NArg() != 0 {
		return g.usageError(fs, "want 'mnemo config check'")
	}
	cfg, err := g.load()
	if err != nil {
		return g.fail(err)
	}
	if err := checkPlugins(ctx, g, cfg); err != nil {
		return g.fail(err)
	}
	if *jsonOut {
		fmt.Fprintln(g.stdout, cfg.Effective().Masked())
	} else {
		fmt.Fprint(g.stdout, cfg.Effective().AnnotatedTOML())
	}
	for _, n := range cfg.Notices() {
		fmt.Fprintln(g.stderr, "note:", n)
	}
	fmt.Fprintln(g.stderr, "configuration OK")
	return 0
}

// checkPlugins loads the plugin sets of cfg (without the database) and
// closes them again.
func checkPlugins(ctx context.Context, g *globals, cfg host.Config) error {
	rt, err := host.PluginRuntime(ctx, cfg, g.logger())
	if err != nil {
		return err
	}
	defer rt.Close(context.Background())
	cfg.Plugins.Reload = -1
	ps, err := host.OpenPlugins(ctx, rt, cfg, g.getenvWith(), g.logger())
	if err != nil {
		return err
	}
	return ps.Close(context.Background())
}
