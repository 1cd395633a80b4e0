package retrieval

import (
	"path"
	"slices"

	"github.com/mnemohq/mnemo/core"
)

// BuiltinRecipes returns the recipes every engine knows, freshly built:
// the caller may change the map and its values.
//
// "default" was chosen by measurement on LongMemEval_S (docs/retrieval.md):
// facts, entities and episodes, each by cosine and BM25, with the scaled
// scores summed, cosine weighing a fifth of BM25. With the local embedder
// this matched or beat BM25 alone where RRF fell below it (recall_any@5
// 0.955 against 0.933 for RRF and 0.950 for BM25, one episode per turn).
func BuiltinRecipes() map[string]Recipe {
	hybrid := func(limit int) ScopeConfig {
		return ScopeConfig{Methods: []string{MethodCosine, MethodBM25}, Reranker: RerankRRF, Limit: limit}
	}
	weighted := func(limit int) ScopeConfig {
		c := hybrid(limit)
		c.Reranker, c.Weights = RerankLinear, map[string]float64{MethodCosine: DefaultCosineWeight}
		return c
	}
	// dated also ranks by the period the query names, if any.
	dated := func(c ScopeConfig) ScopeConfig {
		c.Weights[FeatureWhen] = DefaultWhenWeight
		return c
	}
	// expanded also searches with the words of the best hits, and ranks
	// what the asker said of themselves first.
	expanded := func(c ScopeConfig) ScopeConfig {
		c.Weights[FeatureExpansion] = DefaultExpansionWeight
		c.Weights[FeaturePersonal] = DefaultPersonalWeight
		return c
	}
	with := func(c ScopeConfig, reranker string, methods ...string) ScopeConfig {
		c.Reranker = reranker
		if len(methods) > 0 {
			c.Methods = methods
		}
		return c
	}
	all3 := []string{MethodCosine, MethodBM25, MethodBFS}
	return map[string]Recipe{
		"default": {
			Description: "facts, entities and episodes by cosine and BM25, scaled scores summed with cosine weighing 0.2; facts and episodes also by the period the query names; episodes also by the words of the best hits and, asked in the first person, by what speakers say of themselves",
			Scopes: map[core.Scope]ScopeConfig{
				core.ScopeFacts:    dated(weighted(10)),
				core.ScopeEntities: weighted(5),
				core.ScopeEpisodes: expanded(dated(weighted(5))),
			},
		},
		"hybrid_rrf": {
			Description: "all four scopes by cosine and BM25, fused by RRF",
			Scopes: map[core.Scope]ScopeConfig{
				core.ScopeFacts: hybrid(10), core.ScopeEntities: hybrid(10), core.ScopeEpisodes: hybrid(10), core.ScopeCommunities: hybrid(3),
			},
		},
		"facts": {
			Description: "facts alone by cosine and BM25, fused by RRF",
			Scopes:      map[core.Scope]ScopeConfig{core.ScopeFacts: hybrid(10)},
		},
		"entities": {
			Description: "entities alone by cosine and BM25, fused by RRF",
			Scopes:      map[core.Scope]ScopeConfig{core.ScopeEntities: hybrid(10)},
		},
		"episodes": {
			Description: "episodes alone by cosine and BM25, fused by RRF",
			Scopes:      map[core.Scope]ScopeConfig{core.ScopeEpisodes: hybrid(10)},
		},
		"communities": {
			Description: "communities alone by cosine and BM25, fused by RRF",
			Scopes:      map[core.Scope]ScopeConfig{core.ScopeCommunities: hybrid(5)},
		},
		"bfs": {
			Description: "facts and entities by cosine, BM25 and breadth-first search from the seeds (or from the other methods' results), fused by RRF",
			Scopes: map[core.Scope]ScopeConfig{
				core.ScopeFacts:    with(hybrid(10), RerankRRF, all3...),
				core.ScopeEntities: with(hybrid(10), RerankRRF, all3...),
			},
		},
		"mmr": {
			Description: "facts, entities and communities by cosine and BM25, diversified by MMR (λ 0.5); episodes by RRF",
			Scopes: map[core.Scope]ScopeConfig{
				core.ScopeFacts:       with(hybrid(10), RerankMMR),
				core.ScopeEntities:    with(hybrid(10), RerankMMR),
				core.ScopeEpisodes:    hybrid(5),
				core.ScopeCommunities: with(hybrid(3), RerankMMR),
			},
		},
		"node_distance": {
			Description: "facts and entities by cosine and BM25, nearest to the request's centre entity first",
			Scopes: map[core.Scope]ScopeConfig{
				core.ScopeFacts:    with(hybrid(10), RerankNodeDistance),
				core.ScopeEntities: with(hybrid(10), RerankNodeDistance),
			},
		},
		"episode_mentions": {
			Description: "facts and entities by cosine and BM25, most often mentioned first",
			Scopes: map[core.Scope]ScopeConfig{
				core.ScopeFacts:    with(hybrid(10), RerankEpisodeMentions),
				core.ScopeEntities: with(hybrid(10), RerankEpisodeMentions),
			},
		},
		"cross_encoder": {
			Description: "all four scopes by cosine and BM25 (facts and entities also by BFS), scored by the LLM",
			Scopes: map[core.Scope]ScopeConfig{
				core.ScopeFacts:       with(hybrid(10), RerankCrossEncoder, all3...),
				core.ScopeEntities:    with(hybrid(10), RerankCrossEncoder, all3...),
				core.ScopeEpisodes:    with(hybrid(5), RerankCrossEncoder),
				core.ScopeCommunities: with(hybrid(3), RerankCrossEncoder),
			},
		},
		"plugin": {
			Description: "facts, entities and episodes by cosine and BM25, ordered by the group's rerank plugin",
			Scopes: map[core.Scope]ScopeConfig{
				core.ScopeFacts:    with(hybrid(10), RerankPlugin),
				core.ScopeEntities: with(hybrid(10), RerankPlugin),
				core.ScopeEpisodes: with(hybrid(5), RerankPlugin),
			},
		},
	}
}

