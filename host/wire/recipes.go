package wire

import (
	"slices"
	"strings"

	"github.com/mnemohq/mnemo/engine/retrieval"
)

// RecipeList is every search recipe the engine knows, built-in and
// configured: the answer of `GET /v1/recipes` and of the MCP tool
// list_recipes.
type RecipeList struct {
	// DefaultRecipe is what a search naming no recipe uses, unless
	// search.group_recipes chooses another for its group.
	DefaultRecipe string       `json:"default_recipe"`
	Recipes       []RecipeInfo `json:"recipes"`
}

// RecipeInfo is one recipe: the scopes it searches and how.
type RecipeInfo struct {
	Name        string                 `json:"name"`
	Description string                 `json:"description,omitempty"`
	Scopes      map[string]RecipeScope `json:"scopes"`
}

// RecipeScope is how a recipe searches one scope, defaults filled in.
type RecipeScope struct {
	Methods  []string `json:"methods"`
	Reranker string   `json:"reranker"`
	// Plugin is the rerank plugin the recipe names for the scope, if any;
	// otherwise reranker "plugin" uses the group's.
	Plugin string `json:"plugin,omitempty"`
	Limit  int    `json:"limit"`
}

// RecipesOf lists recipes by name, each scope with its defaults filled in.
func RecipesOf(defaultRecipe string, recipes map[string]retrieval.Recipe) RecipeList {
	out := RecipeList{DefaultRecipe: defaultRecipe, Recipes: []RecipeInfo{}}
	for name, r := range recipes {
		ri := RecipeInfo{Name: name, Description: r.Description, Scopes: map[string]RecipeScope{}}
		for sc, cfg := range r.Scopes {
			cfg = cfg.Effective()
			ri.Scopes[string(sc)] = RecipeScope{Methods: cfg.Methods, Reranker: cfg.Reranker, Plugin: cfg.Plugin, Limit: cfg.Limit}
		}
		out.Recipes = append(out.Recipes, ri)
	}
	slices.SortFunc(out.Recipes, func(a, b RecipeInfo) int { return strings.Compare(a.Name, b.Name) })
	return out
}
