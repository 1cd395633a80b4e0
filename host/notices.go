package host

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/mnemohq/mnemo/engine/retrieval"
)

// Notices lists the settings of c that take no effect, each with the
// reason: a plugin set's reranker that no recipe its groups search with
// uses, so that it orders only the searches that ask for the "plugin"
// reranker or recipe; Kuzu's settings, and Weaviate's, with another
// store; the LLM's settings with no LLM, or an LLM nothing but the
// cross-encoder would call; the remote embedder's settings with the local one. `mnemo config
// check` prints them and Open logs them.
func (c Config) Notices() []string {
	out := c.rerankerNotices()
	for _, b := range StoreBackends() {
		if b.Name == c.Store.Backend || b.set == nil {
			continue
		}
		for _, s := range b.set(c.Store) {
			out = append(out, fmt.Sprintf("%s and store.backend is %q", s, c.Store.Backend))
		}
	}
	if !c.LLM.Configured() {
		for _, s := range c.LLM.llmOnlySettings() {
			out = append(out, fmt.Sprintf("%s is set but no LLM is configured (llm.base_url, llm.api_key, llm.model or OPENAI_API_KEY)", s))
		}
	} else if !c.usesLLM() {
		out = append(out, fmt.Sprintf("an LLM is configured (llm.*) but no plugin set uses llm-extractor (the extractor is %q) and no plugin is granted allow_llm: only searches asking for the cross_encoder reranker call it", c.Plugins.Default.Extractor))
	}
	if c.Embedder.Provider == "local" {
		for _, s := range []struct {
			name string
			set  bool
		}{{"embedder.api_key", c.Embedder.APIKey != ""}, {"embedder.send_dimensions", c.Embedder.SendDimensions}, {"embedder.max_batch_texts", c.Embedder.MaxBatchTexts != 0}} {
			if s.set {
				out = append(out, fmt.Sprintf("%s is a setting of the openai embedder and embedder.provider is local", s.name))
			}
		}
	}
	return out
}

// llmOnlySettings lists the LLM settings of c that are set and that only
// the LLM reads (the embedder shares the others).
func (c LLMConfig) llmOnlySettings() []string {
	var out []string
	for _, s := range []struct {
		name string
		set  bool
	}{
		{"llm.small_model", c.SmallModel != ""}, {"llm.structured_output", c.StructuredOutput != ""}, {"llm.temperature", c.Temperature != nil},
		{"llm.max_tokens", c.MaxTokens != 0}, {"llm.max_tokens_param", c.MaxTokensParam != ""}, {"llm.cache_dir", c.CacheDir != ""},
	} {
		if s.set {
			out = append(out, s.name)
		}
	}
	return out
}

// usesLLM reports whether a plugin set of c uses llm-extractor, or a
// plugin is granted the LLM.
func (c Config) usesLLM() bool {
	for _, g := range c.Plugins.Grants {
		if g.AllowLLM {
			return true
		}
	}
	sets := []SetConfig{c.Plugins.Default}
	for _, t := range c.Plugins.Tenants {
		sets = append(sets, t.SetConfig)
	}
	for _, s := range sets {
		if s.Extractor == "llm-extractor" || s.Resolver == "llm-extractor" || s.Summarizer == "llm-extractor" {
			return true
		}
	}
	return false
}

// rerankerNotices lists the plugin sets' rerankers that no recipe of
// their groups uses.
func (c Config) rerankerNotices() []string {
	recipes := c.Search.allRecipes()
	usesPlugin := func(recipe string) bool {
		r, ok := recipes[recipe]
		if !ok {
			return false
		}
		for _, sc := range r.Scopes {
			if sc.Reranker == retrieval.RerankPlugin && sc.Plugin == "" {
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
