package wasm

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/bytedance/sonic"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
	"github.com/tetratelabs/wazero/sys"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// jsonAPI is the host's JSON codec: encoding/json compatible (sorted map
// keys, validated UTF-8, copied strings), so answers decode the same way
// whatever the plugin's toolchain and no string aliases plugin memory.
var jsonAPI = sonic.ConfigStd

// Plugin is a loaded plugin: one compiled module and a pool of its
// instances. Each call takes an idle instance (or makes one, running the
// module's _initialize and mnemo_configure), so calls never share an
// instance; an instance that trapped, timed out or answered out of the ABI
// is discarded, never reused.
//
// A Plugin is safe for concurrent use. Close waits for in-flight calls
// (until its context ends) and frees the instances and the compiled code.
type Plugin struct {
	rt       *Runtime
	name     string
	manifest Manifest // with its defaults filled in
	logger   *slog.Logger

	eng          *engine       // the wazero runtime shared by plugins of the same memory limit
	shared       *sharedModule // the compiled module, shared by plugins of the same bytes
	compiled     wazero.CompiledModule
	hasConfigure bool
	desc         abi.Describe
	caps         map[string]bool

	slots chan struct{} // one token per instance in use or being made
	live  atomic.Int64  // instances alive, idle or in use

	mu       sync.Mutex
	idle     []*instance            // instances ready for a call, least recently used first
	all      map[*instance]struct{} // every instance alive, closed by Close
	closed   bool
	inflight sync.WaitGroup
	stats    Stats
	// describeOnly loads the plugin to read its describe answer only
	// (Runtime.Describe): it is not configured.
	describeOnly bool

	// ready is set once the module is compiled and checked: at load, or at
	// the first call of a plugin of Runtime.LoadLazily, which loadMu
	// serializes. Until then shared, compiled and hasConfigure are unset,
	// code reads the module, and desc and caps are the recorded answer the
	// module's own must equal (recorded).
	ready    atomic.Bool
	loadMu   sync.Mutex
	code     func() ([]byte, error)
	recorded bool
}

// Stats is a plugin's health. The host reports a plugin whose
// ConsecutiveFailures keeps growing. Calls abandoned by their caller (its
// context ended) count as calls, not as failures.
type Stats struct {
	Calls               uint64
	Failures            uint64
	ConsecutiveFailures uint64
	// LastError is the last failure (a *PluginError), nil if none.
	LastError   error
	LastFailure time.Time
	// Instances is the number of instances alive, idle or in use.
	Instances int
	// Compiled reports whether the module is compiled: always for a
	// plugin of Runtime.Load, after its first call for one of
	// Runtime.LoadLazily.
	Compiled bool
}

func newPlugin(r *Runtime, name string, m Manifest) *Plugin {
	return &Plugin{
		rt:       r,
		name:     name,
		manifest: m,
		logger:   r.opts.Logger.With("plugin", name),
		slots:    make(chan struct{}, r.opts.PoolSize),
		all:      map[*instance]struct{}{},
	}
}

// Name returns the name the plugin was loaded under.
func (p *Plugin) Name() string { return p.name }

// Describe returns the plugin's describe answer, read at load (for a
// plugin of Runtime.LoadLazily, the recorded one, which its module's
// must equal). The
// returned value's slices are copies.
func (p *Plugin) Describe() abi.Describe {
	d := p.desc
	d.Capabilities = slices.Clone(d.Capabilities)
	d.Imports = slices.Clone(d.Imports)
	return d
}

// Has reports whether the plugin has capability c (abi.CapRerank, ...).
func (p *Plugin) Has(c string) bool { return p.caps[c] }

// Stats returns a snapshot of the plugin's health.
func (p *Plugin) Stats() Stats {
	p.mu.Lock()
	s := p.stats
	p.mu.Unlock()
	s.Instances = int(p.live.Load())
	s.Compiled = p.ready.Load()
	return s
}

