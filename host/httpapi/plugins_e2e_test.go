package httpapi_test

import (
	"context"
	"fmt"
	"log/slog"
	"maps"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/httpapi"
)

// TestPluginsEndToEnd takes the plugin examples from the repository to a
// tenant's search on a running server, as an operator deploys them: a Go
// reranker written with the SDK in a module of its own
// (plugins/examples/prefer-word, built with GOOS=wasip1 GOARCH=wasm and a
// replace directive), the script reranker with the recency example of
// plugins/script-reranker/examples, and, where clang can build for
// wasm32-wasi, the C example plugins/c/example/first_word.c. The server
// starts with none of them; the files are dropped into the plugins
// directory under file names of their own, the configuration file is
// rewritten to give each plugin to one tenant (the script through a
// recipe defined in the configuration), and the server picks both up
// without a restart. Each tenant's search then follows its plugin, and a
// group no tenant rule matches keeps the default order.
func TestPluginsEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds plugins and waits for a reload")
	}
	dir := t.TempDir()
	pluginDir := filepath.Join(dir, "plugins")
	if err := os.Mkdir(pluginDir, 0o755); err != nil {
		t.Fatal(err)
	}
	built := filepath.Join(dir, "built")
	if err := os.Mkdir(built, 0o755); err != nil {
		t.Fatal(err)
	}

	// The Go example, built in its own module as its doc comment says,
	// against this checkout through a workspace (plugins/sdk's
	// TestGoGetFromAnotherModule builds it through a module proxy).
	example, err := filepath.Abs("../../plugins/examples/prefer-word")
	if err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	work := filepath.Join(dir, "go.work")
	if err := os.WriteFile(work, []byte("go 1.26.0\n\nuse (\n\t"+example+"\n\t"+root+"\n)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	goBuild := exec.Command("go", "build", "-buildmode=c-shared", "-o", filepath.Join(built, "prefer-word.wasm"), ".")
	goBuild.Dir = example
	goBuild.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm", "GOWORK="+work)
	if out, err := goBuild.CombinedOutput(); err != nil {
		t.Fatalf("build plugins/examples/prefer-word: %v\n%s", err, out)
	}
	script, err := os.ReadFile("../../plugins/script-reranker/examples/recency-rrf.expr")
	if err != nil {
		t.Fatal(err)
	}
	// The C example, when clang can build it.
	withC, whyNoC := buildC(t, filepath.Join(built, "first_word.wasm"))

	cfgPath := filepath.Join(dir, "mnemo.toml")
	base := fmt.Sprintf(`db = %q
[store]
backend = "memory"
[plugins]
dir = %q
cache_dir = %q
reload = "50ms"
`, filepath.Join(dir, "db"), pluginDir, filepath.Join(os.TempDir(), "mnemo-test-wasm-cache"))
	writeConfig := func(text string) {
		t.Helper()
		tmp := cfgPath + ".tmp"
		if err := os.WriteFile(tmp, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(tmp, cfgPath); err != nil {
			t.Fatal(err)
		}
	}
	writeConfig(base)
	cfg, err := host.Load(cfgPath, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	h, err := host.Open(context.Background(), cfg, host.OpenOptions{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatalf("host.Open: %v", err)
	}
	t.Cleanup(func() { h.Close(context.Background()) })
	srv := httptest.NewServer(httpapi.New(h, httpapi.Options{Version: "test"}).Handler())
	t.Cleanup(srv.Close)
	a := &api{t: t, base: srv.URL}

	// Two episodes per group. Without a plugin the coffee one comes first:
	// it says the query's words twice. Each plugin prefers the tea one: the
	// Go plugin is configured with the word, the C plugin takes the query's
	// first word, and the recency script halves a score for every 30 days
	// of age, and the tea episode is a year younger.
	groups := []string{"acme", "beta", "gamma", "other"}
	for _, g := range groups {
		a.ingest(g,
			map[string]any{"source": "text", "content": "Morning drinks at the office: Alice drinks tea.", "reference_time": "2024-03-01T10:00:00Z"},
			map[string]any{"source": "text", "content": "Morning drinks at the office: Bob drinks coffee, morning drinks coffee.", "reference_time": "2023-03-01T10:00:00Z"})
	}
	query := map[string]any{"query": "tea or coffee: morning drinks at the office", "scopes": []string{"episodes"}}
	// first searches group with query, and extra's fields if given.
	first := func(group string, extra ...map[string]any) (content string, warnings []string) {
		t.Helper()
		query := maps.Clone(query)
		for _, e := range extra {
			maps.Copy(query, e)
		}
		var res struct {
			Episodes []struct {
				Content string `json:"content"`
			} `json:"episodes"`
			Warnings []string `json:"warnings"`
		}
		if code, raw := a.do("POST", "/v1/groups/"+group+"/search", query, &res); code != 200 {
			t.Fatalf("search %s = %d %s", group, code, raw)
		}
		if len(res.Episodes) != 2 {
			t.Fatalf("search %s found %d episodes, want 2", group, len(res.Episodes))
		}
		return res.Episodes[0].Content, res.Warnings
	}
	for _, g := range groups {
		if got, _ := first(g); !strings.Contains(got, "coffee") {
			t.Fatalf("before the plugins, %s's first episode = %q, want the coffee one", g, got)
		}
	}

	recipeScopes := func() map[string]map[string]any {
		t.Helper()
		var res struct {
			DefaultRecipe string `json:"default_recipe"`
			Recipes       []struct {
				Name   string                    `json:"name"`
				Scopes map[string]map[string]any `json:"scopes"`
			} `json:"recipes"`
		}
		if code, raw := a.do("GET", "/v1/recipes", nil, &res); code != 200 {
			t.Fatalf("GET /v1/recipes = %d %s", code, raw)
		}
		if res.DefaultRecipe != "default" {
			t.Errorf("GET /v1/recipes default_recipe = %q, want default", res.DefaultRecipe)
		}
		out := map[string]map[string]any{}
		for _, r := range res.Recipes {
			out[r.Name] = r.Scopes["episodes"]
		}
		return out
	}
	if got := recipeScopes(); got["default"] == nil || got["recent"] != nil {
		t.Errorf("before the reload, GET /v1/recipes = %v, want the built-ins and no recipe recent", got)
	}

	// Deploy: the files under names of their own (the configuration names
	// the plugins as they describe themselves), then the configuration.
	copyFile(t, filepath.Join(built, "prefer-word.wasm"), filepath.Join(pluginDir, "tea-v1.wasm"))
	tenants := `
[[plugins.tenants]]
groups = ["acme"]
reranker = "prefer-word"
[plugins.tenants.plugin_config]
prefer-word = '{"word": "tea"}'

[[plugins.tenants]]
groups = ["beta"]
[plugins.tenants.plugin_config]
script-reranker = '''
` + string(script) + `'''
`
	if withC {
		copyFile(t, filepath.Join(built, "first_word.wasm"), filepath.Join(pluginDir, "c-example.wasm"))
		tenants += `
[[plugins.tenants]]
groups = ["gamma"]
reranker = "first-word"
`
	}
	// Gamma searches with the plugin recipe only where it has the C
	// example for a reranker: without one, every search of it would warn
	// that it falls back to rrf.
	gammaRecipe := ""
	if withC {
		gammaRecipe = "gamma = \"plugin\"\n"
	}
	recipes := `
[search.group_recipes]
acme = "plugin"
beta = "recent"
` + gammaRecipe + `
[search.recipes.recent]
description = "episodes by the recency script"
[search.recipes.recent.scopes.episodes]
plugin = "script-reranker"
limit = 5
`
	writeConfig(base + tenants + recipes)

	want := map[string]string{"acme": "tea", "beta": "tea", "gamma": "tea", "other": "coffee"}
	if !withC {
		want["gamma"] = "coffee"
	}
	deadline := time.Now().Add(2 * time.Minute)
	for {
		// Done when every search follows its plugin: the right episode
		// first and no warning. (The watcher may reload between the copy
		// of a plugin and the write of the configuration; a search under
		// that half-deployed state may fall back to rrf with a warning,
		// and rrf may happen to order it right.)
		done := true
		for _, g := range groups {
			if got, warnings := first(g); !strings.Contains(got, want[g]) || len(warnings) > 0 {
				done = false
			}
		}
		if done {
			break
		}
		if time.Now().After(deadline) {
			for _, g := range groups {
				got, warnings := first(g)
				t.Errorf("after the reload, %s's first episode = %q (warnings %q), want the %s one", g, got, warnings, want[g])
			}
			t.Fatalf("the reload did not take effect: last reload error %v", h.Plugins.LastError())
		}
		time.Sleep(50 * time.Millisecond)
	}
	for _, g := range groups {
		if _, warnings := first(g); len(warnings) > 0 {
			t.Errorf("search %s warns %q, want none", g, warnings)
		}
	}

	// A search can ask for one of its group's rerank plugins by name,
	// whatever its recipe: acme's own under the default recipe, and a
	// group without it is told so and ordered by rrf.
	if got, warnings := first("acme", map[string]any{"recipe": "default", "plugin": "prefer-word"}); !strings.Contains(got, "tea") || len(warnings) > 0 {
		t.Errorf("acme's search with plugin prefer-word: first episode %q, warnings %q; want the tea one and none", got, warnings)
	}
	if got, warnings := first("other", map[string]any{"plugin": "prefer-word"}); !strings.Contains(got, "coffee") || len(warnings) != 1 || !strings.Contains(warnings[0], "prefer-word") {
		t.Errorf("other's search with plugin prefer-word: first episode %q, warnings %q; want the coffee one (rrf) and a warning naming the plugin", got, warnings)
	}

	// The configured recipe is listed, with the plugin it names.
	if got := recipeScopes()["recent"]; got == nil || got["plugin"] != "script-reranker" || got["reranker"] != "plugin" {
		t.Errorf("after the reload, GET /v1/recipes recent's episodes scope = %v, want the script-reranker plugin", got)
	}

	// The running plugins are known by the names they describe.
	var listed struct {
		Plugins []struct {
			Name   string `json:"name"`
			Source string `json:"source"`
		} `json:"plugins"`
	}
	if code, raw := a.do("GET", "/v1/plugins", nil, &listed); code != 200 {
		t.Fatalf("GET /v1/plugins = %d %s", code, raw)
	}
	names := map[string]string{}
	for _, p := range listed.Plugins {
		names[p.Name] = p.Source
	}
	if src := names["prefer-word"]; !strings.HasSuffix(src, "tea-v1.wasm") {
		t.Errorf("/v1/plugins lists prefer-word from %q, want tea-v1.wasm (all: %v)", src, names)
	}
	if withC {
		if src := names["first-word"]; !strings.HasSuffix(src, "c-example.wasm") {
			t.Errorf("/v1/plugins lists first-word from %q, want c-example.wasm (all: %v)", src, names)
		}
	} else {
		t.Logf("the C example was left out: %s", whyNoC)
	}
}

// buildC builds the C example with clang for wasm32-wasi into out, and
// says why not when it cannot.
func buildC(t *testing.T, out string) (bool, string) {
	t.Helper()
	clang, err := exec.LookPath("clang")
	if err != nil {
		return false, "no clang on PATH"
	}
	build := exec.Command(clang, "--target=wasm32-wasi", "-mexec-model=reactor", "-O2", "-I", "../../plugins/c",
		"-o", out, "../../plugins/c/example/first_word.c")
	if msg, err := build.CombinedOutput(); err != nil {
		return false, fmt.Sprintf("clang cannot build for wasm32-wasi (a WASI sysroot and wasm-ld are needed): %v: %s", err, msg)
	}
	return true, ""
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	tmp := to + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, to); err != nil {
		t.Fatal(err)
	}
}
