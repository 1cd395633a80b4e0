package wasm

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// Runtime compiles and loads plugins. It holds the compilation cache, which
// every plugin it loads shares: loading a module while a plugin of the same
// module is loaded (another tenant's configuration, a reload before the old
// plugin is closed) reuses its compiled code. With Options.CacheDir the
// compiled code is also written to disk, so loading a module again after
// its last plugin closed, or in a restarted process, reads it back instead
// of compiling it.
//
// The plugins with the same memory limit share one wazero runtime (with
// one WASI and one host module), and the plugins of the same module share
// its compiled form: a loaded plugin costs its instances and little else.
// The instances are each plugin's own.
//
// A Runtime is safe for concurrent use. Close closes every plugin it loaded,
// the shared runtimes and then the compilation cache.
type Runtime struct {
	opts  Options
	cache wazero.CompilationCache

	// memory backs the instances' linear memory (memory_linux.go); nil is
	// wazero's default.
	memory experimental.MemoryAllocator

	stopTrim chan struct{} // closed by Close to stop the trimming goroutine
	trimDone chan struct{}

	mu      sync.Mutex
	plugins map[*Plugin]struct{}
	engines map[engineKey]*engine
	closed  bool
}

// engineKey tells the engines apart: the memory limit in pages, and
// whether calls can be stopped (Manifest.Uninterruptible).
type engineKey struct {
	pages         uint32
	interruptible bool
}

// engine is a wazero runtime shared by the plugins of one memory limit and
// interruptibility, with the compiled modules they use.
type engine struct {
	wr      wazero.Runtime
	wasi    api.Module
	modules map[[sha256.Size]byte]*sharedModule
}

// sharedModule is a compiled module and the number of plugins using it.
type sharedModule struct {
	key      [sha256.Size]byte
	compiled wazero.CompiledModule
	refs     int
}

// Open validates opts and opens a Runtime with its compilation cache.
func Open(ctx context.Context, opts Options) (*Runtime, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	opts = opts.withDefaults()
	var cache wazero.CompilationCache
	if opts.CacheDir != "" {
		c, err := wazero.NewCompilationCacheWithDir(opts.CacheDir)
		if err != nil {
			return nil, fmt.Errorf("open wasm compilation cache %s: %w", opts.CacheDir, err)
		}
		cache = c
	} else {
		cache = wazero.NewCompilationCache()
	}
	r := &Runtime{opts: opts, cache: cache, memory: newMemoryAllocator(), plugins: map[*Plugin]struct{}{}, engines: map[engineKey]*engine{},
		stopTrim: make(chan struct{}), trimDone: make(chan struct{})}
	go r.trimLoop()
	return r, nil
}

// trimLoop closes instances idle past Options.IdleTimeout, checking four
// times per timeout, until Close.
func (r *Runtime) trimLoop() {
	defer close(r.trimDone)
	if r.opts.IdleTimeout < 0 {
		return
	}
	t := time.NewTicker(max(r.opts.IdleTimeout/4, 100*time.Millisecond))
	defer t.Stop()
	for {
		select {
		case <-r.stopTrim:
			return
		case <-t.C:
			r.trimIdle(r.opts.Now())
		}
	}
}

// trimIdle closes, in every plugin, the idle instances unused since before
// now - Options.IdleTimeout, but each plugin's most recently used one.
func (r *Runtime) trimIdle(now time.Time) {
	r.mu.Lock()
	plugins := make([]*Plugin, 0, len(r.plugins))
	for p := range r.plugins {
		plugins = append(plugins, p)
	}
	r.mu.Unlock()
	for _, p := range plugins {
		p.trimIdle(now.Add(-r.opts.IdleTimeout))
	}
}

// Close closes every plugin loaded by r (see Plugin.Close: in-flight calls
// finish unless ctx ends first) and the compilation cache. It is idempotent
// and succeeds even when ctx is done.
func (r *Runtime) Close(ctx context.Context) error {
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return nil
	}
	r.closed = true
	close(r.stopTrim)
	plugins := make([]*Plugin, 0, len(r.plugins))
	for p := range r.plugins {
		plugins = append(plugins, p)
	}
	r.mu.Unlock()

	var errs []error
	for _, p := range plugins {
		errs = append(errs, p.Close(ctx))
	}
	r.mu.Lock()
	engines := r.engines
	r.engines = map[engineKey]*engine{}
	r.mu.Unlock()
	for _, e := range engines {
		if err := e.wr.Close(context.WithoutCancel(ctx)); err != nil {
			errs = append(errs, fmt.Errorf("close wasm runtime: %w", err))
		}
	}
	<-r.trimDone
	if err := r.cache.Close(context.WithoutCancel(ctx)); err != nil {
		errs = append(errs, fmt.Errorf("close wasm compilation cache: %w", err))
	}
	return errors.Join(errs...)
}