// Call runs capability c (abi.CapRerank, ...) on the JSON request in and
// returns the plugin's JSON answer, which the caller owns. The call runs
// under the manifest's deadline, on an instance no other call uses. An
// error answer from the plugin is an error (ErrFailed with the plugin's
// message); so are a trap, the deadline, an answer that is not a JSON
// object, and a message over the size limit. Errors are *PluginError; the
// caller's context cancellation and deadline still match errors.Is.
func (p *Plugin) Call(ctx context.Context, c string, in []byte) ([]byte, error) {
	export := abi.ExportPrefix + c
	if !p.caps[c] {
		return nil, &PluginError{Plugin: p.name, Func: export, Err: fmt.Errorf(
			"%w: plugin has no %s capability (it has %s)", core.ErrInvalid, c, strings.Join(p.desc.Capabilities, ", "))}
	}
	return p.call(ctx, export, in)
}

// Close waits for the plugin's in-flight calls to finish, or for ctx to end
// (the calls then fail with core.ErrClosed; an Uninterruptible plugin's
// calls always finish first), and frees its instances and
// compiled code. Later calls fail with core.ErrClosed. It is idempotent and
// succeeds even when ctx is done.
func (p *Plugin) Close(ctx context.Context) error {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil
	}
	p.closed = true
	p.mu.Unlock()

	if p.manifest.Uninterruptible {
		// Nothing stops a call of this module, and closing an instance
		// under it would free the memory it runs in: its calls finish.
		p.inflight.Wait()
	} else {
		done := make(chan struct{})
		go func() {
			p.inflight.Wait()
			close(done)
		}()
		select {
		case <-done:
		case <-ctx.Done():
		}
	}
	err := p.release(context.WithoutCancel(ctx))
	p.rt.forget(p)
	if err != nil {
		return &PluginError{Plugin: p.name, Func: "close", Err: err}
	}
	return nil
}

// release closes every instance of the plugin (a call still running fails)
// and drops its use of the compiled module, which is freed when no plugin
// of the module is left.
func (p *Plugin) release(ctx context.Context) error {
	// A lazy load in progress finishes first (it sets shared).
	p.loadMu.Lock()
	defer p.loadMu.Unlock()
	p.mu.Lock()
	all := p.all
	p.all = map[*instance]struct{}{}
	p.idle = nil
	p.mu.Unlock()
	var errs []error
	for inst := range all {
		if err := inst.mod.Close(ctx); err != nil {
			errs = append(errs, err)
		}
	}
	if p.shared != nil {
		p.rt.unshare(ctx, p.eng, p.shared)
		p.shared = nil
	}
	return errors.Join(errs...)
}

func (p *Plugin) isClosed() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.closed
}

// call runs one export with the pool, the deadline and the bookkeeping.
func (p *Plugin) call(ctx context.Context, export string, in []byte) ([]byte, error) {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil, &PluginError{Plugin: p.name, Func: export, Err: core.ErrClosed}
	}
	p.inflight.Add(1)
	p.mu.Unlock()
	defer p.inflight.Done()

	if err := ctx.Err(); err != nil {
		return nil, &PluginError{Plugin: p.name, Func: export, Err: err}
	}
	if max := p.manifest.MaxMessageBytes; len(in) > max {
		return nil, &PluginError{Plugin: p.name, Func: export, Err: fmt.Errorf(
			"%w: request is %d bytes, the limit is %d", core.ErrTooLarge, len(in), max)}
	}
	select {
	case p.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, &PluginError{Plugin: p.name, Func: export, Err: fmt.Errorf("wait for an instance: %w", ctx.Err())}
	}
	defer func() { <-p.slots }()

	// A plugin of LoadLazily is compiled at its first call, before the
	// call's deadline starts: compiling is not the call's work. The
	// instance that checked it serves the call.
	inst, err := p.loadLazily(ctx)
	if err != nil {
		p.count(ctx, err, true)
		return nil, err
	}
	if inst == nil {
		inst = p.takeIdle()
	}
	if inst == nil {
		// Starting an instance (the module's _initialize, which may build
		// tables or decode a model) has a limit of its own, as long as a
		// call's, and does not spend the call's: on a starved machine a
		// slow start would otherwise leave the call no time, the instance
		// would be discarded with it, and every later call would start
		// over and fail the same way.
		startCtx, cancelStart := context.WithTimeout(ctx, p.manifest.CallTimeout)
		inst, err = p.instantiate(ctx, startCtx, false)
		cancelStart()
		if err != nil {
			p.count(ctx, err, true)
			return nil, err
		}
	}
	callCtx, cancel := context.WithTimeout(ctx, p.manifest.CallTimeout)
	defer cancel()

	out, err := p.invoke(ctx, callCtx, inst, export, in)
	if err == nil {
		err = p.checkAnswer(export, out)
	}
	if err == nil || errors.Is(err, ErrFailed) {
		p.putIdle(inst)
	} else {
		p.discard(inst)
		if p.isClosed() {
			err = &PluginError{Plugin: p.name, Func: export, Err: fmt.Errorf("plugin closed during the call: %w", core.ErrClosed)}
		}
	}
	p.count(ctx, err, true)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// count updates the stats with a call's outcome; newCall is false when an
