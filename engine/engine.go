package engine

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/budget"
	"github.com/mnemohq/mnemo/engine/community"
	"github.com/mnemohq/mnemo/engine/evolve"
	"github.com/mnemohq/mnemo/engine/ingest"
	"github.com/mnemohq/mnemo/engine/retrieval"
)

// Options configures an Engine. Store, Embedder, Plugins and Now are
// required; the zero value of every other field is its default.
type Options struct {
	Store    core.Store
	Embedder core.Embedder
	// EmbedderID names the embedder in exports, and imports refuse vectors
	// of another. The default is {Name: "unnamed", Dimension: the
	// embedder's}.
	EmbedderID core.EmbedderID
	// Plugins chooses each group's extractor, resolvers, reranker and
	// ontology.
	Plugins core.PluginSets
	// LLM, when set, serves cross-encoder reranking and community
	// summaries; without it they use their offline forms.
	LLM core.LLM
	// Leases, when set, makes this engine ingest a group only while it
	// holds the group's lease (see lease.go): for several hosts sharing
	// one store. Without it the engine assumes it is the store's only
	// writer.
	Leases core.Leases
	// Now is the clock; core never reads the wall clock itself.
	Now func() time.Time
	// Logger receives ingestion progress and failures. The default
	// discards.
	Logger *slog.Logger

	// Trust is the trust policy: source classes, their levels and the
	// quarantine thresholds (core.TrustPolicy; the zero value is the
	// default policy).
	Trust core.TrustPolicy
	// Budgets returns a group's ingestion budgets (docs/trust.md,
	// "Budgets"). Nil: no group has any; an API key's budgets come with
	// the request's context (budget.WithKey).
	Budgets func(group string) budget.Limits

	Ingest      IngestOptions
	Search      retrieval.Options
	Communities community.Options
	Evolve      evolve.Config
}

// Split strategies (IngestOptions.Split): where an episode longer than
// MaxExtractBytes is cut for the extractor (ingest.SplitSize,
// ingest.SplitMeaning).
const (
	SplitSize    = ingest.SplitSize
	SplitMeaning = ingest.SplitMeaning
)

// IngestOptions tunes ingestion.
type IngestOptions struct {
	// ContextEpisodes is how many previous episodes of the group the
	// extractor sees. The default is 4, as in the Zep paper; negative
	// means none.
	ContextEpisodes int
	// MaxContentBytes rejects larger episodes at Ingest (ErrTooLarge). The
	// default is 1 MiB.
	MaxContentBytes int
	// MaxExtractBytes is the largest piece of an episode sent to the
	// extractor at once; larger episodes are split at paragraph and
	// sentence boundaries, and JSON documents into smaller JSON documents.
	// The default is 12 KiB: a piece and its prompt fit the context of
	// small local models.
	MaxExtractBytes int
	// Split is where a text longer than MaxExtractBytes is cut:
	// SplitSize (the default) fills each piece up to the budget and cuts
	// at the last paragraph, line or sentence break that fits;
	// SplitMeaning embeds the text's sentences (one Embed call per
	// episode) and, in as few pieces as cuts between sentences allow,
	// cuts where adjacent windows of sentences are least alike. JSON
	// documents are cut the same way by both.
	Split string
	// MaxChunks caps the pieces of one episode; the rest is not extracted
	// (the episode is still stored whole and searchable) and a warning
	// says so. The default extracts every piece of an episode of
	// MaxContentBytes, with an eighth to spare for cuts made short at
	// paragraph and sentence boundaries: ⌈1.125 × MaxContentBytes /
	// MaxExtractBytes⌉, 96 with the defaults.
	MaxChunks int
	// MaxEntities caps the entities one episode's extraction brings into
	// the graph, and MaxFacts its facts; the first ones in the extractor's
	// order are kept, and a warning counts the rest. Each entity costs an
	// embedding, two candidate searches and a write, so one runaway answer
	// (an extractor returning 20,000 entities) would hold its group's
	// worker, and the store, for minutes. The defaults, 500 entities and
	// 1000 facts, are far above what a message or a page yields (a few to
	// a few dozen) and leave room for a long document extracted in pieces.
	MaxEntities int
	MaxFacts    int
	// Workers is the number of groups processed at once. The default is 2;
	// negative starts no workers (a process that only reads).
	Workers int
	// Batch is how many pending episodes of a group a worker takes at a
	// time: they are extracted and embedded four at once, resolved one at
	// a time in order (each sees what its predecessors changed) and
	// written in as few transactions as the extractor's pace allows (group
	// commit). The default is 64.
	Batch int
	// MaxAttempts is how often extraction of an episode is tried before it
	// is marked failed. The default is 3.
	MaxAttempts int
	// RetryDelay is the wait before the first retry; it quadruples for
	// each further one. The default is 2s.
	RetryDelay time.Duration
	// MaxSummaryChars bounds entity summaries. The default is 1000.
	MaxSummaryChars int
	// AdoptEvery is how often an engine with Options.Leases looks in the
	// store for pending episodes other hosts stored and did not process.
	// The default is 10s.
	AdoptEvery time.Duration
	// LeaseWait is how long a write outside ingestion (a delete, a forget,
	// a merge, an evolution run, an import) of an engine with
	// Options.Leases waits while another host holds the group's lease
	// before it gives up with ErrBusy. The default is 30s.
	LeaseWait time.Duration
	// Reports is how many recent episode reports are kept for Wait and
	// status queries. The default is 10000.
	Reports int
}

