package host

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/community"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host/llm"
	"github.com/mnemohq/mnemo/wasm"
)

// Host is a running mnemo: the store, the embedder, the LLM client (if
// configured), the plugin runtime with each group's plugins, and the
// engine over them. The CLI, the HTTP server and the MCP server all work on
// a Host, and reach memory through its Engine only.
//
// A Host is safe for concurrent use. Close stops the engine and closes the
// plugins, the runtime and the store, in that order.
type Host struct {
	Config Config
	Engine *engine.Engine
	// Admin keeps the store (checkpoints, durability counters); it is not
	// a way to memory, which is the Engine's.
	Admin    Admin
	Embedder core.Embedder
	// LLM is nil when no LLM endpoint is configured (offline mode).
	LLM     *llm.Client
	Limiter *llm.Limiter
	Runtime *wasm.Runtime
	Plugins *PluginSets
	Logger  *slog.Logger
	// StoreCalls is the latency of the store's calls, by operation.
	StoreCalls *StoreCalls

	// leases are the etcd leases of store.lease, or nil.
	leases leases
	now    func() time.Time
	// erasing serializes erasures (forget.go), so that each one's mark
	// outlives its delete until its own compaction ends. A pointer: the
	// HTTP tests copy a Host.
	erasing *sync.Mutex
}

// OpenOptions are what Open takes besides the configuration.
type OpenOptions struct {
	// Logger receives everything the host logs. Default: text on stderr at
	// the configured level.
	Logger *slog.Logger
	// Getenv reads the environment for configuration reloads. Default:
	// os.Getenv.
	Getenv func(string) string
	// Now is the engine's clock. Default: time.Now.
	Now func() time.Time
	// NoWorkers leaves the ingestion workers of the engine stopped: for
	// commands that only read.
	NoWorkers bool
	// Reembed opens the database whatever embedder made its vectors, to
	// re-embed them with the configured one (Engine.Reembed); it implies
	// NoWorkers. Searches meanwhile compare the configured embedder's
	// query vectors with the old vectors: only mnemo reembed uses it.
	Reembed bool
}

