package host

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"mnemo/core"
	"mnemo/plugins/builtin"
	"mnemo/wasm"
	"mnemo/wasm/abi"
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
	// search recipe choice) to the engine; set by Open, under mu.
	onReload func(Config) error
	cur      atomic.Pointer[snapshot]
	lastErr  atomic.Pointer[reloadError]
	stamps   map[string]string // watched file → modification stamp
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
		stop:  make(chan struct{}),
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
			out.Rerankers = make(map[string]core.Reranker, len(s.rerankers))
		}
		out.Rerankers[name] = r
	}
	out.Ontology = s.ontology
	return out, nil
}

// source is a plugin's code and where it came from.
type source struct {
	name, origin string
	code         []byte
}

// sources lists the available plugins: the built-ins, then the .wasm files
// of dir, which replace built-ins of the same name.
func sources(dir string) (map[string]source, error) {
	out := map[string]source{}
	names, err := fs.Glob(builtin.FS, "*.wasm")
	if err != nil {
		return nil, err
	}
	for _, n := range names {
		b, err := builtin.FS.ReadFile(n)
		if err != nil {
			return nil, fmt.Errorf("read built-in plugin %s: %w", n, err)
		}
		name := strings.TrimSuffix(n, ".wasm")
		out[name] = source{name: name, origin: "built-in", code: b}
	}
	if dir == "" {
		return out, nil
	}
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read plugins directory: %w", err)
	}
	for _, e := range entries {
		if e.IsDir() || filepath.Ext(e.Name()) != ".wasm" {
			continue
		}
		path := filepath.Join(dir, e.Name())
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("read plugin %s: %w", path, err)
		}
		name := strings.TrimSuffix(e.Name(), ".wasm")
		out[name] = source{name: name, origin: path, code: b}
	}
	return out, nil
}

// manifestFor returns the manifest of a plugin under cfg: the operator's
// grant, else what a built-in needs.
func manifestFor(cfg Config, name, config string) wasm.Manifest {
	g, ok := cfg.Plugins.Grants[name]
	if !ok && name == "llm-extractor" {
		g = GrantConfig{AllowLLM: true}
	}
	return wasm.Manifest{
		AllowLLM:         g.AllowLLM,
		AllowEmbed:       g.AllowEmbed,
		MemoryLimitPages: uint32(cfg.Plugins.MemoryLimitMB * 16),
		CallTimeout:      cfg.Plugins.CallTimeout,
		Config:           []byte(config),
	}
}

// build loads every plugin cfg refers to, reusing the loaded plugins of old
// whose code, grant and configuration did not change, and returns the new
// snapshot with the stamps of the files it read.
func (ps *PluginSets) build(ctx context.Context, cfg Config, old *snapshot) (*snapshot, map[string]string, error) {
	srcs, err := sources(cfg.resolvePath(cfg.Plugins.Dir))
	if err != nil {
		return nil, nil, err
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
		m := manifestFor(cfg, name, config)
		sum := sha256.Sum256(src.code)
		mj, _ := json.Marshal(m)
		key := fmt.Sprintf("%s|%x|%x", name, sum[:8], sha256.Sum256(mj))
		if lp, ok := s.loaded[key]; ok {
			return lp.p, nil
		}
		if old != nil {
			if lp, ok := old.loaded[key]; ok {
				s.loaded[key] = lp
				return lp.p, nil
			}
		}
		p, err := ps.rt.Load(ctx, name, src.code, m)
		if err != nil {
			return nil, fmt.Errorf("load plugin %s (%s): %w", name, src.origin, err)
		}
		lp := &loadedPlugin{p: p, source: src.origin, key: key}
		s.loaded[key] = lp
		fresh = append(fresh, lp)
		return p, nil
	}
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
			p, err := load(name, conf(name))
			if err != nil {
				return nil, fmt.Errorf("%s: %w", cfg.Search.namingPlugin(name), err)
			}
			if !p.Has(abi.CapRerank) {
				return nil, fmt.Errorf("%w: %s: plugin %s cannot rerank", core.ErrInvalid, cfg.Search.namingPlugin(name), name)
			}
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
			return fail(fmt.Errorf("plugins.tenants[%d]: %w", i, err))
		}
		s.tenants = append(s.tenants, tenantSet{patterns: t.Groups, set: set})
	}
	for name, src := range srcs {
		if src.origin != "built-in" {
			stamps[src.origin] = stampOf(src.origin)
		}
		_ = name
	}
	if dir := cfg.resolvePath(cfg.Plugins.Dir); dir != "" {
		stamps[dir] = stampOf(dir)
	}
	if cfg.path != "" {
		stamps[cfg.path] = stampOf(cfg.path)
	}
	return s, stamps, nil
}