// Effective returns o with its defaults filled in, as the engine uses it:
// for tools that show the effective configuration.
func (o IngestOptions) Effective() IngestOptions { return o.withDefaults() }

func (o IngestOptions) withDefaults() IngestOptions {
	if o.ContextEpisodes == 0 {
		o.ContextEpisodes = 4
	}
	if o.ContextEpisodes < 0 {
		o.ContextEpisodes = 0
	}
	if o.MaxContentBytes == 0 {
		o.MaxContentBytes = 1 << 20
	}
	if o.MaxExtractBytes == 0 {
		o.MaxExtractBytes = 12 << 10
	}
	if o.Split == "" {
		o.Split = SplitSize
	}
	if o.MaxChunks == 0 {
		o.MaxChunks = (o.MaxContentBytes*9/8 + o.MaxExtractBytes - 1) / o.MaxExtractBytes
	}
	if o.MaxEntities == 0 {
		o.MaxEntities = 500
	}
	if o.MaxFacts == 0 {
		o.MaxFacts = 1000
	}
	if o.Workers == 0 {
		o.Workers = 2
	}
	if o.Batch == 0 {
		o.Batch = 64
	}
	if o.MaxAttempts == 0 {
		o.MaxAttempts = 3
	}
	if o.LeaseWait == 0 {
		o.LeaseWait = 30 * time.Second
	}
	if o.AdoptEvery == 0 {
		o.AdoptEvery = 10 * time.Second
	}
	if o.RetryDelay == 0 {
		o.RetryDelay = 2 * time.Second
	}
	if o.MaxSummaryChars == 0 {
		o.MaxSummaryChars = 1000
	}
	if o.Reports == 0 {
		o.Reports = 10000
	}
	return o
}

// Validate checks the options.
func (o Options) Validate() error {
	switch {
	case o.Store == nil:
		return invalidf("engine: no store")
	case o.Embedder == nil:
		return invalidf("engine: no embedder")
	case o.Plugins == nil:
		return invalidf("engine: no plugin sets")
	case o.Now == nil:
		return invalidf("engine: no clock")
	}
	if d := o.Store.Dimension(); d != o.Embedder.Dimension() {
		return fmt.Errorf("%w: the embedder makes vectors of dimension %d, the store holds %d", core.ErrConflict, o.Embedder.Dimension(), d)
	}
	if id := o.EmbedderID; !id.IsZero() && id.Dimension != o.Embedder.Dimension() {
		return fmt.Errorf("%w: the embedder id %s does not have the embedder's dimension %d", core.ErrInvalid, id, o.Embedder.Dimension())
	}
	if err := o.Communities.Validate(); err != nil {
		return err
	}
	if err := o.Trust.Validate(); err != nil {
		return fmt.Errorf("engine: %w", err)
	}
	if err := o.Evolve.Validate(); err != nil {
		return err
	}
	i := o.Ingest
	if i.MaxContentBytes < 0 || i.MaxExtractBytes < 0 || i.MaxChunks < 0 || i.MaxEntities < 0 || i.MaxFacts < 0 || i.Batch < 0 || i.MaxAttempts < 0 || i.RetryDelay < 0 || i.AdoptEvery < 0 || i.LeaseWait < 0 {
		return invalidf("engine: negative ingestion setting")
	}
	switch i.Split {
	case "", SplitSize, SplitMeaning:
	default:
		return invalidf("engine: ingest split %q: want %s or %s", i.Split, SplitSize, SplitMeaning)
	}
	return o.Search.Validate()
}

// Engine is mnemo's memory: it ingests episodes into the graph, searches
// it and builds context for agents.
//
// An Engine is safe for concurrent use. Open starts its ingestion workers,
// which resume the episodes a previous process left pending; Close stops
// them. The Engine does not own the Store, Embedder or LLM: closing it
// leaves them open.
type Engine struct {
	store      core.Store
	embedder   core.Embedder
	embedderID core.EmbedderID
	plugins    core.PluginSets
	llm        core.LLM
	leases     core.Leases
	now        func() time.Time
	log        *slog.Logger

	ingest   IngestOptions
	trust    core.TrustPolicy
	budgets  func(string) budget.Limits
	budget   *budget.Ledger
	pipeline *ingest.Pipeline
	searcher *retrieval.Searcher
	keeper   *community.Keeper
	evolver  *evolve.Evolver

	q *queue
	// ids makes the ids of the entities and facts ingestion creates.
	ids core.IDSource

	closeOnce sync.Once
	closed    chan struct{}
	wg        sync.WaitGroup
}

