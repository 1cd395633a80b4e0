package retrieval

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Search methods (φ): how a scope finds candidates.
const (
	// MethodCosine ranks by cosine similarity between the query's
	// embedding and the object's (fact text, entity name, episode content,
	// community name).
	MethodCosine = "cosine"
	// MethodBM25 ranks by Okapi BM25 over the object's text, with the
	// group's own statistics.
	MethodBM25 = "bm25"
	// MethodBFS walks the graph breadth-first from seed entities or
	// episodes and ranks by hop count.
	MethodBFS = "bfs"
)

// Rerankers (ρ): how a scope orders its candidates.
const (
	// RerankRRF is reciprocal rank fusion of the methods' rankings.
	RerankRRF = "rrf"
	// RerankLinear fuses the methods' scores rather than their ranks: a
	// weighted sum of each method's score scaled to [0, 1] within its
	// list (min–max).
	RerankLinear = "linear"
	// RerankMMR is maximal marginal relevance: greedy selection trading
	// similarity to the query against similarity to what is already
	// selected.
	RerankMMR = "mmr"
	// RerankNodeDistance orders by shortest-path distance in fact hops
	// from Request.Center.
	RerankNodeDistance = "node_distance"
	// RerankEpisodeMentions puts first what more episodes state (facts) or
	// mention (entities).
	RerankEpisodeMentions = "episode_mentions"
	// RerankCrossEncoder asks the LLM to score each candidate against the
	// query.
	RerankCrossEncoder = "cross_encoder"
	// RerankPlugin hands the candidates and their features to the group's
	// rerank plugin.
	RerankPlugin = "plugin"
)

// Options configures retrieval. The zero value of each field is its
// default.
type Options struct {
	// DefaultRecipe names the recipe used when a request and its group name
	// none. The default is "default".
	DefaultRecipe string
	// Recipes adds named recipes or replaces built-in ones (BuiltinRecipes).
	// The engine copies them at Open.
	Recipes map[string]Recipe
	// GroupRecipes gives groups their own default recipe: keys are group
	// ids or patterns with '*' and '?' ("team-*"), values recipe names. An
	// exact id wins over patterns, and a longer pattern over a shorter one.
	GroupRecipes map[string]string
	// CrossEncoderBatch is how many passages one cross-encoder prompt
	// scores. The default is 20.
	CrossEncoderBatch int
	// BatchWorkers is how many queries SearchBatch runs at once. The
	// default is 4.
	BatchWorkers int
	// RecentEpisodes is how many of a group's latest episodes seed
	// breadth-first search when a request gives no seeds and the scope has
	// no other method to take seeds from. The default is 4, the Zep
	// paper's context window.
	RecentEpisodes int
}

// Effective returns o with its defaults filled in and the built-in recipes
// added, as the engine uses it: for tools that show the effective
// configuration.
func (o Options) Effective() Options { return o.withDefaults() }

func (o Options) withDefaults() Options {
	if o.DefaultRecipe == "" {
		o.DefaultRecipe = "default"
	}
	all := BuiltinRecipes()
	for name, r := range o.Recipes {
		all[name] = r.clone()
	}
	o.Recipes = all
	o.GroupRecipes = maps.Clone(o.GroupRecipes)
	if o.CrossEncoderBatch == 0 {
		o.CrossEncoderBatch = 20
	}
	if o.BatchWorkers == 0 {
		o.BatchWorkers = 4
	}
	if o.RecentEpisodes == 0 {
		o.RecentEpisodes = 4
	}
	return o
}