// loadOntology reads an ontology: inline JSON, or a JSON file.
func loadOntology(cfg Config, spec string, stamps map[string]string) (*core.Ontology, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return nil, nil
	}
	b := []byte(spec)
	if !strings.HasPrefix(spec, "{") {
		path := cfg.resolvePath(spec)
		var err error
		if b, err = os.ReadFile(path); err != nil {
			return nil, fmt.Errorf("read ontology: %w", err)
		}
		stamps[path] = stampOf(path)
	}
	return ParseOntology(b)
}

// ParseOntology decodes a JSON ontology (the format of docs/plugins.md:
// entity_types, fact_types, excluded_entity_types, instructions).
func ParseOntology(b []byte) (*core.Ontology, error) {
	var o abi.Ontology
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&o); err != nil {
		return nil, fmt.Errorf("%w: ontology: %w", core.ErrInvalid, err)
	}
	out := &core.Ontology{ExcludedEntityTypes: o.ExcludedEntityTypes, Instructions: o.Instructions}
	attrs := func(as []abi.Attribute) []core.AttributeField {
		var f []core.AttributeField
		for _, a := range as {
			f = append(f, core.AttributeField{Name: a.Name, Description: a.Description})
		}
		return f
	}
	for _, t := range o.EntityTypes {
		if err := core.ValidateLabel(t.Name); err != nil {
			return nil, fmt.Errorf("ontology entity type: %w", err)
		}
		out.EntityTypes = append(out.EntityTypes, core.EntityType{Name: t.Name, Description: t.Description, Attributes: attrs(t.Attributes)})
	}
	for _, t := range o.FactTypes {
		if t.Name == "" {
			return nil, fmt.Errorf("%w: ontology fact type without a name", core.ErrInvalid)
		}
		out.FactTypes = append(out.FactTypes, core.FactType{Name: t.Name, Description: t.Description, SourceTypes: t.SourceTypes, TargetTypes: t.TargetTypes, Attributes: attrs(t.Attributes)})
	}
	return out, nil
}

// stampOf is a file's size and modification time, or "" if it is missing.
func stampOf(path string) string {
	st, err := os.Stat(path)
	if err != nil {
		return ""
	}
	return fmt.Sprintf("%d-%d", st.Size(), st.ModTime().UnixNano())
}

// watch checks the watched files every interval and reloads on change.
func (ps *PluginSets) watch(every time.Duration) {
	defer ps.wg.Done()
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ps.stop:
			return
		case <-t.C:
		}
		ps.mu.Lock()
		changed := false
		for path, st := range ps.stamps {
			if stampOf(path) != st {
				changed = true
				break
			}
		}
		ps.mu.Unlock()
		if changed {
			if err := ps.Reload(context.Background()); err != nil {
				ps.log.Error("reload plugins: keeping the running set", "err", err)
			}
		}
	}
}

// Reload re-reads the configuration file (its [plugins] and [search]
// sections: the recipes and the recipe choice) and the plugin and ontology
// files, and swaps in the new plugins and recipes. On error the running
// set and recipes stay, and LastError returns the error.
func (ps *PluginSets) Reload(ctx context.Context) error {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	cfg := ps.cfg
	if cfg.path != "" {
		next, err := Load(cfg.path, ps.getenv)
		if err != nil {
			return ps.failed(err)
		}
		cfg.Plugins = next.Plugins
		cfg.Search = next.Search
	}
	refuse := func(err error) error {
		// Remember the files as they are, so one broken file is reported
		// once, not on every tick.
		for path := range ps.stamps {
			ps.stamps[path] = stampOf(path)
		}
		return ps.failed(err)
	}
	// The recipe choice first: the engine checks it and applies it at once,
	// or refuses it and the reload.
	if ps.onReload != nil {
		if err := ps.onReload(cfg); err != nil {
			return refuse(err)
		}
	}
	old := ps.cur.Load()
	s, stamps, err := ps.build(ctx, cfg, old)
	if err != nil {
		if ps.onReload != nil {
			_ = ps.onReload(ps.cfg) // the running choice, accepted before
		}
		return refuse(err)
	}
	ps.cfg, ps.stamps = cfg, stamps
	ps.cur.Store(s)
	ps.lastErr.Store(nil)
	for _, n := range cfg.Notices() {
		ps.log.Warn("setting without effect", "notice", n)
	}
	var retired []*wasm.Plugin
	for key, lp := range old.loaded {
		if _, ok := s.loaded[key]; !ok {
			retired = append(retired, lp.p)
		}
	}
	ps.log.Info("plugins reloaded", "loaded", len(s.loaded), "retired", len(retired))
	if len(retired) > 0 {
		ps.wg.Add(1)
		go func() {
			defer ps.wg.Done()
			select {
			case <-time.After(ps.grace):
			case <-ps.stop:
			}
			for _, p := range retired {
				_ = p.Close(context.Background())
			}
		}()
	}
	return nil
}

func (ps *PluginSets) failed(err error) error {
	ps.lastErr.Store(&reloadError{err: err, at: time.Now()})
	return err
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
