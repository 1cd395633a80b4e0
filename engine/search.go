package engine

import (
	"context"
	"iter"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
)

// Retrieval (φ, ρ and χ: candidates, reranking, the context string) is
// the retrieval.Searcher's; the engine hands it each request.

// Search finds what the memory holds about a query: for each scope of the
// recipe it gathers candidates with the recipe's methods (φ), orders them
// with its reranker (ρ) and returns the best, restricted to req.Groups and
// req.Filter. See retrieval.Searcher.Search.
func (e *Engine) Search(ctx context.Context, req retrieval.Request) (retrieval.Results, error) {
	return e.searcher.Search(ctx, req)
}

// Context builds the context string of a query (χ) within req.Budget
// tokens. See retrieval.Searcher.Context.
func (e *Engine) Context(ctx context.Context, req retrieval.ContextRequest) (string, error) {
	return e.searcher.Context(ctx, req)
}

// SearchBatch runs queries with at most retrieval.Options.BatchWorkers
// searches at once and yields one result per query, in the order of the
// queries.
// See retrieval.Searcher.SearchBatch.
func (e *Engine) SearchBatch(ctx context.Context, queries iter.Seq[retrieval.BatchQuery]) iter.Seq[retrieval.BatchResult] {
	return e.searcher.SearchBatch(ctx, queries)
}

// Recipes returns a copy of the engine's recipes, built-in and configured.
func (e *Engine) Recipes() map[string]retrieval.Recipe { return e.searcher.Recipes() }

// DefaultRecipe returns the name of the recipe searches of no particular
// group use when they name none (retrieval.Options.DefaultRecipe).
func (e *Engine) DefaultRecipe() string { return e.searcher.DefaultRecipe() }

// SetRecipes replaces the configured recipes and the choice of recipe for
// searches that name none, as a reload of the configuration does. See
// Searcher.SetRecipes.
func (e *Engine) SetRecipes(recipes map[string]retrieval.Recipe, defaultRecipe string, groupRecipes map[string]string) error {
	return e.searcher.SetRecipes(recipes, defaultRecipe, groupRecipes)
}

// EntityHistory returns the facts of group that have the entity uuid as
// an endpoint and that f keeps, in creation order. See
// Searcher.EntityHistory.
func (e *Engine) EntityHistory(ctx context.Context, group, uuid string, f core.Filter) ([]core.Fact, error) {
	if err := e.readable(group); err != nil {
		return nil, err
	}
	return e.searcher.EntityHistory(ctx, group, uuid, f)
}