// Load compiles a plugin module (or takes it from the compilation cache),
// checks its imports and exports, instantiates it once, and checks that it
// speaks abi.Version: a module of another ABI version is refused with an
// error wrapping core.ErrInvalid. It then reads the describe answer and
// configures the instance with m.Config; a configuration the plugin rejects
// fails the load. name identifies the plugin in errors, logs and Stats.
//
// Load keeps no reference to wasmBytes. Errors are *PluginError.
func (r *Runtime) Load(ctx context.Context, name string, wasmBytes []byte, m Manifest) (*Plugin, error) {
	return r.load(ctx, name, wasmBytes, m, false)
}

// Describe reads what a plugin module says of itself, its describe
// answer, without configuring it: for a host that knows plugins by the
// name they describe rather than by file name. The module is checked as
// Load checks it (imports, exports, ABI version, the answer itself).
// label names the module in errors, which are *PluginError.
func (r *Runtime) Describe(ctx context.Context, label string, wasmBytes []byte) (abi.Describe, error) {
	p, err := r.load(ctx, label, wasmBytes, Manifest{}, true)
	if err != nil {
		return abi.Describe{}, err
	}
	d := p.Describe()
	_ = p.Close(context.WithoutCancel(ctx))
	return d, nil
}

// LoadLazily returns a plugin that is compiled, checked and instantiated
// at its first call instead of now, so that a process that never calls a
// plugin its configuration names (a server that only searches never
// extracts) pays neither for the compilation nor for the compiled code (22
// MiB for the rule extractor). d is the describe answer the module is known
// to give, a built-in's recorded when it was built: Name, Describe and Has
// answer from it until then. The first call reads the module with code,
// checks it as Load does, and also that it describes itself as d says;
// until a call succeeds in that, every call fails with the load's error
// (wrapping core.ErrInvalid for a module Load would refuse) and the next
// one tries again. m is checked now; the module's answer to its
// configuration, at the first call.
//
// code is called at most once per attempt, and its bytes are not kept.
// Errors are *PluginError.
func (r *Runtime) LoadLazily(ctx context.Context, name string, code func() ([]byte, error), m Manifest, d abi.Describe) (*Plugin, error) {
	p, err := r.newPlugin(ctx, name, m)
	if err != nil {
		return nil, err
	}
	if err := p.record(d); err != nil {
		return nil, err
	}
	p.code = code
	return r.add(ctx, p)
}

func (r *Runtime) load(ctx context.Context, name string, wasmBytes []byte, m Manifest, describeOnly bool) (*Plugin, error) {
	p, err := r.newPlugin(ctx, name, m)
	if err != nil {
		return nil, err
	}
	p.describeOnly = describeOnly
	if _, err := p.load(ctx, wasmBytes, false); err != nil {
		p.release(context.WithoutCancel(ctx))
		return nil, err
	}
	p.ready.Store(true)
	return r.add(ctx, p)
}

// newPlugin checks m and makes a plugin on the engine of its memory limit.
func (r *Runtime) newPlugin(ctx context.Context, name string, m Manifest) (*Plugin, error) {
	if name == "" {
		return nil, fmt.Errorf("%w: wasm plugin name is empty", core.ErrInvalid)
	}
	if err := m.Validate(); err != nil {
		return nil, &PluginError{Plugin: name, Func: "load", Err: err}
	}
	r.mu.Lock()
	closed := r.closed
	r.mu.Unlock()
	if closed {
		return nil, &PluginError{Plugin: name, Func: "load", Err: core.ErrClosed}
	}

	m = m.withDefaults(r.opts)
	p := newPlugin(r, name, m)
	eng, err := r.engine(ctx, engineKey{pages: m.MemoryLimitPages, interruptible: !m.Uninterruptible})
	if err != nil {
		return nil, &PluginError{Plugin: name, Func: "load", Err: err}
	}
	p.eng = eng
	return p, nil
}

// add enters a loaded plugin in r's set, unless r closed meanwhile.
func (r *Runtime) add(ctx context.Context, p *Plugin) (*Plugin, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		p.release(context.WithoutCancel(ctx))
		return nil, &PluginError{Plugin: p.name, Func: "load", Err: core.ErrClosed}
	}
	r.plugins[p] = struct{}{}
	return p, nil
}

