package host

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"slices"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/wasm"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// build loads every plugin cfg refers to, reusing the loaded plugins of old
// whose code, grant and configuration did not change, and returns the new
// snapshot with the stamps of the files it read.
func (ps *PluginSets) build(ctx context.Context, cfg Config, old *snapshot) (*snapshot, map[string]string, error) {
	list, err := readSources(cfg.resolvePath(cfg.Plugins.Dir))
	if err != nil {
		return nil, nil, err
	}
	srcs, notes, err := catalog(ctx, list, ps.describe)
	if err != nil {
		return nil, nil, err
	}
	for _, n := range notes {
		ps.log.Warn("plugin name", "notice", n)
	}
	stamps := map[string]string{}
	s := &snapshot{loaded: map[string]*loadedPlugin{}, at: time.Now()}
	var fresh []*loadedPlugin
	fail := func(err error) (*snapshot, map[string]string, error) {
		for _, lp := range fresh {
			_ = lp.p.Close(context.WithoutCancel(ctx))
		}
		return nil, nil, err
	}
	load := func(name, config string) (*wasm.Plugin, error) {
		if name == "" {
			return nil, nil
		}
		src, ok := srcs[name]
		if !ok {
			return nil, fmt.Errorf("%w: plugin %q is neither built in nor in the plugins directory", core.ErrInvalid, name)
		}
		m := manifestOf(cfg, name, src, config)
		mj, _ := json.Marshal(m)
		// A built-in's code is the binary's own: its name stands for it.
		d, lazy := ps.builtins[src.name]
		lazy = lazy && src.builtin() && len(bytes.TrimSpace(m.Config)) == 0
		key := fmt.Sprintf("%s|built-in|%x", src.name, sha256.Sum256(mj))
		var code []byte
		if !lazy {
			var err error
			if code, err = src.bytes(); err != nil {
				return nil, err
			}
		}
		if !src.builtin() {
			sum := sha256.Sum256(code)
			key = fmt.Sprintf("%s|%x|%x", src.name, sum[:8], sha256.Sum256(mj))
		}
		if lp, ok := s.loaded[key]; ok {
			return lp.p, nil
		}
		if old != nil {
			if lp, ok := old.loaded[key]; ok {
				s.loaded[key] = lp
				return lp.p, nil
			}
		}
		var p *wasm.Plugin
		var err error
		if lazy {
			// Compiled at its first call: a server that only searches
			// never compiles the extractor (docs/edge.md). A plugin with a
			// configuration is loaded now, so that a configuration it
			// refuses stops the start.
			p, err = ps.rt.LoadLazily(ctx, src.name, src.bytes, m, d)
		} else {
			p, err = ps.rt.Load(ctx, src.name, code, m)
		}
		if err != nil {
			return nil, fmt.Errorf("load plugin %s (%s): %w", name, src.origin, err)
		}
		lp := &loadedPlugin{p: p, source: src.origin, key: key}
		s.loaded[key] = lp
		fresh = append(fresh, lp)
		return p, nil
	}
	recipeErrs, recipeLoaded := map[string]error{}, map[string]bool{}
	makeSet := func(sc, def SetConfig) (*pluginSet, error) {
		pick := func(a, b string) string {
			if a != "" {
				return a
			}
			return b
		}
		ex := pick(sc.Extractor, def.Extractor)
		conf := func(name string) string {
			if c, ok := sc.PluginConfig[name]; ok {
				return c
			}
			return def.PluginConfig[name]
		}
		set := &pluginSet{}
		var err error
		if set.extractor, err = load(ex, conf(ex)); err != nil {
			return nil, err
		}
		if set.extractor != nil && !set.extractor.Has(abi.CapExtract) {
			return nil, fmt.Errorf("%w: plugin %s cannot extract", core.ErrInvalid, ex)
		}
		res := pick(sc.Resolver, def.Resolver)
		if res == "" {
			res = ex
		}
		rp, err := load(res, conf(res))
		if err != nil {
			return nil, err
		}
		if rp != nil && rp.Has(abi.CapResolveEntities) {
			set.entityResolver = rp
		}
		if rp != nil && rp.Has(abi.CapResolveFacts) {
			set.factResolver = rp
		}
		if rr := pick(sc.Reranker, def.Reranker); rr != "" {
			if set.reranker, err = load(rr, conf(rr)); err != nil {
				return nil, err
			}
			if !set.reranker.Has(abi.CapRerank) {
				return nil, fmt.Errorf("%w: plugin %s cannot rerank", core.ErrInvalid, rr)
			}
		}
		sum := pick(sc.Summarizer, def.Summarizer)
		if sum == "" {
			sum = ex
		}
		if sp, err := load(sum, conf(sum)); err != nil {
			return nil, err
		} else if sp != nil && sp.Has(abi.CapSummarize) {
			set.summarizer = sp
		}
		for _, name := range cfg.Search.rerankPlugins() {
			if _, ok := srcs[name]; !ok {
				return nil, fmt.Errorf("%w: %s: plugin %q is neither built in nor in the plugins directory", core.ErrInvalid, cfg.Search.namingPlugin(name), name)
			}
			// A recipe's plugin runs with each set's plugin_config; a set
			// in which it does not load goes without it (its searches with
			// the recipe degrade with a warning), unless no set loads it.
			p, err := load(name, conf(name))
			if err == nil && !p.Has(abi.CapRerank) {
				return nil, fmt.Errorf("%w: %s: plugin %s cannot rerank", core.ErrInvalid, cfg.Search.namingPlugin(name), name)
			}
			if err != nil {
				if ctx.Err() != nil {
					return nil, err
				}
				if _, ok := recipeErrs[name]; !ok {
					recipeErrs[name] = fmt.Errorf("%s: %w", cfg.Search.namingPlugin(name), err)
				}
				continue
			}
			recipeLoaded[name] = true
			if set.rerankers == nil {
				set.rerankers = map[string]*wasm.Plugin{}
			}
			set.rerankers[name] = p
		}
		ont := pick(sc.Ontology, def.Ontology)
		if set.ontology, err = loadOntology(cfg, ont, stamps); err != nil {
			return nil, err
		}
		return set, nil
	}
	if s.def, err = makeSet(cfg.Plugins.Default, SetConfig{}); err != nil {
		return fail(err)
	}
	for i, t := range cfg.Plugins.Tenants {
		set, err := makeSet(t.SetConfig, cfg.Plugins.Default)
		if err != nil {
			return fail(fmt.Errorf("%s: %w", TenantName(i, t.Groups), err))
		}
		s.tenants = append(s.tenants, tenantSet{patterns: t.Groups, set: set})
	}
	for _, name := range cfg.Search.rerankPlugins() {
		if err := recipeErrs[name]; err != nil && !recipeLoaded[name] {
			return fail(err)
		} else if err != nil {
			ps.log.Warn("a recipe's rerank plugin does not load in some plugin sets; their searches with the recipe are ordered by rrf", "plugin", name, "err", err)
		}
	}
	for _, src := range list {
		if !src.builtin() {
			stamps[src.origin] = stampOf(src.origin)
		}
	}
	if dir := cfg.resolvePath(cfg.Plugins.Dir); dir != "" {
		stamps[dir] = stampOf(dir)
	}
	if cfg.path != "" {
		stamps[cfg.path] = stampOf(cfg.path)
	}
	if slices.ContainsFunc(fresh, func(lp *loadedPlugin) bool { return lp.p.Stats().Compiled }) {
		// Compiling a plugin leaves tens of MiB of garbage, which the Go
		// runtime would hand back to the system only over minutes: 5 s
		// after a cold start (nothing in the compilation cache) a server
		// held 112 MiB of anonymous memory against 51 MiB after a warm
		// one (go run ./internal/tools/bench-edge). Hand it back now.
		debug.FreeOSMemory()
	}
	return s, stamps, nil
}