// Validate checks the options: every recipe, the names the defaults refer
// to, and the group patterns.
func (o Options) Validate() error {
	if o.CrossEncoderBatch < 0 || o.BatchWorkers < 0 || o.RecentEpisodes < 0 {
		return invalidf("search: negative setting")
	}
	d := o.withDefaults()
	for _, name := range slices.Sorted(maps.Keys(o.Recipes)) {
		if name == "" {
			return invalidf("search: a recipe has no name")
		}
		if err := o.Recipes[name].Validate(); err != nil {
			return fmt.Errorf("recipe %q: %w", name, err)
		}
	}
	if _, ok := d.Recipes[d.DefaultRecipe]; !ok {
		return invalidf("search: default recipe %q is not defined", d.DefaultRecipe)
	}
	for _, pattern := range slices.Sorted(maps.Keys(o.GroupRecipes)) {
		if _, err := path.Match(pattern, ""); err != nil {
			return invalidf("search: group pattern %q is malformed", pattern)
		}
		if name := o.GroupRecipes[pattern]; d.Recipes[name].Scopes == nil {
			return invalidf("search: group pattern %q names recipe %q, which is not defined", pattern, name)
		}
	}
	return nil
}

// Recipe is a search configuration: which scopes to search, with which
// methods, reranked how, cut where. Recipes are values: the engine copies
// them, and nothing a search does changes a recipe.
type Recipe struct {
	// Description says what the recipe is for.
	Description string
	// Scopes configures each scope searched; scopes absent are not.
	Scopes map[core.Scope]ScopeConfig
}

// Without returns a copy of the recipe whose scopes give no weight to the
// rankings named (FeatureWhen, FeatureExpansion, …): the recipe as it
// ranks without them. The recipe itself is left as it is.
func (r Recipe) Without(rankings ...string) Recipe {
	out := Recipe{Description: r.Description, Scopes: make(map[core.Scope]ScopeConfig, len(r.Scopes))}
	for sc, c := range r.Scopes {
		c.Weights = maps.Clone(c.Weights)
		for _, name := range rankings {
			delete(c.Weights, name)
		}
		out.Scopes[sc] = c
	}
	return out
}

// ScopeConfig configures the search of one scope. The zero value of each
// field is its default.
type ScopeConfig struct {
	// Methods find the candidates: MethodCosine, MethodBM25, MethodBFS.
	// The default is cosine and BM25.
	Methods []string
	// Reranker orders the candidates (the Rerank constants). The default is
	// RerankRRF.
	Reranker string
	// Limit is the number of results kept. The default is 10.
	Limit int
	// Candidates is how many candidates each method fetches. The default
	// is twice Limit.
	Candidates int
	// MinScore drops results whose reranker score is below it. Scores are
	// in the reranker's units: RRF sums of weight/(k+rank), MMR values,
	// 1/(1+hops) for node distance, mention counts, cross-encoder
	// relevance in [0, 1], or what the plugin returns. The default keeps
	// all.
	MinScore float64
	// MinSimilarity drops cosine candidates less similar to the query. The
	// default keeps all.
	MinSimilarity float64
	// RRFK is the rank constant k of reciprocal rank fusion, score =
	// Σ weight/(k + rank) with ranks from 1. The default is 60.
	RRFK float64
	// Weights multiplies each method's share in RRF and in linear fusion,
	// by method name. A method absent weighs 1.
	Weights map[string]float64
	// MMRLambda weighs relevance against diversity for RerankMMR, in
	// (0, 1]; 1 ignores diversity. The default is 0.5.
	MMRLambda float64
	// BFSDepth is the hop limit of MethodBFS. The default is 2.
	BFSDepth int
	// MaxHops is how far RerankNodeDistance looks; candidates farther away
	// count as unreachable and go last. The default is 3.
	MaxHops int
	// PluginEmbeddings sends the candidates' embeddings to the rerank
	// plugin.
	PluginEmbeddings bool
	// Plugin names the rerank plugin RerankPlugin hands the candidates to
	// (Plugins.Rerankers), whatever the group's own (Plugins.Reranker).
	// Setting it implies RerankPlugin. The default is the group's.
	Plugin string
}

// Effective returns the configuration with its defaults filled in: what a
// search with it does.
func (c ScopeConfig) Effective() ScopeConfig { return c.withDefaults() }

