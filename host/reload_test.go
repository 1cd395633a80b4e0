package host_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/plugins/builtin"
)

// TestHotReloadUnderLoad swaps a tenant's rerank plugin while searches run:
// the configuration file changes the plugin's script, then the plugin file
// is replaced by a broken one. No search may fail at any point; the first
// swap must change the order of the results, and the broken file must be
// refused with the running plugin kept.
func TestHotReloadUnderLoad(t *testing.T) {
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
	// A plugin file in the directory, under a name of its own.
	pluginFile := filepath.Join(pluginDir, "prefer.wasm")
	if err := os.WriteFile(pluginFile, module, 0o644); err != nil {
		t.Fatal(err)
	}
	cfgPath := filepath.Join(dir, "mnemo.toml")
	writeConfig := func(word string) {
		t.Helper()
		text := fmt.Sprintf(`db = %q
[store]
buffer_pool_mb = 64
[plugins]
dir = %q
cache_dir = %q
reload = "20ms"
[plugins.default]
reranker = "prefer"
[plugins.default.plugin_config]
prefer = 'lower(text) contains %q ? 2.0 : rrf'
`, filepath.Join(dir, "db"), pluginDir, sharedCache, word)
		// Write beside and rename, so the watcher never reads half a file.
		tmp := cfgPath + ".tmp"
		if err := os.WriteFile(tmp, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(tmp, cfgPath); err != nil {
			t.Fatal(err)
		}
	}
	writeConfig("tea")
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
	eps := []core.Episode{
		{GroupID: "g", Source: core.SourceText, Content: "Morning drinks at the office: Alice drinks tea.", ValidAt: ref},
		{GroupID: "g", Source: core.SourceText, Content: "Morning drinks at the office: Bob drinks coffee.", ValidAt: ref.Add(time.Hour)},
	}
	res, err := h.Engine.Ingest(ctx, eps)
	if err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if _, err := h.Engine.Wait(wctx, "g", res[0].UUID, res[1].UUID); err != nil {
		t.Fatal(err)
	}

	search := func() (string, error) {
		r, err := h.Engine.Search(ctx, retrieval.Request{
			Groups: []string{"g"}, Query: "morning drinks at the office",
			Scopes: []core.Scope{core.ScopeEpisodes}, Reranker: retrieval.RerankPlugin,
		})
		if err != nil {
			return "", err
		}
		if len(r.Episodes) == 0 {
			return "", fmt.Errorf("no episodes found")
		}
		for _, w := range r.Warnings {
			return "", fmt.Errorf("warning: %s", w)
		}
		return r.Episodes[0].Content, nil
	}
	first, err := search()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(first, "tea") {
		t.Fatalf("before the reload the plugin prefers tea; first result %q", first)
	}

	// Searches run without pause from here to the end of the test.
	var (
		stop     atomic.Bool
		wg       sync.WaitGroup
		searches atomic.Int64
		mu       sync.Mutex
		failures []error
	)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				if _, err := search(); err != nil {
					mu.Lock()
					failures = append(failures, err)
					mu.Unlock()
				}
				searches.Add(1)
			}
		}()
	}
	waitFor := func(what string, cond func() bool) {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for !cond() {
			if time.Now().After(deadline) {
				t.Fatalf("timed out waiting for %s", what)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}

	// 1. The configuration changes the plugin's script: the order follows.
	writeConfig("coffee")
	waitFor("the new script to rank coffee first", func() bool {
		got, err := search()
		return err == nil && strings.Contains(got, "coffee")
	})
	before := searches.Load()
	waitFor("more searches after the swap", func() bool { return searches.Load() > before+20 })

	// 2. A broken plugin file: refused, the running set stays.
	if err := os.WriteFile(pluginFile, []byte("\x00asm this is not a module"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor("the broken plugin to be reported", func() bool { return h.Plugins.LastError() != nil })
	if err := h.Plugins.LastError(); !strings.Contains(err.Error(), "prefer") {
		t.Errorf("LastError = %v; want it to name the plugin", err)
	}
	before = searches.Load()
	waitFor("more searches after the refused reload", func() bool { return searches.Load() > before+20 })
	got, err := search()
	if err != nil || !strings.Contains(got, "coffee") {
		t.Errorf("after a refused reload: first result %q, err %v; want the running plugin's order (coffee)", got, err)
	}

	stop.Store(true)
	wg.Wait()
	if len(failures) > 0 {
		t.Fatalf("%d of %d searches failed during reloads; first: %v", len(failures), searches.Load(), failures[0])
	}
	t.Logf("%d searches during two reloads, none failed", searches.Load())
}