// Open validates opts and starts an engine.
func Open(ctx context.Context, opts Options) (*Engine, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	e := &Engine{
		store:      opts.Store,
		embedder:   opts.Embedder,
		embedderID: opts.EmbedderID,
		plugins:    opts.Plugins,
		llm:        opts.LLM,
		leases:     opts.Leases,
		now:        opts.Now,
		log:        opts.Logger,
		ingest:     opts.Ingest.withDefaults(),
		closed:     make(chan struct{}),
	}
	if e.log == nil {
		e.log = slog.New(slog.DiscardHandler)
	}
	if e.embedderID.IsZero() {
		e.embedderID = core.EmbedderID{Name: "unnamed", Dimension: opts.Embedder.Dimension()}
	}
	e.q = newQueue(e)
	if qu, ok := opts.Store.(core.QuietUpkeep); ok {
		e.q.quiet = qu.HoldUpkeepWhile(e.q.busy)
	}
	e.budgets = opts.Budgets
	e.budget = budget.New(opts.Now, opts.Budgets)
	if err := e.restoreBudgets(ctx); err != nil {
		return nil, fmt.Errorf("read the day's budget counts: %w", err)
	}
	e.evolver = evolve.New(opts.Evolve, evolve.Deps{
		Store: opts.Store, Plugins: opts.Plugins, Now: opts.Now, Logger: e.log, IDs: &e.ids, Lock: e.lockGroup,
		Closed: e.closed, RecordStore: e.recordStore, Records: e.Records,
	})
	e.searcher = retrieval.New(opts.Search, retrieval.Deps{
		Store: opts.Store, Embedder: opts.Embedder, LLM: opts.LLM, Plugins: opts.Plugins, Now: opts.Now, Logger: e.log,
		Importance: e.evolver.Importance, Searched: e.searched, Ready: e.checkOpen,
		MaxSummaryChars: e.ingest.MaxSummaryChars,
	})
	e.trust = opts.Trust
	e.pipeline = ingest.New(ingest.Options{
		ContextEpisodes: e.ingest.ContextEpisodes, MaxExtractBytes: e.ingest.MaxExtractBytes, Split: e.ingest.Split,
		MaxChunks: e.ingest.MaxChunks, MaxEntities: e.ingest.MaxEntities, MaxFacts: e.ingest.MaxFacts,
		MaxAttempts: e.ingest.MaxAttempts, MaxSummaryChars: e.ingest.MaxSummaryChars,
	}, ingest.Deps{
		Store: opts.Store, Embedder: opts.Embedder, Plugins: opts.Plugins, Now: opts.Now, Logger: e.log, IDs: &e.ids,
		Created: e.evolver.Created, Mentioned: e.evolver.Mentioned, Trust: opts.Trust,
		Shared: e.q.othersWaiting, Recent: e.q.othersRecent, GiveWay: e.q.othersServed, Changes: e.q.changes,
		Ingested: func(ctx context.Context, group string, entities []string) error {
			return e.keeper.Ingested(ctx, group, entities)
		},
	})
	e.keeper = community.New(opts.Communities, community.Deps{
		Store: opts.Store, Embedder: opts.Embedder, LLM: opts.LLM, Plugins: opts.Plugins, Now: opts.Now, Logger: e.log,
		Closed: e.closed,
		Go: func(f func()) {
			e.wg.Add(1)
			go func() {
				defer e.wg.Done()
				f()
			}()
		},
	})
	e.wg.Add(2)
	go func() {
		defer e.wg.Done()
		e.q.dispatch()
	}()
	go func() {
		defer e.wg.Done()
		e.evolver.Run()
	}()
	e.q.wake()
	return e, nil
}

// Store returns the store the engine reads and writes, for benchmarks and
// tests that fill or inspect it directly. It bypasses the engine's rules
// (group checks, the group's write lock, the clock): surfaces use the
// engine's methods instead, and internal/lint holds cmd/ and host/ to it.
func (e *Engine) Store() core.Store { return e.store }

// Close stops the ingestion workers and cancels background community
// rebuilds (a cancelled rebuild writes nothing). An episode being processed
// when ctx ends is interrupted and stays pending: the next Open resumes it.
// Then it writes the access counts not written yet (Evolve); their write
// failing is Close's only error. Close is idempotent.
func (e *Engine) Close(ctx context.Context) error {
	first := false
	e.closeOnce.Do(func() {
		first = true
		close(e.closed)
		e.q.stop()
	})
	done := make(chan struct{})
	go func() {
		e.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-ctx.Done():
		e.q.cancelAll()
		<-done
	}
	if !first {
		return nil
	}
	e.saveBudgets(context.WithoutCancel(ctx))
	return e.evolver.Flush(context.WithoutCancel(ctx))
}

// checkOpen returns ErrClosed after Close.
func (e *Engine) checkOpen() error {
	select {
	case <-e.closed:
		return fmt.Errorf("engine: %w", core.ErrClosed)
	default:
		return nil
	}
}

// applyRetrying applies a small change, trying again at once while the
// store reports itself busy (ingest.ApplyRetrying).
func (e *Engine) applyRetrying(ctx context.Context, ch core.Change) error {
	return ingest.ApplyRetrying(ctx, e.store, ch)
}

// canceled reports whether err comes from a done context.
func canceled(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}