func (c ScopeConfig) withDefaults() ScopeConfig {
	if len(c.Methods) == 0 {
		c.Methods = []string{MethodCosine, MethodBM25}
	}
	if c.Reranker == "" {
		c.Reranker = RerankRRF
		if c.Plugin != "" {
			c.Reranker = RerankPlugin
		}
	}
	if c.Limit <= 0 {
		c.Limit = 10
	}
	if c.Candidates <= 0 {
		c.Candidates = 2 * c.Limit
	}
	c.Candidates = max(c.Candidates, c.Limit)
	if c.RRFK == 0 {
		c.RRFK = 60
	}
	if c.MMRLambda == 0 {
		c.MMRLambda = 0.5
	}
	if c.BFSDepth <= 0 {
		c.BFSDepth = 2
	}
	if c.MaxHops <= 0 {
		c.MaxHops = 3
	}
	return c
}

// Rerankers returns the name of every reranker, in the order help and
// docs list them, from the reranker table (rerankerTable): the one list
// the CLI's --reranker, recipe checks and the names test (internal/lint)
// read.
func Rerankers() []string {
	t := rerankerTable()
	names := make([]string, len(t))
	for i, r := range t {
		names[i] = r.name
	}
	return names
}

// knownReranker reports whether r names a reranker.
func knownReranker(r string) bool {
	_, ok := lookupReranker(r)
	return ok
}

// supports reports whether reranker r applies to scope sc (the scopes of
// its entry in the reranker table).
func supports(r string, sc core.Scope) bool {
	rr, ok := lookupReranker(r)
	return ok && (rr.scopes == nil || slices.Contains(rr.scopes, sc))
}

// Validate checks a scope's configuration.
func (c ScopeConfig) Validate(sc core.Scope) error {
	if !sc.Valid() {
		return invalidf("unknown scope %q", sc)
	}
	for _, m := range c.Methods {
		switch m {
		case MethodCosine, MethodBM25, MethodBFS:
		default:
			return invalidf("%s: unknown search method %q (want cosine, bm25 or bfs)", sc, m)
		}
	}
	if c.Reranker != "" {
		if !knownReranker(c.Reranker) {
			return invalidf("%s: unknown reranker %q", sc, c.Reranker)
		}
		if !supports(c.Reranker, sc) {
			return invalidf("%s: reranker %q does not apply to %s", sc, c.Reranker, sc)
		}
	}
	if c.Plugin != "" && c.Reranker != "" && c.Reranker != RerankPlugin {
		return invalidf("%s: plugin %q needs the plugin reranker, not %q", sc, c.Plugin, c.Reranker)
	}
	switch {
	case c.Limit < 0 || c.Candidates < 0 || c.BFSDepth < 0 || c.MaxHops < 0:
		return invalidf("%s: negative limit, candidates or depth", sc)
	case c.Limit > 1000 || c.Candidates > 1000:
		return invalidf("%s: limit and candidates are at most 1000", sc)
	case c.MMRLambda < 0 || c.MMRLambda > 1:
		return invalidf("%s: MMR lambda %v is outside (0, 1]", sc, c.MMRLambda)
	case c.RRFK < 0:
		return invalidf("%s: negative RRF constant", sc)
	}
	for m, w := range c.Weights {
		if w < 0 {
			return invalidf("%s: negative weight for %s", sc, m)
		}
	}
	return nil
}

// Validate checks every scope of the recipe.
func (r Recipe) Validate() error {
	if len(r.Scopes) == 0 {
		return invalidf("recipe searches no scope")
	}
	for _, sc := range core.Scopes {
		if c, ok := r.Scopes[sc]; ok {
			if err := c.Validate(sc); err != nil {
				return err
			}
		}
	}
	for sc := range r.Scopes {
		if !sc.Valid() {
			return invalidf("unknown scope %q", sc)
		}
	}
	return nil
}