// adapter finds that a call counted as a success returned an answer it
// cannot decode.
func (p *Plugin) count(ctx context.Context, err error, newCall bool) {
	p.mu.Lock()
	if newCall {
		p.stats.Calls++
	}
	counted := err != nil && ctx.Err() == nil
	var consecutive uint64
	switch {
	case err == nil:
		p.stats.ConsecutiveFailures = 0
	case counted:
		p.stats.Failures++
		p.stats.ConsecutiveFailures++
		p.stats.LastError = err
		p.stats.LastFailure = p.rt.opts.Now()
		consecutive = p.stats.ConsecutiveFailures
	}
	p.mu.Unlock()
	if counted {
		p.logger.LogAttrs(ctx, slog.LevelWarn, "plugin call failed",
			slog.Any("error", err), slog.Uint64("consecutive_failures", consecutive))
	}
}

// takeIdle returns the most recently used idle instance, nil if none.
func (p *Plugin) takeIdle() *instance {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := len(p.idle)
	if n == 0 {
		return nil
	}
	inst := p.idle[n-1]
	p.idle[n-1] = nil
	p.idle = p.idle[:n-1]
	return inst
}

// putIdle makes inst available to the next call.
func (p *Plugin) putIdle(inst *instance) {
	inst.lastUsed = p.rt.opts.Now()
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		p.discard(inst)
		return
	}
	p.idle = append(p.idle, inst)
	p.mu.Unlock()
}

// trimIdle closes the idle instances last used before cutoff, but the most
// recently used one.
func (p *Plugin) trimIdle(cutoff time.Time) {
	p.mu.Lock()
	var old []*instance
	for len(p.idle) > 1 && p.idle[0].lastUsed.Before(cutoff) {
		old = append(old, p.idle[0])
		p.idle = p.idle[1:]
	}
	p.mu.Unlock()
	for _, inst := range old {
		p.discard(inst)
	}
}

// discard closes an instance that must not be reused, or is not needed.
func (p *Plugin) discard(inst *instance) {
	p.mu.Lock()
	delete(p.all, inst)
	p.mu.Unlock()
	_ = inst.mod.Close(context.Background())
	p.live.Add(-1)
}

// instance is one instantiation of the module. It is used by one call at a
// time.
type instance struct {
	lastUsed time.Time // when it last went idle
	mod      api.Module
	mem      api.Memory
	alloc    api.Function
	funcs    map[string]api.Function
	stderr   *headBuffer
	stack    [2]uint64
}

