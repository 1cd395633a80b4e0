package host_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
)

// TestReloadAppliesRecipeChoice rewrites search.group_recipes and
// search.default_recipe in the configuration file and reloads: the groups'
// searches take the new recipes without a restart, and a reload that
// names no recipe is refused with the running choice kept.
func TestReloadAppliesRecipeChoice(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "mnemo.toml")
	write := func(search string) {
		t.Helper()
		text := fmt.Sprintf("db = %q\n[store]\nbuffer_pool_mb = 64\n[plugins]\ncache_dir = %q\nreload = \"-1s\"\n%s", filepath.Join(dir, "db"), sharedCache, search)
		if err := os.WriteFile(cfgPath, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("")
	cfg, err := host.Load(cfgPath, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	h, err := host.Open(ctx, cfg, host.OpenOptions{})
	if err != nil {
		t.Fatalf("host.Open: %v", err)
	}
	defer h.Close(ctx)

	recipe := func(group string) string {
		t.Helper()
		res, err := h.Engine.Search(ctx, core.SearchRequest{Groups: []string{group}, Query: "anything"})
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
