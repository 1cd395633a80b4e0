package host_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host"
)

// TestBuiltinsCompileAtFirstCall opens a host on the defaults, with a
// Kuzu database, and the script reranker configured beside the rule
// extractor: the reranker, which has a configuration to check, is
// compiled at the start; the extractor is not, and searching does not
// compile it; the first episode compiles it and is extracted. (That
// nothing is compiled before, the compilation cache's files show in
// package wasm's TestLoadLazily.)
func TestBuiltinsCompileAtFirstCall(t *testing.T) {
	ctx := context.Background()
	h := openHost(t, func(c *host.Config) {
		c.Plugins.Default.Reranker = "script-reranker"
		c.Plugins.Default.PluginConfig = map[string]string{"script-reranker": "rrf"}
	})
	compiled := func() map[string]bool {
		out := map[string]bool{}
		for _, p := range h.Plugins.Loaded() {
			out[p.Name] = p.Stats.Compiled
		}
		return out
	}
	if got := compiled(); len(got) != 2 || got["rule-extractor"] || !got["script-reranker"] {
		t.Fatalf("compiled after Open = %v, want rule-extractor false and script-reranker true", got)
	}
	if _, err := h.Engine.Search(ctx, retrieval.Request{Groups: []string{"g"}, Query: "where does Ann work"}); err != nil {
		t.Fatalf("Search: %v", err)
	}
	if got := compiled(); got["rule-extractor"] {
		t.Errorf("compiled after a search = %v, want rule-extractor false", got)
	}

	res, err := h.Engine.Ingest(ctx, []core.Episode{{GroupID: "g", Source: core.SourceMessage, Content: "Ann: I work at Globex now.", ValidAt: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)}})
	if err != nil {
		t.Fatalf("Ingest: %v", err)
	}
	wctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	reports, err := h.Engine.Wait(wctx, "g", res[0].UUID)
	if err != nil {
		t.Fatalf("Wait: %v", err)
	}
	if r := reports[0]; r.Status != core.EpisodeDone || r.Facts == 0 {
		t.Fatalf("Wait() = %+v, want the episode done with a fact", r)
	}
	if got := compiled(); !got["rule-extractor"] {
		t.Errorf("compiled after an episode = %v, want rule-extractor true", got)
	}
}

// TestPluginPoolSize checks that plugins.pool_size bounds the instances
// of a plugin: a batch of episodes, prepared four at once, leaves one
// instance of the rule extractor alive with a pool of one (the default
// pool of eight leaves up to four).
func TestPluginPoolSize(t *testing.T) {
	ctx := context.Background()
	h := openHost(t, func(c *host.Config) { c.Plugins.PoolSize = 1 })
	var eps []core.Episode
	for i := range 12 {
		eps = append(eps, core.Episode{GroupID: "g", Source: core.SourceMessage, Content: "Ann: I work at Globex now and I live in Oslo.",
			ValidAt: time.Date(2026, 3, 1, 0, i, 0, 0, time.UTC)})
	}
	res, err := h.Engine.Ingest(ctx, eps)
	if err != nil {
		t.Fatalf("Ingest: %v", err)
	}
	ids := make([]string, len(res))
	for i, r := range res {
		ids[i] = r.UUID
	}
	wctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	reports, err := h.Engine.Wait(wctx, "g", ids...)
	if err != nil {
		t.Fatalf("Wait: %v", err)
	}
	for _, r := range reports {
		if r.Status != core.EpisodeDone {
			t.Fatalf("episode %s is %s (%s), want done", r.UUID, r.Status, r.Error)
		}
	}
	for _, p := range h.Plugins.Loaded() {
		if p.Name == "rule-extractor" && p.Stats.Instances != 1 {
			t.Errorf("rule-extractor has %d instances alive with plugins.pool_size 1, want 1", p.Stats.Instances)
		}
	}
}

// TestPluginIdleTimeoutDefault checks plugins.idle_timeout's default: 2s
// with a buffer pool of 512 MiB or less, a minute with a larger one, and
// a value set kept whatever the pool.
func TestPluginIdleTimeoutDefault(t *testing.T) {
	tests := []struct {
		env  map[string]string
		want time.Duration
	}{
		{map[string]string{"MNEMO_STORE_BUFFER_POOL_MB": "256"}, 2 * time.Second},
		{map[string]string{"MNEMO_STORE_BUFFER_POOL_MB": "512"}, 2 * time.Second},
		{map[string]string{"MNEMO_STORE_BUFFER_POOL_MB": "1024"}, time.Minute},
		{map[string]string{"MNEMO_STORE_BUFFER_POOL_MB": "256", "MNEMO_PLUGINS_IDLE_TIMEOUT": "30s"}, 30 * time.Second},
		{map[string]string{"MNEMO_STORE_BACKEND": "memory"}, time.Minute},
	}
	for _, tt := range tests {
		cfg, err := host.Load("", envOf(tt.env))
		if err != nil {
			t.Fatalf("Load with %v: %v", tt.env, err)
		}
		if got := cfg.Plugins.IdleTimeout; got != tt.want {
			t.Errorf("with %v: plugins.idle_timeout = %v, want %v", tt.env, got, tt.want)
		}
	}
}

// TestPluginIdleTimeout checks that the host runs its plugins with
// plugins.idle_timeout: the rule extractor's instances that concurrent
// ingestion made are closed once idle, but the last one used.
func TestPluginIdleTimeout(t *testing.T) {
	ctx := context.Background()
	h := openHost(t, func(c *host.Config) { c.Plugins.IdleTimeout = 50 * time.Millisecond })
	var eps []core.Episode
	for i := range 24 {
		eps = append(eps, core.Episode{GroupID: fmt.Sprintf("g%d", i%3), Source: core.SourceMessage, Content: "Ann: I work at Globex now and I live in Oslo.",
			ValidAt: time.Date(2026, 3, 1, 0, i, 0, 0, time.UTC)})
	}
	res, err := h.Engine.Ingest(ctx, eps)
	if err != nil {
		t.Fatalf("Ingest: %v", err)
	}
	most := 0
	instances := func() int {
		for _, p := range h.Plugins.Loaded() {
			if p.Name == "rule-extractor" {
				most = max(most, p.Stats.Instances)
				return p.Stats.Instances
			}
		}
		t.Fatal("no rule-extractor loaded")
		return 0
	}
	for i := range 3 {
		var ids []string
		for j, r := range res {
			if eps[j].GroupID == fmt.Sprintf("g%d", i) {
				ids = append(ids, r.UUID)
			}
		}
		wctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
		_, err := h.Engine.Wait(wctx, fmt.Sprintf("g%d", i), ids...)
		cancel()
		if err != nil {
			t.Fatalf("Wait: %v", err)
		}
		instances()
	}
	deadline := time.Now().Add(20 * time.Second)
	for instances() > 1 {
		if time.Now().After(deadline) {
			t.Fatalf("rule-extractor keeps %d instances 20 s after ingestion, want 1 (plugins.idle_timeout 50ms)", instances())
		}
		time.Sleep(20 * time.Millisecond)
	}
	if most < 2 {
		t.Logf("ingestion made only %d instance: nothing to close", most)
	}
}