// instantiate makes an instance: it runs _initialize, then (the first
// time) checks the ABI version and reads the describe answer, then
// configures it. ctx is the caller's context, callCtx the call's.
func (p *Plugin) instantiate(ctx, callCtx context.Context, first bool) (*instance, error) {
	inst := &instance{stderr: &headBuffer{max: stderrHead}, funcs: map[string]api.Function{}}
	cfg := wazero.NewModuleConfig().
		WithName("").
		WithStartFunctions("_initialize").
		WithStderr(inst.stderr)
	if p.manifest.AllowClock {
		cfg = cfg.WithSysWalltime().WithSysNanotime().WithSysNanosleep()
	} else {
		c := newSleepClock()
		cfg = cfg.WithNanotime(c.now, 1).WithNanosleep(c.sleep)
	}
	if p.manifest.AllowRandom {
		cfg = cfg.WithRandSource(rand.Reader)
	}
	st := &callState{p: p}
	mod, err := p.eng.wr.InstantiateModule(experimental.WithMemoryAllocator(withState(callCtx, st), p.rt.memory), p.compiled, cfg)
	if err != nil {
		err = p.classify(ctx, callCtx, inst, err)
		if first && callCtx.Err() == nil {
			// A module that cannot start (an import wazero lacks, a trap
			// in _initialize) is refused, like any other invalid module.
			err = fmt.Errorf("%w: %w", core.ErrInvalid, err)
		}
		return nil, &PluginError{Plugin: p.name, Func: "instantiate", Err: err}
	}
	inst.mod = mod
	inst.mem = mod.ExportedMemory("memory")
	inst.alloc = mod.ExportedFunction(abi.ExportAlloc)
	p.mu.Lock()
	closed := p.closed
	if !closed {
		p.all[inst] = struct{}{}
		p.live.Add(1)
	}
	p.mu.Unlock()
	if closed {
		_ = mod.Close(context.Background())
		return nil, &PluginError{Plugin: p.name, Func: "instantiate", Err: core.ErrClosed}
	}
	fail := func(err error) (*instance, error) {
		p.discard(inst)
		return nil, err
	}

	if first {
		if err := p.checkVersion(ctx, callCtx, inst); err != nil {
			return fail(err)
		}
		out, err := p.invoke(ctx, callCtx, inst, abi.ExportDescribe, nil)
		if err == nil {
			err = p.checkAnswer(abi.ExportDescribe, out)
		}
		if err != nil {
			return fail(err)
		}
		if err := p.setDescribe(out); err != nil {
			return fail(err)
		}
	}
	if p.describeOnly {
		return inst, nil
	}
	if !p.hasConfigure {
		if len(bytes.TrimSpace(p.manifest.Config)) > 0 {
			return fail(&PluginError{Plugin: p.name, Func: abi.ExportConfigure, Err: fmt.Errorf(
				"%w: the manifest has a configuration but the module does not export %s", core.ErrInvalid, abi.ExportConfigure)})
		}
		return inst, nil
	}
	out, err := p.invoke(ctx, callCtx, inst, abi.ExportConfigure, p.manifest.Config)
	if err == nil && len(out) > 0 {
		err = p.checkAnswer(abi.ExportConfigure, out)
	}
	if err != nil {
		if errors.Is(err, ErrFailed) {
			err = &PluginError{Plugin: p.name, Func: abi.ExportConfigure, Err: fmt.Errorf("%w: configuration rejected: %w", core.ErrInvalid, errors.Unwrap(err))}
		}
		return fail(err)
	}
	return inst, nil
}

// checkVersion calls mnemo_abi_version and refuses a mismatch.
func (p *Plugin) checkVersion(ctx, callCtx context.Context, inst *instance) error {
	fn := inst.mod.ExportedFunction(abi.ExportABIVersion)
	if err := fn.CallWithStack(callCtx, inst.stack[:1]); err != nil {
		return &PluginError{Plugin: p.name, Func: abi.ExportABIVersion, Err: p.classify(ctx, callCtx, inst, err)}
	}
	if v := int32(inst.stack[0]); v != abi.Version {
		return &PluginError{Plugin: p.name, Func: abi.ExportABIVersion, Err: fmt.Errorf(
			"%w: plugin speaks ABI version %d, this host speaks version %d", core.ErrInvalid, v, abi.Version)}
	}
	return nil
}