// engine returns the shared wazero runtime for k, making it the first
// time.
func (r *Runtime) engine(ctx context.Context, k engineKey) (*engine, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return nil, core.ErrClosed
	}
	if e := r.engines[k]; e != nil {
		return e, nil
	}
	cfg := wazero.NewRuntimeConfig().
		WithCloseOnContextDone(k.interruptible).
		WithMemoryLimitPages(k.pages).
		WithCompilationCache(r.cache)
	wr := wazero.NewRuntimeWithConfig(ctx, cfg)
	if _, err := wasi_snapshot_preview1.Instantiate(ctx, wr); err != nil {
		_ = wr.Close(ctx)
		return nil, fmt.Errorf("instantiate wasi: %w", err)
	}
	if err := instantiateHost(ctx, wr); err != nil {
		_ = wr.Close(ctx)
		return nil, fmt.Errorf("instantiate host module: %w", err)
	}
	e := &engine{wr: wr, wasi: wr.Module(wasi_snapshot_preview1.ModuleName), modules: map[[sha256.Size]byte]*sharedModule{}}
	r.engines[k] = e
	return e, nil
}

// compile returns the compiled module of wasmBytes in e, shared with the
// other plugins of the same bytes; the caller releases it with unshare.
func (r *Runtime) compile(ctx context.Context, e *engine, wasmBytes []byte) (*sharedModule, error) {
	key := sha256.Sum256(wasmBytes)
	r.mu.Lock()
	if m := e.modules[key]; m != nil {
		m.refs++
		r.mu.Unlock()
		return m, nil
	}
	r.mu.Unlock()
	// Compile outside the lock: it can take seconds, and other loads go on.
	compiled, err := e.wr.CompileModule(ctx, wasmBytes)
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if m := e.modules[key]; m != nil { // compiled meanwhile by another load
		_ = compiled.Close(ctx)
		m.refs++
		return m, nil
	}
	m := &sharedModule{key: key, compiled: compiled, refs: 1}
	e.modules[key] = m
	return m, nil
}

// unshare drops a plugin's use of m, closing it after the last one.
func (r *Runtime) unshare(ctx context.Context, e *engine, m *sharedModule) {
	r.mu.Lock()
	m.refs--
	last := m.refs == 0
	if last {
		delete(e.modules, m.key)
	}
	r.mu.Unlock()
	if last {
		_ = m.compiled.Close(ctx)
	}
}

// forget drops a closed plugin from r's set.
func (r *Runtime) forget(p *Plugin) {
	r.mu.Lock()
	delete(r.plugins, p)
	r.mu.Unlock()
}

// load compiles and checks the module, and makes a first instance to read
// its describe answer and check its configuration. Unless keep, that
// instance is closed, not kept: a plugin's linear memory is the bulk of
// its cost (26 MiB resident for the rule extractor, whose dictionaries its
// _initialize decodes), and a server that never calls a plugin it loaded
// (one that only searches) should not hold it. The first call makes an
// instance again. A lazy plugin's first call keeps it for itself.
func (p *Plugin) load(ctx context.Context, wasmBytes []byte, keep bool) (*instance, error) {
	shared, err := p.rt.compile(ctx, p.eng, wasmBytes)
	if err != nil {
		if ctx.Err() != nil {
			return nil, p.errorf("compile", "compile module: %w", ctx.Err())
		}
		return nil, p.errorf("compile", "compile module: %w: %s", core.ErrInvalid, oneLine(err.Error(), 300))
	}
	p.shared, p.compiled = shared, shared.compiled
	compiled := p.compiled
	if err := checkImports(compiled, p.eng.wasi); err != nil {
		return nil, &PluginError{Plugin: p.name, Func: "compile", Err: err}
	}
	if err := checkExports(compiled); err != nil {
		return nil, &PluginError{Plugin: p.name, Func: "compile", Err: err}
	}
	_, p.hasConfigure = compiled.ExportedFunctions()[abi.ExportConfigure]

	callCtx, cancel := context.WithTimeout(ctx, p.manifest.CallTimeout)
	defer cancel()
	inst, err := p.instantiate(ctx, callCtx, true)
	if err != nil {
		return nil, err
	}
	if keep {
		return inst, nil
	}
	p.discard(inst)
	return nil, nil
}

// loadLazily loads a plugin of LoadLazily at its first call and returns
// the instance that checked it, for that call; nil and no error when the
// plugin is loaded already.
func (p *Plugin) loadLazily(ctx context.Context) (*instance, error) {
	if p.ready.Load() {
		return nil, nil
	}
	p.loadMu.Lock()
	defer p.loadMu.Unlock()
	if p.ready.Load() {
		return nil, nil
	}
	b, err := p.code()
	if err != nil {
		return nil, &PluginError{Plugin: p.name, Func: "load", Err: fmt.Errorf("read module: %w", err)}
	}
	inst, err := p.load(ctx, b, true)
	if err != nil {
		if p.shared != nil {
			p.rt.unshare(context.WithoutCancel(ctx), p.eng, p.shared)
			p.shared, p.compiled = nil, nil
		}
		return nil, err
	}
	p.ready.Store(true)
	return inst, nil
}

