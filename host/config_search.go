package host

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
)

// Search: recipes, their checks and group patterns (search.*).

// SearchConfig defines recipes and chooses the recipe of searches that
// name none.
type SearchConfig struct {
	DefaultRecipe string `toml:"default_recipe" json:"default_recipe"`
	// GroupRecipes maps group ids or patterns ("team-*") to recipes.
	GroupRecipes map[string]string `toml:"group_recipes" json:"group_recipes,omitempty"`
	// Recipes defines recipes by name, beside the built-ins
	// (retrieval.BuiltinRecipes); one named like a built-in replaces it.
	Recipes map[string]RecipeConfig `toml:"recipes" json:"recipes,omitempty"`
}

// RecipeConfig is a recipe written in the configuration: retrieval.Recipe.
type RecipeConfig struct {
	Description string `toml:"description" json:"description,omitempty"`
	// Scopes configures each scope searched, by name (facts, entities,
	// episodes, communities); scopes absent are not searched.
	Scopes map[string]ScopeRecipeConfig `toml:"scopes" json:"scopes"`
}

// ScopeRecipeConfig configures the search of one scope of a recipe:
// retrieval.ScopeConfig, whose comments give the defaults.
type ScopeRecipeConfig struct {
	Methods  []string `toml:"methods" json:"methods,omitempty"`
	Reranker string   `toml:"reranker" json:"reranker,omitempty"`
	// Plugin names the rerank plugin of the "plugin" reranker (a built-in
	// or a file of the plugins directory), whatever the group's plugin
	// set says; it implies reranker = "plugin".
	Plugin           string             `toml:"plugin" json:"plugin,omitempty"`
	Limit            int                `toml:"limit" json:"limit,omitempty"`
	Candidates       int                `toml:"candidates" json:"candidates,omitempty"`
	MinScore         float64            `toml:"min_score" json:"min_score,omitempty"`
	MinSimilarity    float64            `toml:"min_similarity" json:"min_similarity,omitempty"`
	RRFK             float64            `toml:"rrf_k" json:"rrf_k,omitempty"`
	Weights          map[string]float64 `toml:"weights" json:"weights,omitempty"`
	MMRLambda        float64            `toml:"mmr_lambda" json:"mmr_lambda,omitempty"`
	BFSDepth         int                `toml:"bfs_depth" json:"bfs_depth,omitempty"`
	MaxHops          int                `toml:"max_hops" json:"max_hops,omitempty"`
	PluginEmbeddings bool               `toml:"plugin_embeddings" json:"plugin_embeddings,omitempty"`
}

// CoreRecipes returns the recipes of the configuration as the engine takes
// them (retrieval.Options.Recipes), without the built-ins.
func (c SearchConfig) CoreRecipes() map[string]retrieval.Recipe {
	if len(c.Recipes) == 0 {
		return nil
	}
	out := make(map[string]retrieval.Recipe, len(c.Recipes))
	for name, rc := range c.Recipes {
		r := retrieval.Recipe{Description: rc.Description, Scopes: make(map[core.Scope]retrieval.ScopeConfig, len(rc.Scopes))}
		for sc, s := range rc.Scopes {
			r.Scopes[core.Scope(sc)] = retrieval.ScopeConfig{
				Methods: s.Methods, Reranker: s.Reranker, Plugin: s.Plugin, Limit: s.Limit, Candidates: s.Candidates,
				MinScore: s.MinScore, MinSimilarity: s.MinSimilarity, RRFK: s.RRFK, Weights: s.Weights,
				MMRLambda: s.MMRLambda, BFSDepth: s.BFSDepth, MaxHops: s.MaxHops, PluginEmbeddings: s.PluginEmbeddings,
			}
		}
		out[name] = r
	}
	return out
}

// allRecipes returns the built-in recipes with the configured ones.
func (c SearchConfig) allRecipes() map[string]retrieval.Recipe {
	all := retrieval.BuiltinRecipes()
	for name, r := range c.CoreRecipes() {
		all[name] = r
	}
	return all
}