// setDescribe decodes and checks the describe answer.
func (p *Plugin) setDescribe(out []byte) error {
	var d abi.Describe
	if err := jsonAPI.Unmarshal(out, &d); err != nil {
		// The decoder's message is cut to one line (%s of oneLine, not
		// %w): it can quote the plugin's answer at length. Callers test
		// ErrMalformed; the JSON library's error types stay out of the
		// chain.
		return &PluginError{Plugin: p.name, Func: abi.ExportDescribe, Err: fmt.Errorf("%w: decode describe answer: %s", ErrMalformed, oneLine(err.Error(), 200))}
	}
	errorf := func(format string, args ...any) error {
		return &PluginError{Plugin: p.name, Func: abi.ExportDescribe, Err: fmt.Errorf("%w: "+format, append([]any{core.ErrInvalid}, args...)...)}
	}
	if d.ABIVersion != abi.Version {
		return errorf("describe says ABI version %d, this host speaks version %d", d.ABIVersion, abi.Version)
	}
	if d.Name == "" {
		return errorf("describe answer has no name")
	}
	exports := p.compiled.ExportedFunctions()
	caps := map[string]bool{}
	for _, c := range d.Capabilities {
		if !slices.Contains(abi.AllCapabilities, c) {
			return errorf("unknown capability %q (ABI version %d has %s)", c, abi.Version, strings.Join(abi.AllCapabilities, ", "))
		}
		if _, ok := exports[abi.ExportPrefix+c]; !ok {
			return errorf("describe lists capability %s but the module does not export %s", c, abi.ExportPrefix+c)
		}
		caps[c] = true
	}
	for _, imp := range d.Imports {
		// log and result_read are always available; llm_complete and embed
		// need the manifest's grant.
		granted := imp == abi.HostLLMComplete && p.manifest.AllowLLM || imp == abi.HostEmbed && p.manifest.AllowEmbed ||
			imp != abi.HostLLMComplete && imp != abi.HostEmbed
		if !granted {
			p.logger.Warn("plugin asks for a host function its manifest does not grant; calls to it will be denied", "import", imp)
		}
	}
	if p.recorded {
		if !sameDescribe(d, p.desc) {
			return errorf("module describes itself as %+v, not as recorded (%+v)", d, p.desc)
		}
		return nil
	}
	p.desc = d
	p.caps = caps
	return nil
}

// record sets the describe answer a plugin of Runtime.LoadLazily is known
// to give, checked as setDescribe checks a module's own but for its
// exports, which the first call checks.
func (p *Plugin) record(d abi.Describe) error {
	errorf := func(format string, args ...any) error {
		return &PluginError{Plugin: p.name, Func: "load", Err: fmt.Errorf("%w: recorded describe answer: "+format, append([]any{core.ErrInvalid}, args...)...)}
	}
	if d.ABIVersion != abi.Version {
		return errorf("ABI version %d, this host speaks version %d", d.ABIVersion, abi.Version)
	}
	if d.Name == "" {
		return errorf("no name")
	}
	caps := map[string]bool{}
	for _, c := range d.Capabilities {
		if !slices.Contains(abi.AllCapabilities, c) {
			return errorf("unknown capability %q", c)
		}
		caps[c] = true
	}
	d.Capabilities = slices.Clone(d.Capabilities)
	d.Imports = slices.Clone(d.Imports)
	p.desc, p.caps, p.recorded = d, caps, true
	return nil
}

// sameDescribe reports whether two describe answers are equal.
func sameDescribe(a, b abi.Describe) bool {
	return a.Name == b.Name && a.Version == b.Version && a.ABIVersion == b.ABIVersion && a.Description == b.Description &&
		slices.Equal(a.Capabilities, b.Capabilities) && slices.Equal(a.Imports, b.Imports)
}

