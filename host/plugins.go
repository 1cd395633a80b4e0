package host

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/plugins/builtin"
	"github.com/mnemohq/mnemo/wasm"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// PluginSets serves each group its plugins (core.PluginSets) and reloads
// them when a plugin file, an ontology file or the configuration file
// changes. A reload builds a complete new set of plugins beside the running
// one and swaps it in at once; if anything fails to load, the running set
// stays and LastError says why. Replaced plugins are closed after a grace
// period, so calls that started before the swap finish normally.
//
// PluginSets is safe for concurrent use.
type PluginSets struct {
	rt     *wasm.Runtime
	log    *slog.Logger
	getenv func(string) string
	llmOn  bool
	grace  time.Duration

	mu  sync.Mutex // serializes reloads
	cfg Config
	// onReload applies the reloaded settings that are not plugins (the
	// search recipes and their choice) to the engine, after Reload has
	// checked them; set by Open, under mu.
	onReload func(Config) error
	cur      atomic.Pointer[snapshot]
	lastErr  atomic.Pointer[reloadError]
	stamps   map[string]string // watched file → modification stamp
	// described caches the names plugin modules describe, by content;
	// read and written under mu (or before the watch starts).
	described map[[sha256.Size]byte]string
	// builtins are the built-ins' recorded describe answers
	// (builtin.Described), by name.
	builtins map[string]abi.Describe
	wg       sync.WaitGroup
	stop     chan struct{}
}

type reloadError struct {
	err error
	at  time.Time
}

// snapshot is one consistent generation of loaded plugins.
type snapshot struct {
	loaded  map[string]*loadedPlugin // by load key
	def     *pluginSet
	tenants []tenantSet
	at      time.Time
}

// loadedPlugin is a plugin loaded from some bytes with some manifest.
type loadedPlugin struct {
	p      *wasm.Plugin
	source string
	key    string
}

type pluginSet struct {
	extractor, entityResolver, factResolver, reranker, summarizer *wasm.Plugin
	ontology                                                      *core.Ontology
	// rerankers are the rerank plugins the recipes name
	// (search.recipes.*.scopes.*.plugin), by name.
	rerankers map[string]*wasm.Plugin
}

type tenantSet struct {
	patterns []string
	set      *pluginSet
}

// OpenPlugins loads the plugins of cfg and, unless cfg.Plugins.Reload is
// negative, starts watching for changes.
func OpenPlugins(ctx context.Context, rt *wasm.Runtime, cfg Config, getenv func(string) string, log *slog.Logger) (*PluginSets, error) {
	ps := &PluginSets{
		rt: rt, log: log, getenv: getenv, cfg: cfg, llmOn: cfg.LLM.Configured(),
		grace: 2*max(cfg.Plugins.CallTimeout, wasm.DefaultLLMCallTimeout) + 5*time.Second,
		stop:  make(chan struct{}), described: map[[sha256.Size]byte]string{},
	}
	if err := json.Unmarshal(builtin.Described, &ps.builtins); err != nil {
		return nil, fmt.Errorf("read the built-in plugins' describe answers: %w", err)
	}
	s, stamps, err := ps.build(ctx, cfg, nil)
	if err != nil {
		return nil, err
	}
	ps.cur.Store(s)
	ps.stamps = stamps
	if cfg.Plugins.Reload > 0 {
		ps.wg.Add(1)
		go ps.watch(cfg.Plugins.Reload)
	}
	return ps, nil
}

// For implements core.PluginSets: the first tenant rule matching group
// wins; fields a tenant leaves unset come from the default set.
func (ps *PluginSets) For(ctx context.Context, group string) (core.Plugins, error) {
	s := ps.cur.Load()
	set := s.def
	for _, t := range s.tenants {
		if matchAny(t.patterns, group) {
			set = t.set
			break
		}
	}
	return set.plugins(group)
}

func matchAny(patterns []string, group string) bool {
	for _, p := range patterns {
		if MatchGroup(p, group) {
			return true
		}
	}
	return false
}

// plugins builds the core adapters of a set for one group.
func (s *pluginSet) plugins(group string) (core.Plugins, error) {
	var out core.Plugins
	var err error
	if s.extractor != nil {
		if out.Extractor, err = wasm.NewExtractor(s.extractor); err != nil {
			return out, err
		}
	}
	if s.entityResolver != nil {
		if out.EntityResolver, err = wasm.NewEntityResolver(s.entityResolver); err != nil {
			return out, err
		}
	}
	if s.factResolver != nil {
		if out.FactResolver, err = wasm.NewFactResolver(s.factResolver); err != nil {
			return out, err
		}
	}
	if s.reranker != nil {
		if out.Reranker, err = wasm.NewReranker(s.reranker, group); err != nil {
			return out, err
		}
	}
	if s.summarizer != nil {
		if out.Summarizer, err = wasm.NewSummarizer(s.summarizer, group); err != nil {
			return out, err
		}
	}
	for name, p := range s.rerankers {
		r, err := wasm.NewReranker(p, group)
		if err != nil {
			return out, err
		}
		if out.Rerankers == nil {
			out.Rerankers = make(map[string]core.Reranker, len(s.rerankers)+1)
		}
		out.Rerankers[name] = r
	}
	// The set's own reranker is there by its name too, so that a search
	// can ask for it (retrieval.Request.Plugin) whatever its recipe.
	if s.reranker != nil {
		if _, ok := out.Rerankers[s.reranker.Name()]; !ok {
			if out.Rerankers == nil {
				out.Rerankers = make(map[string]core.Reranker, 1)
			}
			out.Rerankers[s.reranker.Name()] = out.Reranker
		}
	}
	out.Ontology = s.ontology
	return out, nil
}

// LastError returns the error of the last reload that failed, if it is
// still the latest reload.
func (ps *PluginSets) LastError() error {
	if e := ps.lastErr.Load(); e != nil {
		return e.err
	}
	return nil
}

// PluginInfo describes one loaded plugin.
type PluginInfo struct {
	Name     string
	Source   string
	Describe abi.Describe
	Stats    wasm.Stats
}

// Loaded lists the plugins of the running set.
func (ps *PluginSets) Loaded() []PluginInfo {
	s := ps.cur.Load()
	var out []PluginInfo
	for _, lp := range s.loaded {
		out = append(out, PluginInfo{Name: lp.p.Name(), Source: lp.source, Describe: lp.p.Describe(), Stats: lp.p.Stats()})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// SetInfo says which plugins serve a plugin set, as loaded. A role the set
// does not fill has the zero PluginInfo.
type SetInfo struct {
	Extractor, Reranker PluginInfo
}

// DefaultSet describes the running default set: the plugins serving the
// groups no tenant rule matches, each by the name it describes itself
// with. Start-up banners name these, not the configuration's names.
func (ps *PluginSets) DefaultSet() SetInfo {
	s := ps.cur.Load()
	info := func(p *wasm.Plugin) PluginInfo {
		for _, lp := range s.loaded {
			if lp.p == p {
				return PluginInfo{Name: p.Name(), Source: lp.source, Describe: p.Describe(), Stats: p.Stats()}
			}
		}
		return PluginInfo{}
	}
	return SetInfo{Extractor: info(s.def.extractor), Reranker: info(s.def.reranker)}
}

// Close stops watching and closes every plugin.
func (ps *PluginSets) Close(ctx context.Context) error {
	select {
	case <-ps.stop:
		return nil
	default:
	}
	close(ps.stop)
	ps.wg.Wait()
	var errs []error
	for _, lp := range ps.cur.Load().loaded {
		errs = append(errs, lp.p.Close(ctx))
	}
	return errors.Join(errs...)
}
