package retrieval

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Store is what retrieval reads of a store: searches and reads by
// uuid, never a write.
type Store interface {
	core.Searcher
	Episodes(ctx context.Context, groups []string, uuids []string, opts core.GetOptions) ([]core.Episode, error)
	Entities(ctx context.Context, groups []string, uuids []string, opts core.GetOptions) ([]core.Entity, error)
	Facts(ctx context.Context, groups []string, uuids []string, opts core.GetOptions) ([]core.Fact, error)
	Communities(ctx context.Context, groups []string, uuids []string, opts core.GetOptions) ([]core.Community, error)
	EntityNames(ctx context.Context, groups []string, uuids []string) (map[string]string, error)
	PreviousEpisodes(ctx context.Context, ep core.Episode, n int) ([]core.Episode, error)
	EpisodeLinks(ctx context.Context, groups []string, uuid string) (core.Links, error)
	FactHistoryOfEntities(ctx context.Context, group string, entities []string) ([]core.Fact, error)
}

// Deps are the components a Searcher works with. Store, Embedder
// and Now are required; the others may be left zero.
type Deps struct {
	Store    Store
	Embedder core.Embedder
	// LLM serves the cross-encoder; without one it falls back to RRF.
	LLM core.LLM
	// Plugins give each group's rerank plugins; without them the plugin
	// reranker falls back to RRF.
	Plugins core.PluginSets
	Now     func() time.Time
	// Logger receives the store's breaches of tenancy. The default
	// discards.
	Logger *slog.Logger
	// Importance returns the last scored importance of objects of a scope
	// by uuid, for FeatureImportance, the plugin reranker and the context
	// string's ties. The default knows none.
	Importance func(ctx context.Context, groups []string, sc core.Scope, uuids []string) (map[string]float64, error)
	// Searched is told of every search's results and its start, once the
	// search is done (the engine counts what searches return).
	Searched func(res *Results, start time.Time)
	// Ready is asked first by every search; its error is the search's.
	Ready func() error
	// MaxSummaryChars bounds the summaries of entities rebuilt for a view
	// of the past. The default is 1000.
	MaxSummaryChars int
}

// Searcher runs searches, context strings and batches of searches over a
// store. It is safe for concurrent use; SetRecipes changes its recipes
// while searches run.
type Searcher struct {
	store           Store
	embedder        core.Embedder
	llm             core.LLM
	plugins         core.PluginSets
	now             func() time.Time
	log             *slog.Logger
	importance      func(ctx context.Context, groups []string, sc core.Scope, uuids []string) (map[string]float64, error)
	searched        func(res *Results, start time.Time)
	ready           func() error
	maxSummaryChars int

	// search's Recipes, DefaultRecipe and GroupRecipes change under
	// recipeMu (SetRecipes); its other fields are fixed at NewSearcher.
	recipeMu sync.RWMutex
	search   Options
}

// New returns a Searcher with opts, its defaults filled in; opts
// must be valid (Options.Validate).
func New(opts Options, d Deps) *Searcher {
	s := &Searcher{
		store: d.Store, embedder: d.Embedder, llm: d.LLM, plugins: d.Plugins, now: d.Now, log: d.Logger,
		importance: d.Importance, searched: d.Searched, ready: d.Ready, maxSummaryChars: d.MaxSummaryChars,
		search: opts.withDefaults(),
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.importance == nil {
		s.importance = func(context.Context, []string, core.Scope, []string) (map[string]float64, error) {
			return map[string]float64{}, nil
		}
	}
	if s.searched == nil {
		s.searched = func(*Results, time.Time) {}
	}
	if s.ready == nil {
		s.ready = func() error { return nil }
	}
	if s.maxSummaryChars == 0 {
		s.maxSummaryChars = 1000
	}
	return s
}
