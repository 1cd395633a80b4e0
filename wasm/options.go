package wasm

import (
	"fmt"
	"log/slog"
	"math"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Defaults of Options and Manifest.
const (
	// DefaultMemoryLimitPages caps a plugin instance's linear memory at 32 MiB
	// (a page is 64 KiB).
	DefaultMemoryLimitPages = 512
	// DefaultCallTimeout bounds one call into a plugin.
	DefaultCallTimeout = 10 * time.Second
	// DefaultLLMCallTimeout bounds one call into a plugin granted
	// llm_complete, since a single model call can take a minute.
	DefaultLLMCallTimeout = 2 * time.Minute
	// DefaultMaxMessageBytes bounds each message across the boundary.
	DefaultMaxMessageBytes = 16 << 20
	// DefaultPoolSize is the number of instances of one plugin alive at once.
	DefaultPoolSize = 8
	// DefaultIdleTimeout is how long an idle instance beyond a plugin's
	// first is kept.
	DefaultIdleTimeout = time.Minute
	// DefaultMaxHostCalls bounds the llm_complete and embed calls a plugin
	// makes during one export call.
	DefaultMaxHostCalls = 32
)

// maxPages is the most pages a 32-bit WebAssembly memory has (4 GiB).
const maxPages = 65536

// Options configure a Runtime. The zero value is usable: every zero field
// takes the default its comment states.
type Options struct {
	// CacheDir is the directory of the on-disk compilation cache, so a
	// restarted process does not compile a plugin again. It is created if
	// missing and may be shared by processes of the same mnemo version.
	// Empty: compile in memory only.
	CacheDir string
	// MemoryLimitPages caps each plugin instance's memory, in 64 KiB pages;
	// a Manifest may set its own. Zero: DefaultMemoryLimitPages (32 MiB).
	MemoryLimitPages uint32
	// CallTimeout bounds each call into a plugin, and on its own the start
	// of an instance the call needs; a Manifest may set its own. Zero:
	// DefaultCallTimeout (10 s).
	CallTimeout time.Duration
	// MaxMessageBytes bounds each message across the boundary in either
	// direction (requests, answers, host-function requests and results); a
	// Manifest may set its own. Zero: DefaultMaxMessageBytes (16 MiB).
	MaxMessageBytes int
	// PoolSize is the most instances of one plugin alive at once; a call
	// beyond it waits for an instance to come free (or for its context).
	// Zero: DefaultPoolSize (8).
	PoolSize int
	// IdleTimeout is how long an idle instance is kept for reuse; the most
	// recently used instance of each plugin is kept however long it is
	// idle, so that a plugin in use answers without instantiating. A burst
	// of concurrent calls so leaves its instances (4 to 6 MB of memory
	// each) behind only for a while, and steady traffic reuses them (an
	// instance of a Go plugin takes 10 to 30 ms to make). Negative: keep
	// them all. Zero: DefaultIdleTimeout (1 min).
	IdleTimeout time.Duration
	// Logger receives plugin log lines and plugin failures. Nil: discard.
	Logger *slog.Logger
	// LLM serves the llm_complete host function. Nil: a granted
	// llm_complete answers with an error.
	LLM core.LLM
	// Embedder serves the embed host function. Nil: a granted embed answers
	// with an error.
	Embedder core.Embedder
	// Now is the clock of Stats timestamps. Nil: time.Now.
	Now func() time.Time
}

// Validate reports an invalid option.
func (o Options) Validate() error {
	if err := validateLimits(o.MemoryLimitPages, o.CallTimeout, o.MaxMessageBytes); err != nil {
		return err
	}
	if o.PoolSize < 0 {
		return fmt.Errorf("%w: wasm pool size %d is negative", core.ErrInvalid, o.PoolSize)
	}
	return nil
}

func (o Options) withDefaults() Options {
	if o.MemoryLimitPages == 0 {
		o.MemoryLimitPages = DefaultMemoryLimitPages
	}
	if o.CallTimeout == 0 {
		o.CallTimeout = DefaultCallTimeout
	}
	if o.MaxMessageBytes == 0 {
		o.MaxMessageBytes = DefaultMaxMessageBytes
	}
	if o.PoolSize == 0 {
		o.PoolSize = DefaultPoolSize
	}
	if o.IdleTimeout == 0 {
		o.IdleTimeout = DefaultIdleTimeout
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o
}

// Manifest is what the operator grants one plugin, and its limits. The zero
// value grants nothing: no LLM, no embeddings, a fixed fake clock, a
// deterministic random source, and (always) no filesystem and no network.
type Manifest struct {
	// AllowLLM grants the llm_complete host function.
	AllowLLM bool
	// AllowEmbed grants the embed host function.
	AllowEmbed bool
	// AllowClock gives the plugin the real wall and monotonic clocks and a
	// real sleep; without it the clocks are fixed fakes.
	AllowClock bool
	// AllowRandom gives the plugin crypto/rand as its random source; without
	// it the source is deterministic.
	AllowRandom bool
	// MemoryLimitPages caps each instance's memory in 64 KiB pages. Zero:
	// Options.MemoryLimitPages.
	MemoryLimitPages uint32
	// CallTimeout bounds each call. Zero: Options.CallTimeout, raised to
	// DefaultLLMCallTimeout (2 min) when AllowLLM is set.
	CallTimeout time.Duration
	// MaxMessageBytes bounds each message in either direction. Zero:
	// Options.MaxMessageBytes.
	MaxMessageBytes int
	// MaxHostCalls bounds the llm_complete and embed calls of one export
	// call; past it they return abi.ErrLimit. Zero: DefaultMaxHostCalls.
	MaxHostCalls int
	// Config is passed to mnemo_configure on every new instance; typically
	// a JSON document the plugin defines. Empty: no configuration.
	Config []byte
	// Uninterruptible compiles the module without the checks that stop a
	// call at its deadline, at the caller's cancel or when the plugin
	// closes: a call runs to its end, and Close waits for it. The checks
	// are a call at every loop's head, and a Go module (whose functions
	// are loops) spends most of its time in them: the rule extractor runs
	// three to four times faster without (BenchmarkRuleExtractor). A host
	// sets it only for code it ships whose work its input bounds and
	// which runs no code of anyone else's, never for a plugin it is
	// given: a module that loops for ever would hold a core for ever.
	Uninterruptible bool
}

// Validate reports an invalid manifest.
func (m Manifest) Validate() error {
	if err := validateLimits(m.MemoryLimitPages, m.CallTimeout, m.MaxMessageBytes); err != nil {
		return err
	}
	if m.MaxHostCalls < 0 {
		return fmt.Errorf("%w: wasm max host calls %d is negative", core.ErrInvalid, m.MaxHostCalls)
	}
	return nil
}

// withDefaults fills m's zero limits from the runtime's options.
func (m Manifest) withDefaults(o Options) Manifest {
	if m.MemoryLimitPages == 0 {
		m.MemoryLimitPages = o.MemoryLimitPages
	}
	if m.CallTimeout == 0 {
		m.CallTimeout = o.CallTimeout
		if m.AllowLLM && m.CallTimeout < DefaultLLMCallTimeout {
			m.CallTimeout = DefaultLLMCallTimeout
		}
	}
	if m.MaxMessageBytes == 0 {
		m.MaxMessageBytes = o.MaxMessageBytes
	}
	if m.MaxHostCalls == 0 {
		m.MaxHostCalls = DefaultMaxHostCalls
	}
	m.Config = append([]byte(nil), m.Config...)
	return m
}

func validateLimits(pages uint32, timeout time.Duration, maxMsg int) error {
	if pages > maxPages {
		return fmt.Errorf("%w: wasm memory limit %d pages is over the 32-bit maximum of %d", core.ErrInvalid, pages, maxPages)
	}
	if timeout < 0 {
		return fmt.Errorf("%w: wasm call timeout %s is negative", core.ErrInvalid, timeout)
	}
	if maxMsg < 0 || maxMsg > math.MaxInt32 {
		return fmt.Errorf("%w: wasm message limit %d is outside 0 to 2 GiB", core.ErrInvalid, maxMsg)
	}
	return nil
}
