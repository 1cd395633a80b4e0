package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/wasm"
	"github.com/mnemohq/mnemo/wasm/abi"
)

func runPlugins(ctx context.Context, g *globals, args []string) int {
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		switch args[0] {
		case "list":
			return runPluginsList(ctx, g, args[1:])
		case "check":
			return runPluginsCheck(ctx, g, args[1:])
		case "call":
			return runPluginsCall(ctx, g, args[1:])
		}
	}
	fs := g.flags("plugins", "(list | check FILE.wasm | call FILE.wasm --kind KIND < MESSAGE.json)", `list:  the built-in plugins and those of the plugins directory, what each
       describes itself as, its capabilities, whether it loads, and which
       plugin sets use it.
check: load a plugin file, print its description and capabilities, and run
       one small valid request per capability.
call:  load a plugin file, send it the JSON message on standard input,
       print its answer and the time the call took.`)
	if ok, code := parse(fs, args); !ok {
		return code
	}
	return g.usageError(fs, "want 'mnemo plugins list', 'mnemo plugins check FILE.wasm' or 'mnemo plugins call FILE.wasm --kind KIND'")
}

// pluginListing is one plugin of `mnemo plugins list --json`.
type pluginListing struct {
	Name string `json:"name"`
	// File is the file's base name, when the configuration may name the
	// plugin by it too.
	File         string   `json:"file,omitempty"`
	Origin       string   `json:"origin"`
	Version      string   `json:"version,omitempty"`
	Description  string   `json:"description,omitempty"`
	ABIVersion   int      `json:"abi_version,omitempty"`
	Capabilities []string `json:"capabilities"`
	Imports      []string `json:"imports,omitempty"`
	Grants       []string `json:"grants,omitempty"`
	UsedBy       []string `json:"used_by"`
	Status       string   `json:"status"`
	LoadMS       int64    `json:"load_ms"`
}

func runPluginsList(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("plugins list", "[--json]", "List the plugins: built-ins and the plugins directory.")
	jsonOut := fs.Bool("json", false, "print JSON")
	if ok, code := parse(fs, args); !ok {
		return code
	}
	cfg, err := g.load()
	if err != nil {
		return g.fail(err)
	}
	rt, err := host.PluginRuntime(ctx, cfg, g.logger())
	if err != nil {
		return g.fail(err)
	}
	defer rt.Close(context.Background())
	srcs, notes, err := host.AvailablePlugins(ctx, rt, cfg)
	if err != nil {
		return g.fail(err)
	}
	listing := make([]pluginListing, 0, len(srcs))
	caps := map[string]map[string]bool{}
	aliases := map[string]string{} // file name → described name
	for _, s := range srcs {
		l := pluginListing{Name: s.Name, Origin: s.Origin, Capabilities: []string{}, UsedBy: []string{}}
		if s.Aliased {
			l.File, aliases[s.File] = s.File, s.Name
		}
		p, l, err := loadListed(ctx, rt, cfg, s, l)
		if err != nil {
			listing = append(listing, l)
			continue
		}
		d := p.Describe()
		l.Version, l.Description, l.ABIVersion, l.Imports = d.Version, d.Description, d.ABIVersion, d.Imports
		l.Capabilities = append(l.Capabilities, d.Capabilities...)
		caps[s.Name] = map[string]bool{}
		for _, c := range d.Capabilities {
			caps[s.Name][c] = true
		}
		if s.Aliased {
			caps[s.File] = caps[s.Name]
		}
		_ = p.Close(context.Background())
		listing = append(listing, l)
	}
	roles := host.PluginRoles(cfg, func(name, c string) bool { return caps[name][c] })
	for i := range listing {
		for _, r := range roles[listing[i].Name] {
			listing[i].UsedBy = append(listing[i].UsedBy, r.Set+": "+r.Role)
		}
		if f := listing[i].File; f != "" {
			for _, r := range roles[f] {
				listing[i].UsedBy = append(listing[i].UsedBy, r.Set+": "+r.Role+" (by its file name)")
			}
		}
	}
	for _, n := range notes {
		fmt.Fprintln(g.stderr, "note:", n)
	}
	var missing []string
	for name := range roles {
		if _, ok := caps[name]; !ok && !hasListing(listing, name) && aliases[name] == "" {
			missing = append(missing, name)
		}
	}
	if *jsonOut {
		if err := writeJSON(g.stdout, map[string]any{"plugins": listing, "missing": missing}); err != nil {
			return g.fail(err)
		}
	} else {
		printPluginList(g.stdout, listing, cfg)
	}
	for _, name := range missing {
		fmt.Fprintf(g.stderr, "mnemo: the configuration names plugin %q, which is neither built in nor in the plugins directory\n", name)
	}
	for _, l := range listing {
		if !strings.HasPrefix(l.Status, "loads") && len(l.UsedBy) > 0 {
			return 1
		}
	}
	if len(missing) > 0 {
		return 1
	}
	return 0
}

