package wasm

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"

	"mnemo/core"
	"mnemo/wasm/abi"
)

// Runtime compiles and loads plugins. It holds the compilation cache, which
// every plugin it loads shares: loading a module while a plugin of the same
// module is loaded (another tenant's configuration, a reload before the old
// plugin is closed) reuses its compiled code. With Options.CacheDir the
// compiled code is also written to disk, so loading a module again after
// its last plugin closed, or in a restarted process, reads it back instead
// of compiling it.
//
// A Runtime is safe for concurrent use. Close closes every plugin it loaded
// and then the compilation cache.
type Runtime struct {
	opts  Options
	cache wazero.CompilationCache

	mu      sync.Mutex
	plugins map[*Plugin]struct{}
	closed  bool
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
	return &Runtime{opts: opts, cache: cache, plugins: map[*Plugin]struct{}{}}, nil
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
	plugins := make([]*Plugin, 0, len(r.plugins))
	for p := range r.plugins {
		plugins = append(plugins, p)
	}
	r.mu.Unlock()

	var errs []error
	for _, p := range plugins {
		errs = append(errs, p.Close(ctx))
	}
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
	cfg := wazero.NewRuntimeConfig().
		WithCloseOnContextDone(true).
		WithMemoryLimitPages(m.MemoryLimitPages).
		WithCompilationCache(r.cache)
	p.wr = wazero.NewRuntimeWithConfig(ctx, cfg)
	if err := p.load(ctx, wasmBytes); err != nil {
		p.release(context.WithoutCancel(ctx))
		return nil, err
	}

	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		p.release(context.WithoutCancel(ctx))
		return nil, &PluginError{Plugin: name, Func: "load", Err: core.ErrClosed}
	}
	r.plugins[p] = struct{}{}
	return p, nil
}

// forget drops a closed plugin from r's set.
func (r *Runtime) forget(p *Plugin) {
	r.mu.Lock()
	delete(r.plugins, p)
	r.mu.Unlock()
}

// load compiles and checks the module and makes the first instance.
func (p *Plugin) load(ctx context.Context, wasmBytes []byte) error {
	if _, err := wasi_snapshot_preview1.Instantiate(ctx, p.wr); err != nil {
		return p.errorf("instantiate", "instantiate wasi: %w", err)
	}
	if err := p.instantiateHost(ctx); err != nil {
		return p.errorf("instantiate", "instantiate host module: %w", err)
	}
	compiled, err := p.wr.CompileModule(ctx, wasmBytes)
	if err != nil {
		if ctx.Err() != nil {
			return p.errorf("compile", "compile module: %w", ctx.Err())
		}
		return p.errorf("compile", "compile module: %w: %s", core.ErrInvalid, oneLine(err.Error(), 300))
	}
	p.compiled = compiled
	if err := checkImports(compiled, p.wr.Module(wasi_snapshot_preview1.ModuleName)); err != nil {
		return &PluginError{Plugin: p.name, Func: "compile", Err: err}
	}
	if err := checkExports(compiled); err != nil {
		return &PluginError{Plugin: p.name, Func: "compile", Err: err}
	}
	_, p.hasConfigure = compiled.ExportedFunctions()[abi.ExportConfigure]

	callCtx, cancel := context.WithTimeout(ctx, p.manifest.CallTimeout)
	defer cancel()
	inst, err := p.instantiate(ctx, callCtx, true)
	if err != nil {
		return err
	}
	p.idle <- inst
	p.live.Add(1)
	return nil
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