// DefaultCosineWeight is the weight of cosine similarity, against 1 for
// BM25, in the default recipe's linear fusion.
const DefaultCosineWeight = 0.2

// DefaultWhenWeight is the weight of FeatureWhen, the ranking among what
// happened in the period a query names, in the default recipe's facts and
// episodes scopes: as much as BM25's (LongMemEval_S, docs/retrieval.md).
const DefaultWhenWeight = 1.0

// DefaultExpansionWeight is the weight of FeatureExpansion, the search
// with the words of the best hits, in the default recipe's episodes
// scope: as much as BM25's (LongMemEval_S, docs/retrieval.md).
const DefaultExpansionWeight = 1.0

// DefaultPersonalWeight is the weight of FeaturePersonal, the ranking by
// first-person words when the query is in the first person, in the
// default recipe's episodes scope (LongMemEval_S, docs/retrieval.md).
const DefaultPersonalWeight = 0.3

// customRecipe is the name Results.Recipe gives Request.Custom.
const customRecipe = "custom"

// Recipes returns a copy of the Searcher's recipes, built-in and
// configured.
func (sr *Searcher) Recipes() map[string]Recipe {
	sr.recipeMu.RLock()
	defer sr.recipeMu.RUnlock()
	out := make(map[string]Recipe, len(sr.search.Recipes))
	for name, r := range sr.search.Recipes {
		out[name] = r.clone()
	}
	return out
}

// DefaultRecipe returns the name of the recipe searches of no particular
// group use when they name none (Options.DefaultRecipe).
func (sr *Searcher) DefaultRecipe() string {
	sr.recipeMu.RLock()
	defer sr.recipeMu.RUnlock()
	return sr.search.DefaultRecipe
}