// NewLogger returns the logger the configuration asks for, writing to w.
func NewLogger(c LogConfig, w io.Writer) *slog.Logger {
	var lvl slog.Level
	_ = lvl.UnmarshalText([]byte(c.Level))
	opts := &slog.HandlerOptions{Level: lvl}
	if c.Format == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// Open wires a Host from a configuration. Everything it opened is closed
// again if a later step fails.
func Open(ctx context.Context, cfg Config, o OpenOptions) (h *Host, err error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if o.Logger == nil {
		o.Logger = NewLogger(cfg.Log, os.Stderr)
	}
	if o.Getenv == nil {
		o.Getenv = os.Getenv
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	h = &Host{Config: cfg, Logger: o.Logger, now: o.Now, StoreCalls: &StoreCalls{}, erasing: &sync.Mutex{}}
	for _, n := range cfg.Notices() {
		o.Logger.Warn("setting without effect", "notice", n)
	}
	// A failing step returns (nil, err), which sets h to nil before this
	// runs: close what was opened through its own reference.
	opened := h
	defer func() {
		if err != nil {
			_ = opened.Close(context.WithoutCancel(ctx))
			h = nil
		}
	}()

	h.Limiter, err = llm.NewLimiter(llm.LimiterOptions{
		MaxConcurrent: cfg.LLM.MaxConcurrency, RequestsPerMinute: cfg.LLM.RequestsPerMinute, TokensPerMinute: cfg.LLM.TokensPerMinute,
	})
	if err != nil {
		return nil, err
	}
	if err := h.openEmbedder(); err != nil {
		return nil, err
	}
	if cfg.LLM.Configured() {
		if h.LLM, err = llm.New(h.llmOptions()); err != nil {
			return nil, fmt.Errorf("open llm client: %w", err)
		}
	}
	store, err := openStore(ctx, cfg, h.EmbedderID(), o.Reembed, o.Logger, h.StoreCalls)
	if err != nil {
		return nil, err
	}
	h.Admin = adminOf(store)
	if cfg.Store.Backend == "kuzu" {
		// The database is open, so no other mnemo uses its directory.
		cfg.removeOldCache(o.Logger)
	}
	if h.leases, err = openLeases(ctx, cfg.Store); err != nil {
		return nil, err
	}
	ropts := wasm.Options{
		CacheDir: cfg.compileCache(o.Logger, true), MemoryLimitPages: uint32(cfg.Plugins.MemoryLimitMB * 16),
		CallTimeout: cfg.Plugins.CallTimeout, PoolSize: cfg.Plugins.PoolSize, IdleTimeout: cfg.Plugins.IdleTimeout,
		Logger: o.Logger, Embedder: h.Embedder,
	}
	if h.LLM != nil {
		ropts.LLM = h.LLM
	}
	if h.Runtime, err = wasm.Open(ctx, ropts); err != nil {
		return nil, err
	}
	if h.Plugins, err = OpenPlugins(ctx, h.Runtime, cfg, o.Getenv, o.Logger); err != nil {
		return nil, err
	}
	eopts := engine.Options{
		Store: store, Embedder: h.Embedder, EmbedderID: h.EmbedderID(), Plugins: h.Plugins, Now: o.Now, Logger: o.Logger,
		Ingest:      cfg.Ingest.options(),
		Search:      retrieval.Options{DefaultRecipe: cfg.Search.DefaultRecipe, GroupRecipes: cfg.Search.GroupRecipes, Recipes: cfg.Search.CoreRecipes()},
		Communities: community.Options{DriftThreshold: cfg.Communities.DriftThreshold},
		Evolve:      cfg.Evolve.options(),
		Trust:       cfg.Trust.Policy(),
		Budgets:     cfg.Budget.GroupLimits(),
	}
	if h.LLM != nil {
		eopts.LLM = h.LLM
	}
	if h.leases != nil {
		eopts.Leases = h.leases
	}
	if o.NoWorkers || o.Reembed {
		eopts.Ingest.Workers = -1
	}
	if h.Engine, err = engine.Open(ctx, eopts); err != nil {
		return nil, err
	}
	h.Plugins.mu.Lock()
	h.Plugins.onReload = func(c Config) error {
		return h.Engine.SetRecipes(c.Search.CoreRecipes(), c.Search.DefaultRecipe, c.Search.GroupRecipes)
	}
	h.Plugins.mu.Unlock()
	return h, nil
}

func (h *Host) openEmbedder() error {
	c := h.Config.Embedder
	if c.Provider == "local" {
		h.Embedder = hashembed.New(c.Dimensions)
		return nil
	}
	e, err := llm.NewEmbedder(llm.EmbedderOptions{
		BaseURL: c.BaseURL, APIKey: c.APIKey, Model: c.Model, Dimension: c.Dimensions,
		SendDimensions: c.SendDimensions, MaxBatchTexts: c.MaxBatchTexts, Limiter: h.Limiter,
		RequestTimeout: h.Config.LLM.Timeout, MaxRetries: h.Config.LLM.MaxRetries, Logger: h.Logger,
	})
	if err != nil {
		return fmt.Errorf("open embedder: %w", err)
	}
	h.Embedder = e
	return nil
}

// EmbedderID names the configured embedder: the provider, the model
// ("hashembed" for the local one) and the dimension. The database records
// it with its vectors, and exports carry it.
func (h *Host) EmbedderID() core.EmbedderID {
	return h.Config.Embedder.id(h.Embedder.Dimension())
}

// id is the identity of the embedder c configures, of dimension dim.
func (c EmbedderConfig) id(dim int) core.EmbedderID {
	if c.Provider == "local" {
		return core.EmbedderID{Name: "local", Model: "hashembed", Dimension: dim}
	}
	return core.EmbedderID{Name: c.Provider, Model: c.Model, Dimension: dim}
}

func (h *Host) llmOptions() llm.Options {
	c := h.Config.LLM
	mode := map[string]string{"": "", "auto": llm.Auto, "json_schema": llm.JSONSchema, "json_object": llm.JSONObject, "prompt_only": llm.PromptOnly}[c.StructuredOutput]
	param := map[string]string{"": "", "max_completion_tokens": llm.MaxCompletionTokens, "max_tokens": llm.MaxTokensLegacy}[c.MaxTokensParam]
	return llm.Options{
		BaseURL: c.BaseURL, APIKey: c.APIKey, Model: c.Model, SmallModel: c.SmallModel, Temperature: c.Temperature,
		MaxTokens: c.MaxTokens, MaxTokensParam: param, StructuredOutput: mode, CacheDir: c.CacheDir,
		RequestTimeout: c.Timeout, MaxRetries: c.MaxRetries, Limiter: h.Limiter, Logger: h.Logger,
	}
}

// Now reads the Host's clock (OpenOptions.Now).
func (h *Host) Now() time.Time { return h.now() }

// Close stops the engine, then closes the plugins, the runtime and the
// store. It is idempotent.
func (h *Host) Close(ctx context.Context) error {
	var errs []error
	if h.Engine != nil {
		errs = append(errs, h.Engine.Close(ctx))
		h.Engine = nil
	}
	if h.Plugins != nil {
		errs = append(errs, h.Plugins.Close(ctx))
		h.Plugins = nil
	}
	if h.Runtime != nil {
		errs = append(errs, h.Runtime.Close(ctx))
		h.Runtime = nil
	}
	if h.Admin != nil {
		errs = append(errs, h.Admin.Close(ctx))
		h.Admin = nil
	}
	if h.leases != nil {
		errs = append(errs, h.leases.Close())
		h.leases = nil
	}
	return errors.Join(errs...)
}
