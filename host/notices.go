package host

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	"mnemo/core"
)

// Notices lists the settings of c that take no effect, each with the
// reason: today a plugin set's reranker that no recipe its groups search
// with uses, so that it orders only the searches that ask for the "plugin"
// reranker or recipe. `mnemo config check` prints them and Open logs them.
func (c Config) Notices() []string {
	recipes := c.Search.allRecipes()
	usesPlugin := func(recipe string) bool {
		r, ok := recipes[recipe]
		if !ok {
			return false
		}
		for _, sc := range r.Scopes {
			if sc.Reranker == core.RerankPlugin && sc.Plugin == "" {
				return true
			}
		}
		return false
	}
	def := c.Search.DefaultRecipe
	if def == "" {
		def = "default"
	}
	if usesPlugin(def) {
		return nil // every group searches with the plugin unless a group recipe says otherwise
	}
	var pluginPatterns []string
	for _, p := range slices.Sorted(maps.Keys(c.Search.GroupRecipes)) {
		if usesPlugin(c.Search.GroupRecipes[p]) {
			pluginPatterns = append(pluginPatterns, p)
		}
	}
	why := fmt.Sprintf("search.default_recipe %q orders no scope with the plugin reranker", def)
	var out []string
	if r := c.Plugins.Default.Reranker; r != "" && len(pluginPatterns) == 0 {
		out = append(out, fmt.Sprintf("plugins.default.reranker = %q orders only searches that ask for reranker \"plugin\" or recipe \"plugin\": %s, and no search.group_recipes entry names a recipe that does (the \"plugin\" recipe does)", r, why))
	}
	for i, t := range c.Plugins.Tenants {
		if t.Reranker == "" || overlaps(t.Groups, pluginPatterns) {
			continue
		}
		out = append(out, fmt.Sprintf("plugins.tenants[%d] (groups %s): reranker = %q orders only searches that ask for reranker \"plugin\" or recipe \"plugin\": %s, and no search.group_recipes entry for these groups names a recipe that does (the \"plugin\" recipe does)",
			i, strings.Join(t.Groups, ", "), t.Reranker, why))
	}
	return out
}

// overlaps reports whether some group could match a pattern of a and one
// of b: the patterns are equal or one matches the other.
func overlaps(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
			if ok, _ := path.Match(x, y); ok {
				return true
			}
			if ok, _ := path.Match(y, x); ok {
				return true
			}
		}
	}
	return false
}
