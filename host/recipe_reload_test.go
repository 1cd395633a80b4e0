package host_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host"
)

// TestReloadAppliesRecipeChoice rewrites search.group_recipes and
// search.default_recipe in the configuration file and reloads: the groups'
// searches take the new recipes without a restart, and a reload that
// names no recipe is refused with the running choice kept.
func TestReloadAppliesRecipeChoice(t *testing.T) {
	ctx := context.Background()
	h, write := openReloadable(t)

	recipe := func(group string) string {
		t.Helper()
		res, err := h.Engine.Search(ctx, retrieval.Request{Groups: []string{group}, Query: "anything"})
		if err != nil {
			t.Fatal(err)
		}
		return res.Recipe
	}
	if got := recipe("support-1"); got != "default" {
		t.Fatalf("before the reload, support-1 searches with %q, want default", got)
	}

	write("[search]\ndefault_recipe = \"hybrid_rrf\"\n[search.group_recipes]\n\"support-*\" = \"plugin\"\n")
	if err := h.Plugins.Reload(ctx); err != nil {
		t.Fatalf("Reload: %v", err)
	}
	for group, want := range map[string]string{"support-1": "plugin", "sales": "hybrid_rrf"} {
		if got := recipe(group); got != want {
			t.Errorf("after the reload, %s searches with %q, want %q", group, got, want)
		}
	}

	write("[search.group_recipes]\n\"support-*\" = \"no-such-recipe\"\n")
	if err := h.Plugins.Reload(ctx); err == nil {
		t.Fatal("Reload of a configuration naming no recipe succeeded")
	}
	if got := recipe("support-1"); got != "plugin" {
		t.Errorf("after a refused reload, support-1 searches with %q, want the running plugin", got)
	}
}

// TestReloadSwapsPluginsWithTheirRecipe reloads a configuration that adds
// a rerank plugin and makes the group's recipe name it, while searches run:
// no search may see the new recipe without the new plugin (which would
// fall back to rrf with a warning), however long the plugin takes to load.
func TestReloadSwapsPluginsWithTheirRecipe(t *testing.T) {
	ctx := context.Background()
	h, write := openReloadable(t)
	res, err := h.Engine.Ingest(ctx, []core.Episode{
		{GroupID: "g", Source: core.SourceMessage, Content: "Alice: I drink tea every morning.", ValidAt: time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)},
	})
	if err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	if _, err := h.Engine.Wait(wctx, "g", res[0].UUID); err != nil {
		t.Fatal(err)
	}

	search := func() (retrieval.Results, error) {
		return h.Engine.Search(ctx, retrieval.Request{Groups: []string{"g"}, Query: "tea", Scopes: []core.Scope{core.ScopeEpisodes}})
	}
	stop := make(chan struct{})
	type seen struct {
		recipe   string
		warnings []string
	}
	results := make(chan seen, 1)
	go func() {
		var bad []seen
		var last seen
		for {
			select {
			case <-stop:
				if len(bad) > 0 {
					results <- bad[0]
				} else {
					results <- last
				}
				return
			default:
			}
			r, err := search()
			if err != nil {
				bad = append(bad, seen{recipe: "error", warnings: []string{err.Error()}})
				continue
			}
			last = seen{recipe: r.Recipe, warnings: r.Warnings}
			if len(r.Warnings) > 0 {
				bad = append(bad, last)
			}
		}
	}()
	write(`
[[plugins.tenants]]
groups = ["g"]
[plugins.tenants.plugin_config]
script-reranker = '{"script": "rrf"}'

[search.group_recipes]
g = "scripted"

[search.recipes.scripted]
[search.recipes.scripted.scopes.episodes]
plugin = "script-reranker"
`)
	reloadErr := h.Plugins.Reload(ctx)
	// One more search after the reload, so the searcher sees its result.
	if _, err := search(); err != nil {
		t.Fatal(err)
	}
	close(stop)
	got := <-results
	if reloadErr != nil {
		t.Fatalf("Reload: %v", reloadErr)
	}
	if len(got.warnings) > 0 {
		t.Fatalf("a search during the reload used recipe %q and warned %q, want no warning", got.recipe, got.warnings)
	}
	if r, err := search(); err != nil || r.Recipe != "scripted" || len(r.Warnings) > 0 {
		t.Fatalf("after the reload, search = recipe %q, warnings %q, err %v; want scripted with no warning", r.Recipe, r.Warnings, err)
	}
}

// openReloadable opens a host on a configuration file with no automatic
// reload, and returns it with a function that rewrites the file with
// extra appended; Plugins.Reload then reads it.
func openReloadable(t *testing.T) (*host.Host, func(extra string)) {
	t.Helper()
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "mnemo.toml")
	write := func(extra string) {
		t.Helper()
		text := fmt.Sprintf("db = %q\n[store]\nbuffer_pool_mb = 64\n[plugins]\ncache_dir = %q\nreload = \"-1s\"\n%s", filepath.Join(dir, "db"), sharedCache, extra)
		if err := os.WriteFile(cfgPath, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("")
	cfg, err := host.Load(cfgPath, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	h, err := host.Open(context.Background(), cfg, host.OpenOptions{})
	if err != nil {
		t.Fatalf("host.Open: %v", err)
	}
	t.Cleanup(func() { h.Close(context.Background()) })
	return h, write
}