// loadListed loads the plugin s as each plugin set that configures it
// would, the default set first, and stops at the first that loads: a
// plugin configured only for a tenant loads with that tenant's
// configuration. When none loads, l says why (with its capabilities, read
// without configuring it) and err is the default set's failure.
func loadListed(ctx context.Context, rt *wasm.Runtime, cfg host.Config, s host.PluginSource, l pluginListing) (*wasm.Plugin, pluginListing, error) {
	var firstErr error
	for _, sm := range host.PluginManifests(cfg, s.Name, s.Name) {
		m := sm.Manifest
		l.Grants = nil
		if m.AllowLLM {
			l.Grants = append(l.Grants, "llm_complete")
		}
		if m.AllowEmbed {
			l.Grants = append(l.Grants, "embed")
		}
		start := time.Now()
		p, err := rt.Load(ctx, s.Name, s.Code, m)
		l.LoadMS = time.Since(start).Milliseconds()
		if err == nil {
			l.Status = "loads"
			if sm.Set != "default" {
				l.Status = "loads with the plugin_config of " + sm.Set
			}
			return p, l, nil
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	l.Status = "fails to load: " + cleanErr(firstErr)
	var pe *wasm.PluginError
	if errors.As(firstErr, &pe) && pe.Func == abi.ExportConfigure {
		l.Status = "needs a configuration (plugin_config of the set that uses it): " + cleanErr(pe.Err)
	}
	if d, err := rt.Describe(ctx, s.Name, s.Code); err == nil {
		l.Version, l.Description, l.ABIVersion, l.Imports = d.Version, d.Description, d.ABIVersion, d.Imports
		l.Capabilities = append(l.Capabilities, d.Capabilities...)
	}
	return nil, l, firstErr
}

func hasListing(ls []pluginListing, name string) bool {
	for _, l := range ls {
		if l.Name == name {
			return true
		}
	}
	return false
}

func printPluginList(w io.Writer, ls []pluginListing, cfg host.Config) {
	dir := cfg.Plugins.Dir
	if dir == "" {
		dir = "none (plugins.dir)"
	}
	fmt.Fprintf(w, "plugins directory: %s\n\n", dir)
	for _, l := range ls {
		fmt.Fprintf(w, "%s %s (%s)\n", l.Name, l.Version, l.Origin)
		if l.File != "" {
			fmt.Fprintf(w, "  also named:   %s (its file name)\n", l.File)
		}
		if l.Description != "" {
			fmt.Fprintf(w, "  %s\n", clip(l.Description, 100))
		}
		fmt.Fprintf(w, "  capabilities: %s\n", orNone(strings.Join(l.Capabilities, ", ")))
		if len(l.Imports) > 0 {
			fmt.Fprintf(w, "  asks for:     %s (granted: %s)\n", strings.Join(l.Imports, ", "), orNone(strings.Join(l.Grants, ", ")))
		}
		fmt.Fprintf(w, "  used by:      %s\n", orNone(strings.Join(l.UsedBy, "; ")))
		fmt.Fprintf(w, "  status:       %s (%d ms)\n\n", l.Status, l.LoadMS)
	}
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// pluginFlags are the flags of the commands that load one plugin file.
type pluginFlags struct {
	allowLLM, allowEmbed *bool
	pluginConfig         *string
}

func addPluginFlags(fs *flag.FlagSet) pluginFlags {
	return pluginFlags{
		allowLLM:     fs.Bool("allow-llm", false, "grant llm_complete (the configured LLM answers; offline it answers with an error); the configuration's grants apply too"),
		allowEmbed:   fs.Bool("allow-embed", false, "grant embed (the configured embedder); the configuration's grants apply too"),
		pluginConfig: fs.String("plugin-config", "", "the plugin's configuration, passed to mnemo_configure (default: its plugin_config in the configuration)"),
	}
}

// loadPluginFile loads the plugin file at path as the configuration would
// run it under the name it describes itself with (or, failing that, its
// file name): with the configuration's grants and limits, and its
// plugin_config from the default set or else the first tenant set that
// has one, unless the flags say otherwise. It prints where the plugin's
// configuration came from to w.
func loadPluginFile(ctx context.Context, g *globals, path string, pf pluginFlags, w io.Writer) (*wasm.Runtime, *wasm.Plugin, time.Duration, error) {
	code, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, 0, fmt.Errorf("read plugin: %w", err)
	}
	cfg, err := g.load()
	if err != nil {
		return nil, nil, 0, err
	}
	rt, err := host.PluginRuntime(ctx, cfg, g.logger())
	if err != nil {
		return nil, nil, 0, err
	}
	fail := func(err error) (*wasm.Runtime, *wasm.Plugin, time.Duration, error) {
		rt.Close(context.Background())
		return nil, nil, 0, err
	}
	file := strings.TrimSuffix(filepath.Base(path), ".wasm")
	d, err := rt.Describe(ctx, filepath.Base(path), code)
	if err != nil {
		return fail(fmt.Errorf("load %s: %w", path, err))
	}
	name := d.Name
	// The configuration names the plugin as it describes itself, or by
	// its file name.
	named := func(m map[string]string) (string, bool) {
		if c, ok := m[name]; ok {
			return c, true
		}
		c, ok := m[file]
		return c, ok
	}
	m := host.PluginManifest(cfg, file, name)
	source := "the default plugin set"
	if c, ok := named(cfg.Plugins.Default.PluginConfig); ok {
		m.Config = []byte(c)
	} else {
		source = ""
		for i, t := range cfg.Plugins.Tenants {
			if c, ok := named(t.PluginConfig); ok && c != "" {
				m.Config = []byte(c)
				source = host.TenantName(i, t.Groups)
				break
			}
		}
	}
	if *pf.pluginConfig != "" {
		m.Config, source = []byte(*pf.pluginConfig), "--plugin-config"
	}
	m.AllowLLM = m.AllowLLM || *pf.allowLLM
	m.AllowEmbed = m.AllowEmbed || *pf.allowEmbed
	if w != nil {
		switch {
		case source == "" && g.config == "":
			fmt.Fprintf(w, "%s: no configuration for plugin %q (no --config file, no --plugin-config)\n", path, name)
		case source == "":
			fmt.Fprintf(w, "%s: no configuration for plugin %q in %s (plugin_config)\n", path, name, g.config)
		default:
			fmt.Fprintf(w, "%s: configuration of plugin %q from %s\n", path, name, source)
		}
	}
	start := time.Now()
	p, err := rt.Load(ctx, name, code, m)
	took := time.Since(start)
	if err != nil {
		return fail(fmt.Errorf("load %s: %w", path, err))
	}
	return rt, p, took, nil
}

func runPluginsCheck(ctx context.Context, g *globals, args []string) int {
	fs := g.configFlags("plugins check", "[--config FILE] [--allow-llm] [--allow-embed] [--plugin-config JSON] FILE.wasm",
		"Load a plugin file, print its description and capabilities, and run one small valid request per capability.\n"+
			"The plugin runs as the configuration would run it under the name it describes itself with (or its file name):\n"+
			"its grants, limits and plugin_config.")
	pf := addPluginFlags(fs)
	pos, ok, code := parseArgs(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		return g.usageError(fs, "want one FILE.wasm")
	}
	path := pos[0]
	rt, p, took, err := loadPluginFile(ctx, g, path, pf, g.stdout)
	if err != nil {
		return g.fail(err)
	}
	defer rt.Close(context.Background())
	start := time.Now().Add(-took)
	defer p.Close(context.Background())
	d := p.Describe()
	fmt.Fprintf(g.stdout, "%s: loaded in %s\n", path, time.Since(start).Round(time.Millisecond))
	fmt.Fprintf(g.stdout, "  name:         %s\n  version:      %s\n  abi version:  %d\n", d.Name, d.Version, d.ABIVersion)
	if file := strings.TrimSuffix(filepath.Base(path), ".wasm"); d.Name != file {
		fmt.Fprintf(g.stdout, "  note:         the configuration names it %q, as it describes itself; in the plugins directory its file name %q names it too, unless another plugin describes itself so\n", d.Name, file)
	}
	if d.Description != "" {
		fmt.Fprintf(g.stdout, "  description:  %s\n", d.Description)
	}
	fmt.Fprintf(g.stdout, "  capabilities: %s\n", orNone(strings.Join(d.Capabilities, ", ")))
	if len(d.Imports) > 0 {
		fmt.Fprintf(g.stdout, "  asks for:     %s\n", strings.Join(d.Imports, ", "))
	}
	failed := 0
	for _, c := range d.Capabilities {
		start := time.Now()
		summary, err := wasm.Smoke(ctx, p, c)
		took := time.Since(start).Round(10 * time.Microsecond)
		if err != nil {
			failed++
			fmt.Fprintf(g.stdout, "  FAIL %-16s %s (%s)\n", c, cleanErr(err), took)
			continue
		}
		fmt.Fprintf(g.stdout, "  ok   %-16s %s (%s)\n", c, summary, took)
	}
	if failed > 0 {
		return 1
	}
	return 0
}

// callKinds maps the kinds `mnemo plugins call --kind` accepts to
// capabilities: the roles of the configuration and the capability names.
var callKinds = map[string]string{
	"extractor": abi.CapExtract, "entity-resolver": abi.CapResolveEntities, "fact-resolver": abi.CapResolveFacts,
	"reranker": abi.CapRerank, "summarizer": abi.CapSummarize,
	abi.CapExtract: abi.CapExtract, abi.CapResolveEntities: abi.CapResolveEntities, abi.CapResolveFacts: abi.CapResolveFacts,
	abi.CapRerank: abi.CapRerank, abi.CapSummarize: abi.CapSummarize,
}

func runPluginsCall(ctx context.Context, g *globals, args []string) int {
	fs := g.configFlags("plugins call", "--kind KIND [--config FILE] [--allow-llm] [--allow-embed] [--plugin-config JSON] FILE.wasm < MESSAGE.json",
		"Load a plugin file (as plugins check does), send it the JSON request on standard input, and print its answer\n"+
			"on standard output and the time the call took on standard error. KIND is extractor, entity-resolver,\n"+
			"fact-resolver, reranker or summarizer (or the capability: extract, resolve_entities, resolve_facts,\n"+
			"rerank, summarize). The messages are those of docs/plugins.md, section 5.")
	kind := fs.String("kind", "", "what to call: extractor, entity-resolver, fact-resolver, reranker or summarizer")
	pf := addPluginFlags(fs)
	pos, ok, code := parseArgs(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		return g.usageError(fs, "want one FILE.wasm")
	}
	capability, known := callKinds[*kind]
	if !known {
		return g.usageError(fs, "--kind %q: want extractor, entity-resolver, fact-resolver, reranker or summarizer", *kind)
	}
	msg, err := io.ReadAll(g.stdin)
	if err != nil {
		return g.fail(fmt.Errorf("read the message from standard input: %w", err))
	}
	msg = bytes.TrimSpace(msg)
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(msg, &obj); err != nil {
		return g.fail(fmt.Errorf("the message on standard input is not a JSON object: %w", err))
	}
	rt, p, _, err := loadPluginFile(ctx, g, pos[0], pf, nil)
	if err != nil {
		return g.fail(err)
	}
	defer rt.Close(context.Background())
	if !p.Has(capability) {
		return g.fail(fmt.Errorf("%s has no %s capability (it has %s)", pos[0], capability, orNone(strings.Join(p.Describe().Capabilities, ", "))))
	}
	start := time.Now()
	answer, err := p.Call(ctx, capability, msg)
	took := time.Since(start)
	if err != nil {
		fmt.Fprintf(g.stderr, "%s %s: failed after %s\n", pos[0], abi.ExportPrefix+capability, took.Round(time.Microsecond))
		return g.fail(err)
	}
	g.stdout.Write(answer)
	fmt.Fprintln(g.stdout)
	fmt.Fprintf(g.stderr, "%s %s: %d bytes in, %d bytes out, %s\n", pos[0], abi.ExportPrefix+capability, len(msg), len(answer), took.Round(time.Microsecond))
	return 0
}
