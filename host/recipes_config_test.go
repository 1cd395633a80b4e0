package host_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/plugins/builtin"
)

// TestConfiguredRecipes defines a recipe in the configuration that names
// its rerank plugin, gives it to some groups with search.group_recipes,
// and rewrites it on disk: searches of those groups follow the plugin,
// others and requests naming the recipe directly do too, and a reload
// changes the recipe without a restart.
func TestConfiguredRecipes(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	pluginDir := filepath.Join(dir, "plugins")
	if err := os.Mkdir(pluginDir, 0o755); err != nil {
		t.Fatal(err)
	}
	module, err := builtin.FS.ReadFile("script-reranker.wasm")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pluginDir, "prefer.wasm"), module, 0o644); err != nil {
		t.Fatal(err)
	}
	cfgPath := filepath.Join(dir, "mnemo.toml")
	write := func(word, reranker string) {
		t.Helper()
		text := fmt.Sprintf(`db = %q
[store]
backend = "memory"
[plugins]
dir = %q
cache_dir = %q
reload = "-1s"
[plugins.default.plugin_config]
prefer = 'lower(text) contains %q ? 2.0 : rrf'
[search.group_recipes]
"support-*" = "drinks"
[search.recipes.drinks]
description = "episodes ordered by the prefer plugin"
[search.recipes.drinks.scopes.episodes]
methods = ["cosine", "bm25"]
%s
limit = 5
`, filepath.Join(dir, "db"), pluginDir, sharedCache, word, reranker)
		if err := os.WriteFile(cfgPath, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("tea", `plugin = "prefer"`)
	cfg, err := host.Load(cfgPath, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	h, err := host.Open(ctx, cfg, host.OpenOptions{})
	if err != nil {
		t.Fatalf("host.Open: %v", err)
	}
	defer h.Close(ctx)

	ref := time.Date(2024, 3, 1, 10, 0, 0, 0, time.UTC)
	for _, g := range []string{"support-1", "sales"} {
		eps := []core.Episode{
			{GroupID: g, Source: core.SourceText, Content: "Morning drinks at the office: Alice drinks tea.", ValidAt: ref},
			{GroupID: g, Source: core.SourceText, Content: "Morning drinks at the office: Bob drinks coffee, morning drinks coffee.", ValidAt: ref.Add(time.Hour)},
		}
		res, err := h.Engine.Ingest(ctx, eps)
		if err != nil {
			t.Fatal(err)
		}
		wctx, cancel := context.WithTimeout(ctx, time.Minute)
		if _, err := h.Engine.Wait(wctx, g, res[0].UUID, res[1].UUID); err != nil {
			t.Fatal(err)
		}
		cancel()
	}
	// first returns the recipe of a search and its first episode.
	first := func(group, recipe string) (string, string) {
		t.Helper()
		r, err := h.Engine.Search(ctx, retrieval.Request{
			Groups: []string{group}, Query: "morning drinks at the office", Recipe: recipe,
			Scopes: []core.Scope{core.ScopeEpisodes},
		})
		if err != nil {
			t.Fatalf("Search(%s, recipe %q): %v", group, recipe, err)
		}
		if len(r.Warnings) > 0 {
			t.Fatalf("Search(%s, recipe %q) warns %q", group, recipe, r.Warnings)
		}
		if len(r.Episodes) == 0 {
			t.Fatalf("Search(%s, recipe %q) found no episodes", group, recipe)
		}
		return r.Recipe, r.Episodes[0].Content
	}
	check := func(when, group, recipe, wantRecipe, wantWord string) {
		t.Helper()
		gotRecipe, content := first(group, recipe)
		if gotRecipe != wantRecipe || !strings.Contains(content, wantWord) {
			t.Errorf("%s: Search(%s, recipe %q) = recipe %q, first %q; want recipe %q, first with %q", when, group, recipe, gotRecipe, content, wantRecipe, wantWord)
		}
	}
	// Without the plugin, BM25 and cosine put the episode saying "morning
	// drinks" twice first.
	check("before", "sales", "", "default", "coffee")
	check("before", "support-1", "", "drinks", "tea")
	check("before", "sales", "drinks", "drinks", "tea")

	write("coffee", `plugin = "prefer"`)
	if err := h.Plugins.Reload(ctx); err != nil {
		t.Fatalf("Reload: %v", err)
	}
	check("after a new script", "support-1", "", "drinks", "coffee")

	write("tea", `reranker = "no-such-reranker"`)
	if err := h.Plugins.Reload(ctx); !errors.Is(err, core.ErrInvalid) || !strings.Contains(err.Error(), "search.recipes.drinks.scopes.episodes") {
		t.Fatalf("Reload of an unknown reranker = %v, want an invalid configuration naming the setting", err)
	}
	check("after a refused reload", "support-1", "", "drinks", "coffee")

	// The default recipe's fusion, as for the other group.
	write("tea", "reranker = \"linear\"\nweights = { cosine = 0.2 }")
	if err := h.Plugins.Reload(ctx); err != nil {
		t.Fatalf("Reload: %v", err)
	}
	check("after the recipe dropped its plugin", "support-1", "", "drinks", "coffee")
	if r := h.Engine.Recipes()["drinks"]; r.Scopes[core.ScopeEpisodes].Reranker != retrieval.RerankLinear {
		t.Errorf("after the reload, recipe drinks = %+v, want the linear reranker", r)
	}
}

// TestConfiguredRecipeErrors loads configurations with broken recipes: each
// is refused at load with the setting at fault named.
func TestConfiguredRecipeErrors(t *testing.T) {
	tests := []struct {
		name, toml, want string
	}{
		{"unknown method", "[search.recipes.r.scopes.facts]\nmethods = [\"grep\"]\n", `search.recipes.r.scopes.facts: unknown search method "grep"`},
		{"unknown scope", "[search.recipes.r.scopes.people]\nlimit = 3\n", "search.recipes.r.scopes.people: unknown scope"},
		{"no scope", "[search.recipes.r]\ndescription = \"nothing\"\n", "search.recipes.r searches no scope"},
		{"negative limit", "[search.recipes.r.scopes.facts]\nlimit = -1\n", "search.recipes.r.scopes.facts: negative limit"},
		{"limit too large", "[search.recipes.r.scopes.facts]\nlimit = 5000\n", "search.recipes.r.scopes.facts: limit and candidates are at most 1000"},
		{"lambda", "[search.recipes.r.scopes.facts]\nreranker = \"mmr\"\nmmr_lambda = 2.0\n", "MMR lambda 2 is outside"},
		{"plugin with another reranker", "[search.recipes.r.scopes.facts]\nreranker = \"rrf\"\nplugin = \"x\"\n", `plugin "x" needs the plugin reranker`},
		{"group recipe unknown", "[search.group_recipes]\n\"a-*\" = \"nope\"\n", `search.group_recipes."a-*" = "nope": no such recipe`},
		{"default recipe unknown", "[search]\ndefault_recipe = \"nope\"\n", `search.default_recipe "nope": no such recipe`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "mnemo.toml")
			if err := os.WriteFile(path, []byte(tt.toml), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := host.Load(path, func(string) string { return "" })
			if !errors.Is(err, core.ErrInvalid) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Load() = %v, want an invalid configuration containing %q", err, tt.want)
			}
		})
	}
}

// TestConfiguredRecipeUnknownPlugin names a plugin that does not exist in
// a recipe: Open refuses it, naming the setting.
func TestConfiguredRecipeUnknownPlugin(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "mnemo.toml")
	text := fmt.Sprintf("[store]\nbackend = \"memory\"\n[plugins]\ncache_dir = %q\nreload = \"-1s\"\n[search.recipes.r.scopes.facts]\nplugin = \"no-such-plugin\"\n", sharedCache)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := host.Load(path, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	h, err := host.Open(context.Background(), cfg, host.OpenOptions{})
	if err == nil {
		h.Close(context.Background())
		t.Fatal("Open of a recipe naming no plugin succeeded")
	}
	if want := "search.recipes.r.scopes.facts.plugin"; !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "no-such-plugin") {
		t.Errorf("Open() = %v, want it to name %s and the plugin", err, want)
	}
}
