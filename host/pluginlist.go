package host

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"slices"
	"sort"

	"github.com/mnemohq/mnemo/host/llm"
	"github.com/mnemohq/mnemo/wasm"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// PluginSource is a plugin the configuration can name: a built-in
// (Origin "built-in") or a file of the plugins directory (Origin is its
// path).
type PluginSource struct {
	// Name is the name the plugin describes itself with.
	Name string
	// File is the file's base name without ".wasm", by which the
	// configuration may also name it (Aliased) when no plugin describes
	// itself so.
	File    string
	Aliased bool
	Origin  string
	Code    []byte
}

// AvailablePlugins lists the plugins cfg can use, by the name each
// describes itself with (read with rt): the built-ins, and the .wasm files
// of the plugins directory, which replace built-ins of the same name.
// Notes say where a file's name could not serve as a second name.
func AvailablePlugins(ctx context.Context, rt *wasm.Runtime, cfg Config) ([]PluginSource, []string, error) {
	list, err := readSources(cfg.resolvePath(cfg.Plugins.Dir))
	if err != nil {
		return nil, nil, err
	}
	describe := func(ctx context.Context, origin string, code []byte) (string, error) {
		d, err := rt.Describe(ctx, filepath.Base(origin), code)
		return d.Name, err
	}
	cat, notes, err := catalog(ctx, list, describe)
	if err != nil {
		return nil, nil, err
	}
	out := make([]PluginSource, 0, len(cat))
	for key, s := range cat {
		if key != s.name {
			continue // the file name of a plugin listed under its own
		}
		alias, ok := cat[s.file]
		code, err := s.bytes()
		if err != nil {
			return nil, nil, err
		}
		out = append(out, PluginSource{Name: s.name, File: s.file, Aliased: s.file != s.name && ok && alias.origin == s.origin, Origin: s.origin, Code: code})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, notes, nil
}

// PluginManifest returns what cfg grants the plugin name (described as
// described) in the default set: its grants, limits and configuration.
func PluginManifest(cfg Config, name, described string) wasm.Manifest {
	conf, ok := cfg.Plugins.Default.PluginConfig[name]
	if !ok {
		conf = cfg.Plugins.Default.PluginConfig[described]
	}
	return manifestFor(cfg, name, described, conf)
}

// SetManifest is what one plugin set grants a plugin.
type SetManifest struct {
	// Set is "default" or TenantName.
	Set      string
	Manifest wasm.Manifest
}

// PluginManifests returns what each plugin set of cfg that configures the
// plugin name (described as described) grants it: the default set first,
// then each tenant with a plugin_config entry for it, in order.
func PluginManifests(cfg Config, name, described string) []SetManifest {
	out := []SetManifest{{"default", PluginManifest(cfg, name, described)}}
	for i, t := range cfg.Plugins.Tenants {
		conf, ok := t.PluginConfig[name]
		if !ok {
			conf, ok = t.PluginConfig[described]
		}
		if ok {
			out = append(out, SetManifest{TenantName(i, t.Groups), manifestFor(cfg, name, described, conf)})
		}
	}
	return out
}

// PluginRole is a use of a plugin by a plugin set.
type PluginRole struct {
	// Set is "default" or TenantName.
	Set string
	// Role is extractor, resolver, reranker or summarizer.
	Role string
}

// PluginRoles says which sets use which plugin for what under cfg. can
// reports a plugin's capabilities, for the roles that default to the
// extractor when it has the capability.
func PluginRoles(cfg Config, can func(name, capability string) bool) map[string][]PluginRole {
	out := map[string][]PluginRole{}
	add := func(set string, sc, def SetConfig) {
		pick := func(a, b string) string {
			if a != "" {
				return a
			}
			return b
		}
		ex := pick(sc.Extractor, def.Extractor)
		if ex != "" {
			out[ex] = append(out[ex], PluginRole{set, "extractor"})
		}
		if res := pick(pick(sc.Resolver, def.Resolver), ex); res != "" && (can(res, abi.CapResolveEntities) || can(res, abi.CapResolveFacts)) {
			out[res] = append(out[res], PluginRole{set, "resolver"})
		}
		if rr := pick(sc.Reranker, def.Reranker); rr != "" {
			out[rr] = append(out[rr], PluginRole{set, "reranker"})
		}
		if sum := pick(pick(sc.Summarizer, def.Summarizer), ex); sum != "" && can(sum, abi.CapSummarize) {
			out[sum] = append(out[sum], PluginRole{set, "summarizer"})
		}
	}
	add("default", cfg.Plugins.Default, SetConfig{})
	for i, t := range cfg.Plugins.Tenants {
		add(TenantName(i, t.Groups), t.SetConfig, cfg.Plugins.Default)
	}
	for name, roles := range out {
		out[name] = slices.Compact(roles)
	}
	return out
}

// PluginRuntime opens a wasm runtime for cfg's plugins without a database,
// with cfg's embedder and LLM behind the host functions: for `mnemo
// plugins` and `mnemo config check`. It uses the compilation cache of
// plugins.cache_dir, but does not create one inside a database directory
// that the database has not created yet.
func PluginRuntime(ctx context.Context, cfg Config, logger *slog.Logger) (*wasm.Runtime, error) {
	h := &Host{Config: cfg, Logger: logger}
	var err error
	h.Limiter, err = llm.NewLimiter(llm.LimiterOptions{
		MaxConcurrent: cfg.LLM.MaxConcurrency, RequestsPerMinute: cfg.LLM.RequestsPerMinute, TokensPerMinute: cfg.LLM.TokensPerMinute,
	})
	if err != nil {
		return nil, err
	}
	if err := h.openEmbedder(); err != nil {
		return nil, err
	}
	o := wasm.Options{
		CacheDir: cfg.compileCache(logger, false), MemoryLimitPages: uint32(cfg.Plugins.MemoryLimitMB * 16), CallTimeout: cfg.Plugins.CallTimeout,
		Logger: logger, Embedder: h.Embedder,
	}
	if cfg.LLM.Configured() {
		c, err := llm.New(h.llmOptions())
		if err != nil {
			return nil, fmt.Errorf("open llm client: %w", err)
		}
		o.LLM = c
	}
	return wasm.Open(ctx, o)
}
