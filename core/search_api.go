package core

import "time"

// SearchOptions configures retrieval.
type SearchOptions struct {
	// DefaultRecipe names the recipe used when a request and its group
	// name none. The default is "default".
	DefaultRecipe string
	// Recipes adds named recipes or replaces built-in ones.
	Recipes map[string]Recipe
	// GroupRecipes gives groups their own default recipe: keys are group
	// ids or patterns ("team-*"), values recipe names.
	GroupRecipes map[string]string
}

func (o SearchOptions) withDefaults() SearchOptions {
	if o.DefaultRecipe == "" {
		o.DefaultRecipe = "default"
	}
	return o
}

// Recipe is a named search configuration: which scopes to search, with
// which methods, reranked how, cut where.
type Recipe struct {
	Name   string
	Scopes map[Scope]ScopeConfig
}

// ScopeConfig configures the search of one scope.
type ScopeConfig struct {
	// Methods are the candidate searches: "cosine", "bm25", "bfs".
	Methods []string
	// Reranker orders the candidates: "rrf", "mmr", "node_distance",
	// "episode_mentions", "cross_encoder" or "plugin".
	Reranker string
	Limit    int
	MinScore float64
	// MMRLambda weighs relevance against diversity for "mmr".
	MMRLambda float64
	// BFSDepth is the hop limit of "bfs".
	BFSDepth int
}

// SearchRequest is one query.
type SearchRequest struct {
	// Groups the search may see; at least one.
	Groups []string
	Query  string
	// Scopes restricts the recipe's scopes; empty keeps them all.
	Scopes []Scope
	// Recipe names the configuration; empty uses the group's default.
	Recipe string
	// Limit overrides each scope's limit when positive.
	Limit int
	// Reranker overrides each scope's reranker when set.
	Reranker string
	// Center is the entity uuid node_distance measures from.
	Center string
	// Seeds are BFS origins (entity or episode uuids); without them BFS
	// starts from the other methods' results.
	Seeds []string
	// Filter restricts results; its time fields give time travel.
	Filter Filter
}

// SearchResults holds the results of each scope, best first.
type SearchResults struct {
	Facts       []FactResult
	Entities    []EntityResult
	Episodes    []EpisodeResult
	Communities []CommunityResult
	// Timing splits the time spent.
	Timing SearchTiming
}

// FactResult is a fact with its score and its endpoints' names.
type FactResult struct {
	Fact
	SourceName, TargetName string
	Score                  float64
}

// EntityResult is an entity with its score.
type EntityResult struct {
	Entity
	Score float64
}

// EpisodeResult is an episode with its score.
type EpisodeResult struct {
	Episode
	Score float64
}

// CommunityResult is a community with its score.
type CommunityResult struct {
	Community
	Score float64
}

// SearchTiming splits a search's time: embedding the query, finding
// candidates, reranking and loading results.
type SearchTiming struct {
	Embed, Candidates, Rerank, Load time.Duration
}

// ContextRequest asks for the context string of a query.
type ContextRequest struct {
	SearchRequest
	// Budget is the largest size of the context in tokens (estimated at
	// four bytes each); zero means 2000.
	Budget int
	// Format is "text" (the default, the Zep paper's layout) or "json".
	Format string
}