// invoke writes in into the instance's memory, calls export and returns a
// copy of the answer. Any error means the instance must be discarded.
func (p *Plugin) invoke(ctx, callCtx context.Context, inst *instance, export string, in []byte) ([]byte, error) {
	fn := inst.funcs[export]
	if fn == nil {
		fn = inst.mod.ExportedFunction(export)
		inst.funcs[export] = fn
	}
	inst.stderr.Reset()
	st := &callState{p: p}
	callCtx = withState(callCtx, st)
	fail := func(err error) ([]byte, error) {
		return nil, &PluginError{Plugin: p.name, Func: export, Err: err}
	}

	var ptr uint32
	if len(in) > 0 {
		inst.stack[0] = uint64(len(in))
		if err := inst.alloc.CallWithStack(callCtx, inst.stack[:1]); err != nil {
			return nil, &PluginError{Plugin: p.name, Func: abi.ExportAlloc, Err: p.classify(ctx, callCtx, inst, err)}
		}
		ptr = api.DecodeU32(inst.stack[0])
		if ptr == 0 {
			return nil, &PluginError{Plugin: p.name, Func: abi.ExportAlloc, Err: fmt.Errorf("%w: %s(%d) returned 0", ErrMalformed, abi.ExportAlloc, len(in))}
		}
		if !inst.mem.Write(ptr, in) {
			return nil, &PluginError{Plugin: p.name, Func: abi.ExportAlloc, Err: fmt.Errorf(
				"%w: %s(%d) returned %#x, outside the plugin's %d-byte memory", ErrMalformed, abi.ExportAlloc, len(in), ptr, inst.mem.Size())}
		}
	}

	var err error
	if export == abi.ExportDescribe {
		err = fn.CallWithStack(callCtx, inst.stack[:1])
	} else {
		inst.stack[0], inst.stack[1] = uint64(ptr), uint64(len(in))
		err = fn.CallWithStack(callCtx, inst.stack[:2])
	}
	if err != nil {
		return fail(p.classify(ctx, callCtx, inst, err))
	}
	optr, n := abi.Unpack(inst.stack[0])
	if max := p.manifest.MaxMessageBytes; int64(n) > int64(max) {
		return fail(fmt.Errorf("%w: answer is %d bytes, the limit is %d", core.ErrTooLarge, n, max))
	}
	if n == 0 {
		return nil, nil
	}
	view, ok := inst.mem.Read(optr, n)
	if !ok {
		return fail(fmt.Errorf("%w: answer at %#x+%d lies outside the plugin's %d-byte memory", ErrMalformed, optr, n, inst.mem.Size()))
	}
	return bytes.Clone(view), nil
}

// checkAnswer checks that out is a JSON object and turns an error answer
// into ErrFailed. Decoding validates the whole document, skipped members
// included.
func (p *Plugin) checkAnswer(export string, out []byte) error {
	fail := func(err error) error { return &PluginError{Plugin: p.name, Func: export, Err: err} }
	trimmed := bytes.TrimLeft(out, " \t\r\n")
	if len(trimmed) == 0 {
		return fail(fmt.Errorf("%w: empty answer", ErrMalformed))
	}
	var answer struct {
		Error any `json:"error"`
	}
	if trimmed[0] != '{' || jsonAPI.Unmarshal(out, &answer) != nil {
		return fail(fmt.Errorf("%w: answer is not a JSON object: %q", ErrMalformed, oneLine(string(out), 80)))
	}
	if !utf8.Valid(out) {
		return fail(fmt.Errorf("%w: answer is not valid UTF-8", ErrMalformed))
	}
	switch e := answer.Error.(type) {
	case nil:
		return nil
	case string:
		if e == "" {
			return nil
		}
		return fail(fmt.Errorf("%w: %s", ErrFailed, oneLine(e, 1000)))
	}
	return fail(fmt.Errorf("%w: the \"error\" member is not a string", ErrMalformed))
}