// checkImports refuses imports mnemo does not provide, so a module fails
// at load with a clear reason instead of at instantiation. wasi is the
// instantiated WASI module, whose exports are what mnemo provides of WASI.
func checkImports(compiled wazero.CompiledModule, wasi api.Module) error {
	provided := wasi.ExportedFunctionDefinitions()
	for _, def := range compiled.ImportedFunctions() {
		mod, name, _ := def.Import()
		switch mod {
		case wasi_snapshot_preview1.ModuleName:
			want, ok := provided[name]
			if !ok {
				return fmt.Errorf("%w: module imports %s.%s, which is not part of WASI preview 1 as mnemo provides it", core.ErrInvalid, mod, name)
			}
			if !slices.Equal(def.ParamTypes(), want.ParamTypes()) || !slices.Equal(def.ResultTypes(), want.ResultTypes()) {
				return fmt.Errorf("%w: module imports %s.%s with signature %s, want %s", core.ErrInvalid, mod, name,
					signature(def.ParamTypes(), def.ResultTypes()), signature(want.ParamTypes(), want.ResultTypes()))
			}
		case abi.HostModule:
			want, ok := hostSignatures[name]
			if !ok {
				return fmt.Errorf("%w: module imports %s.%s: the host module has only llm_complete, embed, result_read and log", core.ErrInvalid, mod, name)
			}
			if !slices.Equal(def.ParamTypes(), want.params) || !slices.Equal(def.ResultTypes(), want.results) {
				return fmt.Errorf("%w: module imports %s.%s with signature %s, want %s", core.ErrInvalid, mod, name,
					signature(def.ParamTypes(), def.ResultTypes()), signature(want.params, want.results))
			}
		default:
			return fmt.Errorf("%w: module imports %s.%s: mnemo provides only the %s and %s modules", core.ErrInvalid, mod, name, wasi_snapshot_preview1.ModuleName, abi.HostModule)
		}
	}
	for _, def := range compiled.ImportedMemories() {
		mod, name, _ := def.Import()
		return fmt.Errorf("%w: module imports memory %s.%s: a plugin must define and export its own memory", core.ErrInvalid, mod, name)
	}
	return nil
}

type funcSignature struct{ params, results []api.ValueType }

var (
	i32 = api.ValueTypeI32
	i64 = api.ValueTypeI64

	// exportSignatures are the exports the host calls, with whether each is
	// required. Capability exports share mnemo_configure's signature.
	exportSignatures = map[string]struct {
		sig      funcSignature
		required bool
	}{
		abi.ExportABIVersion: {funcSignature{nil, []api.ValueType{i32}}, true},
		abi.ExportAlloc:      {funcSignature{[]api.ValueType{i32}, []api.ValueType{i32}}, true},
		abi.ExportDescribe:   {funcSignature{nil, []api.ValueType{i64}}, true},
		abi.ExportConfigure:  {messageSignature, false},
	}
	messageSignature = funcSignature{[]api.ValueType{i32, i32}, []api.ValueType{i64}}
)

// checkExports checks that the module exports its memory and the required
// functions, and that every export the host may call has its signature.
func checkExports(compiled wazero.CompiledModule) error {
	if _, ok := compiled.ExportedMemories()["memory"]; !ok {
		return fmt.Errorf("%w: module does not export its memory as \"memory\"", core.ErrInvalid)
	}
	exports := compiled.ExportedFunctions()
	names := make([]string, 0, len(exportSignatures)+len(abi.AllCapabilities))
	for name := range exportSignatures {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, c := range abi.AllCapabilities {
		names = append(names, abi.ExportPrefix+c)
	}
	for _, name := range names {
		want, ok := exportSignatures[name]
		if !ok {
			want.sig = messageSignature
		}
		def, ok := exports[name]
		if !ok {
			if want.required {
				return fmt.Errorf("%w: module does not export %s", core.ErrInvalid, name)
			}
			continue
		}
		if !slices.Equal(def.ParamTypes(), want.sig.params) || !slices.Equal(def.ResultTypes(), want.sig.results) {
			return fmt.Errorf("%w: module exports %s with signature %s, want %s", core.ErrInvalid, name,
				signature(def.ParamTypes(), def.ResultTypes()), signature(want.sig.params, want.sig.results))
		}
	}
	return nil
}

// signature formats a function type as in the ABI document: (i32, i32) -> i64.
func signature(params, results []api.ValueType) string {
	names := func(ts []api.ValueType) string {
		s := ""
		for i, t := range ts {
			if i > 0 {
				s += ", "
			}
			s += api.ValueTypeName(t)
		}
		return s
	}
	out := "(" + names(params) + ")"
	if len(results) > 0 {
		out += " -> " + names(results)
	}
	return out
}
