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

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
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
	wg        sync.WaitGroup
	stop      chan struct{}
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

// source is a plugin's code and where it came from.
type source struct {
	// name is the name the plugin describes itself with (its describe
	// answer); file is its file's base name without ".wasm". They differ
	// only for a file of the plugins directory named otherwise.
	name, file, origin string
	code               []byte
}

// builtin reports whether the source is embedded in the binary.
func (s source) builtin() bool { return s.origin == "built-in" }

// readSources lists the available plugin files: the built-ins, then the
// .wasm files of dir, in file name order.
func readSources(dir string) ([]source, error) {
	var out []source
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
		// A built-in describes itself with its file name (TestBuiltinNames).
		out = append(out, source{name: name, file: name, origin: "built-in", code: b})
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
		out = append(out, source{file: strings.TrimSuffix(e.Name(), ".wasm"), origin: path, code: b})
	}
	return out, nil
}

// describer reads the name a plugin module describes itself with.
type describer func(ctx context.Context, origin string, code []byte) (string, error)

// catalog indexes the sources by the names a configuration may use. A
// plugin is known by the name it describes itself with; a file of the
// plugins directory describing a built-in's name replaces that built-in,
// and two files describing the same name are an error. So that
// configurations written for file names keep working, a file is also known
// by its base name, unless a plugin describes itself with that name
// (described names win); notes says where that happened.
func catalog(ctx context.Context, srcs []source, describe describer) (cat map[string]source, notes []string, err error) {
	cat = map[string]source{}
	byDescribed := map[string]source{}
	for i, src := range srcs {
		if !src.builtin() {
			name, err := describe(ctx, src.origin, src.code)
			if err != nil {
				if ctx.Err() != nil {
					return nil, nil, err
				}
				// Known by its file name, so that naming it reports why it
				// does not load, and a broken file nobody names stops nothing.
				notes = append(notes, fmt.Sprintf("plugin %s does not describe itself (%v); it is known by its file name", src.origin, err))
				name = src.file
			}
			src.name = name
			srcs[i] = src
			if prev, ok := byDescribed[name]; ok && !prev.builtin() {
				return nil, nil, fmt.Errorf("%w: plugins %s and %s both describe themselves as %q: a plugin is known by the name it describes; remove one (to run one plugin with two configurations, give the tenants their own plugin_config)",
					core.ErrInvalid, prev.origin, src.origin, name)
			}
		}
		byDescribed[src.name] = src
		cat[src.name] = src
	}
	for _, src := range srcs {
		if src.file == src.name {
			continue
		}
		if other, ok := byDescribed[src.file]; ok {
			notes = append(notes, fmt.Sprintf("plugin %s describes itself as %q and is known by that name only: its file name is the name of %s", src.origin, src.name, other.origin))
			continue
		}
		cat[src.file] = src
	}
	return cat, notes, nil
}

// describe reads the name a plugin module describes itself with, once per
// module content.
func (ps *PluginSets) describe(ctx context.Context, origin string, code []byte) (string, error) {
	sum := sha256.Sum256(code)
	if name, ok := ps.described[sum]; ok {
		return name, nil
	}
	d, err := ps.rt.Describe(ctx, filepath.Base(origin), code)
	if err != nil {
		return "", err
	}
	ps.described[sum] = d.Name
	return d.Name, nil
}

// manifestFor returns the manifest of a plugin under cfg, named name by
// the configuration and described as described: the operator's grant (by
// either name), else what a built-in needs.
func manifestFor(cfg Config, name, described, config string) wasm.Manifest {
	g, ok := cfg.Plugins.Grants[name]
	if !ok {
		g, ok = cfg.Plugins.Grants[described]
	}
	if !ok && described == "llm-extractor" {
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
		m := manifestFor(cfg, name, src.name, config)
		sum := sha256.Sum256(src.code)
		mj, _ := json.Marshal(m)
		key := fmt.Sprintf("%s|%x|%x", src.name, sum[:8], sha256.Sum256(mj))
		if lp, ok := s.loaded[key]; ok {
			return lp.p, nil
		}
		if old != nil {
			if lp, ok := old.loaded[key]; ok {
				s.loaded[key] = lp
				return lp.p, nil
			}
		}
		p, err := ps.rt.Load(ctx, src.name, src.code, m)
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
	halfLife := func(kind, name, s string) (time.Duration, error) {
		if s == "" {
			return 0, nil
		}
		d, err := time.ParseDuration(s)
		if err != nil || d <= 0 {
			return 0, fmt.Errorf("%w: ontology %s type %s: half_life %q: want a positive duration such as \"8760h\"", core.ErrInvalid, kind, name, s)
		}
		return d, nil
	}
	for _, t := range o.EntityTypes {
		if err := core.ValidateLabel(t.Name); err != nil {
			return nil, fmt.Errorf("ontology entity type: %w", err)
		}
		hl, err := halfLife("entity", t.Name, t.HalfLife)
		if err != nil {
			return nil, err
		}
		out.EntityTypes = append(out.EntityTypes, core.EntityType{Name: t.Name, Description: t.Description, Attributes: attrs(t.Attributes), HalfLife: hl})
	}
	for _, t := range o.FactTypes {
		if t.Name == "" {
			return nil, fmt.Errorf("%w: ontology fact type without a name", core.ErrInvalid)
		}
		hl, err := halfLife("fact", t.Name, t.HalfLife)
		if err != nil {
			return nil, err
		}
		out.FactTypes = append(out.FactTypes, core.FactType{Name: t.Name, Description: t.Description, SourceTypes: t.SourceTypes, TargetTypes: t.TargetTypes, Attributes: attrs(t.Attributes), HalfLife: hl})
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
	// The watched files as they are before this reload reads them: a file
	// that changes while the reload runs (a configuration written just
	// after a plugin was copied) must trigger the next one, so its stamp
	// is kept from before.
	before := map[string]string{}
	for path := range ps.stamps {
		before[path] = stampOf(path)
	}
	if ps.cfg.path != "" {
		before[ps.cfg.path] = stampOf(ps.cfg.path)
	}
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
	old := ps.cur.Load()
	s, stamps, err := ps.build(ctx, cfg, old)
	if err != nil {
		return refuse(err)
	}
	// The recipe choice is checked now and applied just after the new
	// plugins are swapped in. A search reads its recipe before it asks for
	// the group's plugins, so one that sees the new choice finds the new
	// plugins too; applied before the (slow) build, the choice would send
	// searches to plugins not loaded yet, which fall back to rrf.
	search := retrieval.Options{Recipes: cfg.Search.CoreRecipes(), DefaultRecipe: cfg.Search.DefaultRecipe, GroupRecipes: cfg.Search.GroupRecipes}
	if err := search.Validate(); err != nil {
		for key, lp := range s.loaded {
			if _, ok := old.loaded[key]; !ok {
				_ = lp.p.Close(context.Background())
			}
		}
		return refuse(err)
	}
	for path, st := range stamps {
		if was, ok := before[path]; ok && was != st {
			stamps[path] = was
		}
	}
	ps.cfg, ps.stamps = cfg, stamps
	ps.cur.Store(s)
	if ps.onReload != nil {
		if err := ps.onReload(cfg); err != nil {
			// Checked above with the same rule; nothing else sets recipes.
			ps.log.Error("apply the reloaded recipe choice", "err", err)
		}
	}
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