// sleepClock is the monotonic clock of an instance without the clock
// grant: it stands still until the plugin sleeps, and a sleep moves it on
// by the time asked and returns at once. A plugin's timers thus fire in
// order and at once, and its answers do not depend on how fast it ran.
//
// wazero's fake clock, which it replaces, moved 1 ms at each reading.
// The Go runtime reads the clock in its collector far more often than a
// plugin's code does, so its collector counted itself half the CPU time;
// its CPU limiter then stopped the allocation assists, and in a
// WebAssembly call, where nothing preempts the plugin's goroutine, the
// assists are what finishes a collection: the heap grew to the memory
// limit (the rule extractor, given one 12 KiB piece over and over,
// trapped at 32 MiB at its 33rd call). A real clock is no cure: on a
// loaded machine, time the instance spends descheduled counts as the
// collector's too.
type sleepClock struct{ t atomic.Int64 }

// newSleepClock returns a clock at 1 ns: the Go runtime refuses to start
// on a monotonic clock that reads zero.
func newSleepClock() *sleepClock {
	c := new(sleepClock)
	c.t.Store(1)
	return c
}

func (c *sleepClock) now() int64     { return c.t.Load() }
func (c *sleepClock) sleep(ns int64) { c.t.Add(max(ns, 0)) }

// classify turns an error of a wazero call into a PluginError's Err.
func (p *Plugin) classify(ctx, callCtx context.Context, inst *instance, err error) error {
	if callCtx.Err() != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("call abandoned: %w", ctx.Err())
		}
		return fmt.Errorf("call ran past its %s limit: %w", p.manifest.CallTimeout, context.DeadlineExceeded)
	}
	var msg string
	var exit *sys.ExitError
	if errors.As(err, &exit) {
		msg = fmt.Sprintf("plugin exited with code %d", exit.ExitCode())
	} else {
		msg, _, _ = strings.Cut(err.Error(), "\n")
		msg = strings.TrimPrefix(msg, "module[] ")
	}
	if s := stderrReason(inst.stderr.String()); s != "" {
		msg += " (stderr: " + s + ")"
	}
	if inst.mem != nil && p.atMemoryLimit(inst.mem.Size()) {
		limit := uint64(p.manifest.MemoryLimitPages) * 65536
		return fmt.Errorf("%w: %w (%d MiB): %s", ErrTrap, ErrMemoryLimit, limit>>20, msg)
	}
	return fmt.Errorf("%w: %s", ErrTrap, msg)
}

// atMemoryLimit reports whether an instance that died with size bytes of
// memory died of its memory limit: within one eighth of the limit (at least
// 4 MiB, the Go runtime's heap arena), a grow request must have failed.
func (p *Plugin) atMemoryLimit(size uint32) bool {
	limit := uint64(p.manifest.MemoryLimitPages) * 65536
	slack := max(limit/8, 4<<20)
	return uint64(size)+slack >= limit
}

func (p *Plugin) errorf(fn, format string, args ...any) error {
	return &PluginError{Plugin: p.name, Func: fn, Err: fmt.Errorf(format, args...)}
}

// stderrReason returns the start of what an instance wrote to stderr, up
// to the first blank line: where a Go panic or fatal error states its
// reason, before the goroutine dumps.
func stderrReason(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.Index(s, "\n\n"); i >= 0 {
		s = s[:i]
	}
	return oneLine(s, 300)
}

// stderrHead is how much of an instance's stderr a trap error quotes: the
// start, where a Go panic or a runtime's fatal error states its reason.
const stderrHead = 512

// headBuffer keeps the first max bytes written to it.
type headBuffer struct {
	max int
	buf []byte
}

func (b *headBuffer) Write(p []byte) (int, error) {
	if room := b.max - len(b.buf); room > 0 {
		b.buf = append(b.buf, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

func (b *headBuffer) Reset()         { b.buf = b.buf[:0] }
func (b *headBuffer) String() string { return string(b.buf) }