// clone returns a deep copy, so a search can adjust it freely.
func (r Recipe) clone() Recipe {
	out := Recipe{Description: r.Description, Scopes: make(map[core.Scope]ScopeConfig, len(r.Scopes))}
	for sc, c := range r.Scopes {
		c.Methods = slices.Clone(c.Methods)
		c.Weights = maps.Clone(c.Weights)
		out.Scopes[sc] = c
	}
	return out
}

// Request is one query.
type Request struct {
	// Groups the search may see; at least one. The first group chooses the
	// recipe (GroupRecipes) and the rerank plugin.
	Groups []string
	// Query is the text searched. It may be empty only when Seeds are
	// given and the recipe's methods are BFS alone.
	Query string
	// Scopes restricts the search to these scopes. A scope the recipe has
	// keeps its configuration; one it lacks is searched with cosine and
	// BM25 fused by RRF. Empty keeps the recipe's scopes.
	Scopes []core.Scope
	// Recipe names the configuration; empty uses the group's default.
	Recipe string
	// Custom, when set, is used instead of a named recipe.
	Custom *Recipe
	// Limit overrides each scope's limit when positive.
	Limit int
	// Reranker overrides the reranker of each scope it applies to.
	Reranker string
	// Plugin orders every scope with this rerank plugin of the group
	// (Plugins.Rerankers), as ScopeConfig.Plugin does for a recipe's scope.
	// It implies RerankPlugin; with another Reranker it is invalid. A name
	// the group has no plugin for degrades to RRF with a warning, like a
	// failing plugin.
	Plugin string
	// Center is the entity uuid RerankNodeDistance measures from; plugins
	// also get each candidate's distance from it.
	Center string
	// Seeds are BFS origins (entity or episode uuids). Without them BFS
	// starts from the entities of the scope's other results, or else from
	// the entities of the group's latest episodes.
	Seeds []string
	// Filter restricts results; its time fields give time travel. The
	// engine sets Filter.Now. Time conditions apply to the scopes that have
	// the field tested (see TimeField); other scopes ignore them.
	Filter core.Filter
}

// Results holds the results of each scope, best first. Results of a
// search with Filter.KnownAt show facts as mnemo knew them then: a fact
// retired after KnownAt is returned with its InvalidAt as first stated and
// no ExpiredAt. In a search with Filter.ValidAt or KnownAt, an entity's
// Summary is not the stored one, which says what holds now, but made from
// the entity's facts that the request's time view keeps (its ValidAt,
// KnownAt and IncludeInvalid; not its relations, labels or time
// conditions): their sentences, latest valid first; empty when it had
// none then.
type Results struct {
	Facts       []FactResult
	Entities    []EntityResult
	Episodes    []EpisodeResult
	Communities []CommunityResult
	// Recipe names the recipe used ("custom" for Request.Custom).
	Recipe string
	// Warnings say where the search did less than asked: a cross-encoder
	// without an LLM, a failed plugin, a reranker that fell back to RRF.
	Warnings []string
	// Timing splits the time spent.
	Timing Timing
}

// FactResult is a fact with its score and its endpoints' names.
type FactResult struct {
	core.Fact
	SourceName, TargetName string
	Score                  float64
}

// EntityResult is an entity with its score.
type EntityResult struct {
	core.Entity
	Score float64
}

// EpisodeResult is an episode with its score.
type EpisodeResult struct {
	core.Episode
	Score float64
}

// CommunityResult is a community with its score.
type CommunityResult struct {
	core.Community
	Score float64
}

// Timing splits a search's time: embedding the query, finding
// candidates (φ), reranking (ρ, with the reads rerankers need) and loading
// the results. Total is the whole call, Embed included.
type Timing struct {
	Embed, Candidates, Rerank, Load, Total time.Duration
}

// ContextRequest asks for the context string of a query.
type ContextRequest struct {
	Request
	// Budget is the largest size of the context in tokens, as counted by
	// EstimateTokens; zero means 2000.
	Budget int
	// Format is "text" (the default, the Zep paper's layout) or "json".
	Format string
}