// rerankPlugins lists the rerank plugins the configured recipes name.
func (c SearchConfig) rerankPlugins() []string {
	var out []string
	for _, r := range c.Recipes {
		for _, s := range r.Scopes {
			if s.Plugin != "" && !slices.Contains(out, s.Plugin) {
				out = append(out, s.Plugin)
			}
		}
	}
	slices.Sort(out)
	return out
}

// namingPlugin returns the first setting of a recipe naming a plugin, for
// errors: "search.recipes.boost.scopes.facts.plugin".
func (c SearchConfig) namingPlugin(plugin string) string {
	for _, name := range slices.Sorted(maps.Keys(c.Recipes)) {
		for _, sc := range slices.Sorted(maps.Keys(c.Recipes[name].Scopes)) {
			if c.Recipes[name].Scopes[sc].Plugin == plugin {
				return fmt.Sprintf("search.recipes.%s.scopes.%s.plugin", name, sc)
			}
		}
	}
	return "search.recipes"
}

// validate checks the recipes and the recipe choice, naming the setting
// at fault.
func (c SearchConfig) validate() error {
	recipes := c.CoreRecipes()
	for _, name := range slices.Sorted(maps.Keys(c.Recipes)) {
		if name == "" || strings.ContainsAny(name, " \t\n") {
			return fmt.Errorf("search.recipes: recipe name %q: want a name without spaces", name)
		}
		if len(c.Recipes[name].Scopes) == 0 {
			return fmt.Errorf("search.recipes.%s searches no scope: give it [search.recipes.%s.scopes.facts] (or entities, episodes, communities)", name, name)
		}
		for _, sc := range slices.Sorted(maps.Keys(c.Recipes[name].Scopes)) {
			if !core.Scope(sc).Valid() {
				return fmt.Errorf("search.recipes.%s.scopes.%s: unknown scope (want facts, entities, episodes or communities)", name, sc)
			}
			s := c.Recipes[name].Scopes[sc]
			if s.Plugin != "" && strings.ContainsAny(s.Plugin, "/\\") {
				return fmt.Errorf("search.recipes.%s.scopes.%s.plugin %q: want a plugin name, not a path", name, sc, s.Plugin)
			}
			if err := recipes[name].Scopes[core.Scope(sc)].Validate(core.Scope(sc)); err != nil {
				why := strings.TrimPrefix(strings.TrimPrefix(err.Error(), core.ErrInvalid.Error()+": "), sc+": ")
				return fmt.Errorf("search.recipes.%s.scopes.%s: %s", name, sc, why)
			}
		}
	}
	all := c.allRecipes()
	if _, ok := all[c.DefaultRecipe]; c.DefaultRecipe != "" && !ok {
		return fmt.Errorf("search.default_recipe %q: no such recipe (want a built-in or one of search.recipes)", c.DefaultRecipe)
	}
	for _, p := range slices.Sorted(maps.Keys(c.GroupRecipes)) {
		if err := validatePattern(p); err != nil {
			return fmt.Errorf("search.group_recipes: %w", err)
		}
		if _, ok := all[c.GroupRecipes[p]]; !ok {
			return fmt.Errorf("search.group_recipes.%q = %q: no such recipe (want a built-in or one of search.recipes)", p, c.GroupRecipes[p])
		}
	}
	return nil
}

// validatePattern checks a group id or a pattern with '*' wildcards.
func validatePattern(p string) error {
	if p == "*" {
		return nil
	}
	return core.ValidateGroupID(strings.ReplaceAll(p, "*", "x"))
}

// MatchGroup reports whether group matches a pattern ('*' matches any run
// of characters).
func MatchGroup(pattern, group string) bool {
	parts := strings.Split(pattern, "*")
	if len(parts) == 1 {
		return pattern == group
	}
	if !strings.HasPrefix(group, parts[0]) {
		return false
	}
	rest := group[len(parts[0]):]
	for i, p := range parts[1:] {
		if i == len(parts)-2 {
			return strings.HasSuffix(rest, p) && len(rest) >= len(p)
		}
		k := strings.Index(rest, p)
		if k < 0 {
			return false
		}
		rest = rest[k+len(p):]
	}
	return true
}