// SetRecipes replaces the configured recipes and the choice of recipe for
// searches that name none, as a reload of the configuration does: recipes
// are Options.Recipes (added to the built-ins, or replacing those of
// the same name), defaultRecipe Options.DefaultRecipe ("" for the
// built-in default) and groupRecipes Options.GroupRecipes. Searches
// under way keep the recipe they started with. An invalid recipe, or a
// choice naming no recipe, is an error wrapping ErrInvalid, and nothing
// changes. It is safe for concurrent use.
func (sr *Searcher) SetRecipes(recipes map[string]Recipe, defaultRecipe string, groupRecipes map[string]string) error {
	sr.recipeMu.Lock()
	defer sr.recipeMu.Unlock()
	next := sr.search
	next.Recipes, next.DefaultRecipe, next.GroupRecipes = recipes, defaultRecipe, groupRecipes
	if err := next.Validate(); err != nil {
		return err
	}
	next = next.withDefaults()
	sr.search.Recipes, sr.search.DefaultRecipe, sr.search.GroupRecipes = next.Recipes, next.DefaultRecipe, next.GroupRecipes
	return nil
}

// recipeName returns the recipe a group uses by default: its exact entry in
// GroupRecipes, else the longest matching pattern (ties by the pattern's
// text), else DefaultRecipe.
func (o *Options) recipeName(group string) string {
	if name, ok := o.GroupRecipes[group]; ok {
		return name
	}
	best, name := "", ""
	for pattern, n := range o.GroupRecipes {
		if ok, _ := path.Match(pattern, group); !ok {
			continue
		}
		if name == "" || len(pattern) > len(best) || len(pattern) == len(best) && pattern < best {
			best, name = pattern, n
		}
	}
	if name == "" {
		return o.DefaultRecipe
	}
	return name
}

// plan resolves the recipe of a request into a private copy with the
// request's overrides applied and every default filled in.
func (o *Options) plan(req *Request) (string, Recipe, error) {
	var name string
	var r Recipe
	switch {
	case req.Custom != nil:
		name, r = customRecipe, req.Custom.clone()
	default:
		name = req.Recipe
		if name == "" {
			name = o.recipeName(req.Groups[0])
		}
		base, ok := o.Recipes[name]
		if !ok {
			return "", Recipe{}, invalidf("unknown recipe %q", name)
		}
		r = base.clone()
	}
	if err := r.Validate(); err != nil {
		return "", Recipe{}, err
	}
	if len(req.Scopes) > 0 {
		kept := make(map[core.Scope]ScopeConfig, len(req.Scopes))
		for _, sc := range req.Scopes {
			if !sc.Valid() {
				return "", Recipe{}, invalidf("unknown scope %q", sc)
			}
			c, ok := r.Scopes[sc]
			if !ok {
				c = ScopeConfig{Methods: []string{MethodCosine, MethodBM25}, Reranker: RerankRRF}
			}
			kept[sc] = c
		}
		r.Scopes = kept
	}
	if req.Reranker != "" && !knownReranker(req.Reranker) {
		return "", Recipe{}, invalidf("unknown reranker %q", req.Reranker)
	}
	if req.Plugin != "" && req.Reranker != "" && req.Reranker != RerankPlugin {
		return "", Recipe{}, invalidf("plugin %q needs the plugin reranker, not %q", req.Plugin, req.Reranker)
	}
	for sc, c := range r.Scopes {
		if req.Reranker != "" && supports(req.Reranker, sc) {
			c.Reranker = req.Reranker
		}
		if req.Plugin != "" {
			c.Reranker, c.Plugin = RerankPlugin, req.Plugin
		}
		if req.Limit > 0 {
			if req.Limit > 1000 {
				return "", Recipe{}, invalidf("limit %d is over 1000", req.Limit)
			}
			c.Limit = req.Limit
		}
		c = c.withDefaults()
		if c.Reranker == RerankNodeDistance && req.Center == "" {
			return "", Recipe{}, invalidf("%s: the node_distance reranker needs a centre entity", sc)
		}
		if req.Query == "" && !slices.Equal(c.Methods, []string{MethodBFS}) {
			return "", Recipe{}, invalidf("empty query: only a BFS-only search from seeds needs none")
		}
		if req.Query == "" && len(req.Seeds) == 0 {
			return "", Recipe{}, invalidf("empty query and no seeds")
		}
		r.Scopes[sc] = c
	}
	return name, r, nil
}
